//! `dynamic(chunk)`: threads repeatedly remove `chunk` iterations from the shared pool; every removal costs time (Saez et al. §2, §4.2).

use crate::sim::TimeNs;

use super::schedule::{LoopInfo, LoopSchedule, Mapping, PhaseKind, Pool, Take};

/// Dynamic schedule; `chunk` None uses each loop's own chunk.
pub struct Dynamic {
    mapping: Mapping,
    chunk: Option<u64>,
}

impl Dynamic {
    /// Dynamic with a fixed chunk (or the loop's) under `mapping`.
    pub fn new(mapping: Mapping, chunk: Option<u64>) -> Self {
        Dynamic { mapping, chunk }
    }
}

impl LoopSchedule for Dynamic {
    fn mapping(&self) -> Mapping {
        self.mapping
    }

    fn begin(&mut self, _info: &LoopInfo) {}

    fn chunks_estimate(&self, iterations: u64, _threads: usize, loop_chunk: u64) -> u64 {
        iterations.div_ceil(self.chunk.unwrap_or(loop_chunk).max(1))
    }

    fn next(&mut self, info: &LoopInfo, pool: &mut Pool, _thread: usize, _now_ns: TimeNs) -> Option<Take> {
        pool.take(self.chunk.unwrap_or(info.chunk), PhaseKind::Dynamic)
    }
}
