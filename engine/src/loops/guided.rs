//! `guided(chunk)`: like dynamic, but each removal takes `max(chunk, ⌈remaining / T⌉)` iterations, a decreasing chunk (Saez et al. §5).

use crate::sim::TimeNs;

use super::schedule::{LoopInfo, LoopSchedule, Mapping, PhaseKind, Pool, Take};

/// Guided schedule; `chunk` None uses each loop's own chunk as the minimum.
pub struct Guided {
    mapping: Mapping,
    chunk: Option<u64>,
}

impl Guided {
    /// Guided with a minimum chunk (or the loop's) under `mapping`.
    pub fn new(mapping: Mapping, chunk: Option<u64>) -> Self {
        Guided { mapping, chunk }
    }
}

impl LoopSchedule for Guided {
    fn mapping(&self) -> Mapping {
        self.mapping
    }

    fn begin(&mut self, _info: &LoopInfo) {}

    fn next(&mut self, info: &LoopInfo, pool: &mut Pool, _thread: usize, _now_ns: TimeNs) -> Option<Take> {
        let t = info.threads.max(1) as u64;
        let len = pool.remaining().div_ceil(t).max(self.chunk.unwrap_or(info.chunk));
        pool.take(len, PhaseKind::Guided)
    }
}
