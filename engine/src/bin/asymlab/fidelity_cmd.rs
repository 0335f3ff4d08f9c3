//! `asymlab fidelity`: evaluates the papers' claims over their grids and seeds and prints them as a table, JSON (the
//! gallery's verdicts) or Markdown (`docs/fidelity.md`); `--papers` prints `docs/papers.md`.

use std::time::Instant;

use engine::claims::{self, report, Filter, Seeds};

/// Command-line arguments of `fidelity`.
pub struct Args {
    pub json: bool,
    pub markdown: bool,
    pub papers: bool,
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
    let seeds = Seeds { first: a.first_seed.unwrap_or(1), count: a.seeds };
    let threads = a.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let start = Instant::now();
    let mut progress = |preset: &str, cells: usize| eprintln!("{preset}: {cells} cells ({:.1} s)", start.elapsed().as_secs_f64());
    let results = claims::fidelity(&a.filter, seeds, threads, &mut progress).map_err(|e| e.to_string())?;
    eprintln!("evaluated {} claims in {:.1} s", results.len(), start.elapsed().as_secs_f64());
    if seeds.first != 1 {
        eprintln!("random streams from {} on: a verdict here is on streams the tests and docs/fidelity.md never use", seeds.first);
    }
    if a.json {
        print!("{}", report::json(&results));
    } else if a.markdown {
        let check = claims::fidelity(&a.filter, seeds.check(), threads, &mut progress).map_err(|e| e.to_string())?;
        print!("{}", report::markdown(&results, &check));
    } else {
        print!("{}", report::text(&results));
    }
    Ok(())
}
