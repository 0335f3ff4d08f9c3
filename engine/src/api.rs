//! The Wasm boundary, and the only module that knows wasm-bindgen: an opaque [`Session`] handle with plain data in and out.
//!
//! Strings carry JSON (scenarios in, summaries out); segments leave as typed arrays, one per column.
//! Every fallible call returns a `Result`, mapped to a JavaScript `Error` whose message names the bad field.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use serde_json::json;
use wasm_bindgen::prelude::*;

use crate::error::InputError;
use crate::scenario::{guides, presets, presets_dam, Scenario, ScenarioResult};
use crate::sched::registry;
use crate::summary;

fn js_error(e: InputError) -> JsError {
    JsError::new(&e.to_string())
}

fn infos<'a>(list: impl IntoIterator<Item = &'a presets::PresetInfo>) -> String {
    let v: Vec<_> = list
        .into_iter()
        .map(|p| {
            let mut info = json!({ "name": p.name, "title": p.title, "description": p.description });
            let paper = presets_dam::paper_values(p.name);
            if !paper.is_empty() {
                info["paper"] = json!(paper);
            }
            info
        })
        .collect();
    serde_json::Value::Array(v).to_string()
}

/// Adds the optional teaching fields (`question`, `figure`, `paper_values`, `steps`) of each preset's guide.
fn with_guides(infos_json: String) -> String {
    let Ok(serde_json::Value::Array(mut list)) = serde_json::from_str::<serde_json::Value>(&infos_json) else { return infos_json };
    for info in &mut list {
        let name = info["name"].as_str().unwrap_or_default().to_string();
        let (Some(guide), Some(obj)) = (guides::guide(&name), info.as_object_mut()) else { continue };
        if let Ok(serde_json::Value::Object(fields)) = serde_json::to_value(guide) {
            obj.extend(fields);
        }
    }
    serde_json::Value::Array(list).to_string()
}

/// Scenario presets as JSON `[{"name","title","description"}]`, plus the optional teaching fields of `scenario::guides`
/// (`question`, `figure`, `paper_values`, `steps`); the first is the default.
#[wasm_bindgen]
pub fn list_presets() -> String {
    with_guides(infos(presets::all_scenarios()))
}

/// Platform presets as JSON `[{"name","title","description"}]`.
#[wasm_bindgen]
pub fn list_platforms() -> String {
    infos(presets::PLATFORMS)
}

/// Scheduler names as a JSON array.
#[wasm_bindgen]
pub fn list_schedulers() -> String {
    serde_json::Value::from(registry::names()).to_string()
}

/// Loop schedules (for loop-program scenarios) as JSON `[{"name","params","description"}]`.
#[wasm_bindgen]
pub fn list_loop_schedules() -> String {
    let v: Vec<_> = crate::loops::registry::LOOP_SCHEDULES
        .iter()
        .map(|e| json!({ "name": e.name, "params": e.params, "description": e.description }))
        .collect();
    serde_json::Value::Array(v).to_string()
}

/// OS-level methods as JSON `[{"name","params","description"}]` (the task schedulers stay in `list_schedulers`).
#[wasm_bindgen]
pub fn list_os_schedulers() -> String {
    let v: Vec<_> = crate::os::registry::OS_SCHEDULERS
        .iter()
        .map(|e| json!({ "name": e.name, "params": e.params, "description": e.description }))
        .collect();
    serde_json::Value::Array(v).to_string()
}

/// The OS-level catalog as JSON: `{"apps","mixes","configs","schedulers","figures"}` (see `presets_os::catalog_json`).
#[wasm_bindgen]
pub fn os_catalog() -> String {
    presets::presets_os_catalog()
}

/// The cells of a sweep grid `{"schedulers","configs","workloads","seeds"}` as a JSON array.
#[wasm_bindgen]
pub fn sweep_cells(grid_json: &str) -> Result<String, JsError> {
    crate::scenario::sweep::cells_json(grid_json).map_err(js_error)
}

/// Runs one sweep cell `{"index","scheduler","config","workload","seed"}`; returns its row as JSON.
#[wasm_bindgen]
pub fn run_sweep_cell(cell_json: &str) -> Result<String, JsError> {
    crate::scenario::sweep::run_cell_json(cell_json).map_err(js_error)
}

/// The scenario JSON of preset `name`.
pub fn try_preset_scenario(name: &str) -> Result<String, InputError> {
    presets::scenario(name).map(|s| s.to_json()).ok_or_else(|| InputError::new("", format!("unknown preset '{name}'")))
}

/// The scenario JSON of preset `name`.
#[wasm_bindgen]
pub fn preset_scenario(name: &str) -> Result<String, JsError> {
    try_preset_scenario(name).map_err(js_error)
}

/// The platform JSON of platform preset `name`.
#[wasm_bindgen]
pub fn platform_preset(name: &str) -> Result<String, JsError> {
    presets::platform(name)
        .and_then(|p| serde_json::to_string_pretty(&p).ok())
        .ok_or_else(|| JsError::new(&format!("unknown platform preset '{name}'")))
}

/// A loaded scenario and, after [`Session::run_all`], its runs.
#[wasm_bindgen]
pub struct Session {
    scenario: Scenario,
    result: Option<ScenarioResult>,
}

impl Session {
    /// Parses and validates a scenario.
    pub fn try_new(scenario_json: &str) -> Result<Session, InputError> {
        Ok(Session { scenario: Scenario::from_json(scenario_json)?, result: None })
    }

    /// Runs every scheduler and returns the summary JSON.
    pub fn try_run_all(&mut self) -> Result<String, InputError> {
        let result = self.scenario.run()?;
        let text = summary::run_summary(&self.scenario, &result).to_string();
        self.result = Some(result);
        Ok(text)
    }

    /// The decision log of run `run` as JSON `{"decisions":[…],"total":N}` (empty before `run_all` or for a run that does not exist).
    pub fn decisions_text(&self, run: usize) -> String {
        self.result
            .as_ref()
            .and_then(|r| r.runs.get(run))
            .and_then(|r| serde_json::to_string(&r.output.decisions).ok())
            .unwrap_or_else(|| r#"{"decisions":[],"total":0}"#.to_string())
    }

    fn column<T: Copy>(&self, run: usize, pick: impl Fn(&crate::trace::ScheduleRecord) -> &Vec<T>) -> Vec<T> {
        self.result.as_ref().and_then(|r| r.runs.get(run)).map(|r| pick(&r.output.record).clone()).unwrap_or_default()
    }
}

#[wasm_bindgen]
impl Session {
    /// Parses and validates a scenario; throws an Error naming the bad field.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario_json: &str) -> Result<Session, JsError> {
        Session::try_new(scenario_json).map_err(js_error)
    }

    /// Runs every scheduler of the scenario; returns the run summary JSON.
    pub fn run_all(&mut self) -> Result<String, JsError> {
        self.try_run_all().map_err(js_error)
    }

    /// Every scheduling decision of run `run`, with the policy's explanation when it gives one, as JSON
    /// `{"decisions":[{"t_ns","core","task","task_type","priority","leader","width","overhead_ns","explanation"?}],"total":N}`.
    pub fn decisions_json(&self, run: usize) -> String {
        self.decisions_text(run)
    }

    /// Number of segments of run `run` (0 before `run_all` or for a run that does not exist).
    pub fn seg_count(&self, run: usize) -> usize {
        self.result.as_ref().and_then(|r| r.runs.get(run)).map_or(0, |r| r.output.record.len())
    }

    /// Core of each segment.
    pub fn seg_core(&self, run: usize) -> Vec<u32> {
        self.column(run, |r| &r.core)
    }

    /// Task of each segment (4294967295 for overhead).
    pub fn seg_task(&self, run: usize) -> Vec<u32> {
        self.column(run, |r| &r.task)
    }

    /// Task type index of each segment (into the summary's `task_types`).
    pub fn seg_task_type(&self, run: usize) -> Vec<u32> {
        self.column(run, |r| &r.task_type)
    }

    /// 1 for a high-priority task.
    pub fn seg_priority(&self, run: usize) -> Vec<u8> {
        self.column(run, |r| &r.priority)
    }

    /// Execution place leader.
    pub fn seg_leader(&self, run: usize) -> Vec<u32> {
        self.column(run, |r| &r.leader)
    }

    /// Execution place width.
    pub fn seg_width(&self, run: usize) -> Vec<u32> {
        self.column(run, |r| &r.width)
    }

    /// 0 work, 1 overhead, 2 idle.
    pub fn seg_kind(&self, run: usize) -> Vec<u8> {
        self.column(run, |r| &r.kind)
    }

    /// Start of each segment in ns (exact below 2^53).
    pub fn seg_start_ns(&self, run: usize) -> Vec<f64> {
        self.column(run, |r| &r.start_ns).into_iter().map(|t| t as f64).collect()
    }

    /// End of each segment in ns.
    pub fn seg_end_ns(&self, run: usize) -> Vec<f64> {
        self.column(run, |r| &r.end_ns).into_iter().map(|t| t as f64).collect()
    }
}

#[cfg(test)]
#[allow(clippy::expect_used, clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn session_runs_the_default_preset_and_names_bad_fields() {
        let json = try_preset_scenario(presets::DEFAULT_SCENARIO).expect("preset");
        let mut s = Session::try_new(&json).expect("valid");
        let summary: serde_json::Value = serde_json::from_str(&s.try_run_all().expect("runs")).expect("json");
        assert_eq!(summary["runs"].as_array().map(Vec::len), Some(2));
        assert_eq!(s.seg_core(0).len(), s.seg_count(0));
        assert!(s.seg_count(0) > 0);
        assert!(s.seg_core(7).is_empty());
        let listed: serde_json::Value = serde_json::from_str(&list_presets()).expect("json");
        assert_eq!(listed[0]["name"], presets::DEFAULT_SCENARIO);
        assert!(listed[0]["steps"].as_array().is_some_and(|s| s.len() >= 3));
        assert!(listed[0]["paper_values"][0]["paper"].is_number());
        let log: serde_json::Value = serde_json::from_str(&s.decisions_text(1)).expect("json");
        let first = &log["decisions"][0];
        assert_eq!(log["total"].as_u64(), log["decisions"].as_array().map(|d| d.len() as u64));
        assert!(first["explanation"]["reason"].as_str().is_some_and(|r| r.contains("Core")), "{first}");
        assert_eq!(first["explanation"]["candidates"][0]["chosen"], true);
        assert_eq!(s.decisions_text(9), r#"{"decisions":[],"total":0}"#);
        let bad = json.replacen("\"cores\": 4", "\"cores\": 0", 1);
        let e = Session::try_new(&bad).err().expect("0 cores");
        assert_eq!(e.path, "platform.clusters[0].cores");
    }
}
