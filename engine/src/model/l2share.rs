//! Shared-L2 capacity pressure inside a cluster (docs/model-reference.md §1 Shared L2): the cores of a big.LITTLE cluster share one
//! L2 (2 MB for the Odroid-XU3's four A15s, 512 KB for its four A7s, Chronaki et al. §2), so each of `n` busy cores holds
//! about `1/n` of it and misses more than a core running alone, whose speed the performance ratios were measured with
//! (Chronaki et al. Table 1, one core of each type). Following the square-root rule of cache miss rates (a miss rate
//! grows as the inverse square root of the capacity, Hartstein et al. 2006), the extra misses grow as `√n − 1`; each
//! costs the same DRAM latency on any core, so the stall time they add is a larger part of a fast core's run time than
//! of a slow one's. Work of memory intensity `m` running at speed `s` on a cluster with `n` busy cores runs at
//! `1 / (1 + c · m · s · (√n − 1))` of its speed, `c` the platform's `l2_share_stall`.

/// The busy cores of every cluster and the slowdown their sharing of the cluster's L2 gives each class.
#[derive(Clone, Debug)]
pub struct L2Sharing {
    /// The platform's `l2_share_stall`: extra stall time per unit of work at memory intensity 1 and speed 1 with the L2 split in four.
    stall: f64,
    /// Memory intensity per class.
    mem: Vec<f64>,
    cluster_of: Vec<usize>,
    /// The class running on each core.
    running: Vec<Option<usize>>,
    /// Busy cores per cluster now.
    busy: Vec<u32>,
    /// Busy cores per cluster at the last settle.
    settled: Vec<u32>,
}

impl L2Sharing {
    /// The sharing for `mem` (memory intensity per class) on a platform whose cores sit in `cluster_of`; `None` when
    /// `stall` is zero or no class touches memory, so nothing changes for those runs.
    pub fn new(stall: f64, mem: &[f64], cluster_of: Vec<usize>) -> Option<Self> {
        if stall <= 0.0 || mem.iter().all(|&m| m <= 0.0) {
            return None;
        }
        let clusters = cluster_of.iter().copied().max().map_or(0, |c| c + 1);
        Some(L2Sharing {
            stall,
            mem: mem.iter().map(|m| m.clamp(0.0, 1.0)).collect(),
            running: vec![None; cluster_of.len()],
            cluster_of,
            busy: vec![0; clusters],
            settled: vec![0; clusters],
        })
    }

    /// `core` now runs `class` (or nothing).
    pub fn set_running(&mut self, core: usize, class: Option<usize>) {
        let Some(slot) = self.running.get_mut(core) else { return };
        let cluster = self.cluster_of[core];
        match (slot.is_some(), class.is_some()) {
            (false, true) => self.busy[cluster] += 1,
            (true, false) => self.busy[cluster] = self.busy[cluster].saturating_sub(1),
            _ => {}
        }
        *slot = class;
    }

    /// The fraction of its speed alone `speed` at which `class` runs on `core` with its cluster's current busy cores.
    pub fn factor(&self, core: usize, class: usize, speed: f64) -> f64 {
        let n = self.busy[self.cluster_of[core]].max(1) as f64;
        let m = self.mem.get(class).copied().unwrap_or(0.0);
        1.0 / (1.0 + self.stall * m * speed * (libm::sqrt(n) - 1.0))
    }

    /// True when some cluster's busy count changed since the last call: the running work's speeds changed.
    pub fn settle(&mut self) -> bool {
        let changed = self.busy != self.settled;
        self.settled.clone_from(&self.busy);
        changed
    }
}
