//! The papers' claims, held to their bands: every claim of the catalogue is evaluated over its grid and seeds by the same
//! evaluator as `asymlab fidelity`. A claim marked `holds` must fall in the band the paper's words allow; a `known_gap`
//! must not (so the catalogue is updated when the model starts reproducing it), and a claim that holds must hold on as
//! many other repetitions too (random streams from 1001 on). `docs/fidelity.md` and the gallery's
//! `web/src/gallery/fidelity.json` are generated from these results and must be current (refresh with UPDATE_EXPECT=1).

use std::path::Path;
use std::time::Instant;

use engine::catalogue::claim::Status;
use engine::claims::{self, report, Filter};

/// Fails unless the file at `relative` (from the repository root) holds `expected`; with UPDATE_EXPECT=1 writes it.
pub fn check_file(relative: &str, expected: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("..").join(relative);
    if std::env::var_os("UPDATE_EXPECT").is_some() {
        std::fs::write(&path, expected).unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        return;
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(actual == expected, "{relative} is out of date: run `UPDATE_EXPECT=1 cargo test --release -p engine claims` (or `asymlab fidelity`)");
}

#[test]
fn every_claim_holds_within_its_band_or_is_a_known_gap() {
    let start = Instant::now();
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let results = claims::fidelity(&Filter::default(), claims::Seeds::OWN, threads, &mut |_, _| {}).expect("every claim evaluates");
    let check = claims::fidelity(&Filter::default(), claims::Seeds::OWN.check(), threads, &mut |_, _| {}).expect("every claim evaluates");
    let cells: usize = results.iter().map(|r| r.cells).sum();
    eprintln!("{} claims ({cells} grid points × seeds, shared cells run once) in {:.1} s", results.len(), start.elapsed().as_secs_f64());
    let mut wrong = Vec::new();
    for r in results.iter().filter(|r| r.info.status == Status::KnownGap) {
        eprintln!("known gap {}: {}", r.info.id, r.verdict.as_ref().map_or("not measured", |v| v.text.as_str()));
    }
    for r in &results {
        let holds = r.verdict.as_ref().unwrap_or_else(|| panic!("{}: {:?}", r.info.id, r.error)).holds;
        match (r.info.status, holds) {
            (Status::Holds, false) => wrong.push(format!("{} should hold: simulated {:?} against {}", r.info.id, r.simulated.as_ref().map(|s| s.mean), r.band_text)),
            (Status::KnownGap, true) => wrong.push(format!("{} now holds: mark it `holds` and drop its gap", r.info.id)),
            _ => {}
        }
    }
    for (r, c) in results.iter().zip(&check) {
        assert_eq!(r.info.id, c.info.id, "the check runs the same claims in the same order");
        if r.info.status == Status::Holds && !c.verdict.as_ref().is_some_and(|v| v.holds) {
            wrong.push(format!("{} holds on its own repetitions but not on as many others (from 1001): simulated {:?} against {}", r.info.id, c.simulated.as_ref().map(|s| s.mean), r.band_text));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    check_file("docs/fidelity.md", &report::markdown(&results, &check));
    check_file("web/src/gallery/fidelity.json", &report::json(&results));
}

/// `asymlab fidelity --headline` evaluates exactly the papers' headline claims (here one paper's, which runs in seconds).
#[test]
fn the_headline_filter_keeps_exactly_a_papers_headline_claims() {
    let filter = Filter { paper: Some("zhang2013".into()), headline: true, ..Filter::default() };
    let results = claims::fidelity(&filter, claims::Seeds { first: 1, count: Some(1) }, 2, &mut |_, _| {}).expect("the claims evaluate");
    let mut got: Vec<&str> = results.iter().map(|r| r.info.id.as_str()).collect();
    let mut want: Vec<&str> = engine::catalogue::paper("zhang2013").map(|p| p.headline.iter().map(String::as_str).collect()).unwrap_or_default();
    got.sort_unstable();
    want.sort_unstable();
    assert!(!want.is_empty());
    assert_eq!(got, want);
    assert_eq!(report::headline_counts(&results).1, want.len());
}

/// `asymlab fidelity --against FILE` compares with an earlier `--json`: the same evaluation changes nothing, an edited
/// baseline shows the verdict it flipped and the mean it moved, and a file that is not a report is named.
#[test]
fn fidelity_against_an_earlier_report_lists_changed_verdicts_and_moved_means() {
    let dir = std::env::temp_dir().join(format!("asymlab-against-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let cli = |args: &[&str]| std::process::Command::new(env!("CARGO_BIN_EXE_asymlab")).args(["fidelity", "--preset", "tx2-matmul", "--seeds", "1"]).args(args).output().expect("runs");
    let base = cli(&["--json"]);
    assert!(base.status.success(), "{}", String::from_utf8_lossy(&base.stderr));
    let same = dir.join("same.json");
    std::fs::write(&same, &base.stdout).expect("written");
    let out = cli(&["--against", same.to_str().unwrap_or_default()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && text.contains("0 verdicts changed, 0 other means moved"), "{text}");
    // The baseline as if one claim had failed at another mean.
    let mut doc: serde_json::Value = serde_json::from_slice(&base.stdout).expect("JSON");
    let first = &mut doc["claims"][0];
    let id = first["id"].as_str().unwrap_or_default().to_string();
    first["verdict"]["holds"] = false.into();
    first["simulated"]["mean"] = 1000.0.into();
    let edited = dir.join("edited.json");
    std::fs::write(&edited, doc.to_string()).expect("written");
    let text = String::from_utf8_lossy(&cli(&["--against", edited.to_str().unwrap_or_default()]).stdout).to_string();
    assert!(text.contains("1 verdicts changed") && text.contains(&format!("now holds    {id}")) && text.contains("was 1000"), "{text}");
    let bad = dir.join("bad.json");
    std::fs::write(&bad, "{\"presets\": []}").expect("written");
    let out = cli(&["--against", bad.to_str().unwrap_or_default()]);
    assert!(!out.status.success() && String::from_utf8_lossy(&out.stderr).contains("bad.json: not the output of `asymlab fidelity --json`"));
    std::fs::remove_dir_all(&dir).ok();
}

/// A claim over two points and two repetitions whose per-repetition worst point is −9% but whose averaged runs are
/// +1% at both points: `mean` judges the former, `pooled` the latter.
fn two_point_claim(judge: &str) -> engine::catalogue::Claim {
    serde_json::from_value(serde_json::json!({
        "id": "test-pooled", "paper": "chen2020", "figure": "test", "label": "test", "claim": "test",
        "grid": [{"name": "P", "path": "workload.parallelism", "values": [2, 3]}],
        "seeds": 2, "judge": judge,
        "measure": {"kind": "gain", "scheduler": "da", "over": "fa"}, "aggregate": "min",
        "value": 0.0, "unit": "%", "band": {"kind": "above"}, "status": "holds"
    }))
    .expect("a claim")
}

#[test]
fn a_pooled_claim_is_judged_on_its_runs_averaged_over_repetitions_and_other_repetitions_are_other_streams() {
    let preset = engine::catalogue::preset("dam-fig7-matmul").expect("preset");
    let seeds = claims::Seeds { first: 101, count: None };
    let cells = claims::claim_cells(preset, &two_point_claim("mean"), seeds).expect("cells");
    assert_eq!(cells.iter().map(|c| c.seed).collect::<Vec<_>>(), [101, 102, 101, 102], "two points × streams 101 and 102");
    assert_eq!(claims::Seeds::OWN.check(), claims::Seeds { first: 1001, count: None });
    // FA's makespan swings ±10% between repetitions, in opposite directions at the two points; DA's is 99.
    let runs = |fa: f64| vec![serde_json::json!({"scheduler": "da", "metrics": {"makespan_ns": 99.0}}), serde_json::json!({"scheduler": "fa", "metrics": {"makespan_ns": fa}})];
    let fa = [110.0, 90.0, 90.0, 110.0];
    let rows: Vec<(String, Vec<serde_json::Value>)> = cells.iter().zip(fa).map(|(c, x)| (c.key(), runs(x))).collect();
    let by_key = rows.iter().map(|(k, v)| (k.clone(), v.as_slice())).collect();
    let mean = claims::evaluate::evaluate(preset, &two_point_claim("mean"), seeds, &by_key);
    let pooled = claims::evaluate::evaluate(preset, &two_point_claim("pooled"), seeds, &by_key);
    let (m, p) = (mean.simulated.expect("value"), pooled.simulated.expect("value"));
    assert!((m.mean - (90.0 / 99.0 - 1.0) * 100.0).abs() < 1e-9 && !mean.verdict.expect("verdict").holds, "{m:?}");
    assert!((p.mean - (100.0 / 99.0 - 1.0) * 100.0).abs() < 1e-9 && pooled.verdict.expect("verdict").holds, "{p:?}");
    assert_eq!(p.per_seed, m.per_seed, "the per-repetition values stay what each repetition gives");
}

/// A `change` between lists of labels compares the cells of all of them (Zhang et al.'s asymmetric workloads against the
/// symmetric ones), and `positive` counts the cells where a value is above zero.
#[test]
fn a_change_between_lists_of_labels_pools_their_cells_and_positive_counts_cells() {
    let preset = engine::catalogue::preset("pbs-fig2").expect("preset");
    let claim = |measure: serde_json::Value, aggregate: &str| -> engine::catalogue::Claim {
        serde_json::from_value(serde_json::json!({
            "id": "test-lists", "paper": "zhang2013", "figure": "test", "label": "test", "claim": "test",
            "grid": [{"path": "workload", "values": ["BF", "BB", "CF"]}], "seeds": 1,
            "measure": measure, "aggregate": aggregate,
            "value": 0.0, "unit": "%", "band": {"kind": "above"}, "status": "holds"
        }))
        .expect("a claim")
    };
    let of = serde_json::json!({"kind": "value", "scheduler": "pbs", "path": "metrics.makespan_ns"});
    let change = claim(serde_json::json!({"kind": "change", "of": of, "axis": "workload", "from": ["BF", "BB"], "to": "CF", "difference": true}), "mean");
    let count = claim(serde_json::json!({"kind": "gain", "scheduler": "pbs", "over": "linux"}), "positive");
    let seeds = claims::Seeds::OWN;
    let cells = claims::claim_cells(preset, &change, seeds).expect("cells");
    assert_eq!(cells.len(), 3);
    let runs = |pbs: f64| vec![serde_json::json!({"scheduler": "pbs", "metrics": {"makespan_ns": pbs}}), serde_json::json!({"scheduler": "linux", "metrics": {"makespan_ns": 150.0}})];
    let rows: Vec<(String, Vec<serde_json::Value>)> = cells.iter().zip([100.0, 200.0, 400.0]).map(|(c, x)| (c.key(), runs(x))).collect();
    let by_key = rows.iter().map(|(k, v)| (k.clone(), v.as_slice())).collect();
    let changed = claims::evaluate::evaluate(preset, &change, seeds, &by_key).simulated.expect("value");
    assert!((changed.mean - (400.0 - 150.0)).abs() < 1e-9, "CF against the mean of BF and BB: {changed:?}");
    let counted = claims::evaluate::evaluate(preset, &count, seeds, &by_key).simulated.expect("value");
    assert_eq!(counted.mean, 1.0, "PBS beats LIN only on BF: {counted:?}");
    assert!(!claims::evaluate::single_run(&count), "a count needs the whole grid");
}

/// A `gain_of_means` compares the means over the other axes at each value of `per`, then aggregates those percents:
/// Chronaki et al.'s averages read off Fig. 6's average speedups, not the mean of per-application gains.
#[test]
fn a_gain_of_means_compares_averages_at_each_configuration() {
    let preset = engine::catalogue::preset("maturity-fig6").expect("preset");
    let claim: engine::catalogue::Claim = serde_json::from_value(serde_json::json!({
        "id": "test-means", "paper": "chronaki2019", "figure": "test", "label": "test", "claim": "test",
        "grid": [{"path": "platform", "values": ["odroid-xu3:4+1", "odroid-xu3:4+4"]}, {"path": "workload", "values": ["blackscholes", "ferret"]}],
        "seeds": 1,
        "measure": {"kind": "gain_of_means", "num": {"kind": "value", "scheduler": "tasks", "path": "extras.speedup"}, "den": {"kind": "value", "scheduler": "pinned", "path": "extras.speedup"}, "per": "platform"},
        "value": 0.0, "unit": "%", "band": {"kind": "above"}, "status": "holds"
    }))
    .expect("a claim");
    let seeds = claims::Seeds::OWN;
    let cells = claims::claim_cells(preset, &claim, seeds).expect("cells");
    assert_eq!(cells.len(), 4);
    let runs = |tasks: f64, pinned: f64| vec![serde_json::json!({"scheduler": "tasks", "extras": {"speedup": tasks}}), serde_json::json!({"scheduler": "pinned", "extras": {"speedup": pinned}})];
    // 4+1: tasks 12 and 4 against 3 and 5 (means 8 and 4: +100%, where the per-application gains average 140%);
    // 4+4: 6 and 6 against 5 and 5 (+20%).
    let speedups = [(12.0, 3.0), (4.0, 5.0), (6.0, 5.0), (6.0, 5.0)];
    let rows: Vec<(String, Vec<serde_json::Value>)> = cells.iter().zip(speedups).map(|(c, (t, p))| (c.key(), runs(t, p))).collect();
    let by_key = rows.iter().map(|(k, v)| (k.clone(), v.as_slice())).collect();
    let value = claims::evaluate::evaluate(preset, &claim, seeds, &by_key).simulated.expect("value");
    assert!((value.mean - (100.0 + 20.0) / 2.0).abs() < 1e-9, "{value:?}");
    assert!(!claims::evaluate::single_run(&claim), "it compares cells of the grid");
}

/// A claim's cells run only the schedulers the preset's claims read there, and those runs are the ones the full list
/// gives (each scheduler's run depends on the scenario and its seed alone).
#[test]
fn a_cell_runs_only_the_schedulers_its_claims_read_and_they_run_as_in_the_full_list() {
    let preset = engine::catalogue::preset("aid-particlefilter-a").expect("preset");
    let cells = claims::preset_cells(preset, claims::Seeds { first: 1, count: Some(1) }).expect("cells");
    let cell = cells.first().expect("a cell");
    let only = cell.schedulers.clone().expect("the claims name their schedulers");
    let scenario = claims::cells::scenario_of(cell).expect("scenario");
    assert!(!only.is_empty() && scenario.schedulers.len() == only.len(), "{only:?} against {:?}", scenario.schedulers);
    let restricted = claims::run_cell(cell).expect("runs");
    let full = claims::run_cell(&claims::Cell { schedulers: None, ..cell.clone() }).expect("runs");
    assert!(full.runs.len() > restricted.runs.len());
    for run in &restricted.runs {
        assert!(full.runs.contains(run), "{} runs as in the full list", run["scheduler"]);
    }
}
