//! Evaluating a claim: its measure on every cell of its grid, the grid aggregated into one value per seed, the mean, min
//! and max over seeds, and the verdict against the band the paper's words allow.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;
use serde_json::Value;

use crate::catalogue::claim::{Aggregate, Band, ClaimInfo, Judge, Measure, Reduce, Status, GAP_SUMMARY_MAX_CHARS};
use crate::catalogue::{Claim, Preset};
use crate::error::{InputError, InputResult};

use super::cells::{points, Cell, Point, Seeds};
use super::measure::{mean, on_cell, reduce};

/// The band as numbers.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Bounds {
    /// Lower end, if any.
    pub min: Option<f64>,
    /// Upper end, if any.
    pub max: Option<f64>,
    /// The lower end itself is outside.
    pub min_strict: bool,
    /// The upper end itself is outside.
    pub max_strict: bool,
}

impl Bounds {
    /// The bounds of `band` around the paper's `value`.
    pub fn of(band: &Band, value: f64) -> Bounds {
        let b = |min: Option<f64>, max: Option<f64>, min_strict: bool, max_strict: bool| Bounds { min, max, min_strict, max_strict };
        match *band {
            Band::Around { rel } => b(Some(value - rel * value.abs()), Some(value + rel * value.abs()), false, false),
            Band::UpTo { rel } => b(Some(value - rel * value.abs()), Some(value), false, false),
            Band::Below => b(None, Some(value), false, true),
            Band::Above => b(Some(value), None, true, false),
            Band::AtMost => b(None, Some(value), false, false),
            Band::AtLeast => b(Some(value), None, false, false),
            Band::Range { min, max } => b(Some(min), Some(max), false, false),
        }
    }

    /// True when `x` lies in the band.
    pub fn contains(&self, x: f64) -> bool {
        let above_min = self.min.is_none_or(|m| if self.min_strict { x > m } else { x >= m });
        let below_max = self.max.is_none_or(|m| if self.max_strict { x < m } else { x <= m });
        above_min && below_max
    }

    /// How far `x` is outside the band (0 inside).
    pub fn distance(&self, x: f64) -> f64 {
        let below = self.min.map_or(0.0, |m| (m - x).max(0.0));
        let above = self.max.map_or(0.0, |m| (x - m).max(0.0));
        below.max(above)
    }

    /// The band in words: `2.45 – 3.5`, `< 0`, `≤ 16`.
    pub fn text(&self, unit: &str) -> String {
        let n = |x: f64| format_number(x);
        let u = if unit.is_empty() || unit == "×" { unit.to_string() } else { format!(" {unit}") };
        match (self.min, self.max) {
            (Some(a), Some(b)) if a == b => format!("= {}{u}", n(a)),
            (Some(a), Some(b)) => format!("{} – {}{u}", n(a), n(b)),
            (None, Some(b)) => format!("{} {}{u}", if self.max_strict { "<" } else { "≤" }, n(b)),
            (Some(a), None) => format!("{} {}{u}", if self.min_strict { ">" } else { "≥" }, n(a)),
            (None, None) => "any".into(),
        }
    }
}

/// A number with at most three significant decimals, no trailing zeros.
pub fn format_number(x: f64) -> String {
    let digits = if x.abs() >= 100.0 { 1 } else if x.abs() >= 10.0 { 2 } else { 3 };
    let s = format!("{x:.digits$}");
    let s = if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.').to_string() } else { s };
    if s == "-0" { "0".into() } else { s }
}

/// The simulated value: mean, min and max over seeds of the per-seed values (for a pooled claim `mean` is the value of
/// the runs averaged over the seeds, which is what its verdict judges).
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Stats {
    /// Mean over seeds (pooled claims: the value of the averaged runs).
    pub mean: f64,
    /// Smallest seed.
    pub min: f64,
    /// Largest seed.
    pub max: f64,
    /// Per random stream, in the order run (streams 1 … n unless asked otherwise).
    pub per_seed: Vec<f64>,
    /// `mean` is the value of the runs averaged over the seeds (a `pooled` claim), which may lie outside `min` … `max`.
    pub pooled: bool,
}

/// Whether the simulated value falls in the band.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Verdict {
    /// In the band.
    pub holds: bool,
    /// Simulated over paper − 1, in percent (absent when the paper's value is 0).
    pub off_by_pct: Option<f64>,
    /// `holds`, `off by +12%`, `off by −3.1 %`.
    pub text: String,
}

/// One claim, evaluated.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClaimResult {
    /// What is shown of the claim.
    #[serde(flatten)]
    pub info: ClaimInfo,
    /// Its preset.
    pub preset: String,
    /// The band as numbers.
    pub bounds: Bounds,
    /// The band in words.
    pub band_text: String,
    /// `grid` (evaluated over its grid and seeds) or `run` (on one run of the preset, one cell of the grid).
    pub scope: &'static str,
    /// Cells run.
    pub cells: usize,
    /// The simulated value, if it could be measured.
    pub simulated: Option<Stats>,
    /// The verdict, if measured.
    pub verdict: Option<Verdict>,
    /// Why it could not be measured.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub error: Option<String>,
}

/// The measure on each point, or `None` if one is missing.
fn values(m: &Measure, points: &[&Point], runs: &Runs<'_>) -> Option<Vec<f64>> {
    points.iter().map(|p| on_cell(m, runs(p)?)).collect()
}

fn combine(how: &Aggregate, points: &[&Point], names: &[&str], m: &Measure, runs: &Runs<'_>) -> Option<f64> {
    match how {
        Aggregate::All(r) => reduce(*r, &values(m, points, runs)?),
        Aggregate::Nested { first, over, then } => {
            let inner: Vec<usize> = names.iter().enumerate().filter(|(_, n)| over.iter().any(|o| o == *n)).map(|(i, _)| i).collect();
            let mut groups: BTreeMap<Vec<usize>, Vec<&Point>> = BTreeMap::new();
            for p in points {
                let key: Vec<usize> = p.at.iter().enumerate().filter(|(i, _)| !inner.contains(i)).map(|(_, &v)| v).collect();
                groups.entry(key).or_default().push(p);
            }
            reduce(*then, &groups.values().map(|g| reduce(*first, &values(m, g, runs)?)).collect::<Option<Vec<_>>>()?)
        }
    }
}

fn simple(how: &Aggregate) -> Reduce {
    match how {
        Aggregate::All(r) => *r,
        Aggregate::Nested { first, .. } => *first,
    }
}

/// The runs of a grid point, for one seed.
type Runs<'r> = dyn Fn(&Point) -> Option<&'r [Value]> + 'r;

/// `of` reduced over the points where axis `a` has one of the values `at`.
fn over(claim: &Claim, of: &Measure, points: &[&Point], a: usize, at: &[usize], runs: &Runs<'_>) -> Option<f64> {
    let sub: Vec<&Point> = points.iter().copied().filter(|p| at.contains(&p.at[a])).collect();
    reduce(simple(&claim.aggregate), &values(of, &sub, runs)?)
}

/// The claim's value for one seed, given the runs of each grid point.
fn seed_value(claim: &Claim, points: &[Point], runs: &Runs<'_>) -> Option<f64> {
    let names: Vec<&str> = claim.grid.iter().map(|a| a.name()).collect();
    let points: Vec<&Point> = points.iter().collect();
    // A label, or a list of labels standing for the cells of all of them (`["BS", "DC"]`, the symmetric workloads).
    let axis_set = |axis: &str, label: &Value| -> Option<(usize, Vec<usize>)> {
        let a = names.iter().position(|n| *n == axis)?;
        Some((a, claim.grid[a].indices_of(label)?))
    };
    match &claim.measure {
        Measure::Change { of, axis, from, to, difference } => {
            let ((a, f), (_, t)) = (axis_set(axis, from)?, axis_set(axis, to)?);
            let (x, y) = (over(claim, of, &points, a, &f, runs)?, over(claim, of, &points, a, &t, runs)?);
            Some(if *difference { y - x } else { (y / x - 1.0) * 100.0 })
        }
        Measure::GainOfMeans { num, den, per } => {
            let a = names.iter().position(|n| n == per)?;
            let gains = (0..claim.grid[a].values.len())
                .map(|i| Some((over(claim, num, &points, a, &[i], runs)? / over(claim, den, &points, a, &[i], runs).filter(|d| *d != 0.0)? - 1.0) * 100.0))
                .collect::<Option<Vec<_>>>()?;
            reduce(simple(&claim.aggregate), &gains)
        }
        Measure::Lead { of, axis, at, lower_is_better } => {
            let (a, one) = axis_set(axis, at)?;
            let &[i] = one.as_slice() else { return None };
            let own = over(claim, of, &points, a, &[i], runs)?;
            let others = (0..claim.grid[a].values.len()).filter(|&j| j != i).map(|j| over(claim, of, &points, a, &[j], runs)).collect::<Option<Vec<_>>>()?;
            let best = reduce(if *lower_is_better { Reduce::Min } else { Reduce::Max }, &others)?;
            Some(if *lower_is_better { (best / own - 1.0) * 100.0 } else { (own / best - 1.0) * 100.0 })
        }
        m => combine(&claim.aggregate, &points, &names, m, runs),
    }
}

fn verdict(claim: &Claim, bounds: &Bounds, stats: &Stats) -> Verdict {
    let judged = match claim.judge {
        Judge::Mean | Judge::Pooled => stats.mean,
        Judge::EverySeed => stats.per_seed.iter().copied().fold(stats.mean, |w, x| if bounds.distance(x) > bounds.distance(w) { x } else { w }),
    };
    let holds = match claim.judge {
        Judge::Mean | Judge::Pooled => bounds.contains(stats.mean),
        Judge::EverySeed => stats.per_seed.iter().all(|&x| bounds.contains(x)),
    };
    let off_by_pct = (claim.value != 0.0).then(|| (judged / claim.value - 1.0) * 100.0);
    let sign = |x: f64| if x > 0.0 { "+" } else if x < 0.0 { "-" } else { "" };
    let text = match (holds, off_by_pct) {
        (true, _) => "holds".to_string(),
        (false, Some(p)) => format!("off by {}{:.*}%", sign(p), if p.abs() >= 10.0 { 0 } else { 1 }, p.abs()),
        (false, None) => format!("off by {}{} {}", sign(judged), format_number(judged.abs()), claim.unit),
    };
    Verdict { holds, off_by_pct, text }
}

/// A result before measuring: the claim, its preset and band.
fn unmeasured(preset: &Preset, claim: &Claim, scope: &'static str) -> ClaimResult {
    let bounds = Bounds::of(&claim.band, claim.value);
    ClaimResult {
        info: claim.info(),
        preset: preset.name.clone(),
        band_text: bounds.text(&claim.unit),
        bounds,
        scope,
        cells: 0,
        simulated: None,
        verdict: None,
        error: None,
    }
}

fn with_values(claim: &Claim, mut r: ClaimResult, per_seed: Vec<f64>) -> ClaimResult {
    let stats = Stats {
        mean: mean(&per_seed),
        min: per_seed.iter().copied().fold(f64::MAX, f64::min),
        max: per_seed.iter().copied().fold(f64::MIN, f64::max),
        per_seed,
        pooled: false,
    };
    r.verdict = Some(verdict(claim, &r.bounds, &stats));
    r.simulated = Some(stats);
    r
}

/// Evaluates `claim` of `preset` over the streams of `seeds` from rows keyed by [`Cell::key`] (each the runs of that cell).
pub fn evaluate(preset: &Preset, claim: &Claim, seeds: Seeds, rows: &BTreeMap<String, &[Value]>) -> ClaimResult {
    let mut r = unmeasured(preset, claim, "grid");
    let pts = match points(claim) {
        Ok(p) => p,
        Err(e) => return ClaimResult { error: Some(e.to_string()), ..r },
    };
    r.cells = pts.len() * seeds.of(claim).count();
    let cell_runs = |p: &Point, seed: u64| -> Option<&[Value]> { rows.get(&Cell { index: 0, preset: Some(preset.name.clone()), set: p.set.clone(), seed, schedulers: None }.key()).copied() };
    let mut per_seed = Vec::new();
    for seed in seeds.of(claim) {
        let runs = |p: &Point| cell_runs(p, seed);
        match seed_value(claim, &pts, &runs) {
            Some(v) => per_seed.push(v),
            None => return ClaimResult { error: Some(format!("random stream {seed}: a run is missing or lacks a value the measure reads")), ..r },
        }
    }
    let mut r = with_values(claim, r, per_seed);
    if claim.judge == Judge::Pooled {
        let pooled: Option<Vec<Vec<Value>>> = pts
            .iter()
            .map(|p| {
                let each: Option<Vec<&[Value]>> = seeds.of(claim).map(|seed| cell_runs(p, seed)).collect();
                each.and_then(|runs| average_runs(&runs))
            })
            .collect();
        let value = pooled.and_then(|pooled| seed_value(claim, &pts, &|p: &Point| pts.iter().position(|q| q.at == p.at).map(|i| pooled[i].as_slice())));
        match (value, r.simulated.as_mut()) {
            (Some(v), Some(stats)) => {
                stats.mean = v;
                stats.pooled = true;
                r.verdict = Some(verdict(claim, &r.bounds, stats));
            }
            _ => return ClaimResult { error: Some("the averaged runs lack a value the measure reads".into()), simulated: None, verdict: None, ..r },
        }
    }
    r
}

/// The runs of one point averaged over seeds: every number the mean of the numbers the seeds have at the same place
/// (same scheduler, found by name since a seed's cell may have run more schedulers than another's; same field; a field
/// only some seeds have is averaged over those); `None` without runs.
fn average_runs(seeds: &[&[Value]]) -> Option<Vec<Value>> {
    let first = seeds.first()?;
    let same = |run: &Value| seeds.iter().filter_map(|runs| runs.iter().find(|r| r["scheduler"] == run["scheduler"])).collect::<Vec<_>>();
    Some(first.iter().map(|run| average(&same(run))).collect())
}

fn average(values: &[&Value]) -> Value {
    let Some(&first) = values.first() else { return Value::Null };
    match first {
        Value::Number(_) => {
            let xs: Vec<f64> = values.iter().filter_map(|v| v.as_f64()).collect();
            serde_json::Number::from_f64(mean(&xs)).map_or(Value::Null, Value::Number)
        }
        Value::Array(a) => Value::Array((0..a.len()).map(|i| average(&values.iter().filter_map(|v| v.as_array()?.get(i)).collect::<Vec<_>>())).collect()),
        Value::Object(_) => {
            let keys: BTreeSet<&String> = values.iter().filter_map(|v| v.as_object()).flat_map(|o| o.keys()).collect();
            Value::Object(keys.into_iter().map(|k| (k.clone(), average(&values.iter().filter_map(|v| v.get(k)).collect::<Vec<_>>()))).collect())
        }
        other => other.clone(),
    }
}

/// Evaluates the claims of `preset` that one run can measure, on `runs` (one run of the preset, maybe edited).
pub fn on_run(preset: &Preset, runs: &[Value]) -> Vec<ClaimResult> {
    preset
        .claims
        .iter()
        .filter(|c| single_run(c))
        .map(|c| {
            let mut r = unmeasured(preset, c, "run");
            r.cells = 1;
            match on_cell(&c.measure, runs) {
                Some(v) => with_values(c, r, vec![v]),
                None => ClaimResult { error: Some("this run lacks a scheduler or metric the claim reads".into()), ..r },
            }
        })
        .collect()
}

/// True when one run of the preset can measure the claim (a single-cell measure, not a range over cells).
pub fn single_run(claim: &Claim) -> bool {
    claim.measure.is_single_run() && !matches!(claim.aggregate, Aggregate::All(Reduce::RangePct | Reduce::Positive))
}

/// Checks a claim's record beyond its schema; the error names the field.
pub fn check(claim: &Claim) -> InputResult<()> {
    let path = |f: &str| format!("{}.{f}", claim.id);
    if let Band::Around { rel } | Band::UpTo { rel } = claim.band {
        if !(rel > 0.0 && rel <= 0.3) {
            return Err(InputError::new(path("band.rel"), format!("must be in (0, 0.3] (±30% is the widest band), got {rel}")));
        }
    }
    if let Band::Range { min, max } = claim.band {
        let widest = 0.3 * claim.value.abs();
        if min > max || (claim.value != 0.0 && (min < claim.value - widest || max > claim.value + widest)) {
            return Err(InputError::new(path("band"), "a range must contain the paper's value and stay within ±30% of it"));
        }
    }
    if claim.status == Status::KnownGap && claim.gap.trim().is_empty() {
        return Err(InputError::new(path("gap"), "a known gap names the mechanism the model lacks"));
    }
    if claim.status == Status::KnownGap && claim.gap_summary.trim().is_empty() {
        return Err(InputError::new(path("gap_summary"), "a known gap says in one sentence what the model gives instead and why"));
    }
    let summary_chars = claim.gap_summary.chars().count();
    if summary_chars > GAP_SUMMARY_MAX_CHARS {
        return Err(InputError::new(path("gap_summary"), format!("must be at most {GAP_SUMMARY_MAX_CHARS} characters (one sentence for the page), got {summary_chars}")));
    }
    if claim.status == Status::KnownGap && claim.lacks.trim().is_empty() {
        return Err(InputError::new(path("lacks"), "a known gap names the mechanism of its paper's lacks list it points to"));
    }
    if claim.status != Status::KnownGap && !(claim.gap.is_empty() && claim.gap_summary.is_empty() && claim.lacks.is_empty()) {
        return Err(InputError::new(path("gap"), "only a known gap has a gap text"));
    }
    if matches!(claim.aggregate, Aggregate::Nested { .. }) && !claim.measure.is_single_run() {
        return Err(InputError::new(path("aggregate"), "change and lead take a simple aggregate"));
    }
    Ok(())
}
