//! Runs a scenario: builds its workload once, runs every listed scheduler on it with the scenario's seed, and returns one
//! level-tagged result — the same shape at every level (docs/model-reference.md §0, "one model, three levels").
//!
//! ```text
//!  Scenario ──validate──▶ level = workload.level() ──▶ tasks.rs │ loops.rs │ os.rs ──▶ ScenarioResult { level, groups, runs: [Run] }
//!                                                                                        Run = record + metrics + extras(level)
//! ```

pub mod budget;
pub mod loops;
pub mod os;
pub mod tasks;

use serde::Serialize;

use crate::error::{InputError, InputResult};
use crate::loops::LoopExtras;
use crate::metrics::Metrics;
pub use crate::model::Level;
use crate::model::TaskGraph;
use crate::os::OsMetrics;
pub use crate::runtime::Detail;
use crate::runtime::TaskExtras;
use crate::scenario::Scenario;
use crate::sim::Meter;
use crate::trace::ScheduleRecord;

/// What one run adds to the common metrics, by level. Serialised with a `level` tag: `{"level":"tasks", …}`.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[serde(tag = "level", rename_all = "snake_case")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Extras {
    /// Task runtime: priority places, tasks per core, PTT history (and the decision log, fetched on demand).
    Tasks(TaskExtras),
    /// Loop level: thread mapping, removals, imbalance, SF per loop (and the chunk columns).
    Loops(LoopExtras),
    /// OS level: speedups against the ideal bound, normalised energy and EDP, migrations, spread over repeats.
    Os(OsMetrics),
}

impl Extras {
    /// The level these extras belong to.
    pub fn level(&self) -> Level {
        match self {
            Extras::Tasks(_) => Level::Tasks,
            Extras::Loops(_) => Level::Loops,
            Extras::Os(_) => Level::Os,
        }
    }
}

/// One scheduler's run of a scenario.
pub struct Run {
    /// Scheduler spec as listed in the scenario (`pbs[lb=off]`).
    pub scheduler: String,
    /// The schedule: segments sorted by lane and start, frequency and interference intervals, migrations.
    pub record: ScheduleRecord,
    /// The metrics every level reports.
    pub metrics: Metrics,
    /// What this level adds.
    pub extras: Extras,
    /// Kernel events handled (a measure of simulation work).
    pub events_handled: u64,
}

impl Run {
    /// The task runtime's extras, for a task-level run.
    pub fn task_extras(&self) -> Option<&TaskExtras> {
        match &self.extras {
            Extras::Tasks(t) => Some(t),
            _ => None,
        }
    }

    /// The loop level's extras, for a loop-level run.
    pub fn loop_extras(&self) -> Option<&LoopExtras> {
        match &self.extras {
            Extras::Loops(l) => Some(l),
            _ => None,
        }
    }

    /// The OS level's metrics, for an OS-level run.
    pub fn os_metrics(&self) -> Option<&OsMetrics> {
        match &self.extras {
            Extras::Os(o) => Some(o),
            _ => None,
        }
    }
}

/// Every run of a scenario.
pub struct ScenarioResult {
    /// The level every run belongs to.
    pub level: Level,
    /// Names behind the records' `group` column: task types, loop activities or applications.
    pub groups: Vec<String>,
    /// The DAG every scheduler ran (task level only).
    pub graph: Option<TaskGraph>,
    /// One run per listed scheduler, in order.
    pub runs: Vec<Run>,
}

/// Validates `scenario`, checks its estimated work against the default [`budget::Limits`], and runs every listed
/// scheduler on the same workload and seed within those limits, recording segments and metrics (task runs keep only the
/// final PTT and count their decisions; see [`run_with`]).
pub fn run(scenario: &Scenario) -> InputResult<ScenarioResult> {
    run_with(scenario, Detail::default())
}

/// [`run`], with task runs also recording `detail` (the decision log, the PTT history) for every scheduler.
pub fn run_with(scenario: &Scenario, detail: Detail) -> InputResult<ScenarioResult> {
    let limits = budget::Limits::default();
    let estimate = budget::check(scenario, &limits)?;
    run_metered(scenario, detail, &mut estimate.meter(&limits))
}

/// Validates `scenario` and runs every listed scheduler recording `detail`, counting events and kept segments with
/// `meter` (which may stop the runs at its limits or when its progress callback cancels them). No estimate is checked:
/// see [`run_with`].
pub fn run_metered(scenario: &Scenario, detail: Detail, meter: &mut Meter) -> InputResult<ScenarioResult> {
    scenario.validate()?;
    match &scenario.workload {
        crate::model::Workload::Layered(_) | crate::model::Workload::Dag(_) => tasks::run(scenario, detail, meter),
        #[cfg(feature = "full")]
        crate::model::Workload::LoopProgram(program) => loops::run(scenario, program, meter),
        #[cfg(feature = "full")]
        crate::model::Workload::Applications(mix) => os::run(scenario, mix, meter),
        #[cfg(not(feature = "full"))]
        other => Err(crate::registry::elsewhere(other.level(), "workload.kind")),
    }
}

/// `e` as the error of the run of `schedulers[i]`, when it names no field of its own (a run the meter stopped).
pub(crate) fn at_scheduler(mut e: InputError, i: usize) -> InputError {
    if e.path.is_empty() {
        e.path = format!("schedulers[{i}]");
    }
    e
}
