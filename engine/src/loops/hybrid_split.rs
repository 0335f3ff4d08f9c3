//! Hybrid split, the production counterpart (LLVM's OpenMP runtime on Intel hybrid CPUs): a fixed weight per core type, set once, no sampling.
//!
//! Threads on the fastest core type get `weight` shares, the others one; on 16 performance + 4 efficiency threads the
//! default weight 1.83 gives 88 of 100 iterations to the performance threads (MODEL.md §4b).

use crate::sim::TimeNs;

use super::schedule::{weighted_blocks, LoopInfo, LoopSchedule, Mapping, PhaseKind, Pool, Take};

/// Default weight of the fastest type: 88/16 ÷ 12/4 = 5.5 / 3.
pub const DEFAULT_WEIGHT: f64 = 5.5 / 3.0;

/// Fixed-weight static split.
pub struct HybridSplit {
    weight: f64,
    blocks: Vec<(u64, u64)>,
    given: Vec<bool>,
}

impl HybridSplit {
    /// A split giving `weight` shares to fastest-type threads.
    pub fn new(weight: f64) -> Self {
        HybridSplit { weight, blocks: Vec::new(), given: Vec::new() }
    }
}

impl LoopSchedule for HybridSplit {
    fn mapping(&self) -> Mapping {
        Mapping::BigFirst
    }

    fn begin(&mut self, info: &LoopInfo) {
        let weights: Vec<f64> = info.thread_type.iter().map(|&ty| if ty == 0 && info.n_types > 1 { self.weight } else { 1.0 }).collect();
        self.blocks = weighted_blocks(info.iterations, &weights);
        self.given = vec![false; info.threads];
    }

    fn next(&mut self, _info: &LoopInfo, _pool: &mut Pool, thread: usize, _now_ns: TimeNs) -> Option<Take> {
        if std::mem::replace(&mut self.given[thread], true) {
            return None;
        }
        let (start, end) = self.blocks[thread];
        (end > start).then_some(Take { start, len: end - start, phase: PhaseKind::Static, removal: false })
    }

    fn estimated_sf(&self) -> Option<f64> {
        Some(self.weight)
    }
}
