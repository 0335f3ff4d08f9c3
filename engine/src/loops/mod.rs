//! The OpenMP loop level (Saez et al., Chronaki et al. §5.3): runs a loop program under a loop schedule and records what each thread did.
//!
//! T threads are bound one per core by the schedule's mapping (SB, BS or core order). A serial phase runs on thread 0;
//! a parallel loop hands out chunks through a [`LoopSchedule`]; each removal from the shared pool costs the thread
//! time; when the last thread reaches the implicit barrier, every thread pays the barrier cost and the next phase starts.
//! Events are per chunk, never per iteration (a static loop of 10^7 iterations is T events). A running chunk keeps its
//! remaining work; at a speed change (DVFS, interference, offline) it is re-timed and its old completion is invalidated
//! by the thread's generation counter, as in the task runtime.

pub mod aid_dynamic;
pub mod aid_hybrid;
pub mod aid_static;
pub mod dynamic;
pub mod guided;
pub mod hybrid_split;
pub mod memory;
pub mod metrics;
mod record;
pub mod schedule;
pub mod static_split;

pub use metrics::{LoopExtras, LoopMetrics};
pub use record::EXACT_TAKES;

use crate::error::InputError;
use metrics::{LoopStat, MAX_LOOP_STATS};
use crate::model::loops::{BuiltPhase, BuiltProgram};
use crate::model::{Platform, SpeedState, TimelineEvent, WorkClass};
use crate::model::timeline::{Timeline, TimelineEv};
use crate::sim::{Kernel, Meter, Model, Simulation, StepOutcome, TimeNs};
use crate::trace::{ScheduleRecord, SegmentKind};
use memory::{Affinity, PoolLine};
use record::Recorder;
use schedule::{LoopInfo, LoopSchedule, Mapping, PhaseKind, Pool, Take};

/// Kernel events of the loop level.
pub(crate) enum Ev {
    /// The chunk of `thread` may have finished (stale unless `gen` matches).
    Done { thread: u32, gen: u32 },
    /// Phase `pos` of the unrolled program starts.
    PhaseStart { pos: u32 },
    /// A timeline change.
    Timeline(TimelineEv),
}

impl From<TimelineEv> for Ev {
    fn from(ev: TimelineEv) -> Self {
        Ev::Timeline(ev)
    }
}

struct Running {
    take: Take,
    class: usize,
    removal_start_ns: TimeNs,
    work_start_ns: TimeNs,
    remaining: f64,
    last_ns: TimeNs,
    speed: f64,
}

struct Thread {
    core: usize,
    cluster: usize,
    gen: u32,
    running: Option<Running>,
    arrived_ns: Option<TimeNs>,
    removal_ns: TimeNs,
    /// One timestamp on this thread's core (the platform's `clock_read_ns`, slower cores in proportion).
    stamp_ns: TimeNs,
}

/// What a loop run produces.
pub struct LoopRunOutput {
    /// The schedule, sorted by lane and start.
    pub record: ScheduleRecord,
    /// Completion time of the program.
    pub makespan_ns: TimeNs,
    /// Events the kernel handled.
    pub events_handled: u64,
    /// Loop metrics (the schedule name is filled by the caller) and the chunk columns.
    pub extras: LoopExtras,
}

struct LoopSim<'a> {
    program: &'a BuiltProgram,
    schedule: Box<dyn LoopSchedule>,
    speed: SpeedState,
    timeline: Timeline,
    threads: Vec<Thread>,
    /// Per class: the core-type rank of each thread, the number of types, the offline SF per type.
    types: Vec<(Vec<usize>, usize, Vec<f64>)>,
    pos: usize,
    info: LoopInfo,
    pool: Pool,
    line: PoolLine,
    /// Per loop size N: which thread touched which iterations (only with `cold_factor` > 0). Loops of one size are
    /// taken to sweep the same arrays, iteration i touching element i (CG's vector loops, blackscholes' repeated pricing).
    affinity: Vec<(u64, Affinity)>,
    mem_intensity: Vec<f64>,
    arrived: usize,
    loop_removals: u64,
    loop_fastest: u64,
    recorder: Recorder,
    stats: Vec<LoopStat>,
    loop_count: u64,
    imbalance_sum: f64,
    removals: u64,
    overhead_ns: TimeNs,
    iterations: u64,
    makespan_ns: TimeNs,
}

/// Capacity of each core for ranking and overhead scaling: the cluster's default ratio at its initial frequency.
fn capacities(platform: &Platform) -> Vec<f64> {
    let cluster_of = platform.cluster_of_cores();
    cluster_of
        .iter()
        .map(|&c| {
            let k = &platform.clusters[c];
            k.ratio * k.freq_mhz as f64 / k.ref_freq_mhz.max(1) as f64
        })
        .collect()
}

/// Cores of threads 0 … T−1 under `mapping`.
pub fn thread_cores(platform: &Platform, threads: usize, mapping: Mapping) -> Vec<usize> {
    let cap = capacities(platform);
    let mut cores: Vec<usize> = (0..platform.n_cores()).collect();
    match mapping {
        Mapping::SmallFirst => cores.sort_by(|&a, &b| cap[a].total_cmp(&cap[b]).then(a.cmp(&b))),
        Mapping::BigFirst => cores.sort_by(|&a, &b| cap[b].total_cmp(&cap[a]).then(a.cmp(&b))),
        Mapping::CoreOrder => {}
    }
    cores.truncate(threads);
    cores
}

/// Per class: rank of each thread's core type (0 = fastest for that class), the number of types, and offline SF per type.
fn type_tables(platform: &Platform, classes: &[WorkClass], cores: &[usize]) -> Vec<(Vec<usize>, usize, Vec<f64>)> {
    let reference = SpeedState::new(platform, classes);
    let cluster_of = platform.cluster_of_cores();
    let mut names: Vec<&str> = Vec::new();
    let thread_name: Vec<usize> = cores
        .iter()
        .map(|&c| {
            let n = platform.clusters[cluster_of[c]].core_type.as_str();
            names.iter().position(|x| *x == n).unwrap_or_else(|| {
                names.push(n);
                names.len() - 1
            })
        })
        .collect();
    (0..classes.len())
        .map(|k| {
            // Speed of each type: the mean over its threads' cores (cores of one type share a speed unless clusters differ).
            let mut sum = vec![0.0; names.len()];
            let mut count = vec![0.0; names.len()];
            for (t, &c) in cores.iter().enumerate() {
                sum[thread_name[t]] += reference.speed(c, k);
                count[thread_name[t]] += 1.0;
            }
            let speed: Vec<f64> = (0..names.len()).map(|i| sum[i] / count[i]).collect();
            let mut order: Vec<usize> = (0..names.len()).collect();
            order.sort_by(|&a, &b| speed[b].total_cmp(&speed[a]).then(a.cmp(&b)));
            let mut rank_of = vec![0; names.len()];
            for (r, &i) in order.iter().enumerate() {
                rank_of[i] = r;
            }
            let slowest = order.last().map_or(1.0, |&i| speed[i]).max(f64::MIN_POSITIVE);
            let offline_sf = order.iter().map(|&i| speed[i] / slowest).collect();
            (thread_name.iter().map(|&n| rank_of[n]).collect(), names.len(), offline_sf)
        })
        .collect()
}

/// Runs `program` under `schedule` to completion; `meter` counts its events and segments against the scenario's limits.
pub fn run_loops(
    platform: &Platform,
    classes: &[WorkClass],
    events: &[TimelineEvent],
    program: &BuiltProgram,
    schedule: Box<dyn LoopSchedule>,
    seed: u64,
    meter: &mut Meter,
) -> Result<LoopRunOutput, InputError> {
    let mapping = schedule.mapping();
    let cores = thread_cores(platform, program.threads, mapping);
    let cap = capacities(platform);
    let max_cap = cap.iter().copied().fold(f64::MIN_POSITIVE, f64::max);
    let contention = 1.0 + program.costs.removal_growth * (cores.len().saturating_sub(1)) as f64;
    let cluster_of = platform.cluster_of_cores();
    let threads: Vec<Thread> = cores
        .iter()
        .map(|&core| Thread {
            core,
            cluster: cluster_of[core],
            gen: 0,
            running: None,
            arrived_ns: None,
            removal_ns: (program.costs.removal_ns * max_cap / cap[core].max(f64::MIN_POSITIVE) * contention).round() as TimeNs,
            stamp_ns: (platform.clock_read_ns.unwrap_or(0.0) * max_cap / cap[core].max(f64::MIN_POSITIVE)).round() as TimeNs,
        })
        .collect();
    let model = LoopSim {
        program,
        schedule,
        speed: SpeedState::new(platform, classes),
        timeline: Timeline::new(platform, events),
        types: type_tables(platform, classes, &cores),
        threads,
        pos: 0,
        info: LoopInfo { iterations: 0, threads: cores.len(), thread_type: vec![], n_types: 1, offline_sf: vec![], chunk: 1, start_ns: 0 },
        pool: Pool { next: 0, end: 0 },
        line: PoolLine::default(),
        affinity: Vec::new(),
        mem_intensity: classes.iter().map(|k| k.mem_intensity).collect(),
        arrived: 0,
        loop_removals: 0,
        loop_fastest: 0,
        recorder: Recorder::new(platform.n_cores()),
        stats: Vec::new(),
        loop_count: 0,
        imbalance_sum: 0.0,
        removals: 0,
        overhead_ns: 0,
        iterations: 0,
        makespan_ns: 0,
    };
    let mut sim = Simulation::new(model, seed);
    sim.model.timeline.schedule_initial(&mut sim.kernel, events);
    sim.kernel.schedule_at(0, Ev::PhaseStart { pos: 0 });
    loop {
        match sim.step() {
            StepOutcome::Handled => meter.tick(sim.model.recorder.record.len())?,
            StepOutcome::Finished => break,
            StepOutcome::Stalled => {
                return Err(InputError::new(
                    "events",
                    format!(
                        "simulation stalled at {} ns in phase {} of {}: a thread's core never comes back online",
                        sim.kernel.now_ns(),
                        sim.model.pos,
                        sim.model.program.order.len()
                    ),
                ))
            }
        }
    }
    let events_handled = sim.kernel.events_handled();
    let m = sim.model;
    let makespan_ns = m.makespan_ns;
    let recorded = m.recorder.finish();
    let (mut record, coalesced) = (recorded.record, recorded.coalesced);
    record.freq = m.timeline.freq_intervals(makespan_ns);
    record.interference = m.timeline.interference_intervals(makespan_ns);
    record.stall_nj = m.speed.stall_nj();
    let n_loops = m.loop_count.max(1) as f64;
    let metrics = LoopMetrics {
        schedule: String::new(),
        mapping: mapping.label(),
        thread_cores: cores.iter().map(|&c| c as u32).collect(),
        completion_ns: makespan_ns,
        iterations: m.iterations,
        pool_removals: m.removals,
        overhead_ns: m.overhead_ns,
        mean_imbalance: m.imbalance_sum / n_loops,
        loop_count: m.loop_count,
        loops: m.stats,
        coalesced,
    };
    let extras = LoopExtras { metrics, chunk_first: recorded.chunk_first, chunk_iters: recorded.chunk_iters };
    Ok(LoopRunOutput { record, makespan_ns, events_handled, extras })
}

impl LoopSim<'_> {
    fn bump(&mut self, thread: usize) -> u32 {
        let t = &mut self.threads[thread];
        t.gen = t.gen.wrapping_add(1);
        t.gen
    }

    fn start_chunk(&mut self, kernel: &mut Kernel<Ev>, thread: usize, take: Take, class: usize, work_ns: f64, removal_ns: TimeNs) {
        let now = kernel.now_ns();
        let core = self.threads[thread].core;
        self.speed.set_running(kernel.now_ns(), core, Some(class));
        let speed = self.speed.speed(core, class);
        self.threads[thread].running = Some(Running {
            take,
            class,
            removal_start_ns: now,
            work_start_ns: now + removal_ns,
            remaining: work_ns,
            last_ns: now + removal_ns,
            speed,
        });
        self.schedule_completion(kernel, thread);
    }

    fn schedule_completion(&mut self, kernel: &mut Kernel<Ev>, thread: usize) {
        let gen = self.bump(thread);
        let Some(run) = &self.threads[thread].running else { return };
        if run.speed > 0.0 {
            let dt = (run.remaining / run.speed).ceil().max(0.0);
            let dt_ns = if dt >= (u64::MAX / 4) as f64 { u64::MAX / 4 } else { dt as TimeNs };
            kernel.schedule_at(run.last_ns.saturating_add(dt_ns), Ev::Done { thread: thread as u32, gen });
        }
    }

    fn retime(&mut self, kernel: &mut Kernel<Ev>, cores: &[usize]) {
        let now = kernel.now_ns();
        for thread in 0..self.threads.len() {
            if !cores.contains(&self.threads[thread].core) {
                continue;
            }
            let core = self.threads[thread].core;
            let Some(run) = self.threads[thread].running.as_mut() else { continue };
            if now > run.last_ns {
                run.remaining = (run.remaining - (now - run.last_ns) as f64 * run.speed).max(0.0);
                run.last_ns = now;
            }
            run.speed = self.speed.speed(core, run.class);
            self.schedule_completion(kernel, thread);
        }
    }

    fn start_phase(&mut self, kernel: &mut Kernel<Ev>, pos: usize) {
        self.pos = pos;
        let Some(&idx) = self.program.order.get(pos) else { return };
        let now = kernel.now_ns();
        match &self.program.phases[idx as usize] {
            BuiltPhase::Serial { work_ns, class, .. } => {
                let take = Take { start: 0, len: 0, phase: PhaseKind::Serial, removal: false, stamps: 0 };
                self.start_chunk(kernel, 0, take, *class, *work_ns, 0);
            }
            BuiltPhase::Loop { iterations, class, chunk, .. } => {
                let (thread_type, n_types, offline_sf) = self.types[*class].clone();
                self.info = LoopInfo { iterations: *iterations, threads: self.threads.len(), thread_type, n_types, offline_sf, chunk: *chunk, start_ns: now };
                self.schedule.begin(&self.info);
                self.pool = Pool { next: 0, end: *iterations };
                self.arrived = 0;
                self.loop_removals = 0;
                self.loop_fastest = 0;
                // Threads reach the loop at the same instant and race for the pool: their first requests come in a
                // seeded random order (it decides, for instance, who gets guided's largest first chunks).
                let n = self.threads.len();
                let mut order: Vec<usize> = (0..n).collect();
                for i in (1..n).rev() {
                    order.swap(i, kernel.rng.below(i as u64 + 1) as usize);
                }
                for &thread in &order {
                    self.threads[thread].arrived_ns = None;
                }
                for thread in order {
                    self.request(kernel, thread);
                }
            }
        }
    }

    fn request(&mut self, kernel: &mut Kernel<Ev>, thread: usize) {
        let now = kernel.now_ns();
        let Some(take) = self.schedule.next(&self.info, &mut self.pool, thread, now) else {
            self.threads[thread].arrived_ns = Some(now);
            self.arrived += 1;
            if self.arrived == self.threads.len() {
                self.end_loop(kernel);
            }
            return;
        };
        let program = self.program;
        let idx = program.order[self.pos] as usize;
        let BuiltPhase::Loop { class, costs, iterations, .. } = &program.phases[idx] else { return };
        let costs_of = &program.costs;
        let stamps_ns = take.stamps as TimeNs * self.threads[thread].stamp_ns;
        let removal_ns = if take.removal {
            // The local part (the runtime call and its timestamps) runs on the thread's core, then the atomic waits for
            // the pool's line.
            let t = &self.threads[thread];
            let arrive = now + t.removal_ns + stamps_ns;
            let (line_ns, cross_ns) = (costs_of.line_ns, costs_of.cross_cluster_ns);
            let done = if take.phase.compare_and_swap() {
                let others = self.threads.len().saturating_sub(1) as u64;
                self.line.compare_and_swap(arrive, t.cluster, line_ns, cross_ns, others)
            } else {
                self.line.acquire(arrive, t.cluster, line_ns, cross_ns)
            };
            done - now
        } else {
            stamps_ns
        };
        if take.removal {
            self.removals += 1;
            self.loop_removals += 1;
        }
        self.overhead_ns += removal_ns;
        if self.info.thread_type.get(thread) == Some(&0) {
            self.loop_fastest += take.len;
        }
        self.iterations += take.len;
        let mut work_ns = costs.range(take.start, take.len);
        let class = *class;
        if costs_of.cold_factor > 0.0 && take.len > 0 {
            let n = *iterations;
            let at = match self.affinity.iter().position(|(size, _)| *size == n) {
                Some(i) => i,
                None => {
                    self.affinity.push((n, Affinity::new(n)));
                    self.affinity.len() - 1
                }
            };
            let affinity = &mut self.affinity[at].1;
            let cold = affinity.touch(take.start, take.len, thread) as f64 / take.len as f64;
            work_ns *= 1.0 + costs_of.cold_factor * self.mem_intensity[class] * cold;
        }
        self.start_chunk(kernel, thread, take, class, work_ns, removal_ns);
    }

    fn end_loop(&mut self, kernel: &mut Kernel<Ev>) {
        let now = kernel.now_ns();
        let barrier_ns = self.program.costs.barrier_ns;
        let idx = self.program.order[self.pos] as usize;
        let start = self.info.start_ns;
        let mut sum = 0.0;
        for thread in 0..self.threads.len() {
            let arrived = self.threads[thread].arrived_ns.unwrap_or(now);
            sum += (arrived - start) as f64;
            let core = self.threads[thread].core;
            self.recorder.other(core, self.pos as u32, PhaseKind::BarrierWait, SegmentKind::Idle, arrived, now);
            self.recorder.other(core, self.pos as u32, PhaseKind::Barrier, SegmentKind::Overhead, now, now + barrier_ns);
        }
        self.overhead_ns += barrier_ns * self.threads.len() as TimeNs;
        if let BuiltPhase::Loop { iterations, .. } = &self.program.phases[idx] {
            if let Some((_, affinity)) = self.affinity.iter_mut().find(|(size, _)| size == iterations) {
                affinity.end_instance();
            }
        }
        let mean = sum / self.threads.len().max(1) as f64;
        let imbalance = if mean > 0.0 { (now - start) as f64 / mean } else { 1.0 };
        self.loop_count += 1;
        self.imbalance_sum += imbalance;
        if self.stats.len() < MAX_LOOP_STATS {
            self.push_stat(idx, start, now, imbalance);
        }
        self.makespan_ns = now + barrier_ns;
        kernel.schedule_at(now + barrier_ns, Ev::PhaseStart { pos: self.pos as u32 + 1 });
    }

    fn push_stat(&mut self, idx: usize, start: TimeNs, now: TimeNs, imbalance: f64) {
        let class = match &self.program.phases[idx] {
            BuiltPhase::Loop { class, .. } => Some(*class),
            BuiltPhase::Serial { .. } => None,
        };
        let true_sf = class.and_then(|k| self.sf_under(&self.speed, k)).unwrap_or(1.0);
        let shared_sf = class.and_then(|k| self.shared_sf(k, now)).unwrap_or(true_sf);
        let (name, iterations) = match &self.program.phases[idx] {
            BuiltPhase::Loop { name, iterations, .. } => (name.clone(), *iterations),
            BuiltPhase::Serial { name, .. } => (name.clone(), 0),
        };
        self.stats.push(LoopStat {
            name,
            phase: self.pos as u32,
            start_ns: start,
            end_ns: now,
            iterations,
            imbalance,
            removals: self.loop_removals,
            estimated_sf: self.schedule.estimated_sf(),
            true_sf,
            shared_sf,
            iterations_on_fastest: self.loop_fastest,
        });
    }

    /// Fastest over slowest thread speed on `class` under `speed`: the SF the threads meet; `None` when no thread can run.
    fn sf_under(&self, speed: &SpeedState, class: usize) -> Option<f64> {
        let speeds = self.threads.iter().map(|t| speed.speed(t.core, class)).filter(|s| *s > 0.0);
        let (fastest, slowest) = speeds.fold((0.0, f64::MAX), |(f, s), x| (f64::max(f, x), f64::min(s, x)));
        (slowest < f64::MAX).then(|| fastest / slowest)
    }

    /// The loop's SF with every thread busy on `class` (`LoopStat::shared_sf`), from a copy of the speed state; `None`
    /// without shared-L2 or DRAM contention (then it is the true SF) or when no thread can run.
    fn shared_sf(&self, class: usize, now: TimeNs) -> Option<f64> {
        if !self.speed.has_contention() {
            return None;
        }
        let mut all = self.speed.clone();
        for t in &self.threads {
            all.set_running(now, t.core, Some(class));
        }
        all.settle(now);
        self.sf_under(&all, class)
    }

    fn done(&mut self, kernel: &mut Kernel<Ev>, thread: usize) {
        let now = kernel.now_ns();
        let Some(run) = self.threads[thread].running.take() else { return };
        self.speed.set_running(now, self.threads[thread].core, None);
        let core = self.threads[thread].core;
        let t = run.take;
        self.recorder.chunk(core, self.pos as u32, t.phase, run.removal_start_ns, run.work_start_ns, now, t.start, t.len);
        if t.phase == PhaseKind::Serial {
            self.makespan_ns = now;
            let next = self.pos + 1;
            self.start_phase(kernel, next);
        } else {
            self.request(kernel, thread);
        }
    }
}

impl Model for LoopSim<'_> {
    type Event = Ev;

    fn handle(&mut self, kernel: &mut Kernel<Ev>, event: Ev) {
        match event {
            Ev::Done { thread, gen } => {
                let t = thread as usize;
                if self.threads[t].gen == gen && self.threads[t].running.is_some() {
                    self.done(kernel, t);
                }
            }
            Ev::PhaseStart { pos } => self.start_phase(kernel, pos as usize),
            Ev::Timeline(ev) => {
                let changed = self.timeline.apply(kernel, &mut self.speed, ev);
                self.retime(kernel, &changed);
            }
        }
        // Chunks started or ended: the DRAM sharing may have changed every running chunk's speed.
        if self.speed.settle(kernel.now_ns()) {
            let running: Vec<usize> = (0..self.threads.len()).filter(|&t| self.threads[t].running.is_some()).map(|t| self.threads[t].core).collect();
            self.retime(kernel, &running);
        }
    }

    fn is_finished(&self) -> bool {
        self.pos >= self.program.order.len()
    }
}
