//! The task runtime (Chen et al. 2020 §4.1.2): applies a [`TaskScheduler`]'s decisions to the simulated platform and records the schedule.
//!
//! Each core runs the partitions in its FIFO assembly queue, then asks the policy what to do.
//! A running partition keeps its remaining work; when its core's speed changes it is re-timed and the old
//! completion event is invalidated by bumping the core's generation counter.
//!
//! ```text
//!  ready task ──on_ready──▶ policy queues ──on_idle(core)──▶ Run{task, place} ──overhead──▶ Dispatch
//!                                                                                        │
//!        successors ◀── task done (last partition) ◀── PartDone ◀── assembly queues of the place's cores
//! ```

mod decisions;
pub mod metrics;
mod pool;
mod refill;

pub use decisions::{DecisionLog, DecisionRecord, Detail};
pub use metrics::{TaskExtras, TaskMetrics};

use std::collections::{BTreeMap, VecDeque};

use crate::error::InputError;
use crate::model::timeline::{self, Timeline};
use crate::model::{Place, Places, Platform, SpeedState, TaskGraph, TimelineEvent, WorkClass};
use crate::sched::{AnyTaskScheduler, Costs, Decision, Ptt, PttRecorder, TaskScheduler, View};
use crate::sim::{Kernel, Meter, Model, Simulation, StepOutcome, TimeNs};
use crate::trace::{ScheduleRecord, Segment, SegmentKind, NO_ITEM};

/// Everything a task run needs besides the policy.
pub struct RunInput<'a> {
    /// The platform.
    pub platform: &'a Platform,
    /// Work classes, indexed by the graph's class ids.
    pub classes: &'a [WorkClass],
    /// The DAG.
    pub graph: &'a TaskGraph,
    /// Timeline events.
    pub events: &'a [TimelineEvent],
    /// Scheduling costs.
    pub costs: Costs,
    /// PTT update weight in (0, 1].
    pub ptt_weight: f64,
    /// The member whose last row block ends last commits a shared task, a slower member more often (`RuntimeOptions`).
    pub slow_member_commits: bool,
    /// Seed of the run's generator.
    pub seed: u64,
    /// Segments to reserve room for at once (the budget's estimate), so that the record never doubles; 0 for 1.5 per task.
    pub reserve_segments: usize,
    /// What to record beyond segments and metrics (nothing by default).
    pub detail: Detail,
}

/// What a task run produces.
pub struct RunOutput {
    /// The schedule, sorted by lane and start.
    pub record: ScheduleRecord,
    /// Time the last task finished.
    pub makespan_ns: TimeNs,
    /// Events the kernel handled.
    pub events_handled: u64,
    /// Priority places, tasks per core, the PTT (over time with `detail.ptt_history`), and the decision log (with `detail.decisions`).
    pub extras: TaskExtras,
}

/// Builds the policy's [`View`] from disjoint fields, so that `self.scheduler` can be borrowed mutably beside it.
macro_rules! view {
    ($rt:ident, $kernel:ident) => {
        View {
            now_ns: $kernel.now_ns(),
            graph: $rt.graph,
            speed: &$rt.speed,
            places: &$rt.places,
            ptt: &$rt.ptt,
            costs: &$rt.costs,
            rng: &mut $kernel.rng,
            n_cores: $rt.cores.len(),
        }
    };
}

/// Kernel events of the task runtime.
pub(crate) enum Ev {
    /// The partition running on `core` may have finished (stale unless `gen` matches).
    PartDone { core: u32, gen: u32 },
    /// `core` finished an overhead period and asks again (stale unless `gen` matches).
    Wake { core: u32, gen: u32 },
    /// `core` finished deciding: put `task`'s partitions on `place`.
    Dispatch { core: u32, task: u32, place: Place },
    /// A timeline change.
    Timeline(timeline::TimelineEv),
}

impl From<timeline::TimelineEv> for Ev {
    fn from(ev: timeline::TimelineEv) -> Self {
        Ev::Timeline(ev)
    }
}

struct Running {
    task: u32,
    start_ns: TimeNs,
    remaining: f64,
    last_ns: TimeNs,
    speed: f64,
}

#[derive(Default)]
struct CoreState {
    running: Option<Running>,
    in_overhead: bool,
    sleeping: bool,
    gen: u32,
    assembly: VecDeque<u32>,
}

struct TaskRuntime<'a> {
    graph: &'a TaskGraph,
    classes: &'a [WorkClass],
    scheduler: AnyTaskScheduler,
    speed: SpeedState,
    places: Places,
    ptt: Ptt,
    ptt_recorder: PttRecorder,
    /// L1 data cache of each core's type, KiB (0 = unknown, never slows).
    l1_kb_of_core: Vec<u32>,
    /// The optional refill of a task's input released on another cluster (`refill.rs`).
    refill: refill::Refill,
    costs: Costs,
    cores: Vec<CoreState>,
    /// Scratch list of [`TaskRuntime::wake_sleepers`].
    wake_order: Vec<usize>,
    preds_left: Vec<u32>,
    parts_left: Vec<u16>,
    place_of: Vec<Place>,
    leader_ns: Vec<TimeNs>,
    tasks_done: usize,
    makespan_ns: TimeNs,
    record: ScheduleRecord,
    timeline: Timeline,
    newly_ready: Vec<u32>,
    detail: Detail,
    decisions: DecisionLog,
    /// The shared work of moldable tasks in flight whose class shares its partitions (`pool.rs`).
    pools: BTreeMap<u32, pool::Pool>,
    /// Order the members of a shared task leave by their block times (`pool.rs`, [`RunInput::slow_member_commits`]).
    slow_member_commits: bool,
}

/// Runs `graph` under `scheduler` to completion.
/// `meter` counts its events and segments against the scenario's limits (and may cancel it).
pub fn run_tasks(input: &RunInput, scheduler: AnyTaskScheduler, meter: &mut Meter) -> Result<RunOutput, InputError> {
    let platform = input.platform;
    let n_cores = platform.n_cores();
    let places = Places::new(platform);
    let ptt = Ptt::new(input.graph.type_names.len().max(1), places.list.len(), input.ptt_weight);
    let n_tasks = input.graph.len();
    let ptt_recorder = PttRecorder::new(n_tasks, &ptt, input.detail.ptt_history);
    let l1_kb_of_core = platform.clusters.iter().flat_map(|c| std::iter::repeat_n(c.l1_kb, c.cores as usize)).collect();
    let model = TaskRuntime {
        graph: input.graph,
        classes: input.classes,
        scheduler,
        speed: SpeedState::new(platform, input.classes),
        places,
        ptt,
        ptt_recorder,
        l1_kb_of_core,
        refill: refill::Refill::new(platform, n_tasks),
        costs: input.costs,
        cores: (0..n_cores).map(|_| CoreState::default()).collect(),
        wake_order: Vec::with_capacity(n_cores),
        preds_left: input.graph.n_preds.clone(),
        parts_left: vec![0; n_tasks],
        place_of: vec![Place { leader: 0, width: 0 }; n_tasks],
        leader_ns: vec![0; n_tasks],
        tasks_done: 0,
        makespan_ns: 0,
        record: ScheduleRecord::with_capacity(input.reserve_segments.clamp(n_tasks + n_tasks / 2, 8 * n_tasks + 1024)),
        timeline: Timeline::new(platform, input.events),
        newly_ready: Vec::new(),
        detail: input.detail,
        decisions: DecisionLog::default(),
        pools: BTreeMap::new(),
        slow_member_commits: input.slow_member_commits,
    };
    let mut sim = Simulation::new(model, input.seed);
    sim.model.timeline.schedule_initial(&mut sim.kernel, input.events);
    {
        let Simulation { kernel, model } = &mut sim;
        let initial: Vec<u32> = (0..n_tasks as u32).filter(|&t| model.graph.n_preds[t as usize] == 0).collect();
        model.newly_ready = initial;
        model.release_ready(kernel, None);
        for core in 0..n_cores {
            if !model.cores[core].sleeping && model.cores[core].running.is_none() && !model.cores[core].in_overhead {
                model.advance(kernel, core);
            }
        }
    }
    // A generous bound on events, so that a policy that livelocks (retrying forever) ends with an error instead of hanging.
    let budget = 10_000_000u64.saturating_add((n_tasks as u64 + 1).saturating_mul(n_cores as u64 + 1).saturating_mul(400));
    loop {
        let outcome = sim.step();
        if outcome != StepOutcome::Handled {
            if let Some(e) = sim.model.scheduler.failure() {
                return Err(e);
            }
        }
        match outcome {
            StepOutcome::Handled => {
                meter.tick(sim.model.record.len())?;
                if sim.kernel.events_handled() > budget {
                    return Err(InputError::new("", format!(
                        "simulation did not finish: {} of {n_tasks} tasks done after {} events (a policy keeps retrying)",
                        sim.model.tasks_done,
                        sim.kernel.events_handled()
                    )));
                }
            }
            StepOutcome::Finished => break,
            StepOutcome::Stalled => {
                return Err(InputError::new("events", format!(
                    "simulation stalled at {} ns with {} of {n_tasks} tasks done: no core can run the rest (are cores offline for good?)",
                    sim.kernel.now_ns(),
                    sim.model.tasks_done
                )));
            }
        }
    }
    let events_handled = sim.kernel.events_handled();
    let mut model = sim.model;
    let makespan_ns = model.makespan_ns;
    model.record.freq = model.timeline.freq_intervals(makespan_ns);
    model.record.interference = model.timeline.interference_intervals(makespan_ns);
    model.record.stall_nj = model.speed.stall_nj();
    model.refill.add_to(&mut model.record.stall_nj);
    model.record.sort_by_lane_and_start();
    let ptt_snapshots = model.ptt_recorder.finish(makespan_ns, &model.ptt);
    // The history keeps the rows of the first MAX_PTT_ROWS task types (sched/ptt.rs).
    let n_types = input.graph.type_names.len().clamp(1, crate::sched::ptt::MAX_PTT_ROWS);
    let metrics = metrics::compute(&model.record, n_cores, &model.places, n_types, ptt_snapshots, input.detail.ptt_history);
    Ok(RunOutput { record: model.record, makespan_ns, events_handled, extras: TaskExtras { metrics, decisions: model.decisions } })
}

impl TaskRuntime<'_> {
    /// Hands every newly ready task to the policy.
    fn release_ready(&mut self, kernel: &mut Kernel<Ev>, releasing_core: Option<usize>) {
        let ready = std::mem::take(&mut self.newly_ready);
        for &task in &ready {
            self.scheduler.on_ready(&mut view!(self, kernel), task, releasing_core);
        }
        self.newly_ready = ready;
        self.newly_ready.clear();
    }

    /// Wakes the sleeping cores that may find work, in a random order. XiTAO's idle workers all spin at once, each trying its
    /// own queue and random victims (Chen et al. §4.1.2), so which of them takes newly released work is a race, not a matter
    /// of core number: the order is drawn from the run's generator whenever two or more cores sleep. A core with nothing
    /// in its assembly queue stays asleep while the policy has nothing queued for it: asking it would only answer `Sleep` (see
    /// [`TaskScheduler::can_serve`]).
    fn wake_sleepers(&mut self, kernel: &mut Kernel<Ev>) {
        let wakeable = |rt: &Self, core: usize| {
            let c = &rt.cores[core];
            c.sleeping && rt.speed.can_run(core) && (!c.assembly.is_empty() || rt.scheduler.can_serve(core))
        };
        // The order is drawn over every sleeping core that could run, whatever the policy holds, so that the draws (and with
        // them the run) do not depend on how precisely a policy answers `has_ready` or `can_serve` (a user policy always says yes).
        let mut order = std::mem::take(&mut self.wake_order);
        order.clear();
        order.extend((0..self.cores.len()).filter(|&core| self.cores[core].sleeping && self.speed.can_run(core)));
        kernel.rng.shuffle(&mut order);
        for &core in &order {
            if wakeable(self, core) {
                self.cores[core].sleeping = false;
                self.advance(kernel, core);
            }
        }
        self.wake_order = order;
    }

    /// A free core runs its next assembly-queue partition or asks the policy.
    fn advance(&mut self, kernel: &mut Kernel<Ev>, core: usize) {
        loop {
            if !self.speed.can_run(core) {
                self.cores[core].sleeping = true;
                return;
            }
            if let Some(task) = self.cores[core].assembly.pop_front() {
                self.start_partition(kernel, core, task);
                return;
            }
            let decision = self.scheduler.on_idle(&mut view!(self, kernel), core);
            match decision {
                Decision::Sleep => {
                    self.cores[core].sleeping = true;
                    return;
                }
                Decision::Retry { after_ns } => {
                    self.overhead(kernel, core, after_ns.max(1));
                    let gen = self.bump(core);
                    kernel.schedule_in(after_ns.max(1), Ev::Wake { core: core as u32, gen });
                    return;
                }
                Decision::Run { task, place, overhead_ns } => {
                    self.log_decision(kernel.now_ns(), core, task, place, overhead_ns);
                    if self.places.find(place).is_none() || task as usize >= self.graph.len() {
                        // A policy bug, not user data: fall back to the deciding core so the run still completes.
                        debug_assert!(false, "policy returned an invalid place {place:?} for task {task}");
                        let place = Place::single(core);
                        self.dispatch(kernel, task, place);
                        continue;
                    }
                    if overhead_ns > 0 {
                        self.overhead(kernel, core, overhead_ns);
                        kernel.schedule_in(overhead_ns, Ev::Dispatch { core: core as u32, task, place });
                        return;
                    }
                    self.dispatch(kernel, task, place);
                }
            }
        }
    }

    fn log_decision(&mut self, t_ns: TimeNs, core: usize, task: u32, place: Place, overhead_ns: TimeNs) {
        if !self.detail.decisions {
            self.decisions.total += 1;
            return;
        }
        let t = task as usize;
        let (task_type, priority) = if t < self.graph.len() { (self.graph.task_type[t] as u32, self.graph.priority[t]) } else { (0, 0) };
        let explanation = if self.decisions.wants_explanation() { self.scheduler.explain_last() } else { None };
        let record = DecisionRecord {
            t_ns,
            core: core as u32,
            task,
            task_type,
            priority,
            leader: place.leader,
            width: place.width,
            overhead_ns,
            explanation,
        };
        self.decisions.push(record, &self.places, &self.ptt);
    }

    fn bump(&mut self, core: usize) -> u32 {
        let c = &mut self.cores[core];
        c.gen = c.gen.wrapping_add(1);
        c.gen
    }

    fn overhead(&mut self, kernel: &Kernel<Ev>, core: usize, duration_ns: TimeNs) {
        let now = kernel.now_ns();
        self.cores[core].in_overhead = true;
        self.record.push(Segment {
            lane: core as u32,
            item: NO_ITEM,
            group: 0,
            priority: 0,
            leader: core as u32,
            width: 1,
            kind: SegmentKind::Overhead,
            start_ns: now,
            end_ns: now + duration_ns,
        });
    }

    /// Puts one partition of `task` in the assembly queue of each core of `place` and wakes those that sleep.
    fn dispatch(&mut self, kernel: &mut Kernel<Ev>, task: u32, place: Place) {
        let t = task as usize;
        self.place_of[t] = place;
        self.parts_left[t] = place.width as u16;
        self.open_pool(kernel.now_ns(), task, place.width);
        for member in place.cores() {
            self.cores[member].assembly.push_back(task);
        }
        for member in place.cores() {
            let c = &self.cores[member];
            if c.sleeping && self.speed.can_run(member) {
                self.cores[member].sleeping = false;
                self.advance(kernel, member);
            }
        }
    }

    fn start_partition(&mut self, kernel: &mut Kernel<Ev>, core: usize, task: u32) {
        let t = task as usize;
        let width = self.place_of[t].width.max(1) as f64;
        let class = self.graph.class[t] as usize;
        let sigma = self.classes.get(class).map_or(0.0, |k| k.parallel_overhead);
        let l1 = self.l1_factor(t, core, width);
        let work = self.graph.work_ns[t] / width * (1.0 + sigma * (width - 1.0)) * l1;
        let now = kernel.now_ns();
        self.speed.set_running(kernel.now_ns(), core, Some(class));
        let speed = self.speed.speed(core, class);
        if self.pooled(task) {
            self.join_pool(kernel, core, task, speed, l1);
            return;
        }
        let mem_intensity = self.classes.get(class).map_or(0.0, |k| k.mem_intensity);
        let refill_ns = self.refill.charge(t, core, self.speed.cluster_of(core), mem_intensity, work, speed);
        let work = work + refill_ns * speed;
        self.cores[core].running = Some(Running { task, start_ns: now, remaining: work, last_ns: now, speed });
        self.schedule_completion(kernel, core);
    }

    /// L1 fit (Chen et al. §5.3): a partition whose share of the task's working set exceeds the core's L1 is slowed by the type's factor.
    fn l1_factor(&self, t: usize, core: usize, width: f64) -> f64 {
        let ty = self.graph.task_type[t] as usize;
        let (Some(&ws_kb), Some(&factor)) = (self.graph.type_working_set_kb.get(ty), self.graph.type_l1_miss_factor.get(ty)) else {
            return 1.0;
        };
        let l1 = self.l1_kb_of_core[core] as f64;
        if l1 > 0.0 && ws_kb / width > l1 {
            factor
        } else {
            1.0
        }
    }

    fn schedule_completion(&mut self, kernel: &mut Kernel<Ev>, core: usize) {
        let gen = self.bump(core);
        let Some(run) = &self.cores[core].running else { return };
        if run.speed > 0.0 {
            let dt = (run.remaining / run.speed).ceil().max(0.0);
            let dt_ns = if dt >= u64::MAX as f64 { u64::MAX / 4 } else { dt as TimeNs };
            kernel.schedule_in(dt_ns, Ev::PartDone { core: core as u32, gen });
        }
    }

    /// Re-times the partitions of `cores` after a speed change.
    fn retime(&mut self, kernel: &mut Kernel<Ev>, cores: &[usize]) {
        let now = kernel.now_ns();
        for &core in cores {
            let Some(task) = self.cores[core].running.as_ref().map(|r| r.task) else {
                if self.cores[core].sleeping && self.speed.can_run(core) {
                    self.cores[core].sleeping = false;
                    self.advance(kernel, core);
                }
                continue;
            };
            if self.pooled(task) {
                // The pool drained at the old speeds until now; then every member is re-timed at the new ones.
                self.settle_pool(now, task);
                let class = self.graph.class[task as usize] as usize;
                let speed = self.speed.speed(core, class);
                if let Some(run) = self.cores[core].running.as_mut() {
                    run.speed = speed;
                }
                self.retime_pool(kernel, task);
                continue;
            }
            let Some(run) = self.cores[core].running.as_mut() else { continue };
            run.remaining = (run.remaining - (now - run.last_ns) as f64 * run.speed).max(0.0);
            run.last_ns = now;
            let class = self.graph.class[run.task as usize] as usize;
            run.speed = self.speed.speed(core, class);
            self.schedule_completion(kernel, core);
        }
    }

    fn part_done(&mut self, kernel: &mut Kernel<Ev>, core: usize) {
        let Some(task) = self.cores[core].running.as_ref().map(|r| r.task) else { return };
        if self.pooled(task) {
            let Some(leavers) = self.pool_leavers(kernel, core, task) else { return };
            let mut done: Vec<usize> = if leavers.is_empty() { vec![core] } else { leavers };
            // The members leave one by one, in an order drawn from the run's generator (which one finds the counter
            // exhausted last is a race), and each goes for other work at once: only the last one out commits the task.
            self.leaving_order(kernel, &mut done);
            for &member in &done {
                self.finish_part(kernel, member);
                if self.cores[member].running.is_none() && !self.cores[member].in_overhead && !self.cores[member].sleeping {
                    self.advance(kernel, member);
                }
            }
        } else {
            self.finish_part(kernel, core);
            self.advance(kernel, core);
        }
        self.wake_sleepers(kernel);
    }

    /// Ends the partition running on `core`: records it, and commits the task when it was the last.
    fn finish_part(&mut self, kernel: &mut Kernel<Ev>, core: usize) {
        let now = kernel.now_ns();
        let Some(run) = self.cores[core].running.take() else { return };
        self.speed.set_running(kernel.now_ns(), core, None);
        let t = run.task as usize;
        let place = self.place_of[t];
        let pooled = self.pooled(run.task);
        // A member that only passed through a shared task (its pool was empty) ran nothing: no segment.
        if now > run.start_ns || !pooled {
            self.record.push(Segment {
                lane: core as u32,
                item: run.task,
                group: self.graph.task_type[t] as u32,
                priority: self.graph.priority[t],
                leader: place.leader,
                width: place.width,
                kind: SegmentKind::Work,
                start_ns: run.start_ns,
                end_ns: now,
            });
        }
        if core == place.leader as usize {
            // A leader that only passed through a shared task still read its clock twice.
            self.leader_ns[t] = if pooled { (now - run.start_ns).max(1) } else { now - run.start_ns };
        }
        self.parts_left[t] -= 1;
        if self.parts_left[t] == 0 {
            self.task_done(kernel, core, run.task);
        }
    }

    fn task_done(&mut self, kernel: &mut Kernel<Ev>, core: usize, task: u32) {
        let t = task as usize;
        let now = kernel.now_ns();
        self.close_pool(task);
        self.tasks_done += 1;
        self.makespan_ns = self.makespan_ns.max(now);
        let place = self.place_of[t];
        if let Some(p) = self.places.find(place) {
            self.ptt.update(self.graph.task_type[t] as usize, p, self.leader_ns[t] as f64);
            self.ptt_recorder.updated(now, &self.ptt);
        }
        let leader_ns = self.leader_ns[t];
        self.scheduler.on_done(&mut view!(self, kernel), task, place, leader_ns);
        let graph = self.graph;
        for &s in graph.successors(t) {
            let left = &mut self.preds_left[s as usize];
            *left -= 1;
            if *left == 0 {
                self.refill.released(s as usize, self.speed.cluster_of(core));
                self.newly_ready.push(s);
            }
        }
        if !self.newly_ready.is_empty() {
            self.release_ready(kernel, Some(core));
        }
    }
}

impl Model for TaskRuntime<'_> {
    type Event = Ev;

    fn handle(&mut self, kernel: &mut Kernel<Ev>, event: Ev) {
        match event {
            Ev::PartDone { core, gen } => {
                if self.cores[core as usize].gen == gen && self.cores[core as usize].running.is_some() {
                    self.part_done(kernel, core as usize);
                }
            }
            Ev::Wake { core, gen } => {
                let c = core as usize;
                if self.cores[c].gen == gen {
                    self.cores[c].in_overhead = false;
                    self.advance(kernel, c);
                }
            }
            Ev::Dispatch { core, task, place } => {
                let c = core as usize;
                self.cores[c].in_overhead = false;
                self.dispatch(kernel, task, place);
                if self.cores[c].running.is_none() && !self.cores[c].in_overhead && !self.cores[c].sleeping {
                    self.advance(kernel, c);
                }
            }
            Ev::Timeline(ev) => {
                let changed = self.timeline.apply(kernel, &mut self.speed, ev);
                self.retime(kernel, &changed);
            }
        }
        // Work started or stopped: the DRAM sharing may have changed every running partition's speed.
        if self.speed.settle(kernel.now_ns()) {
            let running: Vec<usize> = (0..self.cores.len()).filter(|&c| self.cores[c].running.is_some()).collect();
            self.retime(kernel, &running);
        }
    }

    fn is_finished(&self) -> bool {
        self.tasks_done == self.graph.len()
    }
}
