//! The one place that runs a scenario for the claims and reads its numbers: each scheduler's run becomes
//! `{"scheduler", "metrics": {…common…}, "extras": {"level", …}}`, where `extras` holds the level's own metrics
//! (what `Metrics` carries today as `task_runtime`, `loops` or `os`). Claim paths are written against this shape.

use serde_json::{json, Value};

use crate::error::{InputError, InputResult};
use crate::scenario::{Scenario, ScenarioResult, SchedulerRun};

/// The level parts of today's `Metrics`, with the level tag each gets in `extras`.
const LEVEL_PARTS: [(&str, &str); 3] = [("task_runtime", "tasks"), ("loops", "loops"), ("os", "os")];

/// One scheduler's run as `{"scheduler", "metrics", "extras"}`.
pub fn run_values(run: &SchedulerRun) -> Value {
    let mut metrics = serde_json::to_value(&run.metrics).unwrap_or(Value::Null);
    let mut extras = json!({});
    if let Some(m) = metrics.as_object_mut() {
        for (key, level) in LEVEL_PARTS {
            if let Some(Value::Object(part)) = m.remove(key) {
                let mut e = serde_json::Map::new();
                e.insert("level".into(), level.into());
                e.extend(part);
                extras = Value::Object(e);
            }
        }
    }
    json!({ "scheduler": run.scheduler, "metrics": metrics, "extras": extras })
}

/// Every run of a result, in order.
pub fn result_values(result: &ScenarioResult) -> Vec<Value> {
    result.runs.iter().map(run_values).collect()
}

/// Runs `scenario` (every listed scheduler) and reads its runs.
pub fn run(scenario: &Scenario) -> InputResult<Vec<Value>> {
    let result = scenario.run()?;
    if result.runs.is_empty() {
        return Err(InputError::new("schedulers", "no run"));
    }
    Ok(result_values(&result))
}
