//! The run queues both OS-level simulators share (the applications' `sim/` and the burst replay `bursts.rs`): per-core
//! queues, the running thread and its remaining work, time slices, ticks with utilisation tracking, migrations with their
//! cost, re-timing at speed changes, and the [`OsView`] through which the policy places and balances.
//!
//! Where a thread's work comes from and what happens when an item of it ends is each simulator's own: the queues call back
//! into it through [`Workload`], and hand it the end of an item ([`RunQueue::handle`] returns it).

use std::collections::VecDeque;

use super::{AppInfo, BalanceReason, CoreInfo, Move, OsScheduler, OsView, ThreadInfo, ThreadState};
use crate::model::apps::OsOptions;
use crate::model::timeline::{Timeline, TimelineEv};
use crate::model::{Platform, SpeedState, TimelineEvent, WorkClass};
use crate::sim::{Kernel, TimeNs};
use crate::trace::{Migration, ScheduleRecord, Segment, SegmentKind};

/// The kernel events of the run queues.
pub(super) enum QueueEv {
    /// The item running on `core` may be done (stale unless `gen` matches).
    Done { core: u32, gen: u32 },
    /// The time slice on `core` ended (stale unless `gen` matches).
    Slice { core: u32, gen: u32 },
    /// Periodic tick.
    Tick,
    /// A timeline change.
    Timeline(TimelineEv),
}

impl From<TimelineEv> for QueueEv {
    fn from(ev: TimelineEv) -> Self {
        QueueEv::Timeline(ev)
    }
}

/// What a simulator's work tells the run queues.
pub(super) trait Workload {
    /// The simulator's kernel events, which include the queues'.
    type Ev: From<QueueEv> + From<TimelineEv>;
    /// The applications as a policy sees them.
    fn app_infos(&self, threads: &[Thread]) -> Vec<AppInfo>;
    /// True while work is left: balancing and ticks stop once it is all done.
    fn live(&self) -> bool;
    /// `t` was put on a core; its work runs from `begin_ns` (after any migration cost). Nothing by default.
    fn on_start(&mut self, _kernel: &mut Kernel<Self::Ev>, _t: usize, _begin_ns: TimeNs) {}
}

/// One thread as the queues hold it.
pub(super) struct Thread {
    /// What a policy sees of it (`movable` is set when the view is built).
    pub info: ThreadInfo,
    /// Work class of its speed.
    pub class: usize,
    /// Remaining work of its current item, reference nanoseconds.
    pub work_left: f64,
    /// Running time since the last tick.
    run_acc_ns: TimeNs,
    /// Time spent waiting in a run queue since the last tick, and since when it waits (while it does).
    wait_acc_ns: TimeNs,
    wait_from_ns: Option<TimeNs>,
    /// Wake-up latency still owed before it next runs.
    pub wake_ns: TimeNs,
    /// Its current item is runtime activity, not the application's work (libgomp's spin at a barrier): recorded as overhead.
    pub spinning: bool,
}

impl Thread {
    /// A new thread of `app` that last ran on `prev_core` (if known).
    pub fn new(app: usize, local: u32, class: usize, prev_core: Option<usize>) -> Self {
        let info = ThreadInfo { app, local, state: ThreadState::New, core: None, prev_core, util: 1024.0, load: 1024.0, movable: true };
        Thread { info, class, work_left: 0.0, run_acc_ns: 0, wait_acc_ns: 0, wait_from_ns: None, wake_ns: 0, spinning: false }
    }
}

struct Run {
    thread: usize,
    seg_start_ns: TimeNs,
    last_ns: TimeNs,
    acct_ns: TimeNs,
    speed: f64,
}

#[derive(Default)]
struct CoreSt {
    running: Option<Run>,
    queue: VecDeque<usize>,
    gen: u32,
    slice_gen: u32,
    slice_pending: bool,
}

/// What an OS-level run happens on, besides its work and policy.
pub struct OsSetting<'a> {
    /// The platform.
    pub platform: &'a Platform,
    /// Work classes, indexed by the applications' class ids (the replay has one, index 0).
    pub classes: &'a [WorkClass],
    /// Timeline events (the replay's: the recorded frequency changes).
    pub events: &'a [TimelineEvent],
    /// Costs and thresholds.
    pub options: &'a OsOptions,
    /// Seed of the run's generator.
    pub seed: u64,
}

/// Where the simulators' queues differ.
pub(super) struct Rules {
    /// True when arriving from another cluster also costs the L2 refill of `model::memory` (the replay's recorded bursts
    /// already include it).
    pub refill: bool,
    /// True when a core that a balance's moves leave idle asks for its own balance at once, inside the first (the
    /// replay's behaviour); otherwise requests made during a balance are dropped.
    pub nested_balance: bool,
}

/// The per-core run queues, the threads and the policy.
pub(super) struct RunQueue<'a> {
    options: &'a OsOptions,
    events: &'a [TimelineEvent],
    sched: Box<dyn OsScheduler>,
    speed: SpeedState,
    big: Vec<bool>,
    llc_of: Vec<usize>,
    /// Extra cost of arriving on each cluster from another one.
    refill_ns: Vec<TimeNs>,
    /// Every thread.
    pub threads: Vec<Thread>,
    cores: Vec<CoreSt>,
    record: ScheduleRecord,
    timeline: Timeline,
    last_tick_ns: TimeNs,
    nested_balance: bool,
    in_balance: bool,
}

impl<'a> RunQueue<'a> {
    /// Queues for `threads` under `sched` (told the platform here), with room for `segments` segments.
    pub fn new(setting: &OsSetting<'a>, rules: Rules, segments: usize, mut sched: Box<dyn OsScheduler>, threads: Vec<Thread>) -> Self {
        let platform = setting.platform;
        sched.attach(platform);
        let max_ratio = platform.clusters.iter().map(|c| c.ratio).fold(f64::MIN, f64::max);
        let big: Vec<bool> = platform.cluster_of_cores().iter().map(|&c| platform.clusters[c].ratio >= max_ratio).collect();
        let refill_ns = (0..platform.clusters.len())
            .map(|c| if rules.refill { crate::model::memory::l2_refill_ns(platform, c) } else { 0 })
            .collect();
        RunQueue {
            options: setting.options,
            events: setting.events,
            sched,
            speed: SpeedState::new(platform, setting.classes),
            cores: (0..big.len()).map(|_| CoreSt::default()).collect(),
            big,
            llc_of: platform.llc_of_cores(),
            refill_ns,
            threads,
            record: ScheduleRecord::with_capacity(segments),
            timeline: Timeline::new(platform, setting.events),
            last_tick_ns: 0,
            nested_balance: rules.nested_balance,
            in_balance: false,
        }
    }

    /// Costs and thresholds.
    pub fn options(&self) -> &'a OsOptions {
        self.options
    }

    /// Number of cores.
    pub fn n_cores(&self) -> usize {
        self.cores.len()
    }

    /// True when `core` exists and is online.
    pub fn is_online(&self, core: usize) -> bool {
        core < self.cores.len() && !self.speed.is_offline(core)
    }

    /// The cluster of `core`.
    pub fn cluster_of(&self, core: usize) -> usize {
        self.speed.cluster_of(core)
    }

    /// Class `class`'s ratio on `core` at the reference frequency, without interference.
    pub fn base_ratio(&self, core: usize, class: usize) -> f64 {
        self.speed.base_ratio(self.speed.cluster_of(core), class)
    }

    /// Segments recorded so far.
    pub fn segments(&self) -> usize {
        self.record.len()
    }

    /// Queues the timeline's first events (before the simulator's own).
    pub fn schedule_initial<E: From<TimelineEv>>(&self, kernel: &mut Kernel<E>) {
        self.timeline.schedule_initial(kernel, self.events);
    }

    /// Queues the first tick (after the simulator's first events).
    pub fn schedule_first_tick<E: From<QueueEv>>(&self, kernel: &mut Kernel<E>) {
        kernel.schedule_in(self.options.tick_ns, QueueEv::Tick.into());
    }

    /// The schedule of a run that ended at `end_ns`: segments sorted by core and start, migrations, frequency and
    /// interference intervals, DRAM stalls.
    pub fn finish(mut self, end_ns: TimeNs) -> ScheduleRecord {
        self.record.freq = self.timeline.freq_intervals(end_ns);
        self.record.interference = self.timeline.interference_intervals(end_ns);
        self.record.stall_nj = self.speed.stall_nj();
        self.record.sort_by_lane_and_start();
        self.record
    }

    /// Calls `f` with the policy and its view of the threads, cores and `work`'s applications now.
    fn with_view<W: Workload, R>(&mut self, kernel: &mut Kernel<W::Ev>, work: &W, f: impl FnOnce(&mut dyn OsScheduler, &mut OsView) -> R) -> R {
        let now = kernel.now_ns();
        let threads: Vec<ThreadInfo> = self
            .threads
            .iter()
            .enumerate()
            .map(|(i, t)| {
                // A thread still paying its migration cost cannot be moved.
                let movable = t.info.core.and_then(|c| self.cores[c].running.as_ref()).is_none_or(|r| r.thread != i || r.last_ns <= now);
                ThreadInfo { movable, ..t.info.clone() }
            })
            .collect();
        let cores: Vec<CoreInfo> = self
            .cores
            .iter()
            .enumerate()
            .map(|(c, st)| CoreInfo {
                cluster: self.speed.cluster_of(c),
                llc: self.llc_of[c],
                big: self.big[c],
                running: st.running.as_ref().map(|r| r.thread),
                queued: st.queue.iter().copied().collect(),
                online: !self.speed.is_offline(c),
            })
            .collect();
        let apps = work.app_infos(&self.threads);
        let o = self.options;
        let (up_threshold, down_threshold) = (o.up_threshold as f64, o.down_threshold as f64);
        let mut view = OsView { now_ns: now, threads: &threads, cores: &cores, apps: &apps, up_threshold, down_threshold, rng: &mut kernel.rng };
        f(self.sched.as_mut(), &mut view)
    }

    /// The policy's core for `t`, which becomes runnable (`wake`: after a sleep; `waker_core`: woken synchronously by the
    /// thread running there); `None` when the policy named no online core.
    pub fn place<W: Workload>(&mut self, kernel: &mut Kernel<W::Ev>, work: &W, t: usize, wake: bool, waker_core: Option<usize>) -> Option<usize> {
        let core = self.with_view(kernel, work, |s, v| match waker_core {
            Some(wc) => s.place_sync(v, t, wc),
            None => s.place(v, t, wake),
        });
        self.is_online(core).then_some(core)
    }

    /// The online core with the fewest threads (lowest index on ties), else core 0.
    pub fn least_loaded(&self) -> usize {
        let load = |c: usize| self.cores[c].queue.len() + usize::from(self.cores[c].running.is_some());
        (0..self.cores.len()).filter(|&c| !self.speed.is_offline(c)).min_by_key(|&c| (load(c), c)).unwrap_or(0)
    }

    /// The first online core, else core 0.
    pub fn first_online(&self) -> usize {
        (0..self.cores.len()).find(|&c| !self.speed.is_offline(c)).unwrap_or(0)
    }

    /// Asks the policy for migrations and applies them (not while work is done, nor inside another balance unless nested).
    pub fn balance<W: Workload>(&mut self, kernel: &mut Kernel<W::Ev>, work: &mut W, reason: BalanceReason) {
        if self.in_balance || !work.live() {
            return;
        }
        self.in_balance = !self.nested_balance;
        let moves = self.with_view(kernel, work, |s, v| s.balance(v, reason));
        for m in moves {
            self.apply_move(kernel, work, m);
        }
        self.in_balance = false;
    }

    fn apply_move<W: Workload>(&mut self, kernel: &mut Kernel<W::Ev>, work: &mut W, m: Move) {
        let (t, to) = (m.thread, m.to_core);
        if t >= self.threads.len() || !self.is_online(to) {
            return;
        }
        let Some(from) = self.threads[t].info.core else { return };
        if from == to {
            return;
        }
        match self.threads[t].info.state {
            ThreadState::Running => {
                if self.cores[from].running.as_ref().is_some_and(|r| r.last_ns > kernel.now_ns()) {
                    return;
                }
                self.stop(kernel, from);
                self.enqueue(kernel, work, to, t);
                self.next_on_core(kernel, work, from);
            }
            ThreadState::Runnable => {
                self.cores[from].queue.retain(|&q| q != t);
                self.end_wait(kernel.now_ns(), t);
                self.enqueue(kernel, work, to, t);
            }
            _ => {}
        }
    }

    /// Makes `t` runnable on `core`: it runs at once on an idle core, else waits at the back of the queue.
    pub fn enqueue<W: Workload>(&mut self, kernel: &mut Kernel<W::Ev>, work: &mut W, core: usize, t: usize) {
        self.threads[t].info.core = Some(core);
        self.threads[t].info.state = ThreadState::Runnable;
        if self.cores[core].running.is_none() {
            self.start(kernel, work, core, t);
        } else {
            self.push_queue(kernel.now_ns(), core, t);
            self.ensure_slice(kernel, core);
        }
    }

    /// `t` joins the back of `core`'s run queue at `now`.
    fn push_queue(&mut self, now: TimeNs, core: usize, t: usize) {
        self.cores[core].queue.push_back(t);
        self.threads[t].wait_from_ns = Some(now);
    }

    /// `t` leaves its run queue at `now`: the time it waited there counts towards its tracked load.
    fn end_wait(&mut self, now: TimeNs, t: usize) {
        if let Some(from) = self.threads[t].wait_from_ns.take() {
            self.threads[t].wait_acc_ns += now.saturating_sub(from);
        }
    }

    fn ensure_slice<E: From<QueueEv>>(&mut self, kernel: &mut Kernel<E>, core: usize) {
        let c = &mut self.cores[core];
        let Some(run) = &c.running else { return };
        if c.queue.is_empty() || c.slice_pending {
            return;
        }
        c.slice_gen = c.slice_gen.wrapping_add(1);
        c.slice_pending = true;
        let at = run.last_ns.max(kernel.now_ns()) + self.options.slice_ns;
        kernel.schedule_at(at, QueueEv::Slice { core: core as u32, gen: c.slice_gen }.into());
    }

    /// Runs `t` on `core`, after its wake-up latency and, when it last ran elsewhere, the migration cost.
    fn start<W: Workload>(&mut self, kernel: &mut Kernel<W::Ev>, work: &mut W, core: usize, t: usize) {
        let now = kernel.now_ns();
        let mut begin = now + std::mem::take(&mut self.threads[t].wake_ns);
        if let Some(prev) = self.threads[t].info.prev_core.filter(|&p| p != core) {
            let cluster = self.speed.cluster_of(core);
            let refill = if self.speed.cluster_of(prev) != cluster { self.refill_ns[cluster] } else { 0 };
            begin += self.options.migration_ns + refill;
            self.record.migrations.push(Migration { t_ns: now, thread: t as u32, from_core: prev as u32, to_core: core as u32 });
        }
        if begin > now {
            self.push_segment(core, t, SegmentKind::Overhead, now, begin);
        }
        let th = &mut self.threads[t];
        th.info.prev_core = Some(core);
        th.info.core = Some(core);
        th.info.state = ThreadState::Running;
        let class = th.class;
        self.speed.set_running(now, core, Some(class));
        let speed = self.speed.speed(core, class);
        let c = &mut self.cores[core];
        c.running = Some(Run { thread: t, seg_start_ns: begin, last_ns: begin, acct_ns: now, speed });
        c.slice_pending = false;
        c.slice_gen = c.slice_gen.wrapping_add(1);
        work.on_start(kernel, t, begin);
        self.schedule_completion(kernel, core);
        self.ensure_slice(kernel, core);
    }

    /// Queues the end of the running item on `core` at its current speed (invalidating the one queued before).
    pub fn schedule_completion<E: From<QueueEv>>(&mut self, kernel: &mut Kernel<E>, core: usize) {
        let c = &mut self.cores[core];
        c.gen = c.gen.wrapping_add(1);
        let gen = c.gen;
        let Some(run) = &c.running else { return };
        if run.speed <= 0.0 {
            return;
        }
        let dt = (self.threads[run.thread].work_left / run.speed).ceil().max(0.0);
        let dt_ns = if dt >= (u64::MAX / 4) as f64 { u64::MAX / 4 } else { dt as TimeNs };
        kernel.schedule_at(run.last_ns.max(kernel.now_ns()).saturating_add(dt_ns), QueueEv::Done { core: core as u32, gen }.into());
    }

    /// Brings the running thread's remaining work up to now.
    fn progress(&mut self, now: TimeNs, core: usize) {
        let Some(run) = self.cores[core].running.as_mut() else { return };
        if now > run.last_ns {
            let th = &mut self.threads[run.thread];
            th.work_left = (th.work_left - (now - run.last_ns) as f64 * run.speed).max(0.0);
            run.last_ns = now;
        }
    }

    fn push_segment(&mut self, core: usize, t: usize, kind: SegmentKind, start_ns: TimeNs, end_ns: TimeNs) {
        let group = self.threads[t].info.app as u32;
        self.record.push(Segment { lane: core as u32, item: t as u32, group, priority: 0, leader: core as u32, width: 1, kind, start_ns, end_ns });
    }

    /// Takes the running thread off `core`, recording its segment; returns it.
    fn stop<E>(&mut self, kernel: &mut Kernel<E>, core: usize) -> Option<usize> {
        let now = kernel.now_ns();
        self.progress(now, core);
        let c = &mut self.cores[core];
        c.gen = c.gen.wrapping_add(1);
        c.slice_pending = false;
        let run = c.running.take()?;
        self.speed.set_running(now, core, None);
        self.threads[run.thread].run_acc_ns += now.saturating_sub(run.acct_ns);
        self.record_run(core, run.thread, run.seg_start_ns, now);
        Some(run.thread)
    }

    /// Records `t`'s run on `core` from `start_ns` to `end_ns` (if any): overhead while it spins (runtime activity), else work.
    fn record_run(&mut self, core: usize, t: usize, start_ns: TimeNs, end_ns: TimeNs) {
        if end_ns > start_ns {
            let kind = if self.threads[t].spinning { SegmentKind::Overhead } else { SegmentKind::Work };
            self.push_segment(core, t, kind, start_ns, end_ns);
        }
    }

    /// The core `t` runs on, if it is running.
    pub fn running_core(&self, t: usize) -> Option<usize> {
        self.threads[t].info.core.filter(|&c| self.cores[c].running.as_ref().is_some_and(|r| r.thread == t))
    }

    /// Gives `t`, running or queued, a new item of `work` (reference ns) that is runtime activity (`spinning`) or the
    /// application's work; a running thread's segment so far is recorded and its item re-timed from now.
    pub fn set_item<E: From<QueueEv>>(&mut self, kernel: &mut Kernel<E>, t: usize, work: f64, spinning: bool) {
        let now = kernel.now_ns();
        let running = self.running_core(t);
        if let Some(core) = running {
            self.progress(now, core);
            if let Some(run) = self.cores[core].running.as_mut() {
                let seg_start_ns = run.seg_start_ns;
                run.seg_start_ns = now.max(seg_start_ns);
                self.record_run(core, t, seg_start_ns, now);
            }
        }
        self.threads[t].work_left = work;
        self.threads[t].spinning = spinning;
        if let Some(core) = running {
            self.schedule_completion(kernel, core);
        }
    }

    /// Takes the running thread off `core` to sleep in `state` (blocked or done), off every core.
    pub fn sleep<E>(&mut self, kernel: &mut Kernel<E>, core: usize, state: ThreadState) {
        if let Some(t) = self.stop(kernel, core) {
            self.threads[t].info.state = state;
            self.threads[t].info.core = None;
        }
    }

    /// Runs the next queued thread on an idle `core`, or asks the policy to balance when its queue is empty.
    pub fn next_on_core<W: Workload>(&mut self, kernel: &mut Kernel<W::Ev>, work: &mut W, core: usize) {
        if self.cores[core].running.is_some() {
            return;
        }
        if let Some(t) = self.cores[core].queue.pop_front() {
            self.end_wait(kernel.now_ns(), t);
            self.start(kernel, work, core, t);
        } else {
            self.balance(kernel, work, BalanceReason::Idle(core));
        }
    }

    fn slice<W: Workload>(&mut self, kernel: &mut Kernel<W::Ev>, work: &mut W, core: usize) {
        self.cores[core].slice_pending = false;
        if self.cores[core].queue.is_empty() || self.cores[core].running.is_none() {
            return;
        }
        if let Some(t) = self.stop(kernel, core) {
            self.threads[t].info.state = ThreadState::Runnable;
            self.push_queue(kernel.now_ns(), core, t);
        }
        self.next_on_core(kernel, work, core);
    }

    fn tick<W: Workload>(&mut self, kernel: &mut Kernel<W::Ev>, work: &mut W) {
        let now = kernel.now_ns();
        let dt = now.saturating_sub(self.last_tick_ns).max(1);
        self.last_tick_ns = now;
        let decay = libm::pow(0.5, dt as f64 / self.options.half_life_ns as f64);
        for core in 0..self.cores.len() {
            if let Some(run) = self.cores[core].running.as_mut() {
                self.threads[run.thread].run_acc_ns += now.saturating_sub(run.acct_ns);
                run.acct_ns = now;
            }
        }
        for th in &mut self.threads {
            if let Some(from) = th.wait_from_ns.as_mut() {
                th.wait_acc_ns += now.saturating_sub(*from);
                *from = now;
            }
            let running = (th.run_acc_ns as f64 / dt as f64).min(1.0);
            let runnable = ((th.run_acc_ns + th.wait_acc_ns) as f64 / dt as f64).min(1.0);
            th.info.util = th.info.util * decay + 1024.0 * (1.0 - decay) * running;
            th.info.load = th.info.load * decay + 1024.0 * (1.0 - decay) * runnable;
            th.run_acc_ns = 0;
            th.wait_acc_ns = 0;
        }
        self.balance(kernel, work, BalanceReason::Tick);
        if work.live() {
            kernel.schedule_in(self.options.tick_ns, QueueEv::Tick.into());
        }
    }

    /// Re-times the running items of `cores` at their speeds now.
    fn retime<E: From<QueueEv>>(&mut self, kernel: &mut Kernel<E>, cores: &[usize]) {
        let now = kernel.now_ns();
        for &core in cores {
            self.progress(now, core);
            let Some(run) = self.cores[core].running.as_mut() else { continue };
            run.speed = self.speed.speed(core, self.threads[run.thread].class);
            self.schedule_completion(kernel, core);
        }
    }

    /// Handles one of the queues' events; returns `(core, thread)` when the item `thread` ran on `core` is done (its
    /// remaining work set to 0), for the simulator to give it more work ([`Self::schedule_completion`]) or put it to sleep.
    pub fn handle<W: Workload>(&mut self, kernel: &mut Kernel<W::Ev>, work: &mut W, ev: QueueEv) -> Option<(usize, usize)> {
        match ev {
            QueueEv::Done { core, gen } if self.cores[core as usize].gen == gen => {
                let core = core as usize;
                let t = self.cores[core].running.as_ref()?.thread;
                self.progress(kernel.now_ns(), core);
                self.threads[t].work_left = 0.0;
                return Some((core, t));
            }
            QueueEv::Slice { core, gen } if self.cores[core as usize].slice_gen == gen && self.cores[core as usize].slice_pending => {
                self.slice(kernel, work, core as usize);
            }
            QueueEv::Done { .. } | QueueEv::Slice { .. } => {}
            QueueEv::Tick => self.tick(kernel, work),
            QueueEv::Timeline(ev) => {
                let changed = self.timeline.apply(kernel, &mut self.speed, ev);
                self.retime(kernel, &changed);
            }
        }
        None
    }

    /// After every event: work started or stopped, so the DRAM sharing may have changed every running thread's speed.
    pub fn settle<E: From<QueueEv>>(&mut self, kernel: &mut Kernel<E>) {
        if self.speed.settle(kernel.now_ns()) {
            let running: Vec<usize> = (0..self.cores.len()).filter(|&c| self.cores[c].running.is_some()).collect();
            self.retime(kernel, &running);
        }
    }
}
