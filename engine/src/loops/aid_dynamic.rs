//! AID-dynamic(m, M) (Saez et al. §4.2, Fig. 5): after sampling, AID phases where small-core threads take M iterations
//! at a time and big-core threads R·M, with R re-estimated after every phase.
//!
//! ```text
//!  SAMPLING (m) ─▶ R_j = SF_j ─▶ AID: a thread of type j takes one chunk of round(R_j·M) ─▶ WAIT: chunks of m ─┐
//!                                  ▲                                                                          │
//!                                  └─ once every thread finished its AID chunk of this phase: ────────────────┘
//!                                     R_j ← R_j · SM_j, SM_j = mean chunk time(slowest type) / mean chunk time(type j)
//!  When the pool holds less than one chunk per thread, everyone falls back to m so no thread is left with a large last chunk.
//! ```
//!
//! Saez et al.: AID-dynamic "combines phases where all threads steal the same number of iterations (m) from the pool,
//! with AID phases where iterations are distributed unevenly", and each AID phase "starts a new thread sampling phase":
//! so a thread whose AID chunk is done takes chunks of m, as AID-static's SAMPLING_WAIT, until the phase ends
//! (docs/model-reference.md §4b). `wait=off` takes the next AID chunk at once instead, the phase boundary then only
//! deciding when R is re-estimated.

use crate::sim::TimeNs;

use super::schedule::{sf_from_times, LoopInfo, LoopSchedule, Mapping, PhaseKind, Pool, Take};

/// Default major chunk M.
pub const DEFAULT_MAJOR: u64 = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Start,
    Sampling,
    SamplingWait,
    InAid { taken_ns: TimeNs },
    /// `wait=on`: the thread's AID chunk is done and the phase is not: it takes `m` until the phase ends.
    PhaseWait { phase: u32 },
    Tail,
    Out,
}

/// AID-dynamic state.
pub struct AidDynamic {
    m: u64,
    major: u64,
    state: Vec<State>,
    /// Threads that finished a measured chunk in the current phase (sampling, then each AID phase).
    finished: Vec<bool>,
    n_finished: usize,
    active: usize,
    /// Summed chunk times and counts per type in the current phase.
    sum_ns: Vec<f64>,
    count: Vec<u32>,
    /// R per type (1 for the slowest); empty until sampling ends.
    r: Vec<f64>,
    sampled_sf: Option<f64>,
    /// `wait=on`: a thread that finished its AID chunk takes chunks of `m` until every thread has (Fig. 5 read as a
    /// sampling phase spanning each AID phase, as AID-static's SAMPLING_WAIT); off: it takes its next AID chunk at once.
    wait: bool,
    /// AID phases ended so far.
    phase: u32,
}

impl AidDynamic {
    /// AID-dynamic from its spec parameters `m` and `M`; the minor chunk must not exceed the major one.
    pub fn from_params(params: &mut crate::spec::Params) -> crate::error::InputResult<Self> {
        let m = params.count("m")?.unwrap_or(1);
        let major = params.count("M")?.unwrap_or(DEFAULT_MAJOR);
        let wait = params.on_off("wait", true)?;
        if m > major {
            return Err(params.error(format!("the minor chunk m ({m}) must not exceed the major chunk M ({major})")));
        }
        Ok(AidDynamic { wait, ..AidDynamic::new(m, major) })
    }

    /// AID-dynamic with minor chunk `m` and major chunk `major` (m ≤ M), its threads waiting out each AID phase.
    pub fn new(m: u64, major: u64) -> Self {
        AidDynamic {
            m,
            major,
            state: Vec::new(),
            finished: Vec::new(),
            n_finished: 0,
            active: 0,
            sum_ns: Vec::new(),
            count: Vec::new(),
            r: Vec::new(),
            sampled_sf: None,
            wait: true,
            phase: 0,
        }
    }

    fn chunk_of(&self, info: &LoopInfo, thread: usize) -> u64 {
        let r = self.r.get(info.thread_type[thread]).copied().unwrap_or(1.0);
        ((r * self.major as f64).round() as u64).max(1)
    }

    /// Records that `thread` finished a measured chunk taking `time_ns`, and ends the phase when every active thread has.
    fn measured(&mut self, info: &LoopInfo, thread: usize, time_ns: TimeNs) {
        let ty = info.thread_type[thread];
        self.sum_ns[ty] += time_ns as f64;
        self.count[ty] += 1;
        if !self.finished[thread] {
            self.finished[thread] = true;
            self.n_finished += 1;
        }
        self.maybe_advance(info);
    }

    fn maybe_advance(&mut self, info: &LoopInfo) {
        if self.n_finished < self.active || self.active == 0 {
            return;
        }
        let means: Vec<Option<f64>> =
            (0..info.n_types).map(|j| if self.count[j] > 0 { Some(self.sum_ns[j] / self.count[j] as f64) } else { None }).collect();
        let sm = sf_from_times(&means);
        if self.r.is_empty() {
            self.sampled_sf = sm.first().copied();
            self.r = sm;
        } else {
            // R_i = R_{i−1} · SM, applied to the R actually used (chunks are whole iterations: round(R·M)) and kept
            // relative to the slowest type, whose threads always take M; otherwise rounding makes R drift.
            let major = self.major as f64;
            let applied: Vec<f64> = self.r.iter().map(|r| (r * major).round().max(1.0) / major).collect();
            let slowest = info.n_types.saturating_sub(1);
            let base = applied.get(slowest).copied().unwrap_or(1.0) * sm.get(slowest).copied().unwrap_or(1.0);
            for ((r, a), s) in self.r.iter_mut().zip(&applied).zip(&sm) {
                *r = (a * s / base).clamp(1e-3, 1e6);
            }
        }
        self.finished.iter_mut().for_each(|f| *f = false);
        self.n_finished = 0;
        self.phase += 1;
        self.sum_ns.iter_mut().for_each(|x| *x = 0.0);
        self.count.iter_mut().for_each(|x| *x = 0);
    }

    fn out(&mut self, info: &LoopInfo, thread: usize) -> Option<Take> {
        if self.state[thread] != State::Out {
            self.state[thread] = State::Out;
            self.active -= 1;
            if self.finished[thread] {
                self.finished[thread] = false;
                self.n_finished -= 1;
            }
            self.maybe_advance(info);
        }
        None
    }

    /// A chunk of m iterations as `kind`, or out of the loop when the pool is empty.
    fn minor(&mut self, info: &LoopInfo, pool: &mut Pool, thread: usize, kind: PhaseKind) -> Option<Take> {
        match pool.take(self.m, kind) {
            Some(t) => Some(t),
            None => self.out(info, thread),
        }
    }

    /// The next chunk once sampling is over: an AID chunk, or m near the end of the pool.
    fn next_chunk(&mut self, info: &LoopInfo, pool: &mut Pool, thread: usize, now_ns: TimeNs) -> Option<Take> {
        if self.r.is_empty() {
            self.state[thread] = State::SamplingWait;
            return self.minor(info, pool, thread, PhaseKind::SamplingWait);
        }
        let demand: u64 = (0..info.threads).map(|t| self.chunk_of(info, t)).sum();
        if self.state[thread] == State::Tail || pool.remaining() < demand {
            self.state[thread] = State::Tail;
            return self.minor(info, pool, thread, PhaseKind::Dynamic);
        }
        if self.state[thread] == (State::PhaseWait { phase: self.phase }) {
            return self.minor(info, pool, thread, PhaseKind::SamplingWait);
        }
        let len = self.chunk_of(info, thread);
        match pool.take(len, PhaseKind::Aid) {
            Some(t) => {
                self.state[thread] = State::InAid { taken_ns: now_ns };
                Some(t)
            }
            None => self.out(info, thread),
        }
    }
}

impl LoopSchedule for AidDynamic {
    /// Chunks of M (R·M on faster types) over the loop, and chunks of m in the tail (at most M/m per thread).
    fn chunks_estimate(&self, iterations: u64, threads: usize, _loop_chunk: u64) -> u64 {
        iterations.div_ceil(self.major.max(1)) + threads as u64 * (self.major / self.m.max(1) + 2)
    }

    fn mapping(&self) -> Mapping {
        Mapping::BigFirst
    }

    fn begin(&mut self, info: &LoopInfo) {
        self.state = vec![State::Start; info.threads];
        self.finished = vec![false; info.threads];
        self.n_finished = 0;
        self.active = info.threads;
        self.sum_ns = vec![0.0; info.n_types];
        self.count = vec![0; info.n_types];
        self.r = Vec::new();
        self.sampled_sf = None;
        self.phase = 0;
    }

    fn next(&mut self, info: &LoopInfo, pool: &mut Pool, thread: usize, now_ns: TimeNs) -> Option<Take> {
        match self.state[thread] {
            State::Start => match pool.take(self.m, PhaseKind::Sampling) {
                Some(t) => {
                    self.state[thread] = State::Sampling;
                    Some(t.stamped(1))
                }
                None => self.out(info, thread),
            },
            // A measured chunk ends with a timestamp, which also starts the next AID chunk when there is one.
            State::Sampling => {
                self.measured(info, thread, now_ns.saturating_sub(info.start_ns));
                self.next_chunk(info, pool, thread, now_ns).map(|t| t.stamped(1))
            }
            State::InAid { taken_ns } => {
                let phase = self.phase;
                self.measured(info, thread, now_ns.saturating_sub(taken_ns));
                if self.wait {
                    self.state[thread] = State::PhaseWait { phase };
                }
                self.next_chunk(info, pool, thread, now_ns).map(|t| t.stamped(1))
            }
            State::SamplingWait | State::PhaseWait { .. } | State::Tail => {
                self.next_chunk(info, pool, thread, now_ns).map(|t| if t.phase == PhaseKind::Aid { t.stamped(1) } else { t })
            }
            State::Out => None,
        }
    }

    fn estimated_sf(&self) -> Option<f64> {
        self.sampled_sf
    }
}
