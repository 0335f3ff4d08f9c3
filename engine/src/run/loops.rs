//! The loop level: builds the scenario's loop program once, then runs each listed loop schedule on it.

use super::{Extras, Run, ScenarioResult};
use crate::error::InputResult;
use crate::loops::run_loops;
use crate::loops::schedule::PHASE_NAMES;
use crate::metrics;
use crate::model::loops::LoopProgram;
use crate::model::Level;
use crate::registry;
use crate::scenario::Scenario;
use crate::sim::{Meter, Rng};

/// Runs every listed loop schedule on `program` with the scenario's seed, metered by `meter`.
pub fn run(scenario: &Scenario, program: &LoopProgram, meter: &mut Meter) -> InputResult<ScenarioResult> {
    let mut rng = Rng::new(scenario.seed ^ 0x100F_5EED);
    let built = program.build(&scenario.platform, &scenario.classes, &mut rng, "workload")?;
    let mut runs = Vec::with_capacity(scenario.schedulers.len());
    for (i, name) in scenario.schedulers.iter().enumerate() {
        let schedule = registry::loop_schedule(name, &format!("schedulers[{i}]"))?;
        let out = run_loops(&scenario.platform, &scenario.classes, &scenario.events, &built, schedule, scenario.seed, meter).map_err(|e| super::at_scheduler(e, i))?;
        meter.keep(out.record.len()).map_err(|e| super::at_scheduler(e.into(), i))?;
        let mut extras = out.extras;
        extras.metrics.schedule = name.clone();
        let metrics = metrics::compute(&scenario.platform, &out.record, out.makespan_ns, extras.metrics.iterations);
        runs.push(Run { scheduler: name.clone(), record: out.record, metrics, extras: Extras::Loops(extras), events_handled: out.events_handled });
    }
    Ok(ScenarioResult { level: Level::Loops, groups: PHASE_NAMES.iter().map(|s| s.to_string()).collect(), graph: None, runs })
}
