//! The check of a scenario's exercise (`scenario::exercise`): the first custom policy's number against the baseline run's,
//! read with the claims' paths; the page and `asymlab run` show the same verdict.

use serde::Serialize;

use crate::run::ScenarioResult;
use crate::scenario::Scenario;

use super::{adapter, measure};

/// Whether the user's policy meets the exercise's goal, with the numbers behind it.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ExerciseVerdict {
    /// The goal, as the exercise states it.
    pub goal: String,
    /// The path of the compared number (`metrics.makespan_ns`).
    pub metric: String,
    /// Whether a smaller value is better.
    pub lower_is_better: bool,
    /// The user's policy that was checked (the first custom scheduler listed).
    pub policy: String,
    /// The scheduler to beat.
    pub baseline: String,
    /// The policy's value.
    pub mine: f64,
    /// The baseline's value.
    pub baseline_value: f64,
    /// The value the policy must reach (the baseline's, less or more the margin).
    pub required: f64,
    /// Whether `mine` meets `required`.
    pub passed: bool,
}

/// The verdict of `scenario`'s exercise on `result`; `None` without an exercise, without a custom policy among the runs,
/// or when a number is missing.
pub fn verdict(scenario: &Scenario, result: &ScenarioResult) -> Option<ExerciseVerdict> {
    if !cfg!(feature = "full") {
        return None; // an exercise's policy runs in the full module only
    }
    let exercise = scenario.exercise.as_ref()?;
    let policy = result.runs.iter().map(|r| r.scheduler.as_str()).find(|s| scenario.custom_schedulers.iter().any(|c| c.name == *s))?;
    let runs = adapter::result_values(result);
    let mine = measure::read(&runs, policy, &exercise.metric)?;
    let baseline_value = measure::read(&runs, &exercise.baseline, &exercise.metric)?;
    let required = exercise.required(baseline_value);
    Some(ExerciseVerdict {
        goal: exercise.goal.clone(),
        metric: exercise.metric.clone(),
        lower_is_better: exercise.lower_is_better,
        policy: policy.to_string(),
        baseline: exercise.baseline.clone(),
        mine,
        baseline_value,
        required,
        passed: exercise.meets(mine, required),
    })
}
