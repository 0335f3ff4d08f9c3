//! The versioned scenario (platform, work classes, workload, timeline events, schedulers, seed) and its validation; `run/` runs it.
//!
//! The schema is documented in `docs/scenario.md` and `docs/scenario.schema.json`.
//! Parsing names the bad field with its path (`platform.clusters[0].cores`); nothing here panics on user data.


use serde::{Deserialize, Serialize};

use crate::error::{at_least, InputError, InputResult};
use crate::model::{Platform, TaskGraph, TimelineEvent, WorkClass, Workload};
use crate::policy::CustomScheduler;
use crate::registry;
use crate::sched::common::SchedOptions;
use crate::sim::{Rng, TimeNs};

/// The schema version this engine writes; older versions are upgraded on load.
pub const SCENARIO_VERSION: u32 = 1;

/// Largest scenario text accepted, in bytes.
pub const MAX_SCENARIO_BYTES: usize = 64 * 1024 * 1024;

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
}

impl Default for RuntimeOptions {
    fn default() -> Self {
        RuntimeOptions { steal_ns: 1_000, ptt_search_ns: 1_000, dispatch_ns: 500, ptt_weight: 0.2, explore_one_in: 10 }
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
}

/// The scenario as first parsed: tagged parts stay JSON so that their errors keep full paths.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawScenario {
    version: u32,
    name: String,
    #[serde(default)]
    description: String,
    seed: u64,
    platform: Platform,
    classes: Vec<WorkClass>,
    workload: serde_json::Value,
    #[serde(default)]
    events: Vec<serde_json::Value>,
    schedulers: Vec<String>,
    #[serde(default)]
    custom_schedulers: Vec<CustomScheduler>,
    #[serde(default)]
    runtime: RuntimeOptions,
}

impl Scenario {
    /// Parses JSON text; the error names the field with its path.
    pub fn from_json(text: &str) -> InputResult<Scenario> {
        if text.len() > MAX_SCENARIO_BYTES {
            return Err(InputError::new("", format!("scenario is {} bytes; at most {MAX_SCENARIO_BYTES} are accepted", text.len())));
        }
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| InputError::new("", format!("not valid JSON: {e}")))?;
        let value = upgrade(value)?;
        let raw: RawScenario = crate::error::from_value(value, "")?;
        let workload = Workload::from_value(raw.workload, "workload")?;
        let events = raw
            .events
            .into_iter()
            .enumerate()
            .map(|(i, v)| TimelineEvent::from_value(v, &format!("events[{i}]")))
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
        for (i, class) in self.classes.iter().enumerate() {
            class.validate(&format!("classes[{i}]"))?;
            if self.classes[..i].iter().any(|k| k.name == class.name) {
                return Err(InputError::new(format!("classes[{i}].name"), format!("class '{}' is defined twice", class.name)));
            }
        }
        for (i, event) in self.events.iter().enumerate() {
            event.validate(&self.platform, &format!("events[{i}]"))?;
        }
        self.workload.check_places(&self.platform, "workload")?;
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
        let w = at_least("runtime.ptt_weight", self.runtime.ptt_weight, 0.0)?;
        if w <= 0.0 || w > 1.0 {
            return Err(InputError::new("runtime.ptt_weight", format!("must be in (0, 1], got {w}")));
        }
        Ok(())
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
            Workload::Layered(_) | Workload::Dag(_) => registry::task_in(name, &SchedOptions::new(self.platform.n_cores()), &self.custom_schedulers, path).map(|_| ()),
            Workload::LoopProgram(_) => registry::loop_schedule(name, path).map(|_| ()),
            Workload::Applications(mix) => {
                mix.validate(&self.platform, "workload")?;
                registry::os_method(name, &mix.os, path).map(|_| ())
            }
        }
    }
}

/// Upgrades an older scenario document to the current version; an unknown version is named as such.
fn upgrade(value: serde_json::Value) -> InputResult<serde_json::Value> {
    let Some(obj) = value.as_object() else {
        return Err(InputError::new("", "a scenario is a JSON object"));
    };
    match obj.get("version") {
        None => Err(InputError::new("version", "missing (this engine reads version 1)")),
        Some(v) => match v.as_u64() {
            Some(1) => Ok(value),
            Some(n) => Err(InputError::new("version", format!("unknown version {n} (this engine reads {SCENARIO_VERSION})"))),
            None => Err(InputError::new("version", format!("must be a whole number, got {v}"))),
        },
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
    fn every_preset_round_trips_and_validates() {
        for p in crate::catalogue::presets() {
            let s = crate::catalogue::scenario(&p.name).expect("preset");
            let again = Scenario::from_json(&s.to_json()).unwrap_or_else(|e| panic!("{}: {e}", p.name));
            assert_eq!(again, s);
        }
    }
}
