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
    /// The number the policy's rule compares for this place (lower wins), when the place is measured: predicted time × width
    /// (local searches, DAM-C) or predicted time (DAM-P, DA); filled by the runtime from the PTT per [`Explanation::compares`].
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

/// Which number a policy's rule compares between places, so that the runtime can fill each candidate's cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Compares {
    /// No comparison (the place follows from where the task came from).
    #[default]
    Nothing,
    /// The predicted time (fastest place wins).
    Time,
    /// The predicted time × width (the parallel cost).
    TimeWidth,
}

impl Compares {
    /// The cost of a place of `width` cores whose PTT prediction is `ptt_ns` (None while unmeasured).
    pub fn cost(self, ptt_ns: Option<f64>, width: u32) -> Option<f64> {
        let t = ptt_ns.filter(|t| *t > 0.0)?;
        match self {
            Compares::Nothing => None,
            Compares::Time => Some(t),
            Compares::TimeWidth => Some(t * width as f64),
        }
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
    /// What the rule compared (the runtime fills [`Candidate::cost`] from it); not serialised.
    #[serde(skip)]
    #[cfg_attr(feature = "ts", ts(skip))]
    pub compares: Compares,
}

impl Explanation {
    /// An explanation whose rule compares nothing (the place follows from where the task came from).
    pub fn plain(candidates: Vec<Candidate>, reason: String) -> Self {
        Explanation { candidates, reason, compares: Compares::Nothing }
    }
}
