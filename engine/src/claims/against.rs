//! `asymlab fidelity --against FILE`: the claims compared with an earlier `asymlab fidelity --json`, for a researcher who
//! changed a parameter in a catalogue copy (or the model) and wants to see which verdicts it changed and which means moved.

use std::collections::BTreeMap;

use serde_json::Value;

use super::report::with_unit;
use crate::catalogue;

/// A mean counts as moved when it changes by more than this share of the larger of the two magnitudes.
pub const MOVED_REL: f64 = 0.01;

/// How many ids of claims only one side has are named.
const SHOWN_ONLY: usize = 12;

/// What the comparison reads of one claim in either file.
#[derive(Clone, Debug, PartialEq)]
struct Row {
    holds: Option<bool>,
    mean: Option<f64>,
    unit: String,
    band: String,
    verdict: String,
}

/// The claims of an `asymlab fidelity --json` document by id, or what is wrong with it (`what` names the document).
fn rows(doc: &Value, what: &str) -> Result<BTreeMap<String, Row>, String> {
    let Some(claims) = doc.get("claims").and_then(Value::as_array) else {
        return Err(format!("{what}: not the output of `asymlab fidelity --json` (no `claims` array)"));
    };
    let mut out = BTreeMap::new();
    for (i, c) in claims.iter().enumerate() {
        let Some(id) = c.get("id").and_then(Value::as_str) else {
            return Err(format!("{what}: claims[{i}] has no `id`"));
        };
        let text = |k: &str| c.get(k).and_then(Value::as_str).unwrap_or_default().to_string();
        let verdict = c.get("verdict");
        let row = Row {
            holds: verdict.and_then(|v| v.get("holds")).and_then(Value::as_bool),
            mean: c.get("simulated").and_then(|s| s.get("mean")).and_then(Value::as_f64).filter(|m| m.is_finite()),
            unit: text("unit"),
            band: text("band_text"),
            verdict: verdict.and_then(|v| v.get("text")).and_then(Value::as_str).unwrap_or("not measured").to_string(),
        };
        if out.insert(id.to_string(), row).is_some() {
            return Err(format!("{what}: claim `{id}` is listed twice"));
        }
    }
    Ok(out)
}

fn value(mean: Option<f64>, unit: &str) -> String {
    mean.map_or_else(|| "—".into(), |m| with_unit(m, unit))
}

/// The relative move of a mean (against the larger magnitude), when both sides have one.
fn moved(was: &Row, now: &Row) -> Option<f64> {
    let (a, b) = (was.mean?, now.mean?);
    let scale = a.abs().max(b.abs());
    (scale > 0.0).then(|| (b - a) / scale)
}

fn holds_in(rows: &BTreeMap<String, Row>, ids: &[&String]) -> usize {
    ids.iter().filter(|id| rows.get(**id).is_some_and(|r| r.holds == Some(true))).count()
}

/// The comparison of `now` (this evaluation) with `was` (an earlier one, read from `was_name`), as a text report: how many
/// hold on each side (and of the papers' headline effects), the verdicts that changed, then the means that moved by more
/// than [`MOVED_REL`], largest first, then the claims only one side has.
pub fn report(now: &Value, was: &Value, was_name: &str) -> Result<String, String> {
    let now = rows(now, "this evaluation")?;
    let was = rows(was, was_name)?;
    let both: Vec<&String> = now.keys().filter(|id| was.contains_key(*id)).collect();
    let mut changed = Vec::new();
    let mut moves = Vec::new();
    for id in &both {
        let (n, w) = (&now[*id], &was[*id]);
        if n.holds != w.holds {
            changed.push(*id);
        } else if let Some(rel) = moved(w, n).filter(|r| r.abs() > MOVED_REL) {
            moves.push((*id, rel));
        }
    }
    moves.sort_by(|a, b| b.1.abs().total_cmp(&a.1.abs()).then(a.0.cmp(b.0)));
    // The papers' headline effects among the claims both sides have (`Paper::headline`), the measure of progress.
    let headline: Vec<&String> = both.iter().copied().filter(|id| catalogue::papers().iter().any(|p| p.headline.contains(*id))).collect();
    let mut out = format!(
        "Against {was_name}: {} claims here, {} there, {} in both.\nOf those, {} hold here and {} there; {} verdicts changed, {} other means moved by more than {}%.\n",
        now.len(),
        was.len(),
        both.len(),
        holds_in(&now, &both),
        holds_in(&was, &both),
        changed.len(),
        moves.len(),
        MOVED_REL * 100.0,
    );
    if !headline.is_empty() {
        out.push_str(&format!(
            "Headline effects among them: {} of {} hold here, {} there.\n",
            holds_in(&now, &headline),
            headline.len(),
            holds_in(&was, &headline)
        ));
    }
    if !changed.is_empty() {
        out.push_str("\nVerdicts changed:\n");
        for id in &changed {
            let (n, w) = (&now[*id], &was[*id]);
            let tag = match n.holds {
                Some(true) => "now holds",
                Some(false) => "now fails",
                None => "not measured",
            };
            out.push_str(&format!(
                "  {tag:<12} {id:<48} {:>14} (was {}: {})  band {}\n",
                value(n.mean, &n.unit),
                value(w.mean, &w.unit),
                w.verdict,
                n.band
            ));
        }
    }
    if !moves.is_empty() {
        out.push_str("\nMeans moved, largest first (verdict unchanged):\n");
        for (id, rel) in &moves {
            let (n, w) = (&now[*id], &was[*id]);
            out.push_str(&format!(
                "  {id:<48} {:>14} → {:<14} ({:+.1}%)  {}\n",
                value(w.mean, &w.unit),
                value(n.mean, &n.unit),
                rel * 100.0,
                n.verdict
            ));
        }
    }
    // A filtered evaluation against a whole report leaves most of the report's claims out: name a few.
    let there = format!("Only in {was_name}");
    for (label, only) in [("Only here", only(&now, &was)), (there.as_str(), only(&was, &now))] {
        if !only.is_empty() {
            let more = if only.len() > SHOWN_ONLY { format!(" and {} more", only.len() - SHOWN_ONLY) } else { String::new() };
            out.push_str(&format!("\n{label} ({}): {}{more}\n", only.len(), only[..only.len().min(SHOWN_ONLY)].join(", ")));
        }
    }
    Ok(out)
}

fn only(a: &BTreeMap<String, Row>, b: &BTreeMap<String, Row>) -> Vec<String> {
    a.keys().filter(|id| !b.contains_key(*id)).cloned().collect()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn claim(id: &str, holds: bool, mean: f64) -> Value {
        json!({"id": id, "unit": "%", "band_text": "9.1 – 16.9 %", "simulated": {"mean": mean}, "verdict": {"holds": holds, "text": if holds { "holds" } else { "off by +20%" }}})
    }

    #[test]
    fn verdicts_that_changed_come_first_then_the_means_that_moved() {
        let was = json!({"claims": [claim("a", false, 20.0), claim("b", true, 10.0), claim("c", true, 10.0), claim("gone", true, 1.0)]});
        let now = json!({"claims": [claim("a", true, 13.0), claim("b", true, 10.05), claim("c", true, 12.0), claim("new", false, 1.0)]});
        let text = report(&now, &was, "base.json").unwrap_or_else(|e| e);
        assert!(text.starts_with("Against base.json: 4 claims here, 4 there, 3 in both.\nOf those, 3 hold here and 2 there; 1 verdicts changed, 1 other means moved"), "{text}");
        let changed = text.find("now holds    a").unwrap_or(usize::MAX);
        let moved = text.find("  c ").unwrap_or(usize::MAX);
        assert!(changed < moved && moved < text.len(), "{text}");
        assert!(text.contains("10 % → 12 %") && text.contains("(+16.7%)"), "{text}");
        assert!(!text.contains("  b "), "a move under 1% is not listed: {text}");
        assert!(text.contains("Only here (1): new\n") && text.contains("Only in base.json (1): gone\n"), "{text}");
    }

    #[test]
    fn the_papers_headline_effects_are_counted_on_both_sides() {
        let ids: Vec<String> = catalogue::papers().iter().flat_map(|p| p.headline.iter().take(1).cloned()).collect();
        assert!(ids.len() >= 2, "every paper has headline effects");
        let was = json!({"claims": ids.iter().map(|id| claim(id, false, 1.0)).collect::<Vec<_>>()});
        let now = json!({"claims": ids.iter().enumerate().map(|(i, id)| claim(id, i == 0, 1.0)).collect::<Vec<_>>()});
        let text = report(&now, &was, "x.json").unwrap_or_else(|e| e);
        assert!(text.contains(&format!("Headline effects among them: 1 of {} hold here, 0 there.\n", ids.len())), "{text}");
        // Claims that are no headline effect leave the line out.
        let plain = json!({"claims": [claim("not-a-claim-id", true, 1.0)]});
        assert!(!report(&plain, &plain, "x.json").unwrap_or_else(|e| e).contains("Headline"));
    }

    #[test]
    fn a_file_that_is_not_a_fidelity_report_is_named_in_the_error() {
        let now = json!({"claims": [claim("a", true, 1.0)]});
        assert_eq!(report(&now, &json!([1, 2]), "x.json"), Err("x.json: not the output of `asymlab fidelity --json` (no `claims` array)".into()));
        assert_eq!(report(&now, &json!({"claims": [{"unit": "%"}]}), "x.json"), Err("x.json: claims[0] has no `id`".into()));
        let twice = json!({"claims": [claim("a", true, 1.0), claim("a", true, 1.0)]});
        assert_eq!(report(&now, &twice, "x.json"), Err("x.json: claim `a` is listed twice".into()));
        // A claim without a measured value on either side is compared by its verdict alone.
        let unmeasured = json!({"claims": [{"id": "a"}]});
        let text = report(&now, &unmeasured, "x.json").unwrap_or_else(|e| e);
        assert!(text.contains("now holds    a") && text.contains("(was —: not measured)"), "{text}");
    }
}
