//! The Wasm boundary, and the only module that knows wasm-bindgen: an opaque [`Session`] handle with plain data in and out.
//!
//! Strings carry JSON (scenarios in, summaries out); segments leave as typed arrays, one per column.
//! Every fallible call returns a `Result`, mapped to a JavaScript `Error` whose message names the bad field.

#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

#[cfg(feature = "full")]
use serde_json::json;
use wasm_bindgen::prelude::*;

#[cfg(feature = "full")]
use crate::catalogue;
use crate::error::InputError;
#[cfg(feature = "full")]
use crate::export::{scenario_chrome, trace_chrome};
#[cfg(feature = "full")]
use crate::import::calibrate::{calibrate, CalibrateOptions};
#[cfg(feature = "full")]
use crate::import::{ImportedTrace, Importer};
use crate::model::{Level, Workload};
use crate::run::{Extras, ScenarioResult};
use crate::runtime::TaskExtras;
use crate::scenario::Scenario;
use crate::summary;
use crate::{registry, run};

fn js_error(e: InputError) -> JsError {
    JsError::new(&e.to_string())
}

#[wasm_bindgen]
extern "C" {
    /// A JavaScript function `(events, expectedEvents) => boolean | undefined` that hears how far a run has come.
    #[wasm_bindgen(typescript_type = "(events: number, expectedEvents: number) => boolean | undefined")]
    pub type ProgressCallback;

    #[wasm_bindgen(method, structural, js_name = call)]
    fn call(this: &ProgressCallback, this_arg: &JsValue, events: f64, expected_events: f64) -> JsValue;
}

/// Scenario presets as JSON, in gallery order (the first is the default); see [`catalogue::listing::presets`]. The page
/// reads them from the catalogue file the build writes (`asymlab catalogue`), so only the full module has this.
#[cfg(feature = "full")]
#[wasm_bindgen]
pub fn list_presets() -> String {
    catalogue::listing::presets().to_string()
}

/// The papers as JSON `[{"id","cite","year","authors","title","venue","summary"}]`.
#[cfg(feature = "full")]
#[wasm_bindgen]
pub fn list_papers() -> String {
    catalogue::listing::papers().to_string()
}

/// Platform presets as JSON `[{"name","title","description"}]`.
#[cfg(feature = "full")]
#[wasm_bindgen]
pub fn list_platforms() -> String {
    catalogue::listing::platforms().to_string()
}

/// The schedulers of `level` (`tasks`, `loops`, `os`; empty for every level) as JSON `[{"name","level","params","description"}]`.
#[wasm_bindgen]
pub fn list_schedulers(level: &str) -> Result<String, JsError> {
    try_list_schedulers(level).map_err(js_error)
}

/// See [`list_schedulers`].
pub fn try_list_schedulers(level: &str) -> Result<String, InputError> {
    let level = match level {
        "" => None,
        name => Some(Level::from_name(name).ok_or_else(|| InputError::new("level", format!("unknown level '{name}' (known: tasks, loops, os)")))?),
    };
    serde_json::to_string(&registry::infos(level)).map_err(|e| InputError::new("", e.to_string()))
}

/// The level of a scenario's workload (`tasks`, `loops` or `os`), read from `workload.kind` without validating the rest,
/// so that the page can list the schedulers that fit while the scenario is still being edited.
#[wasm_bindgen]
pub fn scenario_level(scenario_json: &str) -> Result<String, JsError> {
    try_scenario_level(scenario_json).map(|l| l.name().to_string()).map_err(js_error)
}

/// See [`scenario_level`].
pub fn try_scenario_level(scenario_json: &str) -> Result<Level, InputError> {
    let value: serde_json::Value = serde_json::from_str(scenario_json).map_err(|e| InputError::new("", format!("not valid JSON: {e}")))?;
    let kind = value.get("workload").and_then(|w| w.get("kind")).and_then(|k| k.as_str()).unwrap_or_default();
    Workload::level_of_kind(kind).ok_or_else(|| InputError::new("workload.kind", format!("unknown workload kind '{kind}' (known: layered, dag, loop_program, applications)")))
}

#[cfg(feature = "full")]
/// The OS lab's catalog as JSON: `{"apps","mixes","configs","schedulers","figures"}` (see `claims::lab::catalog_json`).
#[wasm_bindgen]
pub fn os_catalog() -> String {
    crate::claims::lab::catalog_json()
}

#[cfg(feature = "full")]
/// The cells of a custom OS sweep `{"schedulers","configs","workloads","seeds"}` as a JSON array.
#[wasm_bindgen]
pub fn sweep_cells(grid_json: &str) -> Result<String, JsError> {
    crate::claims::lab::grid_cells_json(grid_json).map_err(js_error)
}

#[cfg(feature = "full")]
/// The cells of preset `name`'s claims (the union over its claims' grids and seeds) as a JSON array.
#[wasm_bindgen]
pub fn claim_cells(name: &str) -> Result<String, JsError> {
    crate::claims::preset_cells_json(name).map_err(js_error)
}

#[cfg(feature = "full")]
/// Runs one cell `{"index","preset","set","seed"}`; returns its row `{"cell","platform","workload","runs"}` as JSON.
#[wasm_bindgen]
pub fn run_cell(cell_json: &str) -> Result<String, JsError> {
    crate::claims::run_cell_json(cell_json).map_err(js_error)
}

#[cfg(feature = "full")]
/// Evaluates preset `name`'s claims on rows from `run_cell` (a JSON array); returns the results as JSON.
#[wasm_bindgen]
pub fn evaluate_claims(name: &str, rows_json: &str) -> Result<String, JsError> {
    crate::claims::evaluate_json(name, rows_json).map_err(js_error)
}

/// The scenario JSON of preset `name`.
#[cfg(feature = "full")]
pub fn try_preset_scenario(name: &str) -> Result<String, InputError> {
    catalogue::listing::scenario_text(name).ok_or_else(|| InputError::new("", format!("unknown preset '{name}'")))
}

/// The scenario JSON of preset `name`.
#[cfg(feature = "full")]
#[wasm_bindgen]
pub fn preset_scenario(name: &str) -> Result<String, JsError> {
    try_preset_scenario(name).map_err(js_error)
}

/// The platform JSON of platform preset `name`.
#[cfg(feature = "full")]
#[wasm_bindgen]
pub fn platform_preset(name: &str) -> Result<String, JsError> {
    catalogue::listing::platform_text(name).ok_or_else(|| JsError::new(&format!("unknown platform preset '{name}'")))
}

/// The claims of a run the core module simulated, from its summary JSON (`Session.run_all`'s): a JSON array like the
/// summary's `claims`, which the core module leaves empty (it has no catalogue).
#[cfg(feature = "full")]
#[wasm_bindgen]
pub fn claims_on_summary(summary_json: &str) -> Result<String, JsError> {
    crate::claims::on_summary_json(summary_json).map_err(js_error)
}

/// A loaded scenario and, after [`Session::run_all`], its runs.
#[wasm_bindgen]
pub struct Session {
    scenario: Scenario,
    result: Option<ScenarioResult>,
    /// The decision log and PTT history of one run (its index), recorded on the first request for either.
    detail: Option<(usize, TaskExtras)>,
    /// The work budget of its runs and re-runs.
    limits: run::budget::Limits,
}

impl Session {
    /// Parses and validates a scenario.
    pub fn try_new(scenario_json: &str) -> Result<Session, InputError> {
        Ok(Session { scenario: Scenario::from_json(scenario_json)?, result: None, detail: None, limits: run::budget::Limits::default() })
    }

    /// Runs every scheduler and returns the summary JSON.
    pub fn try_run_all(&mut self) -> Result<String, InputError> {
        self.try_run_all_reporting(None)
    }

    /// Runs every scheduler within the work budget (`run::budget`), calling `on_progress` every million events or so
    /// (returning false cancels); returns the summary JSON.
    pub fn try_run_all_reporting(&mut self, on_progress: Option<crate::sim::meter::OnProgress>) -> Result<String, InputError> {
        let estimate = run::budget::check(&self.scenario, &self.limits)?;
        let mut meter = estimate.meter(&self.limits);
        if let Some(f) = on_progress {
            meter = meter.with_progress(f);
        }
        let result = run::run_metered(&self.scenario, run::Detail::default(), &mut meter)?;
        let text = serde_json::to_string(&summary::run_summary(&self.scenario, &result)).map_err(|e| InputError::new("", e.to_string()))?;
        self.result = Some(result);
        self.detail = None;
        Ok(text)
    }

    /// The decision log and PTT history of task run `run`: run again with them recorded on the first request (a plain
    /// run records neither), then kept until the next request for another run. None before `run_all` or for a run that
    /// is not a task run; an error when the work budget refuses the re-run (the message names the limit).
    fn detail(&mut self, run: usize) -> Result<Option<&TaskExtras>, InputError> {
        if self.detail.as_ref().is_none_or(|(kept, _)| *kept != run) {
            let Some(result) = self.result.as_ref().filter(|r| run < r.runs.len() && matches!(r.runs[run].extras, Extras::Tasks(_))) else {
                return Ok(None);
            };
            self.detail = Some((run, run::tasks::detail_within(&self.scenario, result, run, &self.limits)?));
        }
        Ok(self.detail.as_ref().map(|(_, extras)| extras))
    }

    /// The decision log of run `run` as JSON `{"decisions":[…],"total":N}` (empty before `run_all` or for a run that does not
    /// exist), or the budget's refusal.
    pub fn decisions_text(&mut self, run: usize) -> Result<String, InputError> {
        Ok(self.detail(run)?.and_then(|t| serde_json::to_string(&t.decisions).ok()).unwrap_or_else(|| r#"{"decisions":[],"total":0}"#.to_string()))
    }

    /// The PTT history of run `run` as JSON (`PttHistory`, with `history: true`), or `null` before `run_all` or for a run
    /// that is not a task run, or the budget's refusal.
    pub fn ptt_text(&mut self, run: usize) -> Result<String, InputError> {
        Ok(self.detail(run)?.and_then(|t| serde_json::to_string(&t.metrics.ptt).ok()).unwrap_or_else(|| "null".to_string()))
    }

    /// Chrome Trace JSON of every run (one process per scheduler), or an error before `run_all`.
    #[cfg(feature = "full")]
    pub fn try_export_chrome(&self) -> Result<String, InputError> {
        let result: &ScenarioResult = self.result.as_ref().ok_or_else(|| InputError::new("", "run the scenario before exporting it"))?;
        Ok(scenario_chrome(&self.scenario, result))
    }

    fn loop_column(&self, run: usize, pick: impl Fn(&crate::loops::LoopExtras) -> &Vec<u32>) -> Vec<u32> {
        match self.result.as_ref().and_then(|r| r.runs.get(run)).map(|r| &r.extras) {
            Some(Extras::Loops(e)) => pick(e).clone(),
            _ => Vec::new(),
        }
    }

    fn column<T: Copy>(&self, run: usize, pick: impl Fn(&crate::trace::ScheduleRecord) -> &Vec<T>) -> Vec<T> {
        self.result.as_ref().and_then(|r| r.runs.get(run)).map(|r| pick(&r.record).clone()).unwrap_or_default()
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

    /// Like `run_all`, calling `on_progress(events, expected_events)` every million events or so; a `false` return cancels.
    pub fn run_all_with_progress(&mut self, on_progress: &ProgressCallback) -> Result<String, JsError> {
        let mut report = |p: crate::sim::Progress| on_progress.call(&JsValue::UNDEFINED, p.events as f64, p.expected_events as f64).as_bool() != Some(false);
        self.try_run_all_reporting(Some(&mut report)).map_err(js_error)
    }

    /// Every scheduling decision of run `run`, with the policy's explanation when it gives one, as JSON
    /// `{"decisions":[{"t_ns","core","task","task_type","priority","leader","width","overhead_ns","explanation"?}],"total":N}`.
    /// The run is simulated again with its decisions recorded (a plain `run_all` does not record them); throws when the work
    /// budget refuses that re-run, with a message naming the limit.
    pub fn decisions_json(&mut self, run: usize) -> Result<String, JsError> {
        self.decisions_text(run).map_err(js_error)
    }

    /// The PTT of run `run` over time, as JSON `{"places","n_types","snapshots","history":true}` (`null` when not a task run);
    /// like `decisions_json`, recorded by running it again (and throwing when the budget refuses that).
    pub fn ptt_json(&mut self, run: usize) -> Result<String, JsError> {
        self.ptt_text(run).map_err(js_error)
    }

    /// Number of segments of run `run` (0 before `run_all` or for a run that does not exist).
    pub fn seg_count(&self, run: usize) -> usize {
        self.result.as_ref().and_then(|r| r.runs.get(run)).map_or(0, |r| r.record.len())
    }

    /// Lane (core) of each segment.
    pub fn seg_lane(&self, run: usize) -> Vec<u32> {
        self.column(run, |r| &r.lane)
    }

    /// Item of each segment (task, loop instance or thread; 4294967295 for none); `summary.record.item` says which.
    pub fn seg_item(&self, run: usize) -> Vec<u32> {
        self.column(run, |r| &r.item)
    }

    /// Group index of each segment (into the summary's `groups`).
    pub fn seg_group(&self, run: usize) -> Vec<u32> {
        self.column(run, |r| &r.group)
    }

    /// First iteration of each segment's chunk (loop level only, 4294967295 when not one chunk; empty at other levels).
    pub fn seg_chunk_first(&self, run: usize) -> Vec<u32> {
        self.loop_column(run, |e| &e.chunk_first)
    }

    /// Iterations of each segment's chunk or merged block (loop level only; empty at other levels).
    pub fn seg_chunk_iters(&self, run: usize) -> Vec<u32> {
        self.loop_column(run, |e| &e.chunk_iters)
    }

    /// 1 for a priority item.
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

    /// The task graph's edges in CSR form (task level; empty otherwise): task i's successors are
    /// `graph_succ()[graph_succ_start()[i] .. graph_succ_start()[i + 1]]`, task ids as in `seg_item`.
    pub fn graph_succ_start(&self) -> Vec<u32> {
        self.result.as_ref().and_then(|r| r.graph.as_ref()).map(|g| g.succ_start.clone()).unwrap_or_default()
    }

    /// Successor lists of the task graph (see `graph_succ_start`).
    pub fn graph_succ(&self) -> Vec<u32> {
        self.result.as_ref().and_then(|r| r.graph.as_ref()).map(|g| g.succ.clone()).unwrap_or_default()
    }
}

#[cfg(feature = "full")]
#[wasm_bindgen]
impl Session {
    /// Chrome Trace Event JSON of every run (opens in Perfetto UI); throws before `run_all`.
    pub fn export_chrome(&self) -> Result<String, JsError> {
        self.try_export_chrome().map_err(js_error)
    }
}

/// Options of [`TraceImport::calibrate`], as JSON.
#[cfg(feature = "full")]
#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct CalibrateRequest {
    #[serde(default)]
    clusters: Option<Vec<u32>>,
    #[serde(default)]
    schedulers: Vec<String>,
    #[serde(default)]
    max_tasks: usize,
}

/// Options of [`TraceImport::replay`], as JSON.
#[cfg(feature = "full")]
#[derive(serde::Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct ReplayRequest {
    /// CPU sets per cluster, `"1,2:0,3-5"`.
    #[serde(default)]
    clusters: Option<String>,
    /// A platform description (`{"clusters": [{"cpus": [1, 2], …}]}`).
    #[serde(default)]
    platform: Option<serde_json::Value>,
    #[serde(default)]
    scheduler: Option<String>,
    #[serde(default)]
    all: bool,
}

/// A streaming import of a trace recorded on real hardware: `push` chunks (the caller reports progress and may stop),
/// then `finish`; afterwards the slices as typed-array columns, the lanes and diagnostics in the summary, export and calibration.
#[cfg(feature = "full")]
#[wasm_bindgen]
pub struct TraceImport {
    importer: Option<Importer>,
    trace: Option<ImportedTrace>,
}

#[cfg(feature = "full")]
impl TraceImport {
    /// Ends the input and returns the summary JSON; a second call returns the same summary.
    pub fn try_finish(&mut self) -> String {
        if let Some(importer) = self.importer.take() {
            self.trace = Some(importer.finish());
        }
        self.trace.as_ref().map(|t| t.summary().to_string()).unwrap_or_default()
    }

    /// The imported trace, after `finish`.
    pub fn trace(&self) -> Option<&ImportedTrace> {
        self.trace.as_ref()
    }

    /// Builds the calibrated scenario; `options_json` is `{"clusters":[4,4],"schedulers":["fifo"],"max_tasks":N}` (all optional).
    pub fn try_calibrate(&self, options_json: &str) -> Result<String, InputError> {
        let trace = self.trace.as_ref().ok_or_else(|| InputError::new("", "finish the import before calibrating"))?;
        let req: CalibrateRequest = if options_json.trim().is_empty() {
            CalibrateRequest::default()
        } else {
            let v: serde_json::Value = serde_json::from_str(options_json).map_err(|e| InputError::new("", format!("not valid JSON: {e}")))?;
            crate::error::from_value(v, "")?
        };
        let cal = calibrate(trace, &CalibrateOptions { clusters: req.clusters, cpu_sets: None, schedulers: req.schedulers, max_tasks: req.max_tasks })?;
        Ok(json!({ "scenario": cal.scenario.to_json(), "report": cal.report }).to_string())
    }

    /// Replays the trace (`asymlab replay`'s JSON plus thread labels); `options_json` is
    /// `{"clusters":"1,2:0,3","platform":{…},"scheduler":"linux","all":true}` (all optional).
    pub fn try_replay(&self, options_json: &str) -> Result<String, InputError> {
        use crate::replay::{self, PlatformSpec};
        let trace = self.trace.as_ref().ok_or_else(|| InputError::new("", "finish the import before replaying"))?;
        let req: ReplayRequest = if options_json.trim().is_empty() {
            ReplayRequest::default()
        } else {
            let v: serde_json::Value = serde_json::from_str(options_json).map_err(|e| InputError::new("", format!("not valid JSON: {e}")))?;
            crate::error::from_value(v, "")?
        };
        let spec = match (req.clusters.filter(|c| !c.trim().is_empty()), req.platform) {
            (Some(flag), _) => Some(PlatformSpec::from_flag(&flag)?),
            (None, Some(p)) => Some(PlatformSpec::from_json(&p.to_string())?),
            (None, None) => None,
        };
        let model = replay::calibrate(trace, spec.as_ref())?;
        let runs = replay::run_set(&model, req.scheduler.as_deref().unwrap_or(model.faithful), req.all, 1)?;
        let mut out = replay::replay_json(&model, &runs);
        out["labels"] = serde_json::Value::from(model.labels.clone());
        // The page draws every replay as a Gantt beside the recording: clusters in core order and each run's work segments.
        out["clusters"] = model.platform.platform.clusters.iter().map(|c| json!({ "name": c.name, "cores": c.cores })).collect();
        if let Some(list) = out["runs"].as_array_mut() {
            for (value, run) in list.iter_mut().zip(&runs) {
                value["segments"] = replay::work_segments_json(&run.record);
            }
        }
        Ok(out.to_string())
    }

    fn col<T: Copy>(&self, pick: impl Fn(&ImportedTrace) -> &Vec<T>) -> Vec<T> {
        self.trace.as_ref().map(|t| pick(t).clone()).unwrap_or_default()
    }
}

#[cfg(feature = "full")]
#[wasm_bindgen]
impl TraceImport {
    /// A new import of a file called `file_name` (the name helps detect the format; may be empty).
    #[wasm_bindgen(constructor)]
    pub fn new(file_name: &str) -> TraceImport {
        TraceImport { importer: Some(Importer::new(file_name)), trace: None }
    }

    /// Paraver names (`.pcf` text), before the first `push`.
    pub fn set_paraver_pcf(&mut self, text: String) {
        if let Some(i) = self.importer.as_mut() {
            i.set_paraver_pcf(text);
        }
    }

    /// Paraver labels (`.row` text), before the first `push`.
    pub fn set_paraver_row(&mut self, text: String) {
        if let Some(i) = self.importer.as_mut() {
            i.set_paraver_row(text);
        }
    }

    /// Feeds the next chunk; throws after `finish`.
    pub fn push(&mut self, chunk: &[u8]) -> Result<(), JsError> {
        match self.importer.as_mut() {
            Some(i) => {
                i.push(chunk);
                Ok(())
            }
            None => Err(JsError::new("this import is finished")),
        }
    }

    /// Bytes pushed so far.
    pub fn bytes_read(&self) -> f64 {
        self.importer.as_ref().map_or(0.0, |i| i.bytes_read() as f64)
    }

    /// Ends the input; returns the summary JSON (format, cores, lane labels and CPUs, segments, span, frequency changes, diagnostics).
    pub fn finish(&mut self) -> String {
        self.try_finish()
    }

    /// Slice, thread-name and idle-state names as a JSON array (indexed by `seg_group`).
    pub fn names_json(&self) -> String {
        self.trace.as_ref().map(|t| serde_json::Value::from(t.names.clone()).to_string()).unwrap_or_else(|| "[]".into())
    }

    /// Thread labels as a JSON array (indexed by `seg_item`).
    pub fn threads_json(&self) -> String {
        self.trace.as_ref().map(|t| serde_json::Value::from(t.threads.clone()).to_string()).unwrap_or_else(|| "[]".into())
    }

    /// Every diagnostic kept, as JSON `[{"line","offset","message"}]`.
    pub fn diagnostics_json(&self) -> String {
        self.trace.as_ref().and_then(|t| serde_json::to_string(&t.diagnostics).ok()).unwrap_or_else(|| "[]".into())
    }

    /// Number of slices.
    pub fn seg_count(&self) -> usize {
        self.trace.as_ref().map_or(0, |t| t.record.len())
    }

    /// Lane of each slice (index into the summary's `lane_labels`).
    pub fn seg_lane(&self) -> Vec<u32> {
        self.col(|t| &t.record.lane)
    }

    /// Thread (the item) of each slice (index into `threads_json`, 4294967295 for none).
    pub fn seg_item(&self) -> Vec<u32> {
        self.col(|t| &t.record.item)
    }

    /// Name (the group) of each slice (index into `names_json`).
    pub fn seg_group(&self) -> Vec<u32> {
        self.col(|t| &t.record.group)
    }

    /// 0 work, 1 overhead, 2 idle state.
    pub fn seg_kind(&self) -> Vec<u8> {
        self.col(|t| &t.record.kind)
    }

    /// Nesting depth of each slice (0 outermost).
    pub fn seg_depth(&self) -> Vec<u16> {
        self.col(|t| &t.depth)
    }

    /// Start of each slice in ns from the trace's start.
    pub fn seg_start_ns(&self) -> Vec<f64> {
        self.col(|t| &t.record.start_ns).into_iter().map(|t| t as f64).collect()
    }

    /// End of each slice in ns.
    pub fn seg_end_ns(&self) -> Vec<f64> {
        self.col(|t| &t.record.end_ns).into_iter().map(|t| t as f64).collect()
    }

    /// CPU of each frequency change.
    pub fn freq_cpu(&self) -> Vec<u32> {
        self.trace.as_ref().map(|t| t.freq.iter().map(|f| f.cpu).collect()).unwrap_or_default()
    }

    /// Time of each frequency change, ns.
    pub fn freq_t_ns(&self) -> Vec<f64> {
        self.trace.as_ref().map(|t| t.freq.iter().map(|f| f.t_ns as f64).collect()).unwrap_or_default()
    }

    /// New frequency of each change, kHz.
    pub fn freq_khz(&self) -> Vec<u32> {
        self.trace.as_ref().map(|t| t.freq.iter().map(|f| f.freq_khz).collect()).unwrap_or_default()
    }

    /// Chrome Trace Event JSON of the imported trace, one process named after the file (name only); throws before `finish`.
    pub fn export_chrome(&self, file_name: &str) -> Result<String, JsError> {
        let t = self.trace.as_ref().ok_or_else(|| JsError::new("finish the import before exporting it"))?;
        Ok(trace_chrome(t, file_name))
    }

    /// `{"scenario": "<scenario JSON text>", "report": {…}}` calibrated from the trace; throws with the bad field.
    pub fn calibrate(&self, options_json: &str) -> Result<String, JsError> {
        self.try_calibrate(options_json).map_err(js_error)
    }

    /// The recording against its replays (span and busy time per core, errors); throws with the bad field.
    pub fn replay(&self, options_json: &str) -> Result<String, JsError> {
        self.try_replay(options_json).map_err(js_error)
    }
}

#[cfg(test)]
mod tests;
