//! `asymlab fidelity`: evaluates the papers' claims over their grids and seeds and prints them as a table, JSON (the
//! gallery's verdicts) or Markdown (`docs/fidelity.md`); `--papers` prints `docs/papers.md`; `--against FILE` compares them
//! with an earlier `--json`.

use std::time::Instant;

use engine::claims::{self, against, report, Filter, Seeds};

/// Command-line arguments of `fidelity`.
pub struct Args {
    pub json: bool,
    pub markdown: bool,
    pub papers: bool,
    pub against: Option<String>,
    pub filter: Filter,
    pub seeds: Option<u32>,
    pub first_seed: Option<u64>,
    pub threads: Option<usize>,
}

/// Runs the command.
pub fn run(a: Args) -> Result<(), String> {
    if a.papers {
        print!("{}", report::papers_markdown());
        return Ok(());
    }
    if a.seeds == Some(0) {
        return Err("--seeds must be at least 1".into());
    }
    if a.first_seed == Some(0) {
        return Err("--first-seed must be at least 1".into());
    }
    // Read before the evaluation, which takes a while, so that a wrong path fails at once.
    let was = match &a.against {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            Some(serde_json::from_str::<serde_json::Value>(&text).map_err(|e| format!("{path}: not JSON ({e})"))?)
        }
        None => None,
    };
    let seeds = Seeds { first: a.first_seed.unwrap_or(1), count: a.seeds };
    let threads = a.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let start = Instant::now();
    let mut progress = |preset: &str, cells: usize| eprintln!("{preset}: {cells} cells ({:.1} s)", start.elapsed().as_secs_f64());
    let results = claims::fidelity(&a.filter, seeds, threads, &mut progress).map_err(|e| e.to_string())?;
    eprintln!("evaluated {} claims in {:.1} s", results.len(), start.elapsed().as_secs_f64());
    if seeds.first != 1 {
        eprintln!("random streams from {} on: a verdict here is on streams the tests and docs/fidelity.md never use", seeds.first);
    }
    if let (Some(was), Some(path)) = (&was, &a.against) {
        let now = serde_json::json!({ "claims": results });
        print!("{}", against::report(&now, was, path)?);
    } else if a.json {
        print!("{}", report::json(&results));
    } else if a.markdown {
        let check = claims::fidelity(&a.filter, seeds.check(), threads, &mut progress).map_err(|e| e.to_string())?;
        print!("{}", report::markdown(&results, &check));
    } else {
        print!("{}", report::text(&results));
    }
    Ok(())
}
