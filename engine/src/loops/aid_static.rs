//! AID-static (Saez et al. §4.2, Fig. 3): a sampling phase estimates the loop's SF, then each thread gets one final assignment.
//!
//! ```text
//!  SAMPLING (m iterations) ──last thread──▶ computes SF_j, x = N' / Σ_j n_j·SF_j ──▶ AID
//!        │ others                                                                    ▲
//!        ▼                                                                           │
//!  SAMPLING_WAIT (m-iteration chunks, counted) ───────── when SF is known ───────────┘
//!  AID: one removal of SF_j·x − (iterations already done), then the barrier
//! ```
//!
//! SF_j is the mean sampling time of the slowest core type over that of type j (k core types); with two types
//! a small-core thread is owed `x = N / (NB·SF + NS)` iterations and a big-core thread `SF·x`.
//! The same machinery serves AID-hybrid (`p < 1`: only `p·N` iterations are distributed this way, the rest go
//! dynamically) and AID-static(offline-SF) (no sampling: SF_j is the single-thread ratio, Saez et al. §5C).

use crate::sim::TimeNs;

use super::schedule::{mean_per_type, sf_from_times, LoopInfo, LoopSchedule, Mapping, PhaseKind, Pool, Take};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Start,
    Sampling,
    SamplingWait,
    Assigned,
}

/// AID-static and its variants.
pub struct AidStatic {
    /// Sampling (minor) chunk m.
    m: u64,
    /// Fraction of N distributed asymmetrically (1 for AID-static).
    p: f64,
    /// Chunk of the dynamic tail (AID-hybrid); None uses the loop's chunk.
    tail_chunk: Option<u64>,
    /// Skip sampling and use the offline SF.
    offline: bool,
    state: Vec<State>,
    done: Vec<u64>,
    sample_ns: Vec<Option<TimeNs>>,
    sampled: usize,
    /// Iterations owed to a thread of each type, once known.
    owed: Option<Vec<f64>>,
    sf: Option<Vec<f64>>,
}

impl AidStatic {
    /// A configured AID-static family member.
    pub fn new(m: u64, p: f64, tail_chunk: Option<u64>, offline: bool) -> Self {
        AidStatic {
            m,
            p,
            tail_chunk,
            offline,
            state: Vec::new(),
            done: Vec::new(),
            sample_ns: Vec::new(),
            sampled: 0,
            owed: None,
            sf: None,
        }
    }

    fn distribute(&mut self, info: &LoopInfo, sf: Vec<f64>) {
        let mut n_of_type = vec![0u64; info.n_types];
        for &ty in &info.thread_type {
            n_of_type[ty] += 1;
        }
        let denominator: f64 = (0..info.n_types).map(|j| n_of_type[j] as f64 * sf[j]).sum();
        let n_prime = (self.p * info.iterations as f64).round();
        let x = if denominator > 0.0 { n_prime / denominator } else { 0.0 };
        self.owed = Some(sf.iter().map(|s| s * x).collect());
        self.sf = Some(sf);
    }

    /// The final assignment of `thread`, or the tail when it owes nothing more.
    fn assign(&mut self, info: &LoopInfo, pool: &mut Pool, thread: usize) -> Option<Take> {
        self.state[thread] = State::Assigned;
        let owed = self.owed.as_ref().map_or(0.0, |o| o[info.thread_type[thread]]);
        let left = (owed.round() as u64).saturating_sub(self.done[thread]);
        if left > 0 {
            if let Some(take) = pool.take(left, PhaseKind::Aid) {
                self.done[thread] += take.len;
                return Some(take);
            }
        }
        self.tail(info, pool, thread)
    }

    /// After the assignment: AID-hybrid's dynamic part, or (AID-static) the few iterations rounding left over.
    fn tail(&mut self, info: &LoopInfo, pool: &mut Pool, thread: usize) -> Option<Take> {
        let chunk = if self.p < 1.0 { self.tail_chunk.unwrap_or(info.chunk) } else { self.m };
        let take = pool.take(chunk, PhaseKind::Dynamic)?;
        self.done[thread] += take.len;
        Some(take)
    }
}

impl LoopSchedule for AidStatic {
    /// Sampling chunks and those taken while waiting (about 3 per thread), one assignment per thread, and the dynamic tail.
    fn chunks_estimate(&self, iterations: u64, threads: usize, loop_chunk: u64) -> u64 {
        let per_thread = if self.offline { 1 } else { 4 };
        let tail = ((1.0 - self.p).max(0.0) * iterations as f64).ceil() as u64;
        threads as u64 * per_thread + tail.div_ceil(self.tail_chunk.unwrap_or(loop_chunk).max(1))
    }

    fn mapping(&self) -> Mapping {
        Mapping::BigFirst
    }

    fn begin(&mut self, info: &LoopInfo) {
        self.state = vec![State::Start; info.threads];
        self.done = vec![0; info.threads];
        self.sample_ns = vec![None; info.threads];
        self.sampled = 0;
        self.owed = None;
        self.sf = None;
        if self.offline {
            self.distribute(info, info.offline_sf.clone());
        }
    }

    fn next(&mut self, info: &LoopInfo, pool: &mut Pool, thread: usize, now_ns: TimeNs) -> Option<Take> {
        match self.state[thread] {
            State::Start if self.offline => self.assign(info, pool, thread),
            State::Start => match pool.take(self.m, PhaseKind::Sampling) {
                Some(take) => {
                    self.state[thread] = State::Sampling;
                    self.done[thread] += take.len;
                    Some(take.stamped(1))
                }
                None => {
                    // Nothing left to sample: this thread counts as sampled, without a time.
                    self.sampled += 1;
                    self.state[thread] = State::Assigned;
                    self.maybe_compute(info);
                    None
                }
            },
            State::Sampling => {
                // The sampling phase ends with a timestamp, read with the next chunk's call.
                self.sample_ns[thread] = Some(now_ns.saturating_sub(info.start_ns));
                self.sampled += 1;
                self.maybe_compute(info);
                let next = if self.owed.is_some() {
                    self.assign(info, pool, thread)
                } else {
                    self.state[thread] = State::SamplingWait;
                    self.wait_chunk(pool, thread)
                };
                next.map(|t| t.stamped(1))
            }
            State::SamplingWait => {
                if self.owed.is_some() {
                    return self.assign(info, pool, thread);
                }
                self.wait_chunk(pool, thread)
            }
            State::Assigned => self.tail(info, pool, thread),
        }
    }

    fn estimated_sf(&self) -> Option<f64> {
        self.sf.as_ref().and_then(|s| s.first().copied())
    }
}

impl AidStatic {
    fn wait_chunk(&mut self, pool: &mut Pool, thread: usize) -> Option<Take> {
        let take = pool.take(self.m, PhaseKind::SamplingWait)?;
        self.done[thread] += take.len;
        Some(take)
    }

    fn maybe_compute(&mut self, info: &LoopInfo) {
        if self.sampled == info.threads && self.owed.is_none() {
            let means = mean_per_type(&self.sample_ns, &info.thread_type, info.n_types);
            let sf = sf_from_times(&means);
            self.distribute(info, sf);
        }
    }
}
