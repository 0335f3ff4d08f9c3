//! The OS lab's side of the claims: its catalog (applications, mixes, configurations, methods, and the figure presets with
//! the sweep their claims run), custom sweeps (schedulers × configurations × workloads × seeds) as cells, shards, and the
//! CSV of `asymlab sweep`.
//!
//! Grid cells are numbered in row-major order (scheduler slowest, seed fastest); shard K of N takes the cells whose index is
//! K−1 modulo N, so shards are disjoint, their union is the grid, and each cell is reproducible from its seed alone.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::catalogue::{self, config_platform};
use crate::error::{InputError, InputResult};
use crate::model::apps::{mix, profiles, MIX_NAMES};

use super::cells::{names_of, preset_cells, Cell, Row, Seeds};
use super::measure::at;

/// Longest scheduler, configuration or workload name in a grid.
pub const MAX_NAME_BYTES: usize = 200;

/// A custom OS-level sweep.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Grid {
    /// OS-level methods (`pbs`, `gts[lb=off]`, `tasks`, …).
    pub schedulers: Vec<String>,
    /// Configurations: platform presets or `odroid-xu3:B+L`.
    pub configs: Vec<String>,
    /// Workloads: applications or mixes (`BF`, `BB`, `CF`, `BS`, `DC`).
    pub workloads: Vec<String>,
    /// Seeds.
    pub seeds: Vec<u64>,
}

fn push_new(list: &mut Vec<String>, item: String) {
    if !item.is_empty() && !list.contains(&item) {
        list.push(item);
    }
}

impl Grid {
    /// The grid that covers figure preset `name`'s claims: its schedulers, and the configurations, workloads and seeds its claims' cells use.
    pub fn of_figure(name: &str) -> Option<Grid> {
        let preset = catalogue::preset(name)?;
        preset.lab.as_ref()?;
        let mut g = Grid { schedulers: catalogue::scenario(name)?.schedulers, configs: vec![], workloads: vec![], seeds: vec![] };
        for cell in preset_cells(preset, Seeds::OWN).ok()? {
            let (platform, workload) = names_of(&cell).ok()?;
            push_new(&mut g.configs, platform);
            push_new(&mut g.workloads, workload);
            if !g.seeds.contains(&cell.seed) {
                g.seeds.push(cell.seed);
            }
        }
        g.configs.sort_by_key(|c| config_order(c));
        Some(g)
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

    /// Every cell, in index order: one scheduler on one configuration and workload with one seed.
    pub fn cells(&self) -> Vec<Cell> {
        let mut out = Vec::with_capacity(self.len());
        self.each_cell(|cell| out.push(cell));
        out
    }

    /// Calls `f` with every cell in index order, one at a time (a grid of 100,000 cells never sits in memory as cells).
    pub fn each_cell(&self, mut f: impl FnMut(Cell)) {
        let mut index = 0;
        for s in &self.schedulers {
            for c in &self.configs {
                for w in &self.workloads {
                    for &seed in &self.seeds {
                        let set = BTreeMap::from([("platform".to_string(), json!(c)), ("workload".to_string(), json!(w)), ("schedulers".to_string(), json!([s]))]);
                        f(Cell { index, preset: None, set, seed, schedulers: None });
                        index += 1;
                    }
                }
            }
        }
    }

    /// The cells of shard `k` of `n` (1-based).
    pub fn shard(&self, k: usize, n: usize) -> Vec<Cell> {
        self.cells().into_iter().filter(|c| n > 0 && c.index % n == k.wrapping_sub(1)).collect()
    }
}

/// Subsets of one platform (`odroid-xu3:B+L`) sort by big, then little cores; other configurations keep their order.
fn config_order(config: &str) -> (u32, u32) {
    let counts = config.split_once(':').and_then(|(_, c)| c.split_once('+'));
    counts.and_then(|(b, l)| Some((b.parse().ok()?, l.parse().ok()?))).unwrap_or((u32::MAX, u32::MAX))
}

/// Parses `K/N` with 1 ≤ K ≤ N.
pub fn parse_shard(text: &str) -> InputResult<(usize, usize)> {
    let parsed = text.split_once('/').and_then(|(k, n)| Some((k.trim().parse::<usize>().ok()?, n.trim().parse::<usize>().ok()?)));
    match parsed {
        Some((k, n)) if n >= 1 && (1..=n).contains(&k) => Ok((k, n)),
        _ => Err(InputError::new("shard", format!("'{text}' is not K/N with 1 ≤ K ≤ N (as in 3/8)"))),
    }
}

/// The cells of a grid given as JSON, as a JSON array (for the Wasm API).
pub fn grid_cells_json(grid_json: &str) -> InputResult<String> {
    let value: Value = serde_json::from_str(grid_json).map_err(|e| InputError::new("", format!("not valid JSON: {e}")))?;
    let grid: Grid = crate::error::from_value(value, "")?;
    grid.check(100_000)?;
    // Written cell by cell: the text is all that grows (about 150 bytes a cell).
    let mut out = String::from("[");
    let mut failed = None;
    grid.each_cell(|cell| {
        if cell.index > 0 {
            out.push(',');
        }
        match serde_json::to_string(&cell) {
            Ok(text) => out.push_str(&text),
            Err(e) => failed = Some(InputError::new("", e.to_string())),
        }
    });
    out.push(']');
    failed.map_or(Ok(out), Err)
}

/// Everything the OS lab's pickers show, as JSON: applications (profiles), mixes with their preference values,
/// configurations, OS-level methods, and the figure presets with the sweep their claims run.
pub fn catalog_json() -> String {
    let gem5 = config_platform("gem5-8l8s").ok();
    let mixes: Vec<Value> = MIX_NAMES
        .iter()
        .filter_map(|name| {
            let (runs, _) = mix(name)?.resolve(gem5.as_ref()?, "workload").ok()?;
            let apps: Vec<Value> = runs.iter().map(|r| json!({ "app": r.name, "threads": r.threads, "preference": r.preference })).collect();
            Some(json!({ "name": name, "apps": apps }))
        })
        .collect();
    let mut configs: Vec<String> = ["0+1", "0+4", "2+2", "4+0", "4+1", "4+2", "4+3", "4+4"].iter().map(|c| format!("odroid-xu3:{c}")).collect();
    configs.extend(["gem5-8l8s", "gem5-6l13s", "gem5-4l18s"].iter().map(|s| s.to_string()));
    let schedulers = crate::registry::infos(Some(crate::model::Level::Os));
    let figures: Vec<Value> = catalogue::presets()
        .iter()
        .filter_map(|p| {
            let grid = Grid::of_figure(&p.name)?;
            let sweep = json!({ "chart": p.lab.as_ref()?.chart, "schedulers": grid.schedulers, "configs": grid.configs, "workloads": grid.workloads, "seeds": grid.seeds.len() });
            Some(json!({ "name": p.name, "title": p.title, "description": p.description, "sweep": sweep }))
        })
        .collect();
    json!({ "apps": profiles(), "mixes": mixes, "configs": configs, "schedulers": schedulers, "figures": figures }).to_string()
}

/// The sweep's CSV columns (`asymlab sweep`), in order.
pub const SWEEP_COLUMNS: [&str; 15] = [
    "index",
    "scheduler",
    "config",
    "workload",
    "seed",
    "makespan_ns",
    "speedup",
    "ideal_speedup",
    "avg_power_w",
    "energy_j",
    "edp_js",
    "energy_norm",
    "edp_norm",
    "migrations",
    "app_done_ns",
];

/// One record per run of the row, fields as [`SWEEP_COLUMNS`] (unquoted: the CLI's CSV writer quotes them); absent numbers
/// are empty, per-application values joined with `;`.
pub fn sweep_records(row: &Row) -> Vec<[String; 15]> {
    row.runs
        .iter()
        .map(|run| {
            let num = |path: &str| at(run, path).and_then(Value::as_f64);
            let fixed = |path: &str| num(path).map(|x| format!("{x:.6}")).unwrap_or_default();
            let whole = |path: &str| at(run, path).and_then(Value::as_u64).map(|x| x.to_string()).unwrap_or_default();
            let apps = at(run, "extras.app_done_ns").and_then(Value::as_array).map(|a| a.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(";")).unwrap_or_default();
            [
                row.cell.index.to_string(),
                run["scheduler"].as_str().unwrap_or_default().to_string(),
                row.platform.clone(),
                row.workload.clone(),
                row.cell.seed.to_string(),
                whole("metrics.makespan_ns"),
                fixed("extras.speedup"),
                fixed("extras.ideal_speedup"),
                fixed("metrics.avg_power_w"),
                fixed("metrics.energy_j"),
                fixed("metrics.edp_js"),
                fixed("extras.energy_norm"),
                fixed("extras.edp_norm"),
                whole("extras.migrations"),
                apps,
            ]
        })
        .collect()
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
