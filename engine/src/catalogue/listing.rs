//! The catalogue as the page lists it: presets, platforms and papers, and every preset's expanded scenario, as two JSON
//! documents (`asymlab catalogue --out DIR`), which the build writes beside the core Wasm module so that the page reads its
//! presets without the catalogue's code (ARCHITECTURE.md, "First chart"): what the first chart needs ([`boot`]) and the
//! rest ([`texts`]), fetched on first use.

use serde_json::{json, Map, Value};

use crate::model::Workload;

/// Scenario presets in gallery order (the first is the default): `[{"name","level","title","description","paper",
/// "paper_title","paper_rank","figure","question","steps","claims","exercise"}]`, where `paper` is a paper id or null,
/// `paper_title` the paper's citation and title, `paper_rank` its position among the papers (the gallery's group order),
/// `figure` reads with the citation (`Chen et al. Fig. 4(a) …`), `level` the level its workload runs at (`tasks`, `loops`,
/// `os`: the core module simulates only `tasks`), and `claims` name the claims measured on the preset (`id`, `label`: the
/// page needs no more before their numbers and verdicts come from the evaluator, in a run's summary or `fidelity.json`);
/// `exercise` is an exercise's goal, or null.
pub fn presets() -> Value {
    let v: Vec<_> = super::presets()
        .iter()
        .map(|p| {
            let claims: Vec<_> = p.claims.iter().map(|c| json!({ "id": c.id, "label": c.label })).collect();
            let paper_title = p.paper.as_deref().and_then(super::paper).map(|q| format!("{} {} · {}", q.cite, q.year, q.title));
            let paper_rank = p.paper.as_deref().and_then(|id| super::papers().iter().position(|q| q.id == id));
            let raw = super::expand::expand(super::expand::raw_of(p)).unwrap_or_default();
            let kind = raw.get("workload").and_then(|w| w.get("kind")).and_then(Value::as_str).unwrap_or_default();
            let level = Workload::level_of_kind(kind).map(|l| l.name());
            json!({
                "name": p.name, "level": level, "title": p.title, "description": p.description, "paper": p.paper, "paper_title": paper_title, "paper_rank": paper_rank,
                "figure": p.figure_text(), "question": p.question, "steps": p.steps, "claims": claims,
                "exercise": p.scenario.get("exercise").and_then(|e| e.get("goal")),
            })
        })
        .collect();
    Value::Array(v)
}

/// The papers: `[{"id","cite","year","authors","title","venue","summary"}]`.
pub fn papers() -> Value {
    serde_json::to_value(super::papers()).unwrap_or_else(|_| Value::Array(Vec::new()))
}

/// Platform presets: `[{"name","title","description"}]`.
pub fn platforms() -> Value {
    Value::Array(super::platforms().iter().map(|p| json!({ "name": p.name, "title": p.title, "description": p.description })).collect())
}

/// The scenario JSON of preset `name` (pretty, with every default written out), or `None` for an unknown name.
pub fn scenario_text(name: &str) -> Option<String> {
    super::scenario(name).map(|s| s.to_json())
}

/// The platform JSON of platform preset `name` (pretty), or `None` for an unknown name.
pub fn platform_text(name: &str) -> Option<String> {
    super::platform(name).and_then(|p| serde_json::to_string_pretty(&p).ok())
}

/// What the first chart needs from the catalogue (`catalogue.json`): `{"presets","platforms","default_scenario"}`, the last
/// the first preset's scenario exactly as [`scenario_text`] gives it.
pub fn boot() -> Value {
    let default_scenario = super::presets().first().and_then(|p| scenario_text(&p.name));
    json!({ "presets": presets(), "platforms": platforms(), "default_scenario": default_scenario })
}

/// The rest of what the page reads (`catalogue-texts.json`): `{"papers","scenarios":{name: text},"platform_presets":{name:
/// text}}`, every preset's and platform preset's JSON exactly as [`scenario_text`] and [`platform_text`] give it.
pub fn texts() -> Value {
    let scenarios: Map<String, Value> = super::presets().iter().filter_map(|p| Some((p.name.clone(), Value::String(scenario_text(&p.name)?)))).collect();
    let platform_presets: Map<String, Value> = super::platforms().iter().filter_map(|p| Some((p.name.clone(), Value::String(platform_text(&p.name)?)))).collect();
    json!({ "papers": papers(), "scenarios": scenarios, "platform_presets": platform_presets })
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_page_catalogue_has_every_preset_and_platform_with_its_text() {
        let (boot, texts) = (super::boot(), super::texts());
        let presets = boot["presets"].as_array().map(Vec::len).unwrap_or_default();
        assert!(presets > 0);
        assert_eq!(texts["scenarios"].as_object().map(|m| m.len()), Some(presets), "a preset's scenario failed to expand");
        assert_eq!(texts["platform_presets"].as_object().map(|m| m.len()), boot["platforms"].as_array().map(Vec::len));
        assert_eq!(boot["presets"][0]["level"], "tasks", "the default preset must be one the core module simulates");
        let first = boot["presets"][0]["name"].as_str().unwrap_or_default();
        assert_eq!(boot["default_scenario"], texts["scenarios"][first]);
    }
}
