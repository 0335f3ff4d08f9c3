//! Exporters of schedules, simulated or imported (docs/exports.md): `chrome.rs` writes Chrome Trace JSON that Perfetto UI,
//! chrome://tracing and speedscope open; `layout.rs` puts slices on tracks; `extras.rs` adds a simulated run's flows and counters.
//!
//! A simulated run is first viewed as an [`ImportedTrace`] (one lane per core, frequencies per core), so one writer serves both.
//! [`scenario_chrome`] exports every run of a scenario (one process per scheduler), [`trace_chrome`] an imported trace.

pub mod chrome;
pub mod extras;
pub mod layout;

use serde_json::{Map, Value};

use self::chrome::{chrome_json, Process};
use crate::import::{Format, FreqChange, ImportedTrace, LaneInfo};
use crate::run::{Extras, ScenarioResult};
use crate::scenario::Scenario;
use crate::trace::SegmentKind;

/// The last component of a path (`/` or `\` separated): an export names a file, never the directories it sat in.
pub fn file_name(path: &str) -> &str {
    path.rsplit(['/', '\\']).find(|part| !part.is_empty()).unwrap_or("trace")
}

/// Chrome Trace JSON of every run of `scenario` (as `result` holds them): one process per scheduler, named after it and
/// labelled with the scenario, with dependency or migration arrows, interference, PTT and frequency counters.
pub fn scenario_chrome(scenario: &Scenario, result: &ScenarioResult) -> String {
    let traces: Vec<ImportedTrace> = (0..result.runs.len()).filter_map(|i| run_as_trace(scenario, result, i)).collect();
    let processes: Vec<Process<'_>> = result
        .runs
        .iter()
        .zip(&traces)
        .map(|(run, trace)| {
            let mut p = Process::new(run.scheduler.clone(), trace);
            p.labels.push(scenario.name.clone());
            match &run.extras {
                Extras::Tasks(t) => {
                    p.flows = result.graph.as_ref().map(|g| extras::dependency_flows(&trace.record, g)).unwrap_or_default();
                    p.counters = extras::ptt_counters(&t.metrics.ptt, &result.groups);
                }
                Extras::Loops(l) => p.columns = extras::chunk_columns(l),
                Extras::Os(_) => p.flows = extras::migration_flows(&run.record),
            }
            p.counters.extend(extras::interference_counters(scenario, run.metrics.makespan_ns));
            p
        })
        .collect();
    let mut meta = Map::new();
    meta.insert("scenario".into(), scenario.name.clone().into());
    meta.insert("level".into(), serde_json::to_value(result.level).unwrap_or(Value::Null));
    meta.insert("seed".into(), scenario.seed.into());
    meta.insert("schedulers".into(), result.runs.iter().map(|r| Value::from(r.scheduler.clone())).collect());
    chrome_json(&processes, meta)
}

/// Chrome Trace JSON of an imported trace, as one process named after the file it came from (its name only).
pub fn trace_chrome(trace: &ImportedTrace, source: &str) -> String {
    let name = file_name(source);
    let mut meta = Map::new();
    meta.insert("source".into(), name.into());
    meta.insert("format".into(), trace.format.name().into());
    chrome_json(&[Process::new(name, trace)], meta)
}

/// Views run `run` of a simulated scenario as a trace: lanes are cores, names are task types (plus `overhead`), frequencies per core.
pub fn run_as_trace(scenario: &Scenario, result: &ScenarioResult, run: usize) -> Option<ImportedTrace> {
    let r = result.runs.get(run)?;
    let record = r.record.clone();
    let cluster_of = scenario.platform.cluster_of_cores();
    let lanes: Vec<LaneInfo> = cluster_of
        .iter()
        .enumerate()
        .map(|(core, &c)| LaneInfo { label: format!("CPU {core} ({})", scenario.platform.clusters[c].name), cpu: Some(core as u32) })
        .collect();
    let mut names = result.groups.clone();
    let overhead = names.len() as u32;
    names.push("overhead".into());
    let mut record = record;
    for i in 0..record.len() {
        if record.kind[i] == SegmentKind::Overhead as u8 {
            record.group[i] = overhead;
        }
    }
    let first = scenario.platform.first_cores();
    let mut freq = Vec::new();
    for iv in &record.freq {
        let Some(cluster) = scenario.platform.clusters.get(iv.cluster as usize) else { continue };
        for core in 0..cluster.cores {
            let cpu = (first[iv.cluster as usize] as u32) + core;
            freq.push(FreqChange { cpu, t_ns: iv.start_ns, freq_khz: iv.freq_mhz.saturating_mul(1000) });
        }
    }
    freq.sort_by_key(|f| (f.cpu, f.t_ns));
    freq.dedup_by(|b, a| a.cpu == b.cpu && a.freq_khz == b.freq_khz);
    let span_ns = r.metrics.makespan_ns;
    let depth = vec![0; record.len()];
    Some(ImportedTrace {
        format: Format::Unknown,
        bytes: 0,
        record,
        depth,
        lanes,
        names,
        threads: Vec::new(),
        freq,
        span_ns,
        origin_ns: 0,
        diagnostics: Vec::new(),
        diagnostics_total: 0,
        events: Vec::new(),
        wakeups: Vec::new(),
    })
}
