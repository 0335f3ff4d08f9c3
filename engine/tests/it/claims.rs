//! The papers' claims, held to their bands: every claim of the catalogue is evaluated over its grid and seeds by the same
//! evaluator as `asymlab fidelity`. A claim marked `holds` must fall in the band the paper's words allow; a `known_gap`
//! must not (so the catalogue is updated when the model starts reproducing it). `docs/fidelity.md` and the gallery's
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
    let results = claims::fidelity(&Filter::default(), None, threads, &mut |_, _| {}).expect("every claim evaluates");
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
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    check_file("docs/fidelity.md", &report::markdown(&results));
    check_file("web/src/gallery/fidelity.json", &report::json(&results));
}
