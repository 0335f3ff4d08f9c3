//! The decision log: every `Decision::Run` the policy took (time, deciding core, task, place, overhead) and, when the policy gives one, its explanation.
//!
//! The step-through view replays it. Only the first [`DecisionLog::CAP`] decisions are kept, and only the first
//! [`DecisionLog::EXPLAIN_CAP`] of those carry an explanation, with at most [`DecisionLog::CANDIDATE_CAP`] candidate
//! places in all (a platform of 1,024 cores has 2,047 places), so that a huge run stays small.

use serde::Serialize;

use crate::sched::{Explanation, Place, Places, Ptt};
use crate::sim::TimeNs;

/// What a task run records beyond its segments and metrics. A plain run records neither: formatting explanations,
/// logging decisions and copying the PTT cost about half of a run's instructions. A view that shows them (the
/// step-through, the PTT heatmap's playback) asks for its run again with them on; runs are deterministic, so the
/// re-run is the same run, decision for decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Detail {
    /// The decision log, with the policy's explanations.
    pub decisions: bool,
    /// The PTT over time (without it, only the final table).
    pub ptt_history: bool,
}

impl Detail {
    /// Everything: the decision log and the PTT history.
    pub const ALL: Detail = Detail { decisions: true, ptt_history: true };
}

/// One `Decision::Run`.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DecisionRecord {
    /// When the core decided.
    pub t_ns: TimeNs,
    /// The core that asked and decided.
    pub core: u32,
    /// The task it chose.
    pub task: u32,
    /// The task's type index (into the run's type names).
    pub task_type: u32,
    /// 1 for a high-priority task.
    pub priority: u8,
    /// Leader of the chosen place.
    pub leader: u32,
    /// Width of the chosen place.
    pub width: u32,
    /// Scheduling overhead charged to the deciding core before dispatch.
    pub overhead_ns: TimeNs,
    /// Why, when the policy explains itself.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub explanation: Option<Explanation>,
}

/// The decisions of one run, in the order they were taken.
#[derive(Serialize, Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DecisionLog {
    /// Recorded decisions (at most [`DecisionLog::CAP`]).
    pub decisions: Vec<DecisionRecord>,
    /// Decisions taken in all, recorded or not (counted even when the run records no log).
    pub total: u64,
    /// Candidate places kept in explanations so far.
    #[serde(skip)]
    #[cfg_attr(feature = "ts", ts(skip))]
    candidates: usize,
}

impl DecisionLog {
    /// Decisions kept per run.
    pub const CAP: usize = 100_000;
    /// Decisions per run that keep the policy's explanation.
    pub const EXPLAIN_CAP: usize = 20_000;
    /// Candidate places kept over every explanation of a run.
    pub const CANDIDATE_CAP: usize = 200_000;

    /// Whether the next decision will be kept.
    pub fn wants_more(&self) -> bool {
        self.decisions.len() < Self::CAP
    }

    /// Whether the next decision will keep an explanation (so the runtime asks the policy for one).
    pub fn wants_explanation(&self) -> bool {
        self.decisions.len() < Self::EXPLAIN_CAP && self.candidates < Self::CANDIDATE_CAP
    }

    /// Records one decision; fills the PTT prediction of each candidate place from `ptt`, and its cost by the rule's measure.
    pub fn push(&mut self, mut record: DecisionRecord, places: &Places, ptt: &Ptt) {
        self.total += 1;
        if !self.wants_more() {
            return;
        }
        if let Some(n) = record.explanation.as_ref().map(|ex| ex.candidates.len()) {
            if self.candidates + n > Self::CANDIDATE_CAP {
                record.explanation = None;
            } else {
                self.candidates += n;
            }
        }
        if let Some(ex) = record.explanation.as_mut() {
            for c in &mut ex.candidates {
                if c.ptt_ns.is_none() {
                    let place = Place { leader: c.leader, width: c.width };
                    c.ptt_ns = places.find(place).map(|p| ptt.get(record.task_type as usize, p)).filter(|v| *v > 0.0);
                }
                if c.cost.is_none() {
                    c.cost = ex.compares.cost(c.ptt_ns, c.width);
                }
            }
        }
        self.decisions.push(record);
    }
}
