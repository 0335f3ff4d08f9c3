//! Threads as run bursts (the replay of a recorded trace, docs/importing-traces.md): each thread runs a sequence of bursts of
//! work separated by sleeps; a burst becomes runnable at its release, which is a fixed time or follows a wake-up edge
//! (waker → wakee: the waker's burst started `lag_ns` before it woke the wakee), and never before the thread's previous burst ended.
//!
//! The placement and balancing are any [`OsScheduler`]'s (`linux`, `gts`, `pbs`, …): a burst that starts after a sleep is a wake-up
//! (`place(wake = true)`, or `place_sync` for a synchronous wake edge whose waker still runs), a burst that resumes after a
//! preemption goes back to its previous core's queue unplaced, and a thread whose next burst is already released keeps running on its core. Time slices, ticks with
//! utilisation tracking, migrations and speed changes are the run queues the application simulator (`os/sim/`) uses too
//! (`os/runqueue.rs`), without the L2 refill on a cross-cluster move (the recorded bursts include it). Each thread is an
//! application of its own for the policies that look at applications.

use super::runqueue::{OsSetting, QueueEv, Rules, RunQueue, Thread, Workload};
use super::{AppInfo, BalanceReason, OsScheduler, ThreadState};
use crate::error::InputError;
use crate::model::timeline::TimelineEv;
use crate::sim::{Kernel, Model, Simulation, StepOutcome, TimeNs};
use crate::trace::ScheduleRecord;

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
    /// The platform, one work class (index 0) for every thread, the timeline (the recorded frequency changes), costs and seed.
    pub setting: OsSetting<'a>,
    /// The threads.
    pub threads: &'a [BurstThread],
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
    /// One of the run queues'.
    Queue(QueueEv),
}

impl From<QueueEv> for Ev {
    fn from(ev: QueueEv) -> Self {
        Ev::Queue(ev)
    }
}

impl From<TimelineEv> for Ev {
    fn from(ev: TimelineEv) -> Self {
        Ev::Queue(QueueEv::Timeline(ev))
    }
}

/// A wake-up edge leaving a burst: `lag_ns` after it starts, it releases burst `burst` of thread `wakee`.
#[derive(Clone, Copy)]
struct WakeEdge {
    wakee: u32,
    burst: u32,
    lag_ns: TimeNs,
    /// A synchronous wake-up (`WF_SYNC`).
    sync: bool,
}

/// The bursts' side of the replay: which burst each thread is at, and the wake-up edges.
struct Bursts<'a> {
    input: &'a BurstInput<'a>,
    /// Wake edges leaving each (thread, burst).
    edges: Vec<Vec<Vec<WakeEdge>>>,
    /// Per thread: its current burst.
    next: Vec<usize>,
    /// Per thread and burst: released.
    released: Vec<Vec<bool>>,
    /// Per thread: its current burst has run.
    started: Vec<bool>,
    /// Bursts not yet done.
    left: usize,
    end_ns: TimeNs,
}

impl Bursts<'_> {
    /// The first time a burst runs, the wake-ups it makes are scheduled.
    fn burst_started(&self, kernel: &mut Kernel<Ev>, t: usize, at: TimeNs) {
        for e in &self.edges[t][self.next[t]] {
            kernel.schedule_at(at.saturating_add(e.lag_ns), Ev::Release { thread: e.wakee, burst: e.burst, sync_waker: e.sync.then_some(t as u32) });
        }
    }
}

/// Each thread is an application of its own.
impl Workload for Bursts<'_> {
    type Ev = Ev;

    fn app_infos(&self, threads: &[Thread]) -> Vec<AppInfo> {
        threads.iter().map(|t| AppInfo { preference: 0, threads: 1, done: t.info.state == ThreadState::Done }).collect()
    }

    fn live(&self) -> bool {
        self.left > 0
    }

    fn on_start(&mut self, kernel: &mut Kernel<Ev>, t: usize, begin_ns: TimeNs) {
        if !std::mem::replace(&mut self.started[t], true) {
            self.burst_started(kernel, t, begin_ns);
        }
    }
}

struct BurstSim<'a> {
    rq: RunQueue<'a>,
    work: Bursts<'a>,
}

/// Runs the burst workload under `sched` until every burst has run.
pub fn simulate_bursts(input: &BurstInput, sched: Box<dyn OsScheduler>) -> Result<BurstOutput, InputError> {
    let setting = &input.setting;
    let n_cores = setting.platform.n_cores();
    let mut edges: Vec<Vec<Vec<WakeEdge>>> = input.threads.iter().map(|t| vec![Vec::new(); t.bursts.len()]).collect();
    for (t, th) in input.threads.iter().enumerate() {
        if th.first_core.is_some_and(|c| c >= n_cores) {
            return Err(InputError::new(format!("threads[{t}].first_core"), format!("must be below {n_cores}")));
        }
        for (b, burst) in th.bursts.iter().enumerate() {
            if let Release::Woken { thread, burst: wb, lag_ns, sync } = burst.release {
                let Some(list) = edges.get_mut(thread as usize).and_then(|e| e.get_mut(wb as usize)) else {
                    return Err(InputError::new(format!("threads[{t}].bursts[{b}].release"), "names a burst that does not exist"));
                };
                list.push(WakeEdge { wakee: t as u32, burst: b as u32, lag_ns, sync });
            }
        }
    }
    let threads = input.threads.iter().enumerate().map(|(t, th)| Thread::new(t, 0, 0, th.first_core)).collect();
    let left = input.threads.iter().map(|t| t.bursts.len()).sum();
    let work = Bursts {
        input,
        edges,
        next: vec![0; input.threads.len()],
        released: input.threads.iter().map(|t| vec![false; t.bursts.len()]).collect(),
        started: vec![false; input.threads.len()],
        left,
        end_ns: 0,
    };
    let rq = RunQueue::new(setting, Rules { refill: false, nested_balance: true }, left * 2, sched, threads);
    let mut sim = Simulation::new(BurstSim { rq, work }, setting.seed);
    sim.model.rq.schedule_initial(&mut sim.kernel);
    for (t, th) in input.threads.iter().enumerate() {
        for (b, burst) in th.bursts.iter().enumerate() {
            if let Release::At(at) | Release::Resume(at) = burst.release {
                sim.kernel.schedule_at(at, Ev::Release { thread: t as u32, burst: b as u32, sync_waker: None });
            }
        }
    }
    sim.model.rq.schedule_first_tick(&mut sim.kernel);
    let budget = 20_000_000u64.saturating_add((left as u64).saturating_mul(200));
    while !sim.model.is_finished() {
        match sim.step() {
            StepOutcome::Handled if sim.kernel.events_handled() > budget => {
                return Err(InputError::new("", "burst replay did not finish within its event budget"));
            }
            StepOutcome::Handled => {}
            StepOutcome::Finished => break,
            StepOutcome::Stalled => {
                return Err(InputError::new("", format!("burst replay stalled at {} ns with {} bursts left", sim.kernel.now_ns(), sim.model.work.left)));
            }
        }
    }
    let events_handled = sim.kernel.events_handled();
    let BurstSim { rq, work } = sim.model;
    Ok(BurstOutput { record: rq.finish(work.end_ns), makespan_ns: work.end_ns, events_handled })
}

impl BurstSim<'_> {
    fn wake(&mut self, kernel: &mut Kernel<Ev>, t: usize, sync_waker: Option<usize>) {
        let burst = &self.work.input.threads[t].bursts[self.work.next[t]];
        self.rq.threads[t].work_left = burst.work_ns;
        self.work.started[t] = false;
        if self.work.input.follow_recorded {
            if let Some(c) = burst.recorded_core.filter(|&c| c < self.rq.n_cores()) {
                self.rq.threads[t].info.prev_core = Some(c);
            }
        }
        // A synchronous wake-up from a thread still running: the policy may queue the wakee behind it (`WF_SYNC`).
        let waker_core = sync_waker.and_then(|w| self.rq.threads.get(w)).filter(|w| w.info.state == ThreadState::Running).and_then(|w| w.info.core);
        let resume = matches!(burst.release, Release::Resume(_));
        if let Some(prev) = self.rq.threads[t].info.prev_core.filter(|&c| resume && self.rq.is_online(c)) {
            self.rq.enqueue(kernel, &mut self.work, prev, t);
            return;
        }
        let core = self.rq.place(kernel, &self.work, t, true, waker_core).unwrap_or_else(|| self.rq.first_online());
        self.rq.enqueue(kernel, &mut self.work, core, t);
        self.rq.balance(kernel, &mut self.work, BalanceReason::Wake);
    }

    fn release(&mut self, kernel: &mut Kernel<Ev>, t: usize, b: usize, sync_waker: Option<usize>) {
        self.work.released[t][b] = true;
        if self.work.next[t] == b && matches!(self.rq.threads[t].info.state, ThreadState::New | ThreadState::Blocked) {
            self.wake(kernel, t, sync_waker);
        }
    }

    /// The burst `t` ran on `core` is done: the next one follows at once when it was released meanwhile, else the thread
    /// sleeps.
    fn done(&mut self, kernel: &mut Kernel<Ev>, core: usize, t: usize) {
        let now = kernel.now_ns();
        let w = &mut self.work;
        w.left -= 1;
        w.end_ns = w.end_ns.max(now);
        w.next[t] += 1;
        let (next, bursts) = (w.next[t], &w.input.threads[t].bursts);
        if next < bursts.len() && w.released[t][next] {
            // Released while it ran: no sleep, the next burst follows on the same core.
            self.rq.threads[t].work_left = bursts[next].work_ns;
            w.burst_started(kernel, t, now);
            self.rq.schedule_completion(kernel, core);
            return;
        }
        self.rq.sleep(kernel, core, if next < bursts.len() { ThreadState::Blocked } else { ThreadState::Done });
        self.rq.next_on_core(kernel, &mut self.work, core);
    }
}

impl Model for BurstSim<'_> {
    type Event = Ev;

    fn handle(&mut self, kernel: &mut Kernel<Ev>, event: Ev) {
        match event {
            Ev::Release { thread, burst, sync_waker } => self.release(kernel, thread as usize, burst as usize, sync_waker.map(|w| w as usize)),
            Ev::Queue(ev) => {
                if let Some((core, t)) = self.rq.handle(kernel, &mut self.work, ev) {
                    self.done(kernel, core, t);
                }
            }
        }
        self.rq.settle(kernel);
    }

    fn is_finished(&self) -> bool {
        self.work.left == 0
    }
}
