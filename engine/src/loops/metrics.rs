//! What a loop-level run reports beyond the common metrics (Saez et al. 2020): completion time, per-loop imbalance, pool removals,
//! runtime overhead, estimated versus true SF; and the chunk columns of its record (first iteration and count per segment).

use serde::Serialize;

use crate::sim::TimeNs;

/// Most loop instances listed one by one in [`LoopMetrics::loops`] (a program may run 200,000 phases).
pub const MAX_LOOP_STATS: usize = 10_000;

/// One loop instance of a run.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LoopStat {
    /// Loop name.
    pub name: String,
    /// Index of the phase in the unrolled program (the record's `item` column).
    pub phase: u32,
    /// When the loop started.
    pub start_ns: TimeNs,
    /// When the last thread reached the barrier.
    pub end_ns: TimeNs,
    /// Iterations N.
    pub iterations: u64,
    /// Latest thread finish / mean thread finish, both measured from the loop's start (1 = perfectly balanced).
    pub imbalance: f64,
    /// Removals from the shared iteration pool.
    pub removals: u64,
    /// Big-to-small speedup factor the schedule worked with (sampled, or given offline); null for schedules that use none.
    pub estimated_sf: Option<f64>,
    /// True SF at the loop's end: speed of the fastest thread's core over the slowest's, for the loop's class, each core
    /// running alone (no shared-L2 pressure), as Saez et al. Fig. 2 measure it with one thread.
    pub true_sf: f64,
    /// The same ratio with every thread of the run busy on the loop's class, so that each cluster's busy cores share its
    /// L2 and all of them the DRAM (the platform's `l2_share_stall` and `dram_traffic_gbs`, docs/model-reference.md §1):
    /// the SF the threads meet while they all run, which a sampling phase sees (Saez et al. §5C). Equal to `true_sf` on
    /// platforms with neither.
    pub shared_sf: f64,
    /// Iterations run by threads on the fastest core type.
    pub iterations_on_fastest: u64,
}

/// The extras of a loop-level run: [`LoopMetrics`] (serialised) and two columns aligned with the record's segments.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LoopExtras {
    /// Thread mapping, removals, imbalance, SF per loop.
    #[serde(flatten)]
    pub metrics: LoopMetrics,
    /// First iteration of each segment's chunk ([`NO_CHUNK`] for barriers, serial code and merged blocks).
    #[serde(skip)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub chunk_first: Vec<u32>,
    /// Iterations in each segment's chunk or merged block (0 for barriers).
    #[serde(skip)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub chunk_iters: Vec<u32>,
}

/// `chunk_first` of segments that are not one chunk.
pub const NO_CHUNK: u32 = u32::MAX;

/// What a loop run reports on top of the base metrics.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LoopMetrics {
    /// Loop schedule name as given.
    pub schedule: String,
    /// Thread mapping used: `SB`, `BS` or `core-order`.
    pub mapping: &'static str,
    /// Core of each thread (thread i runs on `thread_cores[i]`).
    pub thread_cores: Vec<u32>,
    /// Completion time of the whole program.
    pub completion_ns: TimeNs,
    /// Total iterations run.
    pub iterations: u64,
    /// Removals from the shared pools, all loops.
    pub pool_removals: u64,
    /// Thread time spent in pool removals and barriers, all threads.
    pub overhead_ns: TimeNs,
    /// Mean of the per-loop imbalance, over every loop instance.
    pub mean_imbalance: f64,
    /// Number of loop instances run.
    pub loop_count: u64,
    /// Per-loop statistics, in program order: the first [`MAX_LOOP_STATS`] loop instances.
    pub loops: Vec<LoopStat>,
    /// True when the record merges runs of consecutive chunks per thread (very long runs), so segments are blocks, not chunks.
    pub coalesced: bool,
}
