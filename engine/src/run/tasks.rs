//! The task level: builds the scenario's DAG once and runs it under every listed task scheduler.
//!
//! A plain run records segments and metrics only; [`detail`] runs one scheduler again with the decision log and the
//! PTT history switched on, for the views that show them (runs are deterministic, so it is the same run).

use super::{Extras, Run, ScenarioResult};
use crate::error::{InputError, InputResult};
use crate::metrics;
use crate::model::{Level, TaskGraph};
use crate::registry;
use crate::runtime::{run_tasks, Detail, RunInput, TaskExtras};
use crate::scenario::Scenario;
use crate::sched::Costs;
use crate::sim::Meter;

/// Runs the scenario's task DAG under every listed task scheduler, recording `detail` beyond segments and metrics, metered
/// by `meter`.
pub fn run(scenario: &Scenario, detail: Detail, meter: &mut Meter) -> InputResult<ScenarioResult> {
    let graph = scenario.build_graph()?;
    let reserve_segments = super::budget::estimate(scenario)?.segments_per_run(scenario.schedulers.len());
    let mut runs = Vec::with_capacity(scenario.schedulers.len());
    for i in 0..scenario.schedulers.len() {
        runs.push(run_one(scenario, &graph, i, detail, reserve_segments, meter)?);
    }
    Ok(ScenarioResult { level: Level::Tasks, groups: graph.type_names.clone(), graph: Some(graph), runs })
}

/// Scheduler `index` of the scenario on `graph` (the scenario's DAG), its record reserved for `reserve_segments`.
fn run_one(scenario: &Scenario, graph: &TaskGraph, index: usize, detail: Detail, reserve_segments: usize, meter: &mut Meter) -> InputResult<Run> {
    let name = scenario.schedulers.get(index).ok_or_else(|| InputError::new("schedulers", format!("no scheduler {index}")))?;
    let options = scenario.sched_options();
    let scheduler = registry::task_in(name, &options, &scenario.custom_schedulers, &format!("schedulers[{index}]"))?;
    let input = RunInput {
        platform: &scenario.platform,
        classes: &scenario.classes,
        graph,
        events: &scenario.events,
        costs: costs(&scenario.runtime),
        ptt_weight: scenario.runtime.ptt_weight,
        slow_member_commits: scenario.runtime.slow_member_commits,
        seed: scenario.seed,
        reserve_segments,
        detail,
    };
    let output = run_tasks(&input, scheduler, meter).map_err(|e| super::at_scheduler(e, index))?;
    meter.keep(output.record.len()).map_err(|e| super::at_scheduler(e.into(), index))?;
    let metrics = metrics::compute(&scenario.platform, &output.record, output.makespan_ns, graph.len() as u64);
    Ok(Run { scheduler: name.clone(), record: output.record, metrics, extras: Extras::Tasks(output.extras), events_handled: output.events_handled })
}

/// The decision log and PTT history of scheduler `index`, from running it again on `result`'s DAG with everything recorded.
/// The re-run has the scenario's budget, less the segments `result` already keeps (both are in memory at once).
pub fn detail(scenario: &Scenario, result: &ScenarioResult, index: usize) -> InputResult<TaskExtras> {
    detail_within(scenario, result, index, &super::budget::Limits::default())
}

/// [`detail`] within `limits`; a re-run the budget refuses is an error that says what was asked and names the limit.
pub fn detail_within(scenario: &Scenario, result: &ScenarioResult, index: usize, limits: &super::budget::Limits) -> InputResult<TaskExtras> {
    let graph = result.graph.as_ref().ok_or_else(|| InputError::new("workload", "only task-level runs have a decision log and a PTT"))?;
    let estimate = super::budget::estimate(scenario)?;
    let mut meter = estimate.meter(limits);
    let refused = |e: InputError| {
        let name = scenario.schedulers.get(index).map_or("?", String::as_str);
        let message = format!(
            "the decision log and PTT history of {name} are recorded by simulating it again beside the schedules on show, and the work budget refuses that re-run: {}",
            e.message
        );
        InputError::new(format!("schedulers[{index}]"), message)
    };
    meter.keep(result.runs.iter().map(|r| r.record.len()).sum()).map_err(|e| refused(e.into()))?;
    let reserve_segments = result.runs.get(index).map_or(0, |r| r.record.len());
    let run = run_one(scenario, graph, index, Detail::ALL, reserve_segments, &mut meter)
        .map_err(|e| if e.path == format!("schedulers[{index}]") { refused(e) } else { e })?;
    match run.extras {
        Extras::Tasks(extras) => Ok(extras),
        _ => Err(InputError::new("workload", "only task-level runs have a decision log and a PTT")),
    }
}

/// The runtime's scheduling costs from the scenario's options.
pub fn costs(runtime: &crate::scenario::RuntimeOptions) -> Costs {
    Costs { steal_ns: runtime.steal_ns, ptt_search_ns: runtime.ptt_search_ns, dispatch_ns: runtime.dispatch_ns }
}
