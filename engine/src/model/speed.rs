//! The speed function of docs/model-reference.md §1: `ratio × (f / f_ref)^β × share × mem × dram × l2`, with the state that changes
//! at timeline events and, for `dram` and `l2`, with the work running on every core (`model::memory::Contention`,
//! `model::l2share::L2Sharing`).

use crate::model::events::Change;
use crate::model::l2share::L2Sharing;
use crate::model::memory::Contention;
use crate::model::stallpower::{stalled_share, StallEnergy};
use crate::model::{Platform, WorkClass};

/// Everything that makes speed change over time: frequencies, co-runners, memory interference, offline cores.
#[derive(Clone, Debug)]
pub struct SpeedState {
    cluster_of_core: Vec<usize>,
    /// Current frequency of each cluster.
    pub freq_mhz: Vec<u32>,
    ref_freq_mhz: Vec<u32>,
    /// Co-running CPU-bound threads per core.
    pub corunners: Vec<u32>,
    /// Memory interference per cluster (sum of active events' intensities, capped at 1 when used).
    pub mem_interference: Vec<f64>,
    /// How many offline events cover each core.
    offline: Vec<u32>,
    /// How many time-sliced co-runners hold each core right now (the program's thread is descheduled while any does).
    descheduled: Vec<u32>,
    /// `ratio(type, k)` per class and cluster.
    ratio: Vec<Vec<f64>>,
    beta: Vec<f64>,
    mem_intensity: Vec<f64>,
    /// Cached `ratio · (f/f_ref)^β` per class and cluster, recomputed at DVFS changes.
    freq_factor: Vec<Vec<f64>>,
    /// DRAM bandwidth shared by the running work (docs/model-reference.md §1 Memory); `None` when the platform gives no bandwidth
    /// or no class draws traffic, so nothing changes for those runs.
    dram: Option<Contention>,
    /// Shared-L2 capacity pressure among a cluster's busy cores (docs/model-reference.md §1 Shared L2); `None` when the platform
    /// gives no `l2_share_stall`.
    l2: Option<L2Sharing>,
    /// The busy energy drawn while running work waits on memory (docs/model-reference.md §1 Power); `None` when nothing is counted.
    stall: Option<StallEnergy>,
}

impl SpeedState {
    /// The state at time 0: initial frequencies, no interference.
    pub fn new(platform: &Platform, classes: &[WorkClass]) -> Self {
        let n_cores = platform.n_cores();
        let ratio: Vec<Vec<f64>> =
            classes.iter().map(|k| (0..platform.clusters.len()).map(|c| k.ratio_on(platform, c)).collect()).collect();
        let dram = Contention::new(platform, classes);
        let stall = StallEnergy::new(platform, classes, dram.is_some());
        let mut state = SpeedState {
            cluster_of_core: platform.cluster_of_cores(),
            freq_mhz: platform.clusters.iter().map(|c| c.freq_mhz).collect(),
            ref_freq_mhz: platform.clusters.iter().map(|c| c.ref_freq_mhz).collect(),
            corunners: vec![0; n_cores],
            mem_interference: vec![0.0; platform.clusters.len()],
            offline: vec![0; n_cores],
            descheduled: vec![0; n_cores],
            beta: classes.iter().map(|k| k.beta).collect(),
            mem_intensity: classes.iter().map(|k| k.mem_intensity).collect(),
            freq_factor: ratio.clone(),
            ratio,
            dram,
            stall,
            l2: platform.l2_share_stall.and_then(|c| {
                L2Sharing::new(c, &classes.iter().map(|k| k.mem_intensity).collect::<Vec<_>>(), platform.cluster_of_cores())
            }),
        };
        for cluster in 0..platform.clusters.len() {
            state.refresh_cluster(cluster);
        }
        state
    }

    fn refresh_cluster(&mut self, cluster: usize) {
        let rel = self.freq_mhz[cluster] as f64 / self.ref_freq_mhz[cluster] as f64;
        for k in 0..self.ratio.len() {
            self.freq_factor[k][cluster] = self.ratio[k][cluster] * libm::pow(rel, self.beta[k]);
        }
    }

    /// Speed of `core` on class `class`: reference nanoseconds of work done per nanosecond. Zero when offline.
    pub fn speed(&self, core: usize, class: usize) -> f64 {
        let alone = self.speed_alone(core, class);
        if alone <= 0.0 {
            return alone;
        }
        let dram = self.dram.as_ref().map_or(1.0, |d| d.factor(class));
        let l2 = self.l2.as_ref().map_or(1.0, |l| l.factor(core, class, self.freq_factor[class][self.cluster_of_core[core]]));
        alone * dram * l2
    }

    /// Speed of `core` on `class` with the DRAM to itself: every factor but the bandwidth contention.
    fn speed_alone(&self, core: usize, class: usize) -> f64 {
        if self.offline[core] > 0 || self.descheduled[core] > 0 {
            return 0.0;
        }
        let cluster = self.cluster_of_core[core];
        let share = 1.0 / (1.0 + self.corunners[core] as f64);
        let mem = (1.0 - self.mem_interference[cluster].min(1.0) * self.mem_intensity[class]).max(0.05);
        self.freq_factor[class][cluster] * share * mem
    }

    /// Tells the speed model which class `core` runs now (`None`: nothing). The simulators call it whenever work starts or
    /// stops on a core, then [`SpeedState::settle`] once the event is handled. A no-op without contention or stall power.
    pub fn set_running(&mut self, now_ns: u64, core: usize, class: Option<usize>) {
        self.advance(now_ns);
        if let Some(l) = &mut self.l2 {
            l.set_running(core, class);
        }
        if let Some(d) = &mut self.dram {
            d.set_running(core, class);
        }
        if let Some(st) = &mut self.stall {
            st.set_running(core, class);
        }
    }

    /// Counts the running work's memory stalls up to `now_ns` (the speeds were constant since the last count); call it
    /// before anything that changes a speed is applied.
    pub fn advance(&mut self, now_ns: u64) {
        let Some(mut st) = self.stall.take() else { return };
        let scope = st.scope();
        let stretch = self.dram_stretch();
        st.advance(now_ns, |core, class, m| {
            if self.speed_alone(core, class) <= 0.0 {
                return 0.0;
            }
            let l2 = self.l2.as_ref().map_or(1.0, |l| l.factor(core, class, self.freq_factor[class][self.cluster_of_core[core]]));
            stalled_share(scope, m, stretch, 1.0 / l2 - 1.0)
        });
        self.stall = Some(st);
    }

    /// Per core, the energy its busy power above idle drew while its work waited on memory (docs/model-reference.md §1 Power), nJ;
    /// empty when nothing is counted. The energy metric charges only `model::stallpower::stall_share` of it.
    pub fn stall_nj(&self) -> Vec<f64> {
        self.stall.as_ref().map(|s| s.stall_nj().to_vec()).unwrap_or_default()
    }

    /// True when the speed of running work depends on what else runs (the platform's DRAM is shared by classes that draw
    /// traffic): the simulators then re-time their running work whenever [`SpeedState::settle`] says the sharing changed.
    pub fn has_contention(&self) -> bool {
        self.dram.is_some() || self.l2.is_some()
    }

    /// Recomputes the DRAM sharing after work started or stopped at `now_ns`; true when the speed of some running work changed.
    pub fn settle(&mut self, now_ns: u64) -> bool {
        self.advance(now_ns);
        let l2_changed = self.l2.as_mut().is_some_and(|l| l.settle());
        let Some(mut d) = self.dram.take() else { return l2_changed };
        let changed = d.settle(|core, class| self.speed_alone(core, class));
        self.dram = Some(d);
        changed || l2_changed
    }

    /// The current memory stretch of the DRAM sharing: how many times longer a memory access takes than with the DRAM to
    /// one thread (1 without contention).
    pub fn dram_stretch(&self) -> f64 {
        self.dram.as_ref().map_or(1.0, |d| d.stretch())
    }

    /// Speed on `core` with no interference at the cluster's highest level: the bound no run can beat.
    pub fn peak_speed(platform: &Platform, class: &WorkClass, cluster: usize) -> f64 {
        let c = &platform.clusters[cluster];
        let top = c.freqs_mhz.last().copied().unwrap_or(c.freq_mhz);
        class.ratio_on(platform, cluster) * libm::pow(top as f64 / c.ref_freq_mhz as f64, class.beta)
    }

    /// `ratio(type, k)` of class `class` on `cluster` at reference frequency, without interference: the static notion of asymmetry.
    pub fn base_ratio(&self, cluster: usize, class: usize) -> f64 {
        self.ratio.get(class).and_then(|r| r.get(cluster)).copied().unwrap_or(1.0)
    }

    /// Number of cores.
    pub fn n_cores(&self) -> usize {
        self.cluster_of_core.len()
    }

    /// True when `core` is offline.
    pub fn is_offline(&self, core: usize) -> bool {
        self.offline[core] > 0
    }

    /// True when the program's thread on `core` is descheduled by a time-sliced co-runner: its work stalls and it decides nothing.
    /// Unlike an offline core, nothing in the program can see this (the PTT searches still offer the core).
    pub fn is_descheduled(&self, core: usize) -> bool {
        self.descheduled[core] > 0
    }

    /// True when the program's thread on `core` can run and decide: online and not descheduled.
    pub fn can_run(&self, core: usize) -> bool {
        self.offline[core] == 0 && self.descheduled[core] == 0
    }

    /// The cluster of `core`.
    pub fn cluster_of(&self, core: usize) -> usize {
        self.cluster_of_core[core]
    }

    /// Applies a change and returns the cores whose speed it may have changed.
    pub fn apply(&mut self, change: &Change) -> Vec<usize> {
        match *change {
            Change::SetFreq { cluster, freq_mhz } => {
                self.freq_mhz[cluster] = freq_mhz;
                self.refresh_cluster(cluster);
                if let Some(st) = &mut self.stall {
                    st.set_freq(cluster, freq_mhz);
                }
                self.touch_dram();
                self.cores_of(cluster)
            }
            Change::CoRunners { core, delta } => {
                self.corunners[core] = (self.corunners[core] as i64 + delta as i64).max(0) as u32;
                self.touch_dram();
                vec![core]
            }
            Change::Memory { cluster, delta } => {
                let v = self.mem_interference[cluster] + delta;
                self.mem_interference[cluster] = if v.abs() < 1e-12 { 0.0 } else { v.max(0.0) };
                self.touch_dram();
                self.cores_of(cluster)
            }
            Change::Offline { core, offline } => {
                nest(&mut self.offline[core], offline);
                self.touch_dram();
                vec![core]
            }
            Change::Descheduled { core, descheduled } => {
                nest(&mut self.descheduled[core], descheduled);
                self.touch_dram();
                vec![core]
            }
        }
    }

    /// Any change of a running core's own speed changes its DRAM traffic: the sharing is recomputed at the next settle.
    fn touch_dram(&mut self) {
        if let Some(d) = &mut self.dram {
            d.touch();
        }
    }

    fn cores_of(&self, cluster: usize) -> Vec<usize> {
        self.cluster_of_core.iter().enumerate().filter(|(_, &c)| c == cluster).map(|(i, _)| i).collect()
    }
}

/// One more (`begin`) or one fewer nested interval of a per-core count (offline, descheduled); never below zero.
fn nest(count: &mut u32, begin: bool) {
    *count = if begin { *count + 1 } else { count.saturating_sub(1) };
}
