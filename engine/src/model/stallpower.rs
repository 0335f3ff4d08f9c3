//! Power of a core stalled on memory (docs/model-reference.md §1 Power): a core's dynamic power (active − idle) follows its
//! activity, and a core whose work waits on DRAM or on the shared L2 issues no instructions meanwhile, so it draws only
//! part of it. PMC-based power models of the Odroid-XU3's own cores (Walker et al., "Accurate and Stable Run-Time Power
//! Modeling for Mobile and Embedded CPUs", IEEE TCAD 2017) predict the A15's and the A7's power from the rate of
//! instruction and memory events on top of a per-cycle term, so a cycle that retires nothing costs less than one that does.
//!
//! The speed model knows what share of a running core's time its work waits on memory: a class of memory intensity `m`
//! spends `m` of its time alone waiting, DRAM contention (`model::memory::Contention`) stretches that by `L`, and shared-L2
//! pressure (`model::l2share::L2Sharing`) adds the extra stall `x`, so the computing share of the busy time is
//! `(1 − m) / ((1 − m + m·L)(1 + x))`. This module integrates, per core, the busy power above idle over the stalled rest
//! (`ScheduleRecord::stall_nj`); the energy metric charges only the platform's `stall_power` share of it
//! ([`stall_share`]). A platform without `stall_power` counts only the stall DRAM contention adds beyond the work's own
//! latency, at [`STALL_POWER_FRACTION`].

use crate::model::{Cluster, Platform, WorkClass};
use crate::sim::TimeNs;

/// Share of a core's busy power above idle that it still draws while its work waits on memory, when the platform gives no
/// `stall_power` (*estimate*, docs/model-reference.md §1 Power): the pipeline stops issuing, so its dynamic power falls towards the
/// clock tree's and the leakage.
pub const STALL_POWER_FRACTION: f64 = 0.5;

/// The share of busy power above idle a stalled core draws on `platform`.
pub fn stall_share(platform: &Platform) -> f64 {
    platform.stall_power.unwrap_or(STALL_POWER_FRACTION).clamp(0.0, 1.0)
}

/// Which stalls are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StallScope {
    /// Every wait on memory: the work's own memory time, its DRAM stretch and its shared-L2 extra (the platform gives `stall_power`).
    All,
    /// Only the wait DRAM contention adds beyond the work's own latency (no `stall_power`, DRAM contention on).
    DramContention,
}

/// The share of a running core's time its work waits on memory: memory intensity `m`, DRAM stretch `stretch` (1 without
/// contention), shared-L2 extra stall `l2_extra` (the speed divided by `1 + l2_extra`; 0 without pressure).
pub fn stalled_share(scope: StallScope, m: f64, stretch: f64, l2_extra: f64) -> f64 {
    let m = m.clamp(0.0, 1.0);
    let stretched = 1.0 - m + m * stretch;
    match scope {
        StallScope::All => (1.0 - (1.0 - m) / (stretched * (1.0 + l2_extra.max(0.0)))).clamp(0.0, 1.0),
        StallScope::DramContention => (m * (stretch - 1.0) / stretched).clamp(0.0, 1.0),
    }
}

/// Per core, the busy energy above idle drawn while the running work waits on memory (see the module's text).
#[derive(Clone, Debug)]
pub struct StallEnergy {
    scope: StallScope,
    /// Memory intensity per class.
    mem: Vec<f64>,
    cluster_of: Vec<usize>,
    /// The class running on each core.
    running: Vec<Option<usize>>,
    /// Busy power above idle, W, per cluster at its current frequency level.
    busy_w: Vec<f64>,
    /// Per cluster, its frequency levels and the busy power above idle at each.
    busy_tables: Vec<(Vec<u32>, Vec<f64>)>,
    stall_nj: Vec<f64>,
    /// Time up to which `stall_nj` is counted.
    last_ns: TimeNs,
}

impl StallEnergy {
    /// The counter for `classes` on `platform`: every stall when the platform gives `stall_power`, only DRAM contention's
    /// when `dram_contention` (and no `stall_power`), else `None`.
    pub fn new(platform: &Platform, classes: &[WorkClass], dram_contention: bool) -> Option<Self> {
        let scope = if platform.stall_power.is_some() {
            StallScope::All
        } else if dram_contention {
            StallScope::DramContention
        } else {
            return None;
        };
        let mem: Vec<f64> = classes.iter().map(|k| k.mem_intensity.clamp(0.0, 1.0)).collect();
        if mem.iter().all(|&m| m <= 0.0) {
            return None;
        }
        Some(StallEnergy {
            scope,
            mem,
            cluster_of: platform.cluster_of_cores(),
            running: vec![None; platform.n_cores()],
            busy_w: platform.clusters.iter().map(busy_above_idle_at_freq_w).collect(),
            busy_tables: platform
                .clusters
                .iter()
                .map(|c| (c.freqs_mhz.clone(), (0..c.freqs_mhz.len()).map(|l| busy_above_idle_w(c, l)).collect()))
                .collect(),
            stall_nj: vec![0.0; platform.n_cores()],
            last_ns: 0,
        })
    }

    /// Which stalls this counter counts.
    pub fn scope(&self) -> StallScope {
        self.scope
    }

    /// Counts the stalls of the running work up to `now_ns`, the speeds having been constant since the last count;
    /// `stalled(core, class, m)` gives the share of the core's time its work waits on memory.
    pub fn advance(&mut self, now_ns: TimeNs, stalled: impl Fn(usize, usize, f64) -> f64) {
        if now_ns <= self.last_ns {
            return;
        }
        let dt = (now_ns - self.last_ns) as f64;
        self.last_ns = now_ns;
        for (core, class) in self.running.iter().enumerate() {
            if let Some(k) = *class {
                let m = self.mem.get(k).copied().unwrap_or(0.0);
                let share = stalled(core, k, m);
                if share > 0.0 {
                    self.stall_nj[core] += dt * share * self.busy_w[self.cluster_of[core]];
                }
            }
        }
    }

    /// `core` now runs `class` (or nothing); count up to now first.
    pub fn set_running(&mut self, core: usize, class: Option<usize>) {
        if let Some(slot) = self.running.get_mut(core) {
            *slot = class;
        }
    }

    /// `cluster` now runs at `freq_mhz` (a DVFS step): its busy power changes; count up to now first.
    pub fn set_freq(&mut self, cluster: usize, freq_mhz: u32) {
        if let (Some(w), Some((freqs, table))) = (self.busy_w.get_mut(cluster), self.busy_tables.get(cluster)) {
            if let Some(level) = freqs.iter().position(|&f| f == freq_mhz) {
                *w = table[level];
            }
        }
    }

    /// Per core, the energy its busy power above idle drew while its work waited on memory, nJ.
    pub fn stall_nj(&self) -> &[f64] {
        &self.stall_nj
    }
}

fn busy_above_idle_w(c: &Cluster, level: usize) -> f64 {
    (c.active_w.get(level).copied().unwrap_or(0.0) - c.idle_w.get(level).copied().unwrap_or(0.0)).max(0.0)
}

/// Busy power above idle of a core of `c` at the cluster's set frequency, W.
pub fn busy_above_idle_at_freq_w(c: &Cluster) -> f64 {
    let level = c.freqs_mhz.iter().position(|&f| f == c.freq_mhz).unwrap_or(0);
    busy_above_idle_w(c, level)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stalled_share_grows_with_intensity_stretch_and_l2_pressure() {
        let all = |m, l, x| stalled_share(StallScope::All, m, l, x);
        assert_eq!(all(0.0, 3.0, 0.0), 0.0, "compute-bound work never stalls (and has no L2 extra)");
        assert!((all(0.4, 1.0, 0.0) - 0.4).abs() < 1e-12, "alone: its own memory time");
        // Stretch 2: 0.6 computing of 1.4 in all.
        assert!((all(0.4, 2.0, 0.0) - (1.0 - 0.6 / 1.4)).abs() < 1e-12);
        assert!(all(0.4, 2.0, 0.2) > all(0.4, 2.0, 0.0));
        let dram = |m, l| stalled_share(StallScope::DramContention, m, l, 0.0);
        assert_eq!(dram(0.4, 1.0), 0.0, "no contention, nothing beyond its own latency");
        assert!((dram(0.4, 2.0) - 0.4 / 1.4).abs() < 1e-12);
    }
}
