//! The one place that runs a scenario for the claims and reads its numbers: each scheduler's run becomes
//! `{"scheduler", "metrics": {…common…}, "extras": {"level", …}}`, the shape of `summary::RunInfo`; claim paths
//! (`metrics.makespan_ns`, `extras.speedup`) are written against it.

use serde_json::{json, Value};

use crate::error::{InputError, InputResult};
use crate::run::{Run, ScenarioResult};
use crate::scenario::Scenario;

/// One scheduler's run as `{"scheduler", "metrics", "extras"}`.
pub fn run_values(run: &Run) -> Value {
    json!({ "scheduler": run.scheduler, "metrics": run.metrics, "extras": run.extras })
}

/// Every run of a result, in order.
pub fn result_values(result: &ScenarioResult) -> Vec<Value> {
    result.runs.iter().map(run_values).collect()
}

/// Runs `scenario` (every listed scheduler) and reads its runs.
pub fn run(scenario: &Scenario) -> InputResult<Vec<Value>> {
    let result = crate::run::run(scenario)?;
    if result.runs.is_empty() {
        return Err(InputError::new("schedulers", "no run"));
    }
    Ok(result_values(&result))
}
