//! The thread simulator proper: applications' threads, their items of work and barriers, on the shared run queues of
//! `os/runqueue.rs` (slices, ticks, migrations; see the module diagram in `os/mod.rs`).

use super::runqueue::{OsSetting, QueueEv, Rules, RunQueue, Thread, Workload};
use super::{AppInfo, OsScheduler, ThreadState};
use crate::error::InputError;
use crate::model::apps::{AppRun, Split};
use crate::model::items::{region_items, Items};
use crate::sim::{Kernel, Meter, Model, Simulation, StepOutcome, TimeNs};
use crate::trace::ScheduleRecord;

mod phases;

/// libgomp's spin when its threads outnumber the CPUs it may use, as a share of the full spin: `do_spin` then polls
/// `gomp_throttled_spin_count_var` times, 100 when `OMP_WAIT_POLICY` is unset, instead of `GOMP_SPINCOUNT`'s 300,000
/// (libgomp `env.c`: "Use very short spinning").
const THROTTLED_SPIN_SHARE: f64 = 100.0 / 300_000.0;

/// Everything a thread run needs besides the policy.
pub struct OsInput<'a> {
    /// The platform, classes, timeline, costs and seed.
    pub setting: OsSetting<'a>,
    /// The applications, in task-queue order.
    pub apps: &'a [AppRun],
    /// Forces every parallel region to this split (loop-static / loop-dynamic), or keeps each profile's.
    pub split_override: Option<Split>,
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

/// The applications' side of the thread simulator: their phases and progress.
struct Apps<'a> {
    apps: &'a [AppRun],
    split_override: Option<Split>,
    app_st: Vec<AppSt>,
    /// Per thread: it took its item of the current phase (serial and evenly split phases).
    taken: Vec<bool>,
    /// Per application and phase: the parallel region's work items, when the profile's items are uneven.
    items: Vec<Vec<Option<Items>>>,
    apps_left: usize,
}

struct AppSt {
    phase: usize,
    arrived: u32,
    chunks_left: u32,
    first_thread: usize,
    done_ns: Option<TimeNs>,
}

impl Workload for Apps<'_> {
    type Ev = QueueEv;

    fn app_infos(&self, _threads: &[Thread]) -> Vec<AppInfo> {
        self.apps.iter().zip(&self.app_st).map(|(a, s)| AppInfo { preference: a.preference, threads: a.threads, done: s.done_ns.is_some() }).collect()
    }

    fn live(&self) -> bool {
        self.apps_left > 0
    }
}

struct OsSim<'a> {
    rq: RunQueue<'a>,
    work: Apps<'a>,
}

/// Runs the mix under `sched` to completion; `meter` counts its events and segments against the scenario's limits.
pub fn simulate(input: &OsInput, sched: Box<dyn OsScheduler>, meter: &mut Meter) -> Result<OsOutput, InputError> {
    let mut threads = Vec::new();
    let mut app_st = Vec::new();
    for (a, app) in input.apps.iter().enumerate() {
        app_st.push(AppSt { phase: 0, arrived: 0, chunks_left: 0, first_thread: threads.len(), done_ns: None });
        threads.extend((0..app.threads).map(|local| Thread::new(a, local, app.class, None)));
    }
    let setting = &input.setting;
    let items = input.apps.iter().map(|app| region_items(app, setting.seed)).collect();
    let work = Apps { apps: input.apps, split_override: input.split_override, app_st, taken: vec![false; threads.len()], items, apps_left: input.apps.len() };
    let rq = RunQueue::new(setting, Rules { refill: true, nested_balance: false }, 1024, sched, threads);
    let mut sim = Simulation::new(OsSim { rq, work }, setting.seed);
    {
        let Simulation { kernel, model } = &mut sim;
        model.rq.schedule_initial(kernel);
        for a in 0..input.apps.len() {
            model.setup_phase(kernel, a, None);
        }
        model.rq.schedule_first_tick(kernel);
    }
    let n_threads = sim.model.rq.threads.len() as u64;
    let budget = 50_000_000u64.saturating_add(n_threads.saturating_mul(2_000_000));
    loop {
        match sim.step() {
            StepOutcome::Handled => {
                meter.tick(sim.model.rq.segments())?;
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
    let OsSim { rq, work } = sim.model;
    let app_done_ns: Vec<TimeNs> = work.app_st.iter().map(|a| a.done_ns.unwrap_or(0)).collect();
    let makespan_ns = app_done_ns.iter().copied().max().unwrap_or(0);
    Ok(OsOutput { record: rq.finish(makespan_ns), makespan_ns, app_done_ns, events_handled })
}

impl OsSim<'_> {
    /// The policy's core for `t`, the least loaded online core when it names none.
    fn place(&mut self, kernel: &mut Kernel<QueueEv>, t: usize, wake: bool) -> usize {
        self.rq.place(kernel, &self.work, t, wake, None).unwrap_or_else(|| self.rq.least_loaded())
    }

    /// The item `t` ran on `core` is done: its next item of the phase, else the barrier. A loop version's waiter spins
    /// there first (libgomp, docs/model-reference.md §3c): its core stays busy until the barrier releases it or the spin
    /// runs out and it sleeps.
    fn item_done(&mut self, kernel: &mut Kernel<QueueEv>, core: usize, t: usize) {
        let app_done = self.work.app_st[self.rq.threads[t].info.app].done_ns.is_some();
        if app_done || self.rq.threads[t].spinning {
            self.rq.sleep(kernel, core, if app_done { ThreadState::Done } else { ThreadState::Blocked });
            self.rq.threads[t].spinning = false;
            self.rq.next_on_core(kernel, &mut self.work, core);
            return;
        }
        if let Some(w) = self.take_item(t) {
            self.rq.threads[t].work_left = w * self.removal_stretch(t, core);
            self.rq.schedule_completion(kernel, core);
            return;
        }
        if self.spins() {
            let spin = self.spin_work(t);
            self.rq.set_item(kernel, t, spin, true);
            self.arrive(kernel, t);
            return;
        }
        self.rq.sleep(kernel, core, ThreadState::Blocked);
        self.arrive(kernel, t);
        self.rq.next_on_core(kernel, &mut self.work, core);
    }

    /// True when waiters spin before they sleep: the loop versions, with a spin configured.
    fn spins(&self) -> bool {
        self.work.split_override.is_some() && self.rq.options().barrier_spin_ns > 0
    }

    /// `t`'s spin as work: `barrier_spin_ns` on the fastest online core, longer on slower ones in proportion; a team with
    /// more threads than the platform has cores spins [`THROTTLED_SPIN_SHARE`] of that (docs/model-reference.md §3c).
    fn spin_work(&self, t: usize) -> f64 {
        let team = self.work.apps[self.rq.threads[t].info.app].threads as usize;
        let throttle = if team > self.rq.n_cores() { THROTTLED_SPIN_SHARE } else { 1.0 };
        self.rq.options().barrier_spin_ns as f64 * throttle * self.fastest_ratio(self.rq.threads[t].class)
    }

    /// The highest ratio among the online cores for `class`: work of `x × ratio` takes `x` ns on the fastest core, the
    /// measure of libgomp's per-call costs (a removal's local part, the spin), which slower cores take longer to run.
    fn fastest_ratio(&self, class: usize) -> f64 {
        (0..self.rq.n_cores()).filter(|&c| self.rq.is_online(c)).map(|c| self.rq.base_ratio(c, class)).fold(f64::MIN_POSITIVE, f64::max)
    }
}

impl Model for OsSim<'_> {
    type Event = QueueEv;

    fn handle(&mut self, kernel: &mut Kernel<QueueEv>, event: QueueEv) {
        if let Some((core, t)) = self.rq.handle(kernel, &mut self.work, event) {
            self.item_done(kernel, core, t);
        }
        self.rq.settle(kernel);
    }

    fn is_finished(&self) -> bool {
        self.work.apps_left == 0
    }
}
