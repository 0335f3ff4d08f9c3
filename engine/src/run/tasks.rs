//! The task level: builds the scenario's DAG once and runs it under every listed task scheduler.

use super::{Extras, Run, ScenarioResult};
use crate::error::InputResult;
use crate::metrics;
use crate::model::Level;
use crate::registry;
use crate::runtime::{run_tasks, RunInput};
use crate::scenario::Scenario;
use crate::sched::common::SchedOptions;
use crate::sched::Costs;
use crate::sim::Meter;

/// Runs the scenario's task DAG under every listed task scheduler, metered by `meter`.
pub fn run(scenario: &Scenario, meter: &mut Meter) -> InputResult<ScenarioResult> {
    let graph = scenario.build_graph()?;
    let reserve_segments = super::budget::estimate(scenario)?.segments_per_run(scenario.schedulers.len());
    let mut runs = Vec::with_capacity(scenario.schedulers.len());
    for (i, name) in scenario.schedulers.iter().enumerate() {
        let options = SchedOptions { n_cores: scenario.platform.n_cores(), explore_one_in: scenario.runtime.explore_one_in };
        let scheduler = registry::task(name, &options, &format!("schedulers[{i}]"))?;
        let input = RunInput {
            platform: &scenario.platform,
            classes: &scenario.classes,
            graph: &graph,
            events: &scenario.events,
            costs: costs(&scenario.runtime),
            ptt_weight: scenario.runtime.ptt_weight,
            seed: scenario.seed,
            reserve_segments,
        };
        let output = run_tasks(&input, scheduler, meter).map_err(|e| super::at_scheduler(e, i))?;
        meter.keep(output.record.len()).map_err(|e| super::at_scheduler(e.into(), i))?;
        let metrics = metrics::compute(&scenario.platform, &output.record, output.makespan_ns, graph.len() as u64);
        runs.push(Run {
            scheduler: name.clone(),
            record: output.record,
            metrics,
            extras: Extras::Tasks(output.extras),
            events_handled: output.events_handled,
        });
    }
    Ok(ScenarioResult { level: Level::Tasks, groups: graph.type_names.clone(), graph: Some(graph), runs })
}

/// The runtime's scheduling costs from the scenario's options.
pub fn costs(runtime: &crate::scenario::RuntimeOptions) -> Costs {
    Costs { steal_ns: runtime.steal_ns, ptt_search_ns: runtime.ptt_search_ns, dispatch_ns: runtime.dispatch_ns }
}
