//! Hybrid split, the production counterpart (LLVM's OpenMP runtime on Intel hybrid CPUs): a fixed weight per core type, set once, no sampling.
//!
//! Threads on the fastest core type get `weight` shares, the others one; on 16 performance + 4 efficiency threads the
//! default weight 1.83 gives 88 of 100 iterations to the performance threads (docs/model-reference.md §4b).

use crate::sim::TimeNs;

use super::schedule::{weighted_blocks, FixedBlocks, LoopInfo, LoopSchedule, Mapping, Pool, Take};

/// Default weight of the fastest type: 88/16 ÷ 12/4 = 5.5 / 3.
pub const DEFAULT_WEIGHT: f64 = 5.5 / 3.0;

/// Fixed-weight static split.
pub struct HybridSplit {
    weight: f64,
    blocks: FixedBlocks,
}

impl HybridSplit {
    /// A split from its spec parameter `w` (above 0).
    pub fn from_params(params: &mut crate::spec::Params) -> crate::error::InputResult<Self> {
        let w = params.number("w")?.unwrap_or(DEFAULT_WEIGHT);
        if w <= 0.0 {
            return Err(params.error(format!("w must be above 0, got {w}")));
        }
        Ok(HybridSplit::new(w))
    }

    /// A split giving `weight` shares to fastest-type threads.
    pub fn new(weight: f64) -> Self {
        HybridSplit { weight, blocks: FixedBlocks::default() }
    }
}

impl LoopSchedule for HybridSplit {
    fn mapping(&self) -> Mapping {
        Mapping::BigFirst
    }

    fn begin(&mut self, info: &LoopInfo) {
        let weights: Vec<f64> = info.thread_type.iter().map(|&ty| if ty == 0 && info.n_types > 1 { self.weight } else { 1.0 }).collect();
        self.blocks.set(weighted_blocks(info.iterations, &weights));
    }

    fn next(&mut self, _info: &LoopInfo, _pool: &mut Pool, thread: usize, _now_ns: TimeNs) -> Option<Take> {
        self.blocks.take(thread)
    }

    fn estimated_sf(&self) -> Option<f64> {
        Some(self.weight)
    }
}
