//! The optional cross-cluster refill of a task's input (docs/model-reference.md §4a, the platform's `task_refill`): a task released
//! by a predecessor on another cluster first fetches its working set again, a wait counted as a DRAM stall.

use crate::model::Platform;
use crate::sim::TimeNs;

/// [`Refill::home`] of a task whose input no cluster holds yet.
const NO_HOME: u8 = u8::MAX;

/// The refill state of one run: where each task's input sits, and the busy energy the waits drew.
pub(super) struct Refill {
    /// Time to refill a core's share of each cluster's L2 from DRAM (`model::memory::l2_refill_ns`; 0 without a bandwidth).
    cap_ns: Vec<TimeNs>,
    /// Cluster whose L2 last held each task's input: that of the predecessor whose completion released it ([`NO_HOME`] before).
    home: Vec<u8>,
    /// The platform's `task_refill` (0 when absent: no refill is charged).
    strength: f64,
    /// Busy power above idle of each cluster at its frequency, W (= nJ per ns): what a refill's wait draws.
    busy_w: Vec<f64>,
    /// Per core, the busy energy drawn while waiting for refills, nJ (added to the record's `stall_nj`).
    nj: Vec<f64>,
}

impl Refill {
    pub(super) fn new(platform: &Platform, n_tasks: usize) -> Self {
        Refill {
            cap_ns: (0..platform.clusters.len()).map(|c| crate::model::memory::l2_refill_ns(platform, c)).collect(),
            home: vec![NO_HOME; n_tasks],
            strength: platform.task_refill.unwrap_or(0.0),
            busy_w: platform.clusters.iter().map(crate::model::stallpower::busy_above_idle_at_freq_w).collect(),
            nj: vec![0.0; platform.n_cores()],
        }
    }

    /// Task `t`'s input now sits in `cluster`'s L2 (the cluster of the predecessor whose completion released it).
    pub(super) fn released(&mut self, t: usize, cluster: usize) {
        self.home[t] = cluster.min(NO_HOME as usize - 1) as u8;
    }

    /// The refill task `t` waits for on `core` of `cluster`, ns, charging its energy to the core: 0 when its input was
    /// last held in this cluster or it has none; else `task_refill` times the refill of its working set from DRAM, the
    /// time its memory share of the run would take again (`mem_intensity × work / speed`), at most the refill of the
    /// core's share of its cluster's L2 (the OS model's refill of a migrated thread, §3c).
    pub(super) fn charge(&mut self, t: usize, core: usize, cluster: usize, mem_intensity: f64, work: f64, speed: f64) -> f64 {
        let home = self.home[t];
        if self.strength <= 0.0 || home == NO_HOME || home as usize == cluster {
            return 0.0;
        }
        let cap_ns = self.cap_ns.get(cluster).copied().unwrap_or(0) as f64;
        let wait_ns = self.strength * (mem_intensity * work / speed.max(f64::MIN_POSITIVE)).min(cap_ns);
        self.nj[core] += wait_ns * self.busy_w.get(cluster).copied().unwrap_or(0.0);
        wait_ns
    }

    /// Adds the waits' energy to the record's per-core stall energy.
    pub(super) fn add_to(&self, stall_nj: &mut Vec<f64>) {
        if self.nj.iter().any(|&e| e > 0.0) {
            stall_nj.resize(self.nj.len(), 0.0);
            for (s, r) in stall_nj.iter_mut().zip(&self.nj) {
                *s += r;
            }
        }
    }
}
