//! The metrics every run reports at every level, derived from its schedule record (docs/model-reference.md §5): makespan, throughput,
//! busy/idle/overhead per core, utilisation per cluster, energy and EDP. What a level adds lives with that level
//! (`runtime::metrics`, `loops::metrics`, `os::metrics`).

use serde::Serialize;

use crate::model::Platform;
use crate::sim::TimeNs;
use crate::trace::{ScheduleRecord, SegmentKind};

/// The metrics every run reports.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Metrics {
    /// Time the last item finished.
    pub makespan_ns: TimeNs,
    /// Number of items completed: tasks (task runtime), iterations (loops), threads (OS level).
    pub tasks: u64,
    /// Items per second of simulated time.
    pub throughput_tasks_per_s: f64,
    /// Energy of the whole platform over the run, joules.
    pub energy_j: f64,
    /// Energy × makespan, joule-seconds.
    pub edp_js: f64,
    /// Energy / makespan, watts.
    pub avg_power_w: f64,
    /// Time each core spent running work.
    pub busy_ns_per_core: Vec<TimeNs>,
    /// Time each core spent on scheduling overhead (steals, searches, dispatch, pool removals, barriers, migrations).
    pub overhead_ns_per_core: Vec<TimeNs>,
    /// Time each core was idle.
    pub idle_ns_per_core: Vec<TimeNs>,
    /// Busy time over capacity, per cluster, in [0, 1].
    pub utilisation_per_cluster: Vec<f64>,
}

/// Derives the metrics of a run. `record` must hold the run's frequency intervals.
pub fn compute(platform: &Platform, record: &ScheduleRecord, makespan_ns: TimeNs, tasks: u64) -> Metrics {
    let n_cores = platform.n_cores();
    let cluster_of = platform.cluster_of_cores();
    let mut busy = vec![0u64; n_cores];
    let mut overhead = vec![0u64; n_cores];
    for i in 0..record.len() {
        let core = record.lane[i] as usize;
        let duration = record.end_ns[i].saturating_sub(record.start_ns[i]);
        if record.kind[i] == SegmentKind::Work as u8 {
            busy[core] += duration;
        } else if record.kind[i] == SegmentKind::Overhead as u8 {
            overhead[core] += duration;
        }
    }
    let idle: Vec<u64> = (0..n_cores).map(|c| makespan_ns.saturating_sub(busy[c] + overhead[c])).collect();
    let mut utilisation = vec![0.0; platform.clusters.len()];
    for (cluster, c) in platform.clusters.iter().enumerate() {
        let sum: u64 = (0..n_cores).filter(|&core| cluster_of[core] == cluster).map(|core| busy[core]).sum();
        let capacity = c.cores as f64 * makespan_ns as f64;
        utilisation[cluster] = if capacity > 0.0 { sum as f64 / capacity } else { 0.0 };
    }
    let energy_j = energy_j(platform, record, makespan_ns);
    let seconds = makespan_ns as f64 * 1e-9;
    Metrics {
        makespan_ns,
        tasks,
        throughput_tasks_per_s: if seconds > 0.0 { tasks as f64 / seconds } else { 0.0 },
        energy_j,
        edp_js: energy_j * seconds,
        avg_power_w: if seconds > 0.0 { energy_j / seconds } else { 0.0 },
        busy_ns_per_core: busy,
        overhead_ns_per_core: overhead,
        idle_ns_per_core: idle,
        utilisation_per_cluster: utilisation,
    }
}

/// Energy: every core draws idle power at its cluster's level all run long, plus (active − idle) while it works or schedules,
/// plus its cluster's `cluster_w` while any of the cluster's cores does.
pub fn energy_j(platform: &Platform, record: &ScheduleRecord, makespan_ns: TimeNs) -> f64 {
    let cluster_of = platform.cluster_of_cores();
    // Frequency intervals per cluster, sorted by start (the record keeps them so).
    let mut per_cluster: Vec<Vec<(TimeNs, TimeNs, usize)>> = vec![Vec::new(); platform.clusters.len()];
    for f in &record.freq {
        let c = f.cluster as usize;
        let level = platform.level_of(c, f.freq_mhz).unwrap_or(0);
        per_cluster[c].push((f.start_ns, f.end_ns, level));
    }
    let mut nanojoules = 0.0f64;
    for (c, cluster) in platform.clusters.iter().enumerate() {
        for &(start, end, level) in &per_cluster[c] {
            let end = end.min(makespan_ns);
            if end > start {
                nanojoules += cluster.idle_w[level] * cluster.cores as f64 * (end - start) as f64;
            }
        }
    }
    let mut busy_per_cluster: Vec<Vec<(TimeNs, TimeNs)>> = vec![Vec::new(); platform.clusters.len()];
    for i in 0..record.len() {
        if record.kind[i] == SegmentKind::Idle as u8 {
            continue;
        }
        let c = cluster_of[record.lane[i] as usize];
        let cluster = &platform.clusters[c];
        let (s, e) = (record.start_ns[i], record.end_ns[i].min(makespan_ns));
        nanojoules += integrate(&per_cluster[c], s, e, |level| cluster.active_w[level] - cluster.idle_w[level]);
        if !cluster.cluster_w.is_empty() && e > s {
            busy_per_cluster[c].push((s, e));
        }
    }
    // A cluster's shared logic draws power while any of its cores is busy: over the union of their busy segments.
    for (c, mut busy) in busy_per_cluster.into_iter().enumerate() {
        busy.sort_unstable();
        let cluster = &platform.clusters[c];
        let mut current: Option<(TimeNs, TimeNs)> = None;
        for (s, e) in busy.into_iter().chain(std::iter::once((TimeNs::MAX, TimeNs::MAX))) {
            match current {
                Some((cs, ce)) if s <= ce => current = Some((cs, ce.max(e))),
                Some((cs, ce)) => {
                    nanojoules += integrate(&per_cluster[c], cs, ce, |level| cluster.cluster_w[level]);
                    current = Some((s, e));
                }
                None => current = Some((s, e)),
            }
        }
    }
    // A core whose work waits on memory draws only part of its busy power meanwhile (docs/model-reference.md §1 Power).
    let stalled: f64 = record.stall_nj.iter().sum();
    nanojoules -= (1.0 - crate::model::stallpower::stall_share(platform)) * stalled;
    nanojoules.max(0.0) * 1e-9
}

/// ∫ over `[s, e)` of `watts(level)` for a cluster's frequency intervals (sorted by start), nJ.
fn integrate(intervals: &[(TimeNs, TimeNs, usize)], s: TimeNs, e: TimeNs, watts: impl Fn(usize) -> f64) -> f64 {
    let mut nanojoules = 0.0;
    // First interval that ends after `s`.
    let mut j = intervals.partition_point(|iv| iv.1 <= s);
    while j < intervals.len() && intervals[j].0 < e {
        let (is, ie, level) = intervals[j];
        let overlap = e.min(ie).saturating_sub(s.max(is));
        nanojoules += watts(level) * overlap as f64;
        j += 1;
    }
    nanojoules
}
