//! Scheduling policies: the [`TaskScheduler`] trait (a scheduler decides, the runtime applies and records), one file per policy, and a registry by name.
//!
//! A policy owns its queues and answers two questions: where does a newly ready task go ([`TaskScheduler::on_ready`]),
//! and what does an idle core do next ([`TaskScheduler::on_idle`]). It never mutates the simulation itself.

pub mod any;
pub mod explain;
pub mod cats;
pub mod common;
pub mod da;
pub mod dam_c;
pub mod dam_p;
pub mod dheft;
pub mod fa;
pub mod fam_c;
pub mod fifo;
pub mod heft;
pub mod ptt;
mod ptt_explain;
pub mod rws;
pub mod rwsm_c;

use crate::error::InputError;
use crate::model::{SpeedState, TaskGraph};
use crate::sim::{Rng, TimeNs};
pub use any::AnyTaskScheduler;
pub use explain::{Candidate, Explanation};
pub use ptt::{Place, Places, Ptt, PttRecorder, PttSnapshot};

/// Costs the runtime charges for scheduling work, in nanoseconds of the deciding core's time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Costs {
    /// One steal attempt, successful or not.
    pub steal_ns: TimeNs,
    /// One PTT search.
    pub ptt_search_ns: TimeNs,
    /// Handing a task's partitions to the assembly queues of its place.
    pub dispatch_ns: TimeNs,
}

/// What a policy sees when it decides: read-only simulation state plus the run's generator.
pub struct View<'a> {
    /// Current time.
    pub now_ns: TimeNs,
    /// The workload.
    pub graph: &'a TaskGraph,
    /// Current speeds (frequency, interference, offline cores).
    pub speed: &'a SpeedState,
    /// Valid execution places.
    pub places: &'a Places,
    /// The Performance Trace Table, learned by the runtime.
    pub ptt: &'a Ptt,
    /// Scheduling costs.
    pub costs: &'a Costs,
    /// The run's only source of randomness.
    pub rng: &'a mut Rng,
    /// Number of cores.
    pub n_cores: usize,
}

/// What an idle core does next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// Run `task` on `place` after `overhead_ns` of scheduling work on the deciding core.
    Run {
        /// Task id.
        task: u32,
        /// Where its partitions go.
        place: Place,
        /// Time the deciding core spends before the partitions are dispatched.
        overhead_ns: TimeNs,
    },
    /// Spend `after_ns` (a failed steal attempt) and ask again.
    Retry {
        /// Time spent on the attempt.
        after_ns: TimeNs,
    },
    /// Nothing to do: sleep until a task becomes ready.
    Sleep,
}

/// A scheduling policy for the task runtime.
pub trait TaskScheduler {
    /// Registry name, such as `rws`.
    fn name(&self) -> &'static str;
    /// `task` became ready; `releasing_core` finished its last predecessor (None for initial tasks).
    fn on_ready(&mut self, view: &mut View, task: u32, releasing_core: Option<usize>);
    /// `core` has nothing in its assembly queue and asks what to do.
    fn on_idle(&mut self, view: &mut View, core: usize) -> Decision;
    /// `task` finished on `place`; its leader took `leader_ns`. The runtime has already updated the PTT.
    fn on_done(&mut self, _view: &mut View, _task: u32, _place: Place, _leader_ns: TimeNs) {}
    /// False only when `on_idle` would answer `Sleep` to every core without changing any state (nothing is queued), so that
    /// the runtime can leave sleeping cores asleep instead of asking each after every completion. True (always ask) by default.
    fn has_ready(&self) -> bool {
        true
    }
    /// False only when `on_idle(core)` would answer `Sleep` without changing any state a later decision depends on, so that
    /// the runtime leaves that sleeping core asleep; policies with per-core queues answer for the core. [`Self::has_ready`]
    /// by default.
    fn can_serve(&self, _core: usize) -> bool {
        self.has_ready()
    }
    /// Why the last `Decision::Run` was taken (candidate places, costs, reason), for the step-through view.
    /// Called right after `on_idle` returned `Run`, only when the runtime records explanations; None by default.
    fn explain_last(&self) -> Option<Explanation> {
        None
    }
    /// The error that stopped a policy that can fail (a user policy, `policy/`): once it returns Some, the policy decides
    /// nothing more and the runtime ends the run with this error. None for the built-in policies.
    fn failure(&self) -> Option<InputError> {
        None
    }
}
