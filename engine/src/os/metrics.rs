//! What an OS-level run reports beyond the common metrics (Chronaki et al. 2019 Eq. 1–4, Zhang et al. 2013 §4.3): speedup over one little core with the ideal bound, power,
//! energy and EDP normalised to a baseline run, per-application completion, makespan spread over seeds, migrations.

use serde::Serialize;

use crate::sim::TimeNs;

/// Metrics of one OS-level run (one scheduler on one platform and mix).
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OsMetrics {
    /// Application names, in mix order.
    pub apps: Vec<String>,
    /// When each application finished.
    pub app_done_ns: Vec<TimeNs>,
    /// Speedup of each application over its own run on one little core with the same method (Eq. 1).
    pub app_speedup: Vec<f64>,
    /// Ideal speedup of each application: Σ over cores of its speed relative to one little core, `B·ratio + L` (Eq. 4).
    pub app_ideal_speedup: Vec<f64>,
    /// Speedup of a single-application mix (Eq. 1); absent for multi-application mixes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub speedup: Option<f64>,
    /// Its ideal bound (Eq. 4).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub ideal_speedup: Option<f64>,
    /// Makespan of the whole mix.
    pub makespan_ns: TimeNs,
    /// Average power over the run, watts.
    pub avg_power_w: f64,
    /// Energy over the baseline run's energy (Eq. 2).
    pub energy_norm: f64,
    /// EDP over the baseline run's EDP (Eq. 3).
    pub edp_norm: f64,
    /// The baseline: scheduler and cores.
    pub baseline: String,
    /// Threads that ran on another core than last time.
    pub migrations: u64,
    /// Runs behind the spread (the scenario's `repeat`).
    pub runs: u32,
    /// Mean makespan over the runs.
    pub makespan_mean_ns: f64,
    /// Shortest makespan over the runs.
    pub makespan_min_ns: TimeNs,
    /// Longest makespan over the runs.
    pub makespan_max_ns: TimeNs,
}
