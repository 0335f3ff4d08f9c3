//! The loop-schedule trait: at each loop a schedule hands every thread its next chunk, from a private block or the shared pool.
//!
//! A schedule decides and never mutates the simulation; the simulator charges the pool-removal cost, runs the chunk
//! and calls [`LoopSchedule::next`] again when the thread finishes it (so `now_ns` there is also the chunk's end).

use crate::sim::TimeNs;

/// How threads are bound to cores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mapping {
    /// Thread 0 … on the slowest cores first (Saez et al.'s SB).
    SmallFirst,
    /// Thread 0 … on the fastest cores first (Saez et al.'s BS; all AID variants).
    BigFirst,
    /// Thread i on core i, in the platform's order (static threading with pthreads).
    CoreOrder,
}

impl Mapping {
    /// Short label: `SB`, `BS`, `core-order`.
    pub fn label(self) -> &'static str {
        match self {
            Mapping::SmallFirst => "SB",
            Mapping::BigFirst => "BS",
            Mapping::CoreOrder => "core-order",
        }
    }
}

/// What a thread is doing with a chunk; indexes [`PHASE_NAMES`], the run's `type_names`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u32)]
pub enum PhaseKind {
    /// Serial code on the master thread.
    Serial = 0,
    /// A static block.
    Static = 1,
    /// A dynamic chunk.
    Dynamic = 2,
    /// A guided chunk.
    Guided = 3,
    /// AID's sampling chunk.
    Sampling = 4,
    /// AID's chunks taken while waiting for the last thread to finish sampling (or an AID-dynamic phase).
    SamplingWait = 5,
    /// AID's asymmetric assignment.
    Aid = 6,
    /// The barrier's own cost.
    Barrier = 7,
    /// Waiting at the barrier for the slowest thread.
    BarrierWait = 8,
}

impl PhaseKind {
    /// True when taking this chunk from the pool is a compare-and-swap loop rather than one fetch-and-add: libgomp's
    /// guided schedule (`gomp_iter_guided_next`) computes the chunk from what remains and retries when `next` changed.
    pub fn compare_and_swap(self) -> bool {
        matches!(self, PhaseKind::Guided)
    }
}

/// Names behind [`PhaseKind`], in order: the loop level's `type_names`.
pub const PHASE_NAMES: &[&str] = &["serial", "static", "dynamic", "guided", "sampling", "sampling-wait", "aid", "barrier", "barrier-wait"];

/// The shared iteration pool of a loop: iterations `next .. end` are not yet assigned.
#[derive(Clone, Copy, Debug)]
pub struct Pool {
    /// First unassigned iteration.
    pub next: u64,
    /// One past the last iteration.
    pub end: u64,
}

impl Pool {
    /// Iterations left.
    pub fn remaining(&self) -> u64 {
        self.end - self.next
    }

    /// Atomically removes up to `len` iterations (fetch-and-add); None when the pool is empty or `len` is 0.
    pub fn take(&mut self, len: u64, phase: PhaseKind) -> Option<Take> {
        let len = len.min(self.remaining());
        if len == 0 {
            return None;
        }
        let start = self.next;
        self.next += len;
        Some(Take { start, len, phase, removal: true, stamps: 0 })
    }
}

/// A chunk handed to a thread.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Take {
    /// First iteration.
    pub start: u64,
    /// Number of iterations.
    pub len: u64,
    /// What the thread is doing.
    pub phase: PhaseKind,
    /// True when it came from the shared pool (the thread pays a removal).
    pub removal: bool,
    /// Timestamps the runtime reads when handing it out (AID's timed chunks: the end of the last and the start of this
    /// one share a read); each costs the platform's `clock_read_ns` on the thread's core.
    pub stamps: u8,
}

impl Take {
    /// The same chunk with `n` timestamps read when it is handed out.
    pub fn stamped(self, n: u8) -> Take {
        Take { stamps: n, ..self }
    }
}

/// What a schedule knows about the loop that starts.
#[derive(Clone, Debug)]
pub struct LoopInfo {
    /// Iterations N.
    pub iterations: u64,
    /// Threads T.
    pub threads: usize,
    /// Core type of each thread as a rank: 0 is the fastest type for this loop's class.
    pub thread_type: Vec<usize>,
    /// Number of core types among the threads.
    pub n_types: usize,
    /// Offline SF of each type: its single-thread speed over the slowest type's, for this loop's class (no interference).
    pub offline_sf: Vec<f64>,
    /// The loop's default chunk.
    pub chunk: u64,
    /// When the loop starts.
    pub start_ns: TimeNs,
}

/// A loop-scheduling method.
pub trait LoopSchedule {
    /// How this schedule binds threads to cores.
    fn mapping(&self) -> Mapping;
    /// A loop starts: reset per-loop state.
    fn begin(&mut self, info: &LoopInfo);
    /// `thread` asks for its next chunk at `now_ns` (it has finished everything it took before); None sends it to the barrier.
    fn next(&mut self, info: &LoopInfo, pool: &mut Pool, thread: usize, now_ns: TimeNs) -> Option<Take>;
    /// The fastest type's SF over the slowest type that the schedule used in the loop that just ended, if any.
    fn estimated_sf(&self) -> Option<f64> {
        None
    }
    /// About how many chunks one loop of `iterations` hands out to `threads` threads when the loop's own chunk is
    /// `loop_chunk` (each chunk is a kernel event): what the work budget estimates before a run. One block per thread here.
    fn chunks_estimate(&self, _iterations: u64, threads: usize, _loop_chunk: u64) -> u64 {
        threads as u64
    }
}

/// Contiguous blocks `[start, end)` for each thread, proportional to `weights` (an even split for equal weights).
pub fn weighted_blocks(n: u64, weights: &[f64]) -> Vec<(u64, u64)> {
    let total: f64 = weights.iter().sum();
    let mut out = Vec::with_capacity(weights.len());
    let mut acc = 0.0;
    let mut prev = 0u64;
    for (i, w) in weights.iter().enumerate() {
        acc += w;
        let end = if i + 1 == weights.len() || total <= 0.0 { n } else { ((acc / total) * n as f64).round() as u64 };
        let end = end.clamp(prev, n);
        out.push((prev, end));
        prev = end;
    }
    out
}

/// One contiguous block of iterations per thread, handed out once (static schedules).
#[derive(Default)]
pub struct FixedBlocks {
    blocks: Vec<(u64, u64)>,
    given: Vec<bool>,
}

impl FixedBlocks {
    /// Sets the blocks of a new loop, `[start, end)` per thread.
    pub fn set(&mut self, blocks: Vec<(u64, u64)>) {
        self.given = vec![false; blocks.len()];
        self.blocks = blocks;
    }

    /// The thread's block the first time it asks, then nothing.
    pub fn take(&mut self, thread: usize) -> Option<Take> {
        if std::mem::replace(self.given.get_mut(thread)?, true) {
            return None;
        }
        let (start, end) = self.blocks[thread];
        (end > start).then_some(Take { start, len: end - start, phase: PhaseKind::Static, removal: false, stamps: 0 })
    }
}

/// Even split of OpenMP's static schedule: the first `n % t` threads get one iteration more.
pub fn even_blocks(n: u64, threads: usize) -> Vec<(u64, u64)> {
    let t = threads.max(1) as u64;
    let (base, extra) = (n / t, n % t);
    (0..t).map(|i| (i * base + i.min(extra), (i + 1) * base + (i + 1).min(extra))).collect()
}

/// Per-type mean of `times` over threads whose time is known; types without a measurement get None.
pub fn mean_per_type(times: &[Option<TimeNs>], thread_type: &[usize], n_types: usize) -> Vec<Option<f64>> {
    let mut sum = vec![0.0; n_types];
    let mut count = vec![0u32; n_types];
    for (t, time) in times.iter().enumerate() {
        if let Some(v) = time {
            sum[thread_type[t]] += *v as f64;
            count[thread_type[t]] += 1;
        }
    }
    (0..n_types).map(|j| if count[j] > 0 { Some(sum[j] / count[j] as f64) } else { None }).collect()
}

/// SF of each type relative to the slowest measured type: `mean time(slowest) / mean time(j)`; unmeasured types get 1.
pub fn sf_from_times(means: &[Option<f64>]) -> Vec<f64> {
    let slowest = means.iter().flatten().copied().fold(0.0f64, f64::max);
    means.iter().map(|m| match m { Some(v) if *v > 0.0 && slowest > 0.0 => slowest / v, _ => 1.0 }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_cover_every_iteration_once() {
        for (n, t) in [(10u64, 3usize), (2, 4), (1000, 8)] {
            let b = even_blocks(n, t);
            assert_eq!(b.len(), t);
            assert_eq!(b[0].0, 0);
            assert_eq!(b[t - 1].1, n);
            assert!(b.windows(2).all(|w| w[0].1 == w[1].0));
        }
        let w = weighted_blocks(100, &[5.5, 5.5, 3.0]);
        assert_eq!(w, vec![(0, 39), (39, 79), (79, 100)]);
        assert_eq!(sf_from_times(&[Some(10.0), Some(25.0), None]), vec![2.5, 1.0, 1.0]);
    }
}
