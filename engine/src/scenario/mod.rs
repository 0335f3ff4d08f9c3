//! The versioned scenario (platform, work classes, workload, timeline events, schedulers, seed) and its validation; `run/` runs it.
//!
//! The schema is documented in `docs/scenario.md` and `docs/scenario.schema.json`.
//! Parsing names the bad field with its path (`platform.clusters[0].cores`); nothing here panics on user data.

pub mod exercise;

use serde::{Deserialize, Serialize};

use crate::error::{at_least, InputError, InputResult, RawValue};
use crate::model::{Platform, TaskGraph, TimelineEvent, WorkClass, Workload};
use crate::policy::CustomScheduler;
use crate::registry;
use crate::sched::common::SchedOptions;
use crate::sim::{Rng, TimeNs};

/// The schema version this engine writes; older versions are upgraded on load.
pub const SCENARIO_VERSION: u32 = 1;

/// Largest scenario text accepted, in bytes.
pub const MAX_SCENARIO_BYTES: usize = 64 * 1024 * 1024;

/// Most work classes a scenario may define.
pub const MAX_CLASSES: usize = 4096;
/// Most timeline events a scenario may list.
pub const MAX_EVENTS: usize = 100_000;
/// Most schedulers a scenario may list (each is one run of the whole workload).
pub const MAX_SCHEDULERS: usize = 64;

/// Largest cost of one runtime action (a steal attempt, a PTT search, a dispatch): 1 s, far above any runtime's, and small
/// enough that the run's time arithmetic stays exact.
pub const MAX_RUNTIME_COST_NS: TimeNs = 1_000_000_000;

/// Costs and options of the task runtime.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct RuntimeOptions {
    /// One steal attempt.
    pub steal_ns: TimeNs,
    /// One PTT search (≈1 µs on the TX2, Chen et al. §4.1.1).
    pub ptt_search_ns: TimeNs,
    /// Dispatching a task to its place.
    pub dispatch_ns: TimeNs,
    /// Weight of a new PTT measurement, in (0, 1] (1/5 = the paper's 1:4).
    pub ptt_weight: f64,
    /// XiTAO's exploration: one local PTT search in this many picks a random place containing the core (0 = off).
    pub explore_one_in: u32,
    /// Who commits a shared moldable task: the member whose last row block ends last, drawn in proportion to each member's
    /// block time, so that a slower member commits more often (XiTAO's kernels); off (the default): every order of leaving
    /// is equally likely. Off in the catalogue (docs/model-reference.md §3a).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub slow_member_commits: bool,
    /// Only a place's leader takes a priority task held for the place, as Chen et al. §4.1.2 describe it (the task waits in
    /// the leader's work-stealing queue); off (the default), as in XiTAO's sources: the first idle member of the place hands
    /// it to every member's assembly queue. Off in the catalogue (docs/model-reference.md §3a).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub leader_takes_priority: bool,
}

impl Default for RuntimeOptions {
    fn default() -> Self {
        RuntimeOptions { steal_ns: 1_000, ptt_search_ns: 1_000, dispatch_ns: 500, ptt_weight: 0.2, explore_one_in: 10, slow_member_commits: false, leader_takes_priority: false }
    }
}

/// A whole scenario: everything needed to reproduce a run.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// Schema version (1).
    pub version: u32,
    /// Display name.
    pub name: String,
    /// What the scenario shows.
    #[serde(default)]
    pub description: String,
    /// Seed of every generator in the run (at most 2^53 so that JavaScript keeps it exact).
    pub seed: u64,
    /// The platform.
    pub platform: Platform,
    /// Work classes the workload refers to.
    pub classes: Vec<WorkClass>,
    /// The workload.
    pub workload: Workload,
    /// Timeline events.
    #[serde(default)]
    pub events: Vec<TimelineEvent>,
    /// Schedulers to run, by registry name or the name of one of `custom_schedulers`; each gets the same seed.
    pub schedulers: Vec<String>,
    /// User-written policies (`policy/`, docs/custom-policies.md), listed in `schedulers` by name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub custom_schedulers: Vec<CustomScheduler>,
    /// Runtime costs and options.
    #[serde(default)]
    pub runtime: RuntimeOptions,
    /// An exercise for a user policy: its goal and the check against a built-in run (`claims::exercise`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exercise: Option<exercise::Exercise>,
}

/// The scenario as first parsed: tagged parts stay raw JSON text so that their errors keep full paths, and no tree is built.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario<'a> {
    version: u32,
    name: String,
    #[serde(default)]
    description: String,
    seed: u64,
    platform: Platform,
    classes: Vec<WorkClass>,
    #[serde(borrow)]
    workload: &'a RawValue,
    #[serde(default, borrow)]
    events: Vec<&'a RawValue>,
    schedulers: Vec<String>,
    #[serde(default)]
    custom_schedulers: Vec<CustomScheduler>,
    #[serde(default)]
    runtime: RuntimeOptions,
    #[serde(default)]
    exercise: Option<exercise::Exercise>,
}

/// Only the version, read first so that an older or newer document is named as such before its fields are checked.
#[derive(Deserialize)]
struct VersionOnly<'a> {
    #[serde(default, borrow)]
    version: Option<&'a RawValue>,
}

impl Scenario {
    /// Parses JSON text (a leading UTF-8 byte-order mark is allowed); the error names the field with its path.
    /// The text is read once, straight into the scenario's types: a duplicate key is refused, and memory stays
    /// proportional to the scenario, not to a JSON tree of it.
    pub fn from_json(text: &str) -> InputResult<Scenario> {
        if text.len() > MAX_SCENARIO_BYTES {
            return Err(InputError::new("", format!("scenario is {} bytes; at most {MAX_SCENARIO_BYTES} (64 MiB) are accepted", text.len())));
        }
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        if !text.trim_start().starts_with('{') {
            let what = if text.trim().is_empty() { "the scenario is empty" } else { "a scenario is a JSON object" };
            return Err(InputError::new("", what));
        }
        let head: VersionOnly = crate::error::from_text(text, "")?;
        check_version(head.version)?;
        let raw: RawScenario = crate::error::from_text(text, "")?;
        let workload = Workload::from_raw(raw.workload, "workload")?;
        let events = raw
            .events
            .into_iter()
            .enumerate()
            .map(|(i, v)| TimelineEvent::from_raw(v, &format!("events[{i}]")))
            .collect::<InputResult<Vec<_>>>()?;
        let scenario = Scenario {
            version: raw.version,
            name: raw.name,
            description: raw.description,
            seed: raw.seed,
            platform: raw.platform,
            classes: raw.classes,
            workload,
            events,
            schedulers: raw.schedulers,
            custom_schedulers: raw.custom_schedulers,
            runtime: raw.runtime,
            exercise: raw.exercise,
        };
        scenario.validate()?;
        Ok(scenario)
    }

    /// Pretty JSON text of the scenario.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Checks every field that parsing alone cannot; the error names the first bad one.
    pub fn validate(&self) -> InputResult<()> {
        if self.version != SCENARIO_VERSION {
            return Err(InputError::new("version", format!("unknown version {} (this engine reads {SCENARIO_VERSION})", self.version)));
        }
        if self.seed > (1u64 << 53) {
            return Err(InputError::new("seed", "must be at most 2^53 so that links keep it exact"));
        }
        self.platform.validate("platform")?;
        for (field, count, max) in [("classes", self.classes.len(), MAX_CLASSES), ("events", self.events.len(), MAX_EVENTS), ("schedulers", self.schedulers.len(), MAX_SCHEDULERS)] {
            if count > max {
                return Err(InputError::new(field, format!("at most {max} entries, got {count}")));
            }
        }
        let mut names = std::collections::HashSet::new();
        for (i, class) in self.classes.iter().enumerate() {
            class.validate(&format!("classes[{i}]"))?;
            if !names.insert(class.name.as_str()) {
                return Err(InputError::new(format!("classes[{i}].name"), format!("class '{}' is defined twice", crate::error::excerpt(&class.name, 60))));
            }
        }
        self.workload.validate_tasks(&self.classes, "workload")?;
        for (i, event) in self.events.iter().enumerate() {
            event.validate(&self.platform, &format!("events[{i}]"))?;
        }
        self.workload.check_places(&self.platform, "workload")?;
        #[cfg(feature = "full")]
        if let Workload::LoopProgram(program) = &self.workload {
            program.validate(&self.platform, &self.classes, "workload")?;
        }
        registry::check_customs(&self.custom_schedulers)?;
        if self.schedulers.is_empty() {
            return Err(InputError::new("schedulers", "name at least one scheduler"));
        }
        for (i, name) in self.schedulers.iter().enumerate() {
            self.check_scheduler(name, &format!("schedulers[{i}]"))?;
        }
        if let Some(e) = &self.exercise {
            e.validate(&self.schedulers, "exercise")?;
        }
        for (name, v) in [("steal_ns", self.runtime.steal_ns), ("ptt_search_ns", self.runtime.ptt_search_ns), ("dispatch_ns", self.runtime.dispatch_ns)] {
            if v > MAX_RUNTIME_COST_NS {
                return Err(InputError::new(format!("runtime.{name}"), format!("must be at most {MAX_RUNTIME_COST_NS} ns (1 s), got {v}")));
            }
        }
        let w = at_least("runtime.ptt_weight", self.runtime.ptt_weight, 0.0)?;
        if w <= 0.0 || w > 1.0 {
            return Err(InputError::new("runtime.ptt_weight", format!("must be in (0, 1], got {w}")));
        }
        Ok(())
    }

    /// What the task schedulers are built with: the platform's core count and the runtime's scheduling options.
    pub fn sched_options(&self) -> SchedOptions {
        SchedOptions { n_cores: self.platform.n_cores(), explore_one_in: self.runtime.explore_one_in, leader_takes_priority: self.runtime.leader_takes_priority }
    }

    /// Builds the workload (validating it) with the scenario's seed.
    pub fn build_graph(&self) -> InputResult<TaskGraph> {
        let mut rng = Rng::new(self.seed ^ 0x0005_EED0_FDA6);
        self.workload.build(&self.classes, &mut rng, "workload")
    }

    /// Checks that `name` is a scheduler of the workload's level.
    fn check_scheduler(&self, name: &str, path: &str) -> InputResult<()> {
        if registry::custom_index(&self.custom_schedulers, name, path)?.is_some() {
            return match &self.workload {
                Workload::Layered(_) | Workload::Dag(_) => Ok(()),
                other => Err(InputError::new(path, format!("'{name}' is a custom task scheduler; this workload runs at the {} level", other.level().name()))),
            };
        }
        match &self.workload {
            Workload::Layered(_) | Workload::Dag(_) => registry::task_in(name, &self.sched_options(), &self.custom_schedulers, path).map(|_| ()),
            #[cfg(not(feature = "full"))]
            other => Err(crate::registry::elsewhere(other.level(), "workload.kind")),
            #[cfg(feature = "full")]
            Workload::LoopProgram(_) => registry::loop_schedule(name, path).map(|_| ()),
            #[cfg(feature = "full")]
            Workload::Applications(mix) => {
                mix.validate(&self.platform, "workload")?;
                registry::os_method(name, &mix.os, path).map(|_| ())
            }
        }
    }
}

/// Checks the document's version; an older one would be upgraded here (only version 1 exists), an unknown one is named.
fn check_version(version: Option<&RawValue>) -> InputResult<()> {
    let Some(v) = version else {
        return Err(InputError::new("version", "missing (this engine reads version 1)"));
    };
    match serde_json::from_str::<u64>(v.get()) {
        Ok(1) => Ok(()),
        Ok(n) => Err(InputError::new("version", format!("unknown version {n} (this engine reads {SCENARIO_VERSION})"))),
        Err(_) => Err(InputError::new("version", format!("must be a whole number, got {}", crate::error::excerpt(v.get(), 40)))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn default_json() -> serde_json::Value {
        let text = crate::catalogue::scenario(crate::catalogue::DEFAULT_SCENARIO).expect("default").to_json();
        serde_json::from_str(&text).expect("json")
    }

    fn error_of(value: serde_json::Value) -> InputError {
        Scenario::from_json(&value.to_string()).expect_err("must fail")
    }

    #[test]
    fn bad_fields_are_named() {
        let mut v = default_json();
        v["platform"]["clusters"][0]["cores"] = 0.into();
        assert_eq!(error_of(v).path, "platform.clusters[0].cores");

        let mut v = default_json();
        v["platform"]["clusters"][1]["cores"] = "four".into();
        assert_eq!(error_of(v).path, "platform.clusters[1].cores");

        let mut v = default_json();
        v["schedulers"] = serde_json::json!(["fifo", "magic"]);
        let e = error_of(v);
        assert_eq!(e.path, "schedulers[1]");
        assert!(e.message.contains("magic"));

        let mut v = default_json();
        v["workload"]["parallelism"] = (-3).into();
        assert_eq!(error_of(v).path, "workload.parallelism");

        let mut v = default_json();
        v.as_object_mut().expect("object").remove("platform");
        assert!(error_of(v).message.contains("platform"));

        let mut v = default_json();
        v["version"] = 99.into();
        assert!(error_of(v).message.contains("unknown version 99"));

        let mut v = default_json();
        v["events"] = serde_json::json!([{ "kind": "core_offline", "core": 99, "start_ns": 0 }]);
        assert_eq!(error_of(v).path, "events[0].core");

        assert!(Scenario::from_json("{ not json").expect_err("json").message.contains("not valid JSON"));
    }

    #[test]
    fn a_bom_is_accepted_and_duplicate_keys_are_refused_by_field() {
        let text = default_json().to_string();
        assert!(Scenario::from_json(&format!("\u{feff}{text}")).is_ok(), "a UTF-8 byte-order mark is not an error");
        let dup = |from: &str, to: &str| {
            assert!(text.contains(from), "{from}");
            Scenario::from_json(&text.replacen(from, to, 1)).expect_err("duplicate")
        };
        let e = dup("\"seed\":", "\"seed\":1,\"seed\":");
        assert!(e.message.contains("duplicate field `seed`"), "{e}");
        let e = dup("\"kind\":\"layered\"", "\"kind\":\"layered\",\"tasks\":5");
        assert_eq!(e.path, "workload");
        assert!(e.message.contains("duplicate field `tasks`"), "{e}");
        let e = dup("\"cores\":", "\"cores\":2,\"cores\":");
        assert!(e.message.contains("duplicate field `cores`") && e.path.starts_with("platform.clusters[0]"), "{e}");
        let mut v = default_json();
        v["classes"][0]["ratio"] = serde_json::json!({ "A57": 1.0 });
        let t = v.to_string().replacen("\"A57\":1.0", "\"A57\":1.0,\"A57\":2.0", 1);
        let e = Scenario::from_json(&t).expect_err("duplicate ratio");
        assert!(e.message.contains("duplicate field `A57`") && e.path.starts_with("classes[0]"), "{e}");
        let mut v = default_json();
        v["events"] = serde_json::json!([{ "kind": "core_offline", "core": 1, "start_ns": 0 }]);
        let t = v.to_string().replacen("\"core\":1", "\"core\":1,\"core\":2", 1);
        assert_eq!(Scenario::from_json(&t).expect_err("duplicate core").path, "events[0]");
    }

    #[test]
    fn out_of_range_numbers_are_refused_by_field_in_short_words() {
        let mut v = default_json();
        v["workload"]["work_ns"] = 1e308.into();
        let e = error_of(v);
        assert_eq!(e.path, "workload.work_ns");
        assert!(e.message.contains("at most 1e15"), "{e}");
        let mut v = default_json();
        v["platform"]["clusters"][0]["ratio"] = 1e-300.into();
        let e = error_of(v);
        assert_eq!(e.path, "platform.clusters[0].ratio");
        assert!(e.to_string().len() < 100, "a short message: {e}");
        let mut v = default_json();
        v["workload"]["parallelism"] = 4_000_000_000u64.into();
        let e = error_of(v);
        assert_eq!(e.path, "workload.parallelism");
        assert!(e.message.contains("at most 5000000"), "{e}");
        assert_eq!(error_of(serde_json::json!([1, 2])).message, "a scenario is a JSON object");
        let e = Scenario::from_json(&format!("{} x", default_json())).expect_err("trailing");
        assert!(e.message.contains("not valid JSON"), "{e}");
    }

    #[test]
    fn every_preset_round_trips_and_validates() {
        for p in crate::catalogue::presets() {
            let s = crate::catalogue::scenario(&p.name).expect("preset");
            let again = Scenario::from_json(&s.to_json()).unwrap_or_else(|e| panic!("{}: {e}", p.name));
            assert_eq!(again, s);
        }
    }
}
