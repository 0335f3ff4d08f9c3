//! Threads as run bursts (the replay of a recorded trace, docs/importing-traces.md): each thread runs a sequence of bursts of
//! work separated by sleeps; a burst becomes runnable at its release, which is a fixed time or follows a wake-up edge
//! (waker → wakee: the waker's burst started `lag_ns` before it woke the wakee), and never before the thread's previous burst ended.
//!
//! The placement and balancing are any [`OsScheduler`]'s (`linux`, `gts`, `pbs`, …): a burst that starts after a sleep is a wake-up
//! (`place(wake = true)`, or `place_sync` for a synchronous wake edge whose waker still runs), a burst that resumes after a
//! preemption goes back to its previous core's queue unplaced, and a thread whose next burst is already released keeps running on its core. Time slices, ticks with
//! utilisation tracking, migrations and speed changes follow the application simulator (`os/sim/`). Each thread is an
//! application of its own for the policies that look at applications.

use std::collections::VecDeque;

use super::{AppInfo, BalanceReason, CoreInfo, Move, OsScheduler, OsView, ThreadInfo, ThreadState};
use crate::error::InputError;
use crate::model::apps::OsOptions;
use crate::model::timeline::{Timeline, TimelineEv};
use crate::model::{Platform, SpeedState, TimelineEvent, WorkClass};
use crate::sim::{Kernel, Model, Simulation, StepOutcome, TimeNs};
use crate::trace::{Migration, ScheduleRecord, Segment, SegmentKind};

/// When a burst may start.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Release {
    /// At a fixed time.
    At(TimeNs),
    /// At a fixed time, back in the run queue of its previous core: the thread did not sleep (it was preempted, or was
    /// already runnable when the recording began), so it is not a wake-up and no policy places it.
    Resume(TimeNs),
    /// `lag_ns` after burst `burst` of thread `thread` started running. `sync`: a synchronous wake-up (`WF_SYNC`, e.g. a
    /// binder transaction), whose waker is about to sleep, so a policy may queue the wakee on the waker's core
    /// ([`OsScheduler::place_sync`]).
    Woken { thread: u32, burst: u32, lag_ns: TimeNs, sync: bool },
}

/// One run burst.
#[derive(Clone, Debug, PartialEq)]
pub struct Burst {
    /// Work in reference nanoseconds.
    pub work_ns: f64,
    /// When it becomes runnable (and its thread has finished the previous burst).
    pub release: Release,
    /// The core it ran on in the recording, if known.
    pub recorded_core: Option<usize>,
}

/// One thread of the burst workload.
#[derive(Clone, Debug, PartialEq)]
pub struct BurstThread {
    /// Core it last ran on before the first burst (its history before the recording), if known.
    pub first_core: Option<usize>,
    /// Bursts in order.
    pub bursts: Vec<Burst>,
}

/// Everything a burst run needs besides the policy.
pub struct BurstInput<'a> {
    /// The platform.
    pub platform: &'a Platform,
    /// One work class (index 0) for every thread.
    pub classes: &'a [WorkClass],
    /// The threads.
    pub threads: &'a [BurstThread],
    /// Timeline events (the recorded frequency changes).
    pub events: &'a [TimelineEvent],
    /// Costs and thresholds.
    pub options: &'a OsOptions,
    /// Seed of the run's generator.
    pub seed: u64,
    /// When true, a woken thread's previous core is the one its burst ran on in the recording (the recorded wake-up
    /// choice, taken by the policies that prefer the previous core); when false, the one it last ran on in the simulation.
    pub follow_recorded: bool,
}

/// What a burst run produces: segments per core (`task` = thread, `task_type` = thread) and when the last burst ended.
pub struct BurstOutput {
    /// The schedule.
    pub record: ScheduleRecord,
    /// End of the last burst.
    pub makespan_ns: TimeNs,
    /// Events the kernel handled.
    pub events_handled: u64,
}

enum Ev {
    /// A burst becomes runnable; `sync_waker`: the thread whose synchronous wake-up released it.
    Release { thread: u32, burst: u32, sync_waker: Option<u32> },
    Done { core: u32, gen: u32 },
    Slice { core: u32, gen: u32 },
    Tick,
    Timeline(TimelineEv),
}

impl From<TimelineEv> for Ev {
    fn from(ev: TimelineEv) -> Self {
        Ev::Timeline(ev)
    }
}

struct Th {
    state: ThreadState,
    core: Option<usize>,
    prev_core: Option<usize>,
    next: usize,
    released: Vec<bool>,
    started: bool,
    work_left: f64,
    util: f64,
    run_acc_ns: TimeNs,
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

struct BurstSim<'a> {
    input: &'a BurstInput<'a>,
    sched: Box<dyn OsScheduler>,
    speed: SpeedState,
    big: Vec<bool>,
    llc_of: Vec<usize>,
    threads: Vec<Th>,
    /// Wake edges leaving each (thread, burst): (wakee thread, wakee burst, lag, synchronous).
    edges: Vec<Vec<Vec<(u32, u32, TimeNs, bool)>>>,
    cores: Vec<CoreSt>,
    record: ScheduleRecord,
    timeline: Timeline,
    last_tick_ns: TimeNs,
    left: usize,
    end_ns: TimeNs,
}

/// Runs the burst workload under `sched` until every burst has run.
pub fn simulate_bursts(input: &BurstInput, mut sched: Box<dyn OsScheduler>) -> Result<BurstOutput, InputError> {
    let platform = input.platform;
    sched.attach(platform);
    let max_ratio = platform.clusters.iter().map(|c| c.ratio).fold(f64::MIN, f64::max);
    let big: Vec<bool> = platform.cluster_of_cores().iter().map(|&c| platform.clusters[c].ratio >= max_ratio).collect();
    let n_cores = big.len();
    let mut edges: Vec<Vec<Vec<(u32, u32, TimeNs, bool)>>> = input.threads.iter().map(|t| vec![Vec::new(); t.bursts.len()]).collect();
    for (t, th) in input.threads.iter().enumerate() {
        if th.first_core.is_some_and(|c| c >= n_cores) {
            return Err(InputError::new(format!("threads[{t}].first_core"), format!("must be below {n_cores}")));
        }
        for (b, burst) in th.bursts.iter().enumerate() {
            if let Release::Woken { thread, burst: wb, lag_ns, sync } = burst.release {
                let Some(list) = edges.get_mut(thread as usize).and_then(|e| e.get_mut(wb as usize)) else {
                    return Err(InputError::new(format!("threads[{t}].bursts[{b}].release"), "names a burst that does not exist"));
                };
                list.push((t as u32, b as u32, lag_ns, sync));
            }
        }
    }
    let threads = input
        .threads
        .iter()
        .map(|t| Th { state: ThreadState::New, core: None, prev_core: t.first_core, next: 0, released: vec![false; t.bursts.len()], started: false, work_left: 0.0, util: 1024.0, run_acc_ns: 0 })
        .collect();
    let left = input.threads.iter().map(|t| t.bursts.len()).sum();
    let model = BurstSim {
        input,
        sched,
        speed: SpeedState::new(platform, input.classes),
        big,
        llc_of: platform.llc_of_cores(),
        threads,
        edges,
        cores: (0..n_cores).map(|_| CoreSt::default()).collect(),
        record: ScheduleRecord::with_capacity(left * 2),
        timeline: Timeline::new(platform, input.events),
        last_tick_ns: 0,
        left,
        end_ns: 0,
    };
    let mut sim = Simulation::new(model, input.seed);
    sim.model.timeline.schedule_initial(&mut sim.kernel, input.events);
    for (t, th) in input.threads.iter().enumerate() {
        for (b, burst) in th.bursts.iter().enumerate() {
            if let Release::At(at) | Release::Resume(at) = burst.release {
                sim.kernel.schedule_at(at, Ev::Release { thread: t as u32, burst: b as u32, sync_waker: None });
            }
        }
    }
    sim.kernel.schedule_in(input.options.tick_ns, Ev::Tick);
    let budget = 20_000_000u64.saturating_add((left as u64).saturating_mul(200));
    while !sim.model.is_finished() {
        match sim.step() {
            StepOutcome::Handled if sim.kernel.events_handled() > budget => {
                return Err(InputError::new("", "burst replay did not finish within its event budget"));
            }
            StepOutcome::Handled => {}
            StepOutcome::Finished => break,
            StepOutcome::Stalled => {
                return Err(InputError::new("", format!("burst replay stalled at {} ns with {} bursts left", sim.kernel.now_ns(), sim.model.left)));
            }
        }
    }
    let events_handled = sim.kernel.events_handled();
    let mut m = sim.model;
    m.record.freq = m.timeline.freq_intervals(m.end_ns);
    m.record.interference = m.timeline.interference_intervals(m.end_ns);
    m.record.sort_by_lane_and_start();
    Ok(BurstOutput { record: m.record, makespan_ns: m.end_ns, events_handled })
}

impl BurstSim<'_> {
    fn with_view<R>(&mut self, kernel: &mut Kernel<Ev>, f: impl FnOnce(&mut dyn OsScheduler, &mut OsView) -> R) -> R {
        let now = kernel.now_ns();
        let threads: Vec<ThreadInfo> = self
            .threads
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let movable = t.core.and_then(|c| self.cores[c].running.as_ref()).is_none_or(|r| r.thread != i || r.last_ns <= now);
                ThreadInfo { app: i, local: 0, state: t.state, core: t.core, prev_core: t.prev_core, util: t.util, movable }
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
        let apps: Vec<AppInfo> = self.threads.iter().map(|t| AppInfo { preference: 0, threads: 1, done: t.state == ThreadState::Done }).collect();
        let o = self.input.options;
        let mut view = OsView { now_ns: now, threads: &threads, cores: &cores, apps: &apps, up_threshold: o.up_threshold as f64, down_threshold: o.down_threshold as f64, rng: &mut kernel.rng };
        f(self.sched.as_mut(), &mut view)
    }

    fn wake(&mut self, kernel: &mut Kernel<Ev>, t: usize, sync_waker: Option<usize>) {
        let b = self.threads[t].next;
        self.threads[t].work_left = self.input.threads[t].bursts[b].work_ns;
        self.threads[t].started = false;
        if self.input.follow_recorded {
            if let Some(c) = self.input.threads[t].bursts[b].recorded_core.filter(|&c| c < self.cores.len()) {
                self.threads[t].prev_core = Some(c);
            }
        }
        // A synchronous wake-up from a thread still running: the policy may queue the wakee behind it (`WF_SYNC`).
        let waker_core = sync_waker.and_then(|w| self.threads.get(w)).filter(|w| w.state == ThreadState::Running).and_then(|w| w.core);
        let resume = matches!(self.input.threads[t].bursts[b].release, Release::Resume(_));
        if let Some(prev) = self.threads[t].prev_core.filter(|&c| resume && c < self.cores.len() && !self.speed.is_offline(c)) {
            self.enqueue(kernel, prev, t);
            return;
        }
        let mut core = match waker_core {
            Some(wc) => self.with_view(kernel, |s, v| s.place_sync(v, t, wc)),
            None => self.with_view(kernel, |s, v| s.place(v, t, true)),
        };
        if core >= self.cores.len() || self.speed.is_offline(core) {
            core = (0..self.cores.len()).find(|&c| !self.speed.is_offline(c)).unwrap_or(0);
        }
        self.enqueue(kernel, core, t);
        self.balance(kernel, BalanceReason::Wake);
    }

    fn release(&mut self, kernel: &mut Kernel<Ev>, t: usize, b: usize, sync_waker: Option<usize>) {
        self.threads[t].released[b] = true;
        let th = &self.threads[t];
        if th.next == b && matches!(th.state, ThreadState::New | ThreadState::Blocked) {
            self.wake(kernel, t, sync_waker);
        }
    }

    fn balance(&mut self, kernel: &mut Kernel<Ev>, reason: BalanceReason) {
        let moves = self.with_view(kernel, |s, v| s.balance(v, reason));
        for m in moves {
            self.apply_move(kernel, m);
        }
    }

    fn apply_move(&mut self, kernel: &mut Kernel<Ev>, m: Move) {
        let (t, to) = (m.thread, m.to_core);
        if t >= self.threads.len() || to >= self.cores.len() || self.speed.is_offline(to) {
            return;
        }
        let Some(from) = self.threads[t].core else { return };
        if from == to {
            return;
        }
        match self.threads[t].state {
            ThreadState::Running => {
                if self.cores[from].running.as_ref().is_some_and(|r| r.last_ns > kernel.now_ns()) {
                    return;
                }
                self.stop(kernel, from);
                self.enqueue(kernel, to, t);
                self.next_on_core(kernel, from);
            }
            ThreadState::Runnable => {
                self.cores[from].queue.retain(|&q| q != t);
                self.enqueue(kernel, to, t);
            }
            _ => {}
        }
    }

    fn enqueue(&mut self, kernel: &mut Kernel<Ev>, core: usize, t: usize) {
        self.threads[t].core = Some(core);
        self.threads[t].state = ThreadState::Runnable;
        if self.cores[core].running.is_none() {
            self.start(kernel, core, t);
        } else {
            self.cores[core].queue.push_back(t);
            self.ensure_slice(kernel, core);
        }
    }

    fn ensure_slice(&mut self, kernel: &mut Kernel<Ev>, core: usize) {
        let c = &mut self.cores[core];
        let Some(run) = &c.running else { return };
        if c.queue.is_empty() || c.slice_pending {
            return;
        }
        c.slice_gen = c.slice_gen.wrapping_add(1);
        c.slice_pending = true;
        let at = run.last_ns.max(kernel.now_ns()) + self.input.options.slice_ns;
        kernel.schedule_at(at, Ev::Slice { core: core as u32, gen: c.slice_gen });
    }

    fn start(&mut self, kernel: &mut Kernel<Ev>, core: usize, t: usize) {
        let now = kernel.now_ns();
        let mut begin = now;
        if let Some(prev) = self.threads[t].prev_core.filter(|&p| p != core) {
            begin = now + self.input.options.migration_ns;
            self.record.migrations.push(Migration { t_ns: now, thread: t as u32, from_core: prev as u32, to_core: core as u32 });
            if begin > now {
                self.push_segment(core, t, SegmentKind::Overhead, now, begin);
            }
        }
        let th = &mut self.threads[t];
        let fresh = !th.started;
        th.started = true;
        th.prev_core = Some(core);
        th.core = Some(core);
        th.state = ThreadState::Running;
        let speed = self.speed.speed(core, 0);
        let c = &mut self.cores[core];
        c.running = Some(Run { thread: t, seg_start_ns: begin, last_ns: begin, acct_ns: now, speed });
        c.slice_pending = false;
        c.slice_gen = c.slice_gen.wrapping_add(1);
        if fresh {
            self.burst_started(kernel, t, begin);
        }
        self.schedule_completion(kernel, core);
        self.ensure_slice(kernel, core);
    }

    /// The first time a burst runs, the wake-ups it makes are scheduled.
    fn burst_started(&mut self, kernel: &mut Kernel<Ev>, t: usize, at: TimeNs) {
        let b = self.threads[t].next;
        for &(wakee, wb, lag, sync) in &self.edges[t][b] {
            kernel.schedule_at(at.saturating_add(lag), Ev::Release { thread: wakee, burst: wb, sync_waker: sync.then_some(t as u32) });
        }
    }

    fn schedule_completion(&mut self, kernel: &mut Kernel<Ev>, core: usize) {
        let c = &mut self.cores[core];
        c.gen = c.gen.wrapping_add(1);
        let Some(run) = &c.running else { return };
        if run.speed <= 0.0 {
            return;
        }
        let dt = (self.threads[run.thread].work_left / run.speed).ceil().clamp(0.0, (u64::MAX / 4) as f64) as TimeNs;
        kernel.schedule_at(run.last_ns.max(kernel.now_ns()).saturating_add(dt), Ev::Done { core: core as u32, gen: c.gen });
    }

    fn progress(&mut self, now: TimeNs, core: usize) {
        let Some(run) = self.cores[core].running.as_mut() else { return };
        if now > run.last_ns {
            let th = &mut self.threads[run.thread];
            th.work_left = (th.work_left - (now - run.last_ns) as f64 * run.speed).max(0.0);
            run.last_ns = now;
        }
    }

    fn push_segment(&mut self, core: usize, t: usize, kind: SegmentKind, start_ns: TimeNs, end_ns: TimeNs) {
        self.record.push(Segment { lane: core as u32, item: t as u32, group: t as u32, priority: 0, leader: core as u32, width: 1, kind, start_ns, end_ns });
    }

    fn stop(&mut self, kernel: &mut Kernel<Ev>, core: usize) -> Option<usize> {
        let now = kernel.now_ns();
        self.progress(now, core);
        let c = &mut self.cores[core];
        c.gen = c.gen.wrapping_add(1);
        c.slice_pending = false;
        let run = c.running.take()?;
        self.threads[run.thread].run_acc_ns += now.saturating_sub(run.acct_ns);
        if now > run.seg_start_ns {
            self.push_segment(core, run.thread, SegmentKind::Work, run.seg_start_ns, now);
        }
        Some(run.thread)
    }

    fn next_on_core(&mut self, kernel: &mut Kernel<Ev>, core: usize) {
        if self.cores[core].running.is_some() {
            return;
        }
        if let Some(t) = self.cores[core].queue.pop_front() {
            self.start(kernel, core, t);
        } else {
            self.balance(kernel, BalanceReason::Idle(core));
        }
    }

    fn done(&mut self, kernel: &mut Kernel<Ev>, core: usize) {
        let now = kernel.now_ns();
        let Some(t) = self.cores[core].running.as_ref().map(|r| r.thread) else { return };
        self.progress(now, core);
        self.left -= 1;
        self.end_ns = self.end_ns.max(now);
        let th = &mut self.threads[t];
        th.next += 1;
        th.work_left = 0.0;
        let n = self.input.threads[t].bursts.len();
        if th.next < n && th.released[th.next] {
            // Released while it ran: no sleep, the next burst follows on the same core.
            th.work_left = self.input.threads[t].bursts[th.next].work_ns;
            self.burst_started(kernel, t, now);
            self.schedule_completion(kernel, core);
            return;
        }
        self.stop(kernel, core);
        let th = &mut self.threads[t];
        th.state = if th.next < n { ThreadState::Blocked } else { ThreadState::Done };
        th.core = None;
        self.next_on_core(kernel, core);
    }

    fn slice(&mut self, kernel: &mut Kernel<Ev>, core: usize) {
        self.cores[core].slice_pending = false;
        if self.cores[core].queue.is_empty() || self.cores[core].running.is_none() {
            return;
        }
        if let Some(t) = self.stop(kernel, core) {
            self.threads[t].state = ThreadState::Runnable;
            self.cores[core].queue.push_back(t);
        }
        self.next_on_core(kernel, core);
    }

    fn tick(&mut self, kernel: &mut Kernel<Ev>) {
        let now = kernel.now_ns();
        let dt = now.saturating_sub(self.last_tick_ns).max(1);
        self.last_tick_ns = now;
        let decay = libm::pow(0.5, dt as f64 / self.input.options.half_life_ns as f64);
        for core in 0..self.cores.len() {
            if let Some(run) = self.cores[core].running.as_mut() {
                self.threads[run.thread].run_acc_ns += now.saturating_sub(run.acct_ns);
                run.acct_ns = now;
            }
        }
        for th in &mut self.threads {
            let frac = (th.run_acc_ns as f64 / dt as f64).min(1.0);
            th.util = th.util * decay + 1024.0 * (1.0 - decay) * frac;
            th.run_acc_ns = 0;
        }
        self.balance(kernel, BalanceReason::Tick);
        if self.left > 0 {
            kernel.schedule_in(self.input.options.tick_ns, Ev::Tick);
        }
    }
}

impl Model for BurstSim<'_> {
    type Event = Ev;

    fn handle(&mut self, kernel: &mut Kernel<Ev>, event: Ev) {
        match event {
            Ev::Release { thread, burst, sync_waker } => self.release(kernel, thread as usize, burst as usize, sync_waker.map(|w| w as usize)),
            Ev::Done { core, gen } if self.cores[core as usize].gen == gen => self.done(kernel, core as usize),
            Ev::Slice { core, gen } if self.cores[core as usize].slice_gen == gen && self.cores[core as usize].slice_pending => self.slice(kernel, core as usize),
            Ev::Done { .. } | Ev::Slice { .. } => {}
            Ev::Tick => self.tick(kernel),
            Ev::Timeline(ev) => {
                let changed = self.timeline.apply(kernel, &mut self.speed, ev);
                let now = kernel.now_ns();
                for core in changed {
                    self.progress(now, core);
                    let Some(run) = self.cores[core].running.as_mut() else { continue };
                    run.speed = self.speed.speed(core, 0);
                    self.schedule_completion(kernel, core);
                }
            }
        }
    }

    fn is_finished(&self) -> bool {
        self.left == 0
    }
}
