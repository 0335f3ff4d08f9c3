//! Sweeps: a grid of schedulers × configurations × workloads × seeds at the OS level, one CSV row per cell.
//!
//! Cells are numbered in row-major order (scheduler slowest, seed fastest); shard K of N takes the cells whose index is
//! K−1 modulo N, so shards are disjoint, their union is the grid, and each cell is reproducible from its seed alone.

use serde::{Deserialize, Serialize};

use crate::error::{InputError, InputResult};
use crate::scenario::presets_os::{figure, os_scenario};

/// Longest scheduler, configuration or workload name in a grid.
pub const MAX_NAME_BYTES: usize = 200;

/// The grid of a sweep.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Grid {
    /// OS-level methods (`pbs`, `gts[lb=off]`, `tasks`, …).
    pub schedulers: Vec<String>,
    /// Configurations: platform presets or `odroid-xu3:B+L`.
    pub configs: Vec<String>,
    /// Workloads: application names or seed 002 mixes (`BF`, `BB`, `CF`, `BS`, `DC`).
    pub workloads: Vec<String>,
    /// Seeds.
    pub seeds: Vec<u64>,
}

/// One cell of the grid.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Cell {
    /// Index in the whole grid.
    pub index: usize,
    /// Method.
    pub scheduler: String,
    /// Configuration.
    pub config: String,
    /// Workload.
    pub workload: String,
    /// Seed.
    pub seed: u64,
}

/// The results of one cell.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Row {
    /// The cell.
    #[serde(flatten)]
    pub cell: Cell,
    /// Makespan of the mix.
    pub makespan_ns: u64,
    /// Speedup over one little core (single-application workloads).
    pub speedup: Option<f64>,
    /// Ideal bound (Eq. 4).
    pub ideal_speedup: Option<f64>,
    /// Average power, watts.
    pub avg_power_w: f64,
    /// Energy, joules.
    pub energy_j: f64,
    /// EDP, joule-seconds.
    pub edp_js: f64,
    /// Energy over the baseline's.
    pub energy_norm: f64,
    /// EDP over the baseline's.
    pub edp_norm: f64,
    /// Migrations.
    pub migrations: u64,
    /// Completion per application.
    pub app_done_ns: Vec<u64>,
}

impl Grid {
    /// The grid of figure preset `name` (seeds 1 … n).
    pub fn of_figure(name: &str) -> Option<Grid> {
        let f = figure(name)?;
        Some(Grid { schedulers: f.schedulers, configs: f.configs, workloads: f.workloads, seeds: (1..=f.seeds as u64).collect() })
    }

    /// Number of cells (saturating: a grid of four huge lists does not wrap around to a small number).
    pub fn len(&self) -> usize {
        self.schedulers.len().saturating_mul(self.configs.len()).saturating_mul(self.workloads.len()).saturating_mul(self.seeds.len())
    }

    /// Refuses names longer than [`MAX_NAME_BYTES`] (each cell copies them) and grids of more than `max_cells` cells.
    pub fn check(&self, max_cells: usize) -> InputResult<()> {
        for (field, list) in [("schedulers", &self.schedulers), ("configs", &self.configs), ("workloads", &self.workloads)] {
            if let Some(i) = list.iter().position(|n| n.len() > MAX_NAME_BYTES) {
                return Err(InputError::new(format!("{field}[{i}]"), format!("names are at most {MAX_NAME_BYTES} bytes")));
            }
        }
        if self.len() > max_cells {
            return Err(InputError::new("", format!("{} cells; at most {max_cells} per sweep in the browser", self.len())));
        }
        Ok(())
    }

    /// True when the grid has no cell.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every cell, in index order.
    pub fn cells(&self) -> Vec<Cell> {
        let mut out = Vec::with_capacity(self.len());
        for s in &self.schedulers {
            for c in &self.configs {
                for w in &self.workloads {
                    for &seed in &self.seeds {
                        out.push(Cell { index: out.len(), scheduler: s.clone(), config: c.clone(), workload: w.clone(), seed });
                    }
                }
            }
        }
        out
    }

    /// The cells of shard `k` of `n` (1-based).
    pub fn shard(&self, k: usize, n: usize) -> Vec<Cell> {
        self.cells().into_iter().filter(|c| n > 0 && c.index % n == k.wrapping_sub(1)).collect()
    }
}

/// Parses `K/N` with 1 ≤ K ≤ N.
pub fn parse_shard(text: &str) -> InputResult<(usize, usize)> {
    let parsed = text.split_once('/').and_then(|(k, n)| Some((k.trim().parse::<usize>().ok()?, n.trim().parse::<usize>().ok()?)));
    match parsed {
        Some((k, n)) if n >= 1 && (1..=n).contains(&k) => Ok((k, n)),
        _ => Err(InputError::new("shard", format!("'{text}' is not K/N with 1 ≤ K ≤ N (as in 3/8)"))),
    }
}

/// Runs one cell.
pub fn run_cell(cell: &Cell) -> InputResult<Row> {
    let scenario = os_scenario("sweep cell", "", &cell.config, &cell.workload, &[cell.scheduler.as_str()], cell.seed)?;
    let result = super::run(&scenario)?;
    let Some(run) = result.runs.first() else { return Err(InputError::new("schedulers", "no run")) };
    let m = &run.metrics;
    let os = match &run.extras {
        super::Extras::Os(os) => Some(os),
        _ => None,
    };
    Ok(Row {
        cell: cell.clone(),
        makespan_ns: m.makespan_ns,
        speedup: os.and_then(|o| o.speedup),
        ideal_speedup: os.and_then(|o| o.ideal_speedup),
        avg_power_w: m.avg_power_w,
        energy_j: m.energy_j,
        edp_js: m.edp_js,
        energy_norm: os.map_or(0.0, |o| o.energy_norm),
        edp_norm: os.map_or(0.0, |o| o.edp_norm),
        migrations: os.map_or(0, |o| o.migrations),
        app_done_ns: os.map(|o| o.app_done_ns.clone()).unwrap_or_default(),
    })
}

/// The cells of a grid given as JSON, as a JSON array (for the Wasm API).
pub fn cells_json(grid_json: &str) -> InputResult<String> {
    let value: serde_json::Value = serde_json::from_str(grid_json).map_err(|e| InputError::new("", format!("not valid JSON: {e}")))?;
    let grid: Grid = crate::error::from_value(value, "")?;
    grid.check(100_000)?;
    serde_json::to_string(&grid.cells()).map_err(|e| InputError::new("", e.to_string()))
}

/// Runs one cell given as JSON and returns its row as JSON (for the Wasm API, one call per cell so the page shows progress).
pub fn run_cell_json(cell_json: &str) -> InputResult<String> {
    let value: serde_json::Value = serde_json::from_str(cell_json).map_err(|e| InputError::new("", format!("not valid JSON: {e}")))?;
    let cell: Cell = crate::error::from_value(value, "")?;
    let row = run_cell(&cell)?;
    serde_json::to_string(&row).map_err(|e| InputError::new("", e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_disjoint_and_cover_the_grid() {
        let g = Grid {
            schedulers: vec!["pbs".into(), "lcss".into(), "linux".into()],
            configs: vec!["gem5-8l8s".into(), "gem5-4l18s".into()],
            workloads: vec!["BF".into(), "BB".into(), "DC".into()],
            seeds: vec![1, 2, 3, 4, 5],
        };
        let all = g.cells();
        assert_eq!(all.len(), 90);
        for n in [1, 4, 7, 90, 200] {
            let mut seen = vec![0u32; all.len()];
            for k in 1..=n {
                for c in g.shard(k, n) {
                    assert_eq!(all[c.index], c);
                    seen[c.index] += 1;
                }
            }
            assert!(seen.iter().all(|&s| s == 1), "n = {n}: every cell exactly once");
        }
        assert_eq!(parse_shard("3/8"), Ok((3, 8)));
        for bad in ["0/4", "5/4", "x/2", "3", "1/0"] {
            assert_eq!(parse_shard(bad).expect_err(bad).path, "shard");
        }
    }
}
