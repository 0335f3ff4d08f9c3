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

    /// Chunks shrink geometrically by (1 − 1/T) until they reach the minimum: about T·ln(N / (T·chunk)) + 2T removals.
    fn chunks_estimate(&self, iterations: u64, threads: usize, loop_chunk: u64) -> u64 {
        let (t, c) = (threads.max(1) as f64, self.chunk.unwrap_or(loop_chunk).max(1) as f64);
        let n = iterations as f64;
        if n <= t * c {
            return iterations.div_ceil(c as u64);
        }
        (t * libm::log(n / (t * c)) + 2.0 * t).ceil() as u64
    }

    fn next(&mut self, info: &LoopInfo, pool: &mut Pool, _thread: usize, _now_ns: TimeNs) -> Option<Take> {
        let t = info.threads.max(1) as u64;
        let len = pool.remaining().div_ceil(t).max(self.chunk.unwrap_or(info.chunk));
        pool.take(len, PhaseKind::Guided)
    }
}
