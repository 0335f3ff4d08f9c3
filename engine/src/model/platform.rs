//! Platform description (docs/model-reference.md §1): clusters of one core type sharing a DVFS domain, with frequency levels and a power table.

use serde::{Deserialize, Serialize};

use crate::error::{at_least, in_range, InputError, InputResult};

/// One cluster: cores of one type sharing a last-level cache and one frequency.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Cluster {
    /// Display name, such as `big` or `Denver`.
    pub name: String,
    /// Core type name; work classes give their speed ratio per core type.
    pub core_type: String,
    /// Number of cores.
    pub cores: u32,
    /// Available frequency levels, ascending.
    pub freqs_mhz: Vec<u32>,
    /// Frequency at the start of a run (one of `freqs_mhz`).
    pub freq_mhz: u32,
    /// Frequency at which `ratio` was measured.
    pub ref_freq_mhz: u32,
    /// Default speed relative to the reference core type, for classes that give no ratio of their own.
    #[serde(default = "one")]
    pub ratio: f64,
    /// L1 data cache per core, KiB.
    #[serde(default)]
    pub l1_kb: u32,
    /// Shared L2 (last-level) cache, KiB.
    #[serde(default)]
    pub l2_kb: u32,
    /// Power of one busy core at each frequency level, watts (same length as `freqs_mhz`).
    pub active_w: Vec<f64>,
    /// Power of one idle core at each frequency level, watts.
    pub idle_w: Vec<f64>,
    /// Power of the cluster's shared logic (its L2, snoop control, interconnect port) at each frequency level while any of
    /// its cores is busy, watts (docs/model-reference.md §1 Power); with every core idle the cluster powers it down. Empty: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub cluster_w: Vec<f64>,
}

fn one() -> f64 {
    1.0
}

/// A platform: clusters in order; cores are numbered globally in cluster order.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Platform {
    /// Display name.
    pub name: String,
    /// Clusters; core 0 is the first core of the first cluster.
    pub clusters: Vec<Cluster>,
    /// Peak DRAM bandwidth in GB/s (bytes per ns), when known: a thread that moves to another cluster then refills that
    /// cluster's L2 from DRAM first (docs/model-reference.md §3c, `model::memory`). Absent: migrations cost the OS model's flat time only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dram_gbs: Option<f64>,
    /// DRAM traffic of work of memory intensity 1 running at speed 1, GB/s, when the running work shares `dram_gbs`
    /// (docs/model-reference.md §1 Memory, `model::memory::Contention`): a class of intensity `m` at speed `s` draws `m · s ·` this.
    /// Absent (the catalogue's platforms): no contention, every thread runs as if alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dram_traffic_gbs: Option<f64>,
    /// Shared-L2 capacity pressure (docs/model-reference.md §1 Shared L2, `model::l2share`): the extra stall time per unit of work of
    /// memory intensity 1 at speed 1 when a cluster's L2 is split among four busy cores (`√n − 1` times this among `n`).
    /// Absent: a core runs as fast with its cluster busy as alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub l2_share_stall: Option<f64>,
    /// Cross-cluster refill of a task's input in the task runtime (docs/model-reference.md §4a, needs `dram_gbs`): a task that runs on
    /// another cluster than the predecessor that released it waits this fraction of its working set's refill from DRAM
    /// (its memory time `m × work / speed`, at most the refill of the core's L2 share). Absent: no refill.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub task_refill: Option<f64>,
    /// Share of a core's busy power above idle that it draws while its work waits on memory (docs/model-reference.md §1 Power,
    /// `model::stallpower`): its own memory time, DRAM contention's stretch and shared-L2 pressure's extra stall. Absent:
    /// busy power all the time, except the wait DRAM contention adds, at half of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stall_power: Option<f64>,
    /// Time one timestamp (`clock_gettime`) takes on the platform's fastest core, ns, slower cores in proportion
    /// (docs/model-reference.md §4b, AID's timed chunks): a few tens of ns through the vDSO, hundreds through the system call.
    /// Absent: timestamps are free.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock_read_ns: Option<f64>,
    /// Which cores share a last-level cache (docs/model-reference.md §1): one per cluster (big.LITTLE SoCs, the default) or one for
    /// the whole platform (Zhang et al.'s gem5 systems). Linux builds its cache-sharing scheduling domain from it.
    #[serde(default, skip_serializing_if = "Llc::is_per_cluster")]
    pub llc: Llc,
}

/// How the last-level cache is shared (the kernel's cache-sharing `MC` domain, `Documentation/scheduler/sched-domains.rst`).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, Default, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Llc {
    /// Each cluster has its own last-level cache (the L2 of an Arm big.LITTLE cluster).
    #[default]
    PerCluster,
    /// Every core shares one last-level cache (Zhang et al. §4.1: "All cores share an 8-way associative 2MB L2 cache").
    Shared,
}

impl Llc {
    /// True for the default.
    pub fn is_per_cluster(&self) -> bool {
        *self == Llc::PerCluster
    }
}

/// Most cores a platform may have (keeps every per-core table small and indexable by `u16`).
pub const MAX_CORES: u32 = 1024;

impl Platform {
    /// A platform of `clusters` with none of the optional memory-side properties (no DRAM bandwidth, no contention, one
    /// last-level cache per cluster): what a trace, a calibration or a test builds, so a new optional field is added here only.
    pub fn of_clusters(name: impl Into<String>, clusters: Vec<Cluster>) -> Platform {
        Platform { name: name.into(), clusters, dram_gbs: None, dram_traffic_gbs: None, l2_share_stall: None, task_refill: None, stall_power: None, clock_read_ns: None, llc: Llc::default() }
    }

    /// Checks every field; the error names the first bad one.
    pub fn validate(&self, path: &str) -> InputResult<()> {
        if self.clusters.is_empty() {
            return Err(InputError::new(format!("{path}.clusters"), "needs at least one cluster"));
        }
        let mut total = 0u32;
        for (i, cluster) in self.clusters.iter().enumerate() {
            let p = format!("{path}.clusters[{i}]");
            if cluster.cores == 0 {
                return Err(InputError::new(format!("{p}.cores"), "must be at least 1"));
            }
            total = total.saturating_add(cluster.cores);
            if cluster.freqs_mhz.is_empty() {
                return Err(InputError::new(format!("{p}.freqs_mhz"), "needs at least one frequency level"));
            }
            if cluster.freqs_mhz.contains(&0) {
                return Err(InputError::new(format!("{p}.freqs_mhz"), "frequencies must be above 0 MHz"));
            }
            if cluster.freqs_mhz.windows(2).any(|w| w[0] >= w[1]) {
                return Err(InputError::new(format!("{p}.freqs_mhz"), "levels must be strictly ascending"));
            }
            if !cluster.freqs_mhz.contains(&cluster.freq_mhz) {
                return Err(InputError::new(
                    format!("{p}.freq_mhz"),
                    format!("{} MHz is not one of the levels {:?}", cluster.freq_mhz, cluster.freqs_mhz),
                ));
            }
            if cluster.ref_freq_mhz == 0 {
                return Err(InputError::new(format!("{p}.ref_freq_mhz"), "must be above 0 MHz"));
            }
            crate::model::ratio(&format!("{p}.ratio"), cluster.ratio)?;
            for (name, table) in [("active_w", &cluster.active_w), ("idle_w", &cluster.idle_w), ("cluster_w", &cluster.cluster_w)] {
                let optional = name == "cluster_w" && table.is_empty();
                if table.len() != cluster.freqs_mhz.len() && !optional {
                    return Err(InputError::new(
                        format!("{p}.{name}"),
                        format!("needs one value per frequency level ({}), got {}", cluster.freqs_mhz.len(), table.len()),
                    ));
                }
                for (j, &w) in table.iter().enumerate() {
                    at_least(&format!("{p}.{name}[{j}]"), w, 0.0)?;
                }
            }
        }
        if let Some(gbs) = self.dram_gbs {
            at_least(&format!("{path}.dram_gbs"), gbs, 0.01)?;
        }
        if let Some(gbs) = self.dram_traffic_gbs {
            in_range(&format!("{path}.dram_traffic_gbs"), gbs, 0.0, 1e6)?;
            if self.dram_gbs.is_none() {
                return Err(InputError::new(format!("{path}.dram_traffic_gbs"), "needs the platform's dram_gbs (the bandwidth it shares)"));
            }
        }
        if let Some(c) = self.l2_share_stall {
            in_range(&format!("{path}.l2_share_stall"), c, 0.0, 100.0)?;
        }
        if let Some(k) = self.stall_power {
            in_range(&format!("{path}.stall_power"), k, 0.0, 1.0)?;
        }
        if let Some(ns) = self.clock_read_ns {
            in_range(&format!("{path}.clock_read_ns"), ns, 0.0, 1e6)?;
        }
        if let Some(r) = self.task_refill {
            in_range(&format!("{path}.task_refill"), r, 0.0, 10.0)?;
            if self.dram_gbs.is_none() {
                return Err(InputError::new(format!("{path}.task_refill"), "needs the platform's dram_gbs (the rate of the refill)"));
            }
        }
        if total > MAX_CORES {
            return Err(InputError::new(format!("{path}.clusters"), format!("at most {MAX_CORES} cores in all, got {total}")));
        }
        Ok(())
    }

    /// Total number of cores.
    pub fn n_cores(&self) -> usize {
        self.clusters.iter().map(|c| c.cores as usize).sum()
    }

    /// Global index of each cluster's first core.
    pub fn first_cores(&self) -> Vec<usize> {
        let mut first = Vec::with_capacity(self.clusters.len());
        let mut next = 0usize;
        for cluster in &self.clusters {
            first.push(next);
            next += cluster.cores as usize;
        }
        first
    }

    /// The cluster of every core, indexed by global core number.
    pub fn cluster_of_cores(&self) -> Vec<usize> {
        self.clusters.iter().enumerate().flat_map(|(i, c)| std::iter::repeat_n(i, c.cores as usize)).collect()
    }

    /// The last-level cache domain of every core, indexed by global core number: its cluster, or 0 for all when shared.
    pub fn llc_of_cores(&self) -> Vec<usize> {
        match self.llc {
            Llc::PerCluster => self.cluster_of_cores(),
            Llc::Shared => vec![0; self.n_cores()],
        }
    }

    /// Index of `freq_mhz` in the cluster's levels, if it is one.
    pub fn level_of(&self, cluster: usize, freq_mhz: u32) -> Option<usize> {
        self.clusters.get(cluster)?.freqs_mhz.iter().position(|&f| f == freq_mhz)
    }
}

/// Power table scaled from one measured point: `p(f) = p_ref · (f / f_ref)^exponent`, the usual cubic-ish DVFS law.
pub fn scaled_power_table(freqs_mhz: &[u32], ref_freq_mhz: u32, watts_at_ref: f64, exponent: f64) -> Vec<f64> {
    freqs_mhz
        .iter()
        .map(|&f| {
            let p = watts_at_ref * libm::pow(f as f64 / ref_freq_mhz as f64, exponent);
            (p * 1e4).round() / 1e4
        })
        .collect()
}
