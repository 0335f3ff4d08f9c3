//! `asymlab sweep`: builds the grid from a figure preset (the configurations, workloads and seeds its claims use) and/or
//! lists, runs this shard's cells with a progress bar on stderr, writes CSV (one line per cell).

use std::io::Write;
use std::time::Instant;

use engine::claims::lab::{parse_shard, Grid};
use engine::claims::run_cell;

use crate::csv_out::SweepCsv;

/// Command-line arguments of the sweep.
pub struct Args {
    pub figure: Option<String>,
    pub schedulers: Option<String>,
    pub configs: Option<String>,
    pub workloads: Option<String>,
    pub seeds: Option<String>,
    pub shard: Option<String>,
    pub out: Option<String>,
    pub no_header: bool,
}

fn list(text: &str) -> Vec<String> {
    // Commas inside brackets belong to parameters: gts[up=700,down=256].
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for ch in text.chars() {
        match ch {
            '[' => depth += 1,
            ']' => depth -= 1,
            ',' if depth == 0 => {
                out.push(cur.trim().to_string());
                cur.clear();
                continue;
            }
            _ => {}
        }
        cur.push(ch);
    }
    out.push(cur.trim().to_string());
    out.into_iter().filter(|s| !s.is_empty()).collect()
}

fn seeds(text: &str) -> Result<Vec<u64>, String> {
    let bad = || format!("--seeds '{text}': give a count N, a range A-B or a list 1,2,3");
    if let Some((a, b)) = text.split_once('-') {
        let (a, b): (u64, u64) = (a.trim().parse().map_err(|_| bad())?, b.trim().parse().map_err(|_| bad())?);
        return if a <= b && b - a < 100_000 { Ok((a..=b).collect()) } else { Err(bad()) };
    }
    if text.contains(',') {
        return text.split(',').map(|s| s.trim().parse().map_err(|_| bad())).collect();
    }
    let n: u64 = text.trim().parse().map_err(|_| bad())?;
    if n == 0 || n > 100_000 {
        return Err(bad());
    }
    Ok((1..=n).collect())
}

fn bar(done: usize, total: usize, start: Instant) -> String {
    let width = 30;
    let filled = (done * width).checked_div(total).unwrap_or(width);
    let elapsed = start.elapsed().as_secs_f64();
    let eta = if done == 0 { 0.0 } else { elapsed / done as f64 * (total - done) as f64 };
    format!("\r[{}{}] {done}/{total} cells  {elapsed:.1}s  eta {eta:.1}s ", "#".repeat(filled), ".".repeat(width - filled))
}

/// Runs the sweep.
pub fn run(a: Args) -> Result<(), String> {
    let mut grid = match &a.figure {
        Some(f) => Grid::of_figure(f).ok_or_else(|| format!("unknown figure preset '{f}' (see `asymlab list figures`)"))?,
        None => Grid { schedulers: vec![], configs: vec![], workloads: vec![], seeds: vec![1] },
    };
    if let Some(s) = &a.schedulers {
        grid.schedulers = list(s);
    }
    if let Some(s) = &a.configs {
        grid.configs = list(s);
    }
    if let Some(s) = &a.workloads {
        grid.workloads = list(s);
    }
    if let Some(s) = &a.seeds {
        grid.seeds = seeds(s)?;
    }
    if grid.is_empty() {
        return Err("empty grid: give --figure or all of --schedulers, --configs and --workloads".into());
    }
    let cells = match &a.shard {
        Some(s) => {
            let (k, n) = parse_shard(s).map_err(|e| e.to_string())?;
            grid.shard(k, n)
        }
        None => grid.cells(),
    };
    let sink: Box<dyn Write> = match &a.out {
        Some(path) => Box::new(std::fs::File::create(path).map_err(|e| format!("cannot write {path}: {e}"))?),
        None => Box::new(std::io::stdout()),
    };
    let mut sink = SweepCsv::new(sink, !a.no_header)?;
    let start = Instant::now();
    let total = cells.len();
    eprint!("{}", bar(0, total, start));
    for (i, cell) in cells.iter().enumerate() {
        let row = run_cell(cell).map_err(|e| format!("\ncell {} ({}, seed {}): {e}", cell.index, serde_json::to_string(&cell.set).unwrap_or_default(), cell.seed))?;
        sink.row(&row)?;
        eprint!("{}", bar(i + 1, total, start));
    }
    eprintln!();
    Ok(())
}
