//! Cells: a preset (or, for an OS-level sweep, a bare applications scenario), overrides at scenario paths, and a seed: one
//! full scenario. A claim's grid × seeds gives its cells, a preset's cells are the union over its claims, and the OS lab's
//! custom sweeps are cells too; running a cell gives a [`Row`] with every scheduler's run as the adapter reads it.

use std::collections::{BTreeMap, BTreeSet};

use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use crate::catalogue::claim::Axis;
use crate::catalogue::expand::{name_of, parse, raw_of, with_overrides};
use crate::catalogue::{preset, Claim, Preset};
use crate::error::{InputError, InputResult};
use crate::scenario::Scenario;

use super::adapter;

/// One full scenario to run.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Cell {
    /// Position in its list (progress, shards).
    #[serde(default)]
    pub index: usize,
    /// The preset it starts from; none for a bare applications scenario whose `set` names platform, workload and schedulers.
    #[serde(default)]
    pub preset: Option<String>,
    /// Overrides: dotted scenario path → value.
    #[serde(default)]
    pub set: BTreeMap<String, Value>,
    /// Seed of the run.
    pub seed: u64,
    /// Only these of the scenario's schedulers run (the ones the cell's claims read; runs are independent of each other,
    /// so the others would change nothing): every listed one when absent or when none of these is listed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub schedulers: Option<Vec<String>>,
}

impl Cell {
    /// Identifies the cell's scenario: its scenario object with the overrides applied, before references are expanded, so
    /// cells that write the same scenario differently (an override equal to the preset's own value) share one key. The
    /// scheduler subset is not part of it: a row holds the run of each scheduler it ran, found by name.
    pub fn key(&self) -> String {
        raw_cell(self).map_or_else(|_| json!([self.preset, self.set, self.seed]).to_string(), |raw| raw.to_string())
    }
}

/// What running a cell gave.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// The cell.
    pub cell: Cell,
    /// The platform it ran, by configuration name when it was named (`odroid-xu3:4+4`).
    pub platform: String,
    /// The workload it ran, by name when it was named (an application, a mix, a program).
    pub workload: String,
    /// Each scheduler's run: `{"scheduler", "metrics", "extras"}`.
    pub runs: Vec<Value>,
}

/// The scenario object of a cell before its references are expanded.
fn raw_cell(cell: &Cell) -> InputResult<Value> {
    let base = match &cell.preset {
        Some(name) => raw_of(preset(name).ok_or_else(|| InputError::new("preset", format!("unknown preset '{name}'")))?),
        None => json!({ "version": crate::scenario::SCENARIO_VERSION, "name": "sweep cell", "seed": 1, "classes": [] }),
    };
    with_overrides(base, &cell.set, Some(cell.seed))
}

/// The cell's scenario, with only the cell's schedulers when it names some the scenario lists (and sets no exercise,
/// which may name any of them).
pub fn scenario_of(cell: &Cell) -> InputResult<Scenario> {
    let mut scenario = parse(raw_cell(cell)?)?;
    if let Some(only) = cell.schedulers.as_ref().filter(|_| scenario.exercise.is_none()) {
        let kept: Vec<String> = scenario.schedulers.iter().filter(|s| only.contains(s)).cloned().collect();
        if !kept.is_empty() {
            scenario.schedulers = kept;
        }
    }
    Ok(scenario)
}

/// The platform and workload names of a cell, without running it.
pub fn names_of(cell: &Cell) -> InputResult<(String, String)> {
    let raw = raw_cell(cell)?;
    Ok((name_of(&raw["platform"]), name_of(&raw["workload"])))
}

/// Runs one cell.
pub fn run_cell(cell: &Cell) -> InputResult<Row> {
    let (platform, workload) = names_of(cell)?;
    let runs = adapter::run(&scenario_of(cell)?)?;
    Ok(Row { cell: cell.clone(), platform, workload, runs })
}

/// Runs cells on up to `threads` threads (one on WebAssembly), keeping their order.
pub fn run_cells(cells: &[Cell], threads: usize) -> Vec<InputResult<Row>> {
    let threads = if cfg!(target_arch = "wasm32") { 1 } else { threads.clamp(1, cells.len().max(1)) };
    if threads == 1 {
        return cells.iter().map(run_cell).collect();
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut out: Vec<(usize, InputResult<Row>)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(cell) = cells.get(i) else { break };
                        mine.push((i, run_cell(cell)));
                    }
                    mine
                })
            })
            .collect();
        workers.into_iter().flat_map(|w| w.join().unwrap_or_default()).collect()
    });
    out.sort_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, r)| r).collect()
}

/// One combination of a grid's values: the value index on each axis and what they set.
#[derive(Clone, Debug)]
pub struct Point {
    /// Value index per axis.
    pub at: Vec<usize>,
    /// The claim's own overrides plus the axes' values.
    pub set: BTreeMap<String, Value>,
}

/// Every combination of the claim's axes (one point when it has none), first axis slowest.
pub fn points(claim: &Claim) -> InputResult<Vec<Point>> {
    let mut out = vec![Point { at: vec![], set: claim.set.clone() }];
    for (a, axis) in claim.grid.iter().enumerate() {
        out = out.into_iter().flat_map(|p| (0..axis.values.len()).map(move |i| (p.clone(), i))).map(|(p, i)| extend(p, axis, i, a, &claim.id)).collect::<InputResult<_>>()?;
    }
    Ok(out)
}

fn extend(mut p: Point, axis: &Axis, i: usize, a: usize, id: &str) -> InputResult<Point> {
    let (_, set) = axis.value(i).ok_or_else(|| InputError::new(format!("{id}.grid[{a}].values[{i}]"), "needs a path on its axis, or a label and a set"))?;
    p.at.push(i);
    p.set.extend(set);
    Ok(p)
}

/// The most repetitions a claim may run: its held-out check starts this many streams after its own.
pub const MAX_SEEDS: u32 = 1000;

/// The random streams claims run over: `count` consecutive streams from `first` (each claim's own count when `None`).
/// The tests and the generated docs use streams 1 … each claim's count; later streams are ones they never saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seeds {
    /// The first stream.
    pub first: u64,
    /// How many streams, instead of each claim's own count.
    pub count: Option<u32>,
}

impl Default for Seeds {
    fn default() -> Self {
        Seeds { first: 1, count: None }
    }
}

impl Seeds {
    /// Each claim's own count from stream 1: what the tests and docs use.
    pub const OWN: Seeds = Seeds { first: 1, count: None };

    /// The other repetitions every holding claim must hold on as well: as many streams as `self`, from 1001 on (no
    /// claim runs more than [`MAX_SEEDS`]), so a verdict cannot rest on the particular streams a claim was tuned on.
    pub fn check(&self) -> Seeds {
        Seeds { first: self.first.saturating_add(u64::from(MAX_SEEDS)), count: self.count }
    }

    /// The streams `claim` runs over.
    pub fn of(&self, claim: &Claim) -> std::ops::Range<u64> {
        self.first..self.first.saturating_add(u64::from(self.count.unwrap_or(claim.seeds)))
    }
}

/// The claim's cells: every point × every stream of `seeds`.
pub fn claim_cells(preset: &Preset, claim: &Claim, seeds: Seeds) -> InputResult<Vec<Cell>> {
    let mut out = Vec::new();
    for p in points(claim)? {
        for seed in seeds.of(claim) {
            out.push(Cell { index: out.len(), preset: Some(preset.name.clone()), set: p.set.clone(), seed, schedulers: Some(read_by(claim)) });
        }
    }
    Ok(out)
}

/// The schedulers `claim`'s measure reads, in name order.
fn read_by(claim: &Claim) -> Vec<String> {
    let names: BTreeSet<String> = super::measure::reads(&claim.measure).into_iter().map(|(scheduler, _)| scheduler).collect();
    names.into_iter().collect()
}

/// The union of the cells of the preset's claims (in order, each once), over the streams of `seeds`; a cell several
/// claims share runs the schedulers any of them reads.
pub fn preset_cells(preset: &Preset, seeds: Seeds) -> InputResult<Vec<Cell>> {
    let mut at: BTreeMap<String, usize> = BTreeMap::new();
    let mut out: Vec<Cell> = Vec::new();
    for claim in &preset.claims {
        for mut cell in claim_cells(preset, claim, seeds)? {
            match at.entry(cell.key()) {
                std::collections::btree_map::Entry::Occupied(i) => {
                    let shared = &mut out[*i.get()];
                    let names: BTreeSet<String> = shared.schedulers.iter().flatten().chain(cell.schedulers.iter().flatten()).cloned().collect();
                    shared.schedulers = Some(names.into_iter().collect());
                }
                std::collections::btree_map::Entry::Vacant(v) => {
                    cell.index = out.len();
                    v.insert(out.len());
                    out.push(cell);
                }
            }
        }
    }
    Ok(out)
}
