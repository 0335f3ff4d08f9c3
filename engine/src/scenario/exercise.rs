//! An exercise a scenario may carry: a goal for the student's policy and the check of it against a built-in run
//! (docs/custom-policies.md "Exercises"); `claims::exercise` evaluates it on a result.

use serde::{Deserialize, Serialize};

use crate::error::{InputError, InputResult};

/// Longest goal text.
pub const MAX_GOAL_CHARS: usize = 300;

/// The check of an exercise: the first custom scheduler's `metric` against the `baseline` run's, with a margin.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Exercise {
    /// What the student is asked to do, in a sentence.
    pub goal: String,
    /// The scheduler to beat, listed in the scenario's `schedulers`.
    pub baseline: String,
    /// Dotted path of the number compared in a run (`metrics.makespan_ns`, `metrics.energy_j`).
    pub metric: String,
    /// Whether a smaller value is better (makespan, energy).
    pub lower_is_better: bool,
    /// How much better than the baseline the policy must be, in percent (0 to 90).
    pub margin_pct: f64,
}

impl Exercise {
    /// Checks the fields at `path`; `schedulers` are the scenario's.
    pub fn validate(&self, schedulers: &[String], path: &str) -> InputResult<()> {
        if self.goal.trim().is_empty() || self.goal.chars().count() > MAX_GOAL_CHARS {
            return Err(InputError::new(format!("{path}.goal"), format!("a sentence of 1 to {MAX_GOAL_CHARS} characters")));
        }
        if !schedulers.iter().any(|s| s == &self.baseline) {
            return Err(InputError::new(format!("{path}.baseline"), format!("'{}' is not listed in schedulers", crate::error::excerpt(&self.baseline, 60))));
        }
        let ok_path = (self.metric.starts_with("metrics.") || self.metric.starts_with("extras.")) && self.metric.len() <= 100 && self.metric.split('.').all(|p| !p.is_empty());
        if !ok_path {
            return Err(InputError::new(format!("{path}.metric"), "a dotted path into a run, such as metrics.makespan_ns"));
        }
        if !(0.0..=90.0).contains(&self.margin_pct) {
            return Err(InputError::new(format!("{path}.margin_pct"), format!("must be in [0, 90], got {}", self.margin_pct)));
        }
        Ok(())
    }

    /// The value the policy must reach given the baseline's: `margin_pct` percent below it (or above it when higher is better).
    pub fn required(&self, baseline: f64) -> f64 {
        let f = self.margin_pct / 100.0;
        if self.lower_is_better {
            baseline * (1.0 - f)
        } else {
            baseline * (1.0 + f)
        }
    }

    /// Whether `mine` meets `required`.
    pub fn meets(&self, mine: f64, required: f64) -> bool {
        if self.lower_is_better {
            mine <= required
        } else {
            mine >= required
        }
    }
}
