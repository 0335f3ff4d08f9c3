//! Exporters of schedules, simulated or imported; `chrome.rs` writes Chrome Trace JSON that Perfetto UI and chrome://tracing open.
//!
//! A simulated run is first viewed as an [`ImportedTrace`] (one lane per core, frequencies per core), so one exporter serves both.

pub mod chrome;

use crate::import::{Format, FreqChange, ImportedTrace, LaneInfo};
use crate::run::ScenarioResult;
use crate::scenario::Scenario;
use crate::trace::SegmentKind;

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
