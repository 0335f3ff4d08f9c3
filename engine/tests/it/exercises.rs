//! The gallery's exercises: each one's starter policy fails its check and a known-good policy (kept here, not shipped)
//! passes it, natively, with the verdict `asymlab run` and the page show.

use engine::catalogue::{self, expand::STARTER_NAME};
use engine::claims::exercise::{verdict, ExerciseVerdict};

/// Critical tasks on the core the PTT measures fastest, the rest by RWS: reaches every exercise's goal.
const GOOD: &str = include_str!("exercises/critical-fastest.rhai");

fn exercises() -> Vec<&'static str> {
    catalogue::presets().iter().filter(|p| p.starter.is_some()).map(|p| p.name.as_str()).collect()
}

fn check(name: &str, source: Option<&str>) -> ExerciseVerdict {
    let mut s = catalogue::scenario(name).unwrap_or_else(|| panic!("{name}"));
    if let Some(source) = source {
        let mine = s.custom_schedulers.iter_mut().find(|c| c.name == STARTER_NAME).unwrap_or_else(|| panic!("{name}: no starter"));
        mine.source = source.into();
    }
    let result = engine::run::run(&s).unwrap_or_else(|e| panic!("{name}: {e}"));
    verdict(&s, &result).unwrap_or_else(|| panic!("{name}: no verdict"))
}

#[test]
fn three_exercises_whose_starter_fails_and_a_good_policy_passes() {
    let names = exercises();
    assert_eq!(names.len(), 3, "{names:?}");
    for name in names {
        let start = check(name, None);
        assert!(!start.passed, "{name}: the starter already passes: {start:?}");
        assert_eq!(start.policy, STARTER_NAME);
        let good = check(name, Some(GOOD));
        assert!(good.passed, "{name}: the known-good policy fails: {good:?}");
        assert!(good.mine <= good.required && good.required < good.baseline_value, "{name}: {good:?}");
    }
}

#[test]
fn the_verdict_needs_an_exercise_and_a_custom_run() {
    let s = catalogue::scenario("tx2-corunner").expect("preset");
    let result = engine::run::run(&s).expect("runs");
    assert_eq!(verdict(&s, &result), None, "no exercise");
    let mut e = catalogue::scenario("exercise-corunner").expect("preset");
    e.schedulers.retain(|n| n != STARTER_NAME);
    let result = engine::run::run(&e).expect("runs");
    assert_eq!(verdict(&e, &result), None, "no custom policy among the runs");
}

#[test]
fn an_exercise_naming_a_scheduler_not_run_is_refused() {
    let mut s = catalogue::scenario("exercise-corunner").expect("preset");
    if let Some(e) = s.exercise.as_mut() {
        e.baseline = "dam-c".into();
    }
    let err = engine::Scenario::from_json(&s.to_json()).expect_err("refused");
    assert_eq!(err.path, "exercise.baseline");
}
