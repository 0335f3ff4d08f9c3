//! The one evaluator of the papers' claims: a claim (catalogue data) expands into cells (preset + overrides + seed), the
//! cells run through [`adapter`] (the only reader of runs), and [`evaluate`] aggregates them into the simulated mean, min and
//! max over seeds with a verdict against the band the paper's words allow. The CLI's `fidelity`, the claim tests, the OS
//! lab's sweeps (cell by cell in the worker) and the run summary's "paper vs simulated" rows all go through here.

pub mod adapter;
pub mod against;
pub mod cells;
pub mod evaluate;
pub mod exercise;
pub mod lab;
pub mod measure;
pub mod parameters;
pub mod report;

use std::collections::BTreeMap;

use serde_json::Value;

use crate::catalogue::{self, Claim, Preset};
use crate::error::{InputError, InputResult};
use crate::run::ScenarioResult;
use crate::scenario::Scenario;

pub use cells::{claim_cells, preset_cells, run_cell, run_cells, Cell, Row, Seeds};
pub use evaluate::{ClaimResult, Stats, Verdict};

/// Which claims to evaluate.
#[derive(Clone, Debug, Default)]
pub struct Filter {
    /// Only this paper's.
    pub paper: Option<String>,
    /// Only this claim.
    pub claim: Option<String>,
    /// Only this preset's.
    pub preset: Option<String>,
    /// Only the papers' headline claims (`Paper::headline`).
    pub headline: bool,
}

impl Filter {
    fn keeps(&self, preset: &Preset, claim: &Claim) -> bool {
        self.paper.as_deref().is_none_or(|p| p == claim.paper)
            && self.claim.as_deref().is_none_or(|c| c == claim.id)
            && self.preset.as_deref().is_none_or(|p| p == preset.name)
            && (!self.headline || catalogue::paper(&claim.paper).is_some_and(|p| p.headline.contains(&claim.id)))
    }
}

/// Evaluates the claims of `preset` on rows from [`preset_cells`] (with the same `seeds`); claims whose cells are missing
/// come back with an error.
pub fn evaluate_rows(preset: &Preset, rows: &[Row], seeds: Seeds) -> Vec<ClaimResult> {
    let by_key: BTreeMap<String, &[Value]> = rows.iter().map(|r| (r.cell.key(), r.runs.as_slice())).collect();
    preset.claims.iter().map(|c| evaluate::evaluate(preset, c, seeds, &by_key)).collect()
}

/// Runs and evaluates every claim the filter keeps, preset by preset, on up to `threads` threads, over the streams of
/// `seeds`. `progress` hears each preset's name and cell count before it runs.
pub fn fidelity(filter: &Filter, seeds: Seeds, threads: usize, progress: &mut dyn FnMut(&str, usize)) -> InputResult<Vec<ClaimResult>> {
    if let Some(e) = catalogue::load_error() {
        return Err(e.clone());
    }
    let mut out = Vec::new();
    for preset in catalogue::presets() {
        let kept: Vec<Claim> = preset.claims.iter().filter(|c| filter.keeps(preset, c)).cloned().collect();
        if kept.is_empty() {
            continue;
        }
        let only = Preset { claims: kept, ..preset.clone() };
        let cells = preset_cells(&only, seeds)?;
        progress(&preset.name, cells.len());
        let rows = run_cells(&cells, threads).into_iter().collect::<InputResult<Vec<Row>>>()?;
        out.extend(evaluate_rows(&only, &rows, seeds));
    }
    if out.is_empty() && (filter.claim.is_some() || filter.paper.is_some()) {
        return Err(InputError::new("claim", "no claim matches"));
    }
    Ok(out)
}

/// The claims one run can measure, when `scenario` is (or was edited from) a preset: matched by its name, the preset's title.
/// Empty in the core Wasm module, which has no catalogue: the page asks the full module ([`on_summary_json`]) once the
/// first chart is drawn.
pub fn on_result(scenario: &Scenario, result: &ScenarioResult) -> Vec<ClaimResult> {
    if !cfg!(feature = "full") {
        return Vec::new();
    }
    on_runs(&scenario.name, &adapter::result_values(result))
}

/// The claims of the preset titled `scenario_name` measured on `runs` (`{"scheduler","metrics","extras"}` each).
fn on_runs(scenario_name: &str, runs: &[Value]) -> Vec<ClaimResult> {
    match catalogue::preset_titled(scenario_name) {
        Some(preset) => evaluate::on_run(preset, runs),
        None => Vec::new(),
    }
}

/// [`on_result`] from a run summary's JSON (`Session.run_all`'s, whose runs carry the same `metrics` and `extras`), as a
/// JSON array: the claims of a run the core module simulated, evaluated by the full module.
pub fn on_summary_json(summary_json: &str) -> InputResult<String> {
    let summary: Value = serde_json::from_str(summary_json).map_err(|e| InputError::new("", format!("not valid JSON: {e}")))?;
    let name = summary.get("scenario_name").and_then(Value::as_str).unwrap_or_default();
    let runs: Vec<Value> = summary
        .get("runs")
        .and_then(Value::as_array)
        .map(|runs| runs.iter().map(|r| serde_json::json!({ "scheduler": r.get("scheduler"), "metrics": r.get("metrics"), "extras": r.get("extras") })).collect())
        .unwrap_or_default();
    serde_json::to_string(&on_runs(name, &runs)).map_err(json_error)
}

fn json_error(e: serde_json::Error) -> InputError {
    InputError::new("", e.to_string())
}

fn parse_json<T: serde::de::DeserializeOwned>(text: &str) -> InputResult<T> {
    let value: Value = serde_json::from_str(text).map_err(|e| InputError::new("", format!("not valid JSON: {e}")))?;
    crate::error::from_value(value, "")
}

/// The cells of preset `name`'s claims as a JSON array.
pub fn preset_cells_json(name: &str) -> InputResult<String> {
    let preset = catalogue::preset(name).ok_or_else(|| InputError::new("preset", format!("unknown preset '{name}'")))?;
    serde_json::to_string(&preset_cells(preset, Seeds::OWN)?).map_err(json_error)
}

/// Runs one cell given as JSON; returns its row as JSON (one call per cell, so the page can show progress).
pub fn run_cell_json(cell_json: &str) -> InputResult<String> {
    let cell: Cell = parse_json(cell_json)?;
    serde_json::to_string(&run_cell(&cell)?).map_err(json_error)
}

/// Evaluates preset `name`'s claims on rows given as a JSON array; returns the results as JSON.
pub fn evaluate_json(name: &str, rows_json: &str) -> InputResult<String> {
    let preset = catalogue::preset(name).ok_or_else(|| InputError::new("preset", format!("unknown preset '{name}'")))?;
    let rows: Vec<Row> = parse_json(rows_json)?;
    serde_json::to_string(&evaluate_rows(preset, &rows, Seeds::OWN)).map_err(json_error)
}
