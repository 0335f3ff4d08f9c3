//! `static` (OpenMP's default) and static threading (pthreads): N/T contiguous iterations per thread, fixed at the loop's start.
//!
//! No runtime call and no pool removal: the split is computed inline (Saez et al. §4.1). The mapping decides which
//! threads land on big cores: SB (small cores first), BS (big first) or the platform's core order (pthreads).

use crate::sim::TimeNs;

use super::schedule::{even_blocks, FixedBlocks, LoopInfo, LoopSchedule, Mapping, Pool, Take};

/// Even static split under a given mapping.
pub struct StaticSplit {
    mapping: Mapping,
    blocks: FixedBlocks,
}

impl StaticSplit {
    /// A static schedule under `mapping`.
    pub fn new(mapping: Mapping) -> Self {
        StaticSplit { mapping, blocks: FixedBlocks::default() }
    }
}

impl LoopSchedule for StaticSplit {
    fn mapping(&self) -> Mapping {
        self.mapping
    }

    fn begin(&mut self, info: &LoopInfo) {
        self.blocks.set(even_blocks(info.iterations, info.threads));
    }

    fn next(&mut self, _info: &LoopInfo, _pool: &mut Pool, thread: usize, _now_ns: TimeNs) -> Option<Take> {
        self.blocks.take(thread)
    }
}
