//! Why a policy chose what it chose: the optional [`Explanation`] a [`TaskScheduler`](super::TaskScheduler) gives for its last `Run` decision, shown by the step-through view.

use serde::Serialize;

use super::Place;

/// One execution place the policy considered.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Candidate {
    /// First core of the place.
    pub leader: u32,
    /// Number of cores.
    pub width: u32,
    /// The PTT prediction for the task's type on this place (None: not measured yet); filled by the runtime.
    pub ptt_ns: Option<f64>,
    /// The policy's own cost for this place (lower is better), when it computes one; for example predicted time × width.
    pub cost: Option<f64>,
    /// Whether this is the place the policy chose.
    pub chosen: bool,
}

impl Candidate {
    /// A candidate with no cost; the runtime fills in the PTT value.
    pub fn place(place: Place, chosen: bool) -> Self {
        Candidate { leader: place.leader, width: place.width, ptt_ns: None, cost: None, chosen }
    }
}

/// The explanation of one `Decision::Run`.
#[derive(Serialize, Clone, Debug, PartialEq, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Explanation {
    /// Places the policy weighed, in the order it weighed them.
    pub candidates: Vec<Candidate>,
    /// One or two sentences: where the task came from and why this place.
    pub reason: String,
}
