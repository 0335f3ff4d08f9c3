//! Plain-data views of a scenario's results shared by the CLI and the Wasm API: the run summary JSON (with the papers' claims
//! this run measures), the CLI's JSON and CSV.
//!
//! Both front ends print the same `metrics` objects, so native and Wasm results can be compared field by field.

use serde_json::{json, Value};

use crate::scenario::{Scenario, ScenarioResult};
use crate::trace::ScheduleRecord;

/// The summary the UI reads: platform layout, task types, and per run its metrics and intervals.
pub fn run_summary(scenario: &Scenario, result: &ScenarioResult) -> Value {
    let mut clusters = Vec::new();
    for (c, first) in scenario.platform.clusters.iter().zip(scenario.platform.first_cores()) {
        clusters.push(json!({
            "name": c.name,
            "core_type": c.core_type,
            "first_core": first,
            "cores": c.cores,
            "freqs_mhz": c.freqs_mhz,
            "freq_mhz": c.freq_mhz,
        }));
    }
    let runs: Vec<Value> = result
        .runs
        .iter()
        .map(|run| {
            json!({
                "scheduler": run.scheduler,
                "metrics": run.metrics,
                "events_handled": run.output.events_handled,
                "freq_intervals": run.output.record.freq,
                "interference_intervals": run.output.record.interference,
                "migrations": run.output.record.migrations,
            })
        })
        .collect();
    let mut summary = json!({
        "scenario_name": scenario.name,
        "platform": { "name": scenario.platform.name, "clusters": clusters, "n_cores": scenario.platform.n_cores() },
        "task_types": result.type_names,
        "runs": runs,
    });
    let claims = claims_on_run(scenario, result);
    if !claims.is_empty() {
        summary["claims"] = Value::Array(claims);
    }
    summary
}

/// The papers' claims this run measures, with their verdicts, when the scenario is (or was edited from) a preset
/// (empty otherwise): the "paper vs simulated" rows.
pub fn claims_on_run(scenario: &Scenario, result: &ScenarioResult) -> Vec<Value> {
    crate::claims::on_result(scenario, result).iter().filter_map(|r| serde_json::to_value(r).ok()).collect()
}

fn schedule_rows(record: &ScheduleRecord) -> Value {
    let rows: Vec<Value> = (0..record.len())
        .map(|i| {
            let s = record.get(i);
            json!({
                "core": s.core,
                "task": if s.task == crate::trace::NO_TASK { Value::Null } else { json!(s.task) },
                "task_type": s.task_type,
                "priority": s.priority,
                "leader": s.leader,
                "width": s.width,
                "kind": match s.kind { crate::trace::SegmentKind::Work => "work", crate::trace::SegmentKind::Overhead => "overhead", crate::trace::SegmentKind::Idle => "idle" },
                "start_ns": s.start_ns,
                "end_ns": s.end_ns,
            })
        })
        .collect();
    Value::Array(rows)
}

/// `asymlab run` output: `{"runs":[{"scheduler":…,"metrics":{…}}]}`, with segments when `with_schedule`.
pub fn cli_json(result: &ScenarioResult, with_schedule: bool) -> Value {
    let runs: Vec<Value> = result
        .runs
        .iter()
        .map(|run| {
            let mut v = json!({ "scheduler": run.scheduler, "metrics": run.metrics });
            if with_schedule {
                v["schedule"] = json!({
                    "segments": schedule_rows(&run.output.record),
                    "freq_intervals": run.output.record.freq,
                    "interference_intervals": run.output.record.interference,
                    "migrations": run.output.record.migrations,
                });
            }
            v
        })
        .collect();
    json!({ "runs": runs })
}

/// `asymlab run --format csv`: a header and one row per run; per-core columns are joined with `;`.
pub fn cli_csv(result: &ScenarioResult) -> String {
    let mut out = String::from(
        "scheduler,makespan_ns,tasks,throughput_tasks_per_s,energy_j,edp_js,avg_power_w,busy_ns_per_core,overhead_ns_per_core,idle_ns_per_core,utilisation_per_cluster\n",
    );
    let join = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(";");
    for run in &result.runs {
        let m = &run.metrics;
        let util = m.utilisation_per_cluster.iter().map(|u| u.to_string()).collect::<Vec<_>>().join(";");
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{},{},{},{}\n",
            run.scheduler,
            m.makespan_ns,
            m.tasks,
            m.throughput_tasks_per_s,
            m.energy_j,
            m.edp_js,
            m.avg_power_w,
            join(&m.busy_ns_per_core),
            join(&m.overhead_ns_per_core),
            join(&m.idle_ns_per_core),
            util
        ));
    }
    out
}
