//! Runs a scenario whose workload is a loop program: builds the program once, then each listed loop schedule on it.

use crate::error::InputResult;
use crate::metrics;
use crate::model::loops::LoopProgram;
use crate::model::TaskGraph;
use crate::runtime::RunOutput;
use crate::scenario::{Scenario, ScenarioResult, SchedulerRun};
use crate::sched::Ptt;
use crate::sim::Rng;

use super::schedule::PHASE_NAMES;
use super::{registry, run_loops};

/// Runs every listed loop schedule on `program` with the scenario's seed.
pub fn run_program(scenario: &Scenario, program: &LoopProgram) -> InputResult<ScenarioResult> {
    let mut rng = Rng::new(scenario.seed ^ 0x100F_5EED);
    let built = program.build(&scenario.platform, &scenario.classes, &mut rng, "workload")?;
    let mut runs = Vec::with_capacity(scenario.schedulers.len());
    for (i, name) in scenario.schedulers.iter().enumerate() {
        let schedule = registry::build(name, &format!("schedulers[{i}]"))?;
        let out = run_loops(&scenario.platform, &scenario.classes, &scenario.events, &built, schedule, scenario.seed)?;
        let mut loop_metrics = out.metrics;
        loop_metrics.schedule = name.clone();
        let mut m = metrics::compute(&scenario.platform, &out.record, out.makespan_ns, loop_metrics.iterations);
        m.loops = Some(loop_metrics);
        let output = RunOutput { record: out.record, makespan_ns: out.makespan_ns, events_handled: out.events_handled, ptt: Ptt::new(1, 1, 0.2) };
        runs.push(SchedulerRun { scheduler: name.clone(), output, metrics: m });
    }
    Ok(ScenarioResult { graph: TaskGraph::default(), type_names: PHASE_NAMES.iter().map(|s| s.to_string()).collect(), runs })
}
