//! AID-dynamic(m, M) (seed 003 §4.2, Fig. 5): after sampling, repeated AID phases where small-core threads take M
//! iterations and big-core threads R·M, with R re-estimated after every phase.
//!
//! ```text
//!  SAMPLING (m) ─▶ R_j = SF_j ─▶ AID phase i: type j takes round(R_j·M) ─▶ all threads done with phase i?
//!                                     ▲            │ no: keep taking m-iteration chunks while waiting
//!                                     └── yes: R_j ← R_j · SM_j, SM_j = mean phase time(slowest) / mean phase time(j)
//!  When the pool holds less than one whole phase, everyone falls back to m so no thread is left with a large last chunk.
//! ```

use crate::sim::TimeNs;

use super::schedule::{mean_per_type, sf_from_times, LoopInfo, LoopSchedule, Mapping, PhaseKind, Pool, Take};

/// Default major chunk M.
pub const DEFAULT_MAJOR: u64 = 5;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Start,
    Sampling,
    /// Waiting for the sampling or the current AID phase to end, taking m chunks; holds the last phase joined.
    Waiting,
    InAid { taken_ns: TimeNs },
    Out,
}

/// AID-dynamic state.
pub struct AidDynamic {
    m: u64,
    major: u64,
    state: Vec<State>,
    /// Time of each thread in the current measuring phase (sampling, then each AID phase).
    time_ns: Vec<Option<TimeNs>>,
    /// AID phase each thread joined last (0 = none yet).
    joined: Vec<u32>,
    /// Current AID phase (0 while sampling).
    phase: u32,
    finished: usize,
    active: usize,
    r: Vec<f64>,
    sampled_sf: Option<f64>,
    tail: bool,
}

impl AidDynamic {
    /// AID-dynamic with minor chunk `m` and major chunk `major` (m ≤ M).
    pub fn new(m: u64, major: u64) -> Self {
        AidDynamic {
            m,
            major,
            state: Vec::new(),
            time_ns: Vec::new(),
            joined: Vec::new(),
            phase: 0,
            finished: 0,
            active: 0,
            r: Vec::new(),
            sampled_sf: None,
            tail: false,
        }
    }

    fn chunk_of(&self, info: &LoopInfo, thread: usize) -> u64 {
        let r = self.r.get(info.thread_type[thread]).copied().unwrap_or(1.0);
        ((r * self.major as f64).round() as u64).max(1)
    }

    /// Ends the current measuring phase if every active thread is done with it, updating R.
    fn maybe_advance(&mut self, info: &LoopInfo) {
        if self.finished < self.active || self.active == 0 {
            return;
        }
        let means = mean_per_type(&self.time_ns, &info.thread_type, info.n_types);
        let sm = sf_from_times(&means);
        if self.phase == 0 {
            self.sampled_sf = sm.first().copied();
            self.r = sm;
        } else {
            for (r, s) in self.r.iter_mut().zip(sm) {
                *r = (*r * s).clamp(1e-3, 1e6);
            }
        }
        self.phase += 1;
        self.finished = 0;
        self.time_ns.iter_mut().for_each(|t| *t = None);
    }

    fn out(&mut self, info: &LoopInfo, thread: usize) -> Option<Take> {
        if self.state[thread] != State::Out {
            self.state[thread] = State::Out;
            self.active -= 1;
            self.maybe_advance(info);
        }
        None
    }

    fn small(&mut self, info: &LoopInfo, pool: &mut Pool, thread: usize, phase: PhaseKind) -> Option<Take> {
        match pool.take(self.m, phase) {
            Some(t) => Some(t),
            None => self.out(info, thread),
        }
    }

    /// A thread that may join the current AID phase does so, unless the pool is too short for a whole phase.
    fn join_or_wait(&mut self, info: &LoopInfo, pool: &mut Pool, thread: usize, now_ns: TimeNs) -> Option<Take> {
        if self.phase > 0 && !self.tail {
            let demand: u64 = (0..info.threads).map(|t| self.chunk_of(info, t)).sum();
            if pool.remaining() < demand && self.joined[thread] < self.phase {
                self.tail = true;
            }
        }
        if self.tail {
            return self.small(info, pool, thread, PhaseKind::Dynamic);
        }
        if self.phase > 0 && self.joined[thread] < self.phase {
            let len = self.chunk_of(info, thread);
            return match pool.take(len, PhaseKind::Aid) {
                Some(t) => {
                    self.joined[thread] = self.phase;
                    self.state[thread] = State::InAid { taken_ns: now_ns };
                    Some(t)
                }
                None => self.out(info, thread),
            };
        }
        self.state[thread] = State::Waiting;
        self.small(info, pool, thread, PhaseKind::SamplingWait)
    }
}

impl LoopSchedule for AidDynamic {
    fn mapping(&self) -> Mapping {
        Mapping::BigFirst
    }

    fn begin(&mut self, info: &LoopInfo) {
        self.state = vec![State::Start; info.threads];
        self.time_ns = vec![None; info.threads];
        self.joined = vec![0; info.threads];
        self.phase = 0;
        self.finished = 0;
        self.active = info.threads;
        self.r = vec![1.0; info.n_types];
        self.sampled_sf = None;
        self.tail = false;
    }

    fn next(&mut self, info: &LoopInfo, pool: &mut Pool, thread: usize, now_ns: TimeNs) -> Option<Take> {
        match self.state[thread] {
            State::Start => match pool.take(self.m, PhaseKind::Sampling) {
                Some(t) => {
                    self.state[thread] = State::Sampling;
                    Some(t)
                }
                None => self.out(info, thread),
            },
            State::Sampling => {
                self.time_ns[thread] = Some(now_ns.saturating_sub(info.start_ns));
                self.finished += 1;
                self.maybe_advance(info);
                self.join_or_wait(info, pool, thread, now_ns)
            }
            State::InAid { taken_ns } => {
                self.time_ns[thread] = Some(now_ns.saturating_sub(taken_ns));
                self.finished += 1;
                self.maybe_advance(info);
                self.join_or_wait(info, pool, thread, now_ns)
            }
            State::Waiting => self.join_or_wait(info, pool, thread, now_ns),
            State::Out => None,
        }
    }

    fn estimated_sf(&self) -> Option<f64> {
        self.sampled_sf
    }
}
