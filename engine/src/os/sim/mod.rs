//! The thread simulator proper: run queues, items of work, barriers, slices, ticks and migrations (see the module diagram in `os/mod.rs`).

use std::collections::VecDeque;

use crate::model::timeline::{Timeline, TimelineEv};
use super::{AppInfo, BalanceReason, CoreInfo, Move, OsScheduler, OsView, ThreadInfo, ThreadState};
use crate::error::InputError;
use crate::model::apps::{AppRun, OsOptions, Split};
use crate::model::{Platform, SpeedState, TimelineEvent, WorkClass};
use crate::sim::{Kernel, Meter, Model, Rng, Simulation, StepOutcome, TimeNs};
use crate::trace::{Migration, ScheduleRecord, Segment, SegmentKind};

mod phases;

/// Everything a thread run needs besides the policy.
pub struct OsInput<'a> {
    /// The platform.
    pub platform: &'a Platform,
    /// Work classes, indexed by the applications' class ids.
    pub classes: &'a [WorkClass],
    /// The applications, in task-queue order.
    pub apps: &'a [AppRun],
    /// Timeline events.
    pub events: &'a [TimelineEvent],
    /// Costs and thresholds.
    pub options: &'a OsOptions,
    /// Forces every parallel region to this split (loop-static / loop-dynamic), or keeps each profile's.
    pub split_override: Option<Split>,
    /// Seed of the run's generator.
    pub seed: u64,
}

/// What a thread run produces.
pub struct OsOutput {
    /// Segments per core (`task` = thread id, `task_type` = application index), sorted by core and start, with migrations.
    pub record: ScheduleRecord,
    /// When the last application finished.
    pub makespan_ns: TimeNs,
    /// When each application finished.
    pub app_done_ns: Vec<TimeNs>,
    /// Events the kernel handled.
    pub events_handled: u64,
}

/// Kernel events of the thread simulator.
pub(crate) enum Ev {
    /// The item running on `core` may be done (stale unless `gen` matches).
    ItemDone { core: u32, gen: u32 },
    /// The time slice on `core` ended (stale unless `gen` matches).
    Slice { core: u32, gen: u32 },
    /// Periodic tick.
    Tick,
    /// A timeline change.
    Timeline(TimelineEv),
}

impl From<TimelineEv> for Ev {
    fn from(ev: TimelineEv) -> Self {
        Ev::Timeline(ev)
    }
}

struct Th {
    app: usize,
    local: u32,
    state: ThreadState,
    core: Option<usize>,
    prev_core: Option<usize>,
    work_left: f64,
    taken: bool,
    util: f64,
    run_acc_ns: TimeNs,
    /// Wake-up latency still owed before the thread's next item runs (it slept at a pthreads barrier).
    wake_ns: TimeNs,
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

struct AppSt {
    phase: usize,
    arrived: u32,
    chunks_left: u32,
    first_thread: usize,
    done_ns: Option<TimeNs>,
}

struct OsSim<'a> {
    apps: &'a [AppRun],
    options: &'a OsOptions,
    split_override: Option<Split>,
    sched: Box<dyn OsScheduler>,
    speed: SpeedState,
    big: Vec<bool>,
    llc_of: Vec<usize>,
    /// Extra cost of arriving on each cluster from another one (`model::memory`).
    refill_ns: Vec<TimeNs>,
    threads: Vec<Th>,
    cores: Vec<CoreSt>,
    app_st: Vec<AppSt>,
    record: ScheduleRecord,
    timeline: Timeline,
    last_tick_ns: TimeNs,
    apps_left: usize,
    in_balance: bool,
}

/// Runs the mix under `sched` to completion; `meter` counts its events and segments against the scenario's limits.
pub fn simulate(input: &OsInput, mut sched: Box<dyn OsScheduler>, meter: &mut Meter) -> Result<OsOutput, InputError> {
    let platform = input.platform;
    sched.attach(platform);
    let n_cores = platform.n_cores();
    let max_ratio = platform.clusters.iter().map(|c| c.ratio).fold(f64::MIN, f64::max);
    let cluster_of = platform.cluster_of_cores();
    let big: Vec<bool> = cluster_of.iter().map(|&c| platform.clusters[c].ratio >= max_ratio).collect();
    let mut threads = Vec::new();
    let mut app_st = Vec::new();
    for (a, app) in input.apps.iter().enumerate() {
        app_st.push(AppSt { phase: 0, arrived: 0, chunks_left: 0, first_thread: threads.len(), done_ns: None });
        for local in 0..app.threads {
            threads.push(Th { app: a, local, state: ThreadState::New, core: None, prev_core: None, work_left: 0.0, taken: false, util: 1024.0, run_acc_ns: 0, wake_ns: 0 });
        }
    }
    let model = OsSim {
        apps: input.apps,
        options: input.options,
        split_override: input.split_override,
        sched,
        speed: SpeedState::new(platform, input.classes),
        big,
        llc_of: platform.llc_of_cores(),
        refill_ns: (0..platform.clusters.len()).map(|c| crate::model::memory::l2_refill_ns(platform, c)).collect(),
        threads,
        cores: (0..n_cores).map(|_| CoreSt::default()).collect(),
        app_st,
        record: ScheduleRecord::with_capacity(1024),
        timeline: Timeline::new(platform, input.events),
        last_tick_ns: 0,
        apps_left: input.apps.len(),
        in_balance: false,
    };
    let mut sim = Simulation::new(model, input.seed);
    sim.model.timeline.schedule_initial(&mut sim.kernel, input.events);
    {
        let Simulation { kernel, model } = &mut sim;
        for a in 0..model.apps.len() {
            model.setup_phase(kernel, a, None);
        }
        kernel.schedule_in(model.options.tick_ns, Ev::Tick);
    }
    let n_threads = sim.model.threads.len() as u64;
    let budget = 50_000_000u64.saturating_add(n_threads.saturating_mul(2_000_000));
    loop {
        match sim.step() {
            StepOutcome::Handled => {
                meter.tick(sim.model.record.len())?;
                if sim.kernel.events_handled() > budget {
                    return Err(InputError::new("", "thread simulation did not finish within its event budget (a scheduler keeps migrating)"));
                }
            }
            StepOutcome::Finished => break,
            StepOutcome::Stalled => {
                return Err(InputError::new("events", format!("thread simulation stalled at {} ns: no core can run the remaining threads", sim.kernel.now_ns())));
            }
        }
    }
    let events_handled = sim.kernel.events_handled();
    let mut model = sim.model;
    let app_done_ns: Vec<TimeNs> = model.app_st.iter().map(|a| a.done_ns.unwrap_or(0)).collect();
    let makespan_ns = app_done_ns.iter().copied().max().unwrap_or(0);
    model.record.freq = model.timeline.freq_intervals(makespan_ns);
    model.record.interference = model.timeline.interference_intervals(makespan_ns);
    model.record.stall_nj = model.speed.stall_nj();
    model.record.sort_by_lane_and_start();
    Ok(OsOutput { record: model.record, makespan_ns, app_done_ns, events_handled })
}

/// What a policy sees of the threads, cores and applications at one moment.
type Infos = (Vec<ThreadInfo>, Vec<CoreInfo>, Vec<AppInfo>);

impl OsSim<'_> {
    fn infos(&self, now: TimeNs) -> Infos {
        let threads = self
            .threads
            .iter()
            .map(|t| {
                let movable = match (t.state, t.core) {
                    (ThreadState::Running, Some(c)) => self.cores[c].running.as_ref().is_none_or(|r| r.last_ns <= now),
                    _ => true,
                };
                ThreadInfo { app: t.app, local: t.local, state: t.state, core: t.core, prev_core: t.prev_core, util: t.util, movable }
            })
            .collect();
        let cores = self
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
        let apps = self
            .apps
            .iter()
            .zip(&self.app_st)
            .map(|(a, s)| AppInfo { preference: a.preference, threads: a.threads, done: s.done_ns.is_some() })
            .collect();
        (threads, cores, apps)
    }

    /// The policy's view at `now_ns` of `infos` (from [`Self::infos`]).
    fn view<'a>(&self, now_ns: TimeNs, infos: &'a Infos, rng: &'a mut Rng) -> OsView<'a> {
        let (threads, cores, apps) = infos;
        OsView {
            now_ns,
            threads,
            cores,
            apps,
            up_threshold: self.options.up_threshold as f64,
            down_threshold: self.options.down_threshold as f64,
            rng,
        }
    }

    fn place(&mut self, kernel: &mut Kernel<Ev>, thread: usize, wake: bool) -> usize {
        let now = kernel.now_ns();
        let infos = self.infos(now);
        let mut view = self.view(now, &infos, &mut kernel.rng);
        let core = self.sched.place(&mut view, thread, wake);
        if core < self.cores.len() && !self.speed.is_offline(core) {
            return core;
        }
        // A policy bug or an offline core: fall back to the least loaded online core.
        view.least_loaded(0..infos.1.len()).unwrap_or(0)
    }

    fn balance(&mut self, kernel: &mut Kernel<Ev>, reason: BalanceReason) {
        if self.in_balance || self.apps_left == 0 {
            return;
        }
        self.in_balance = true;
        let now = kernel.now_ns();
        let infos = self.infos(now);
        let mut view = self.view(now, &infos, &mut kernel.rng);
        let moves = self.sched.balance(&mut view, reason);
        for m in moves {
            self.apply_move(kernel, m);
        }
        self.in_balance = false;
    }

    fn apply_move(&mut self, kernel: &mut Kernel<Ev>, m: Move) {
        let now = kernel.now_ns();
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
                if self.cores[from].running.as_ref().is_some_and(|r| r.last_ns > now) {
                    return;
                }
                self.stop(kernel, from);
                self.threads[t].state = ThreadState::Runnable;
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
        let at = run.last_ns.max(kernel.now_ns()) + self.options.slice_ns;
        kernel.schedule_at(at, Ev::Slice { core: core as u32, gen: c.slice_gen });
    }

    fn start(&mut self, kernel: &mut Kernel<Ev>, core: usize, t: usize) {
        let now = kernel.now_ns();
        let mut begin = now + std::mem::take(&mut self.threads[t].wake_ns);
        if let Some(prev) = self.threads[t].prev_core {
            if prev != core {
                let cluster = self.speed.cluster_of(core);
                let refill = if self.speed.cluster_of(prev) != cluster { self.refill_ns[cluster] } else { 0 };
                begin += self.options.migration_ns + refill;
                self.record.migrations.push(Migration { t_ns: now, thread: t as u32, from_core: prev as u32, to_core: core as u32 });
            }
        }
        if begin > now {
            self.record.push(Segment {
                lane: core as u32,
                item: t as u32,
                group: self.threads[t].app as u32,
                priority: 0,
                leader: core as u32,
                width: 1,
                kind: SegmentKind::Overhead,
                start_ns: now,
                end_ns: begin,
            });
        }
        let th = &mut self.threads[t];
        th.prev_core = Some(core);
        th.core = Some(core);
        th.state = ThreadState::Running;
        let class = self.apps[th.app].class;
        self.speed.set_running(kernel.now_ns(), core, Some(class));
        let speed = self.speed.speed(core, class);
        let c = &mut self.cores[core];
        c.running = Some(Run { thread: t, seg_start_ns: begin, last_ns: begin, acct_ns: now, speed });
        c.slice_pending = false;
        c.slice_gen = c.slice_gen.wrapping_add(1);
        self.schedule_completion(kernel, core);
        self.ensure_slice(kernel, core);
    }

    fn schedule_completion(&mut self, kernel: &mut Kernel<Ev>, core: usize) {
        let c = &mut self.cores[core];
        c.gen = c.gen.wrapping_add(1);
        let gen = c.gen;
        let Some(run) = &c.running else { return };
        if run.speed <= 0.0 {
            return;
        }
        let work_left = self.threads[run.thread].work_left;
        let dt = (work_left / run.speed).ceil().max(0.0);
        let dt_ns = if dt >= (u64::MAX / 4) as f64 { u64::MAX / 4 } else { dt as TimeNs };
        kernel.schedule_at(run.last_ns.max(kernel.now_ns()).saturating_add(dt_ns), Ev::ItemDone { core: core as u32, gen });
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

    /// Takes the running thread off `core`, recording its segment; returns it.
    fn stop(&mut self, kernel: &mut Kernel<Ev>, core: usize) -> Option<usize> {
        let now = kernel.now_ns();
        self.progress(now, core);
        let c = &mut self.cores[core];
        c.gen = c.gen.wrapping_add(1);
        c.slice_pending = false;
        let run = c.running.take()?;
        self.speed.set_running(kernel.now_ns(), core, None);
        let th = &mut self.threads[run.thread];
        th.run_acc_ns += now.saturating_sub(run.acct_ns);
        if now > run.seg_start_ns {
            self.record.push(Segment {
                lane: core as u32,
                item: run.thread as u32,
                group: th.app as u32,
                priority: 0,
                leader: core as u32,
                width: 1,
                kind: SegmentKind::Work,
                start_ns: run.seg_start_ns,
                end_ns: now,
            });
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

    fn item_done(&mut self, kernel: &mut Kernel<Ev>, core: usize) {
        let now = kernel.now_ns();
        let Some(t) = self.cores[core].running.as_ref().map(|r| r.thread) else { return };
        self.progress(now, core);
        self.threads[t].work_left = 0.0;
        if let Some(w) = self.take_item(t) {
            self.threads[t].work_left = w;
            self.schedule_completion(kernel, core);
            return;
        }
        self.stop(kernel, core);
        self.arrive(kernel, t);
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
        let decay = libm::pow(0.5, dt as f64 / self.options.half_life_ns as f64);
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
        if self.apps_left > 0 {
            kernel.schedule_in(self.options.tick_ns, Ev::Tick);
        }
    }

    fn retime(&mut self, kernel: &mut Kernel<Ev>, cores: &[usize]) {
        let now = kernel.now_ns();
        for &core in cores {
            self.progress(now, core);
            let Some(run) = self.cores[core].running.as_mut() else { continue };
            let class = self.apps[self.threads[run.thread].app].class;
            run.speed = self.speed.speed(core, class);
            self.schedule_completion(kernel, core);
        }
    }
}

impl Model for OsSim<'_> {
    type Event = Ev;

    fn handle(&mut self, kernel: &mut Kernel<Ev>, event: Ev) {
        match event {
            Ev::ItemDone { core, gen } => {
                if self.cores[core as usize].gen == gen {
                    self.item_done(kernel, core as usize);
                }
            }
            Ev::Slice { core, gen } => {
                if self.cores[core as usize].slice_gen == gen && self.cores[core as usize].slice_pending {
                    self.slice(kernel, core as usize);
                }
            }
            Ev::Tick => self.tick(kernel),
            Ev::Timeline(ev) => {
                let changed = self.timeline.apply(kernel, &mut self.speed, ev);
                self.retime(kernel, &changed);
            }
        }
        // Work started or stopped: the DRAM sharing may have changed every running thread's speed.
        if self.speed.settle(kernel.now_ns()) {
            let running: Vec<usize> = (0..self.cores.len()).filter(|&c| self.cores[c].running.is_some()).collect();
            self.retime(kernel, &running);
        }
    }

    fn is_finished(&self) -> bool {
        self.apps_left == 0
    }
}
