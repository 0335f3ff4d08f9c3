//! Claim records: a number or direction one of the papers reports, how to measure it on a preset (a grid of variations ×
//! seeds, a measure, an aggregation), and the band the paper's own words allow. `crate::claims` evaluates them.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One claim of a paper, measured on the preset that lists it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    /// Unique id (`chen2020-fig4a-damc-over-rws`).
    pub id: String,
    /// Id of the paper that makes the claim.
    pub paper: String,
    /// Where in the paper (`Fig. 4(a)`, `§5.2`, `Table 2`).
    pub figure: String,
    /// A few words for tables and cards.
    pub label: String,
    /// The paper's words.
    pub claim: String,
    /// How the preset relates to what the paper measured (a stand-in program, one case of an average), if it needs saying.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub note: String,
    /// Overrides applied to every cell (dotted scenario paths).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub set: BTreeMap<String, Value>,
    /// The variations: every combination of the axes' values is a cell.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grid: Vec<Axis>,
    /// Seeds 1 … `seeds` of every cell.
    pub seeds: u32,
    /// What is measured.
    pub measure: Measure,
    /// How the grid's cells combine into one value per seed.
    #[serde(default)]
    pub aggregate: Aggregate,
    /// The paper's number (0 or 1 for a pure direction, with a `below`/`above` band).
    pub value: f64,
    /// Unit of `value` and of the measure: `×`, `%`, `W`, or empty.
    pub unit: String,
    /// What the paper's words allow.
    pub band: Band,
    /// Which seeds must fall in the band.
    #[serde(default)]
    pub judge: Judge,
    /// Whether the model reproduces it today.
    pub status: Status,
    /// For a known gap: one sentence for the page (what the model gives instead, and the main reason), at most
    /// [`GAP_SUMMARY_MAX_CHARS`] characters.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub gap_summary: String,
    /// For a known gap: the mechanism the model lacks, in words, with what was measured.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub gap: String,
    /// For a known gap: the id of the mechanism of `lacks/<paper>.json` it points to.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub lacks: String,
}

/// The longest a gap's summary may be: one sentence that a projected table can show under the claim.
pub const GAP_SUMMARY_MAX_CHARS: usize = 240;

/// What the UI and reports show of a claim: everything but how to measure it.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClaimInfo {
    /// Unique id.
    pub id: String,
    /// Id of the paper.
    pub paper: String,
    /// Where in the paper.
    pub figure: String,
    /// A few words.
    pub label: String,
    /// The paper's words.
    pub claim: String,
    /// How the preset relates to what the paper measured.
    #[serde(skip_serializing_if = "String::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<String>", optional))]
    pub note: String,
    /// Unit of the value.
    pub unit: String,
    /// The paper's number.
    pub value: f64,
    /// Whether the model reproduces it today.
    pub status: Status,
    /// For a known gap, one sentence: what the model gives instead and why.
    #[serde(skip_serializing_if = "String::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<String>", optional))]
    pub gap_summary: String,
    /// The mechanism the model lacks, for a known gap, with what was measured.
    #[serde(skip_serializing_if = "String::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<String>", optional))]
    pub gap: String,
    /// For a known gap, the id of the mechanism it points to among its paper's (`lacks` in the fidelity JSON).
    #[serde(skip_serializing_if = "String::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<String>", optional))]
    pub lacks: String,
    /// Seeds of every cell.
    pub seeds: u32,
}

impl Claim {
    /// What the UI and reports show of the claim.
    pub fn info(&self) -> ClaimInfo {
        ClaimInfo {
            id: self.id.clone(),
            paper: self.paper.clone(),
            figure: self.figure.clone(),
            label: self.label.clone(),
            claim: self.claim.clone(),
            note: self.note.clone(),
            unit: self.unit.clone(),
            value: self.value,
            status: self.status,
            gap_summary: self.gap_summary.clone(),
            gap: self.gap.clone(),
            lacks: self.lacks.clone(),
            seeds: self.seeds,
        }
    }
}

/// One variation axis of a claim's grid.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Axis {
    /// Name that measures refer to (`change`, `lead`, nested aggregates); defaults to `path`.
    #[serde(default)]
    pub name: String,
    /// Scenario path each value is set at; without a path, each value is `{"label", "set"}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// The values.
    pub values: Vec<Value>,
}

impl Axis {
    /// The axis' name (its path when it has no name).
    pub fn name(&self) -> &str {
        if self.name.is_empty() {
            self.path.as_deref().unwrap_or("")
        } else {
            &self.name
        }
    }

    /// Value `i` as a label and the overrides it sets.
    pub fn value(&self, i: usize) -> Option<(String, BTreeMap<String, Value>)> {
        let v = self.values.get(i)?;
        match &self.path {
            Some(path) => Some((label_of(v), BTreeMap::from([(path.clone(), v.clone())]))),
            None => {
                let label = v.get("label").map(label_of)?;
                let set = v.get("set")?.as_object()?.iter().map(|(k, x)| (k.clone(), x.clone())).collect();
                Some((label, set))
            }
        }
    }

    /// The indices of the values labelled like `label`, or like each label of a list (`["BS", "DC"]`); `None` when one
    /// is not a value of the axis.
    pub fn indices_of(&self, label: &Value) -> Option<Vec<usize>> {
        match label {
            Value::Array(labels) if !labels.is_empty() => labels.iter().map(|l| self.index_of(l)).collect(),
            _ => Some(vec![self.index_of(label)?]),
        }
    }

    /// The index of the value labelled like `label`.
    pub fn index_of(&self, label: &Value) -> Option<usize> {
        let want = label_of(label);
        (0..self.values.len()).find(|&i| self.value(i).is_some_and(|(l, _)| l == want))
    }
}

/// A value's label: strings as they are, anything else as JSON.
pub fn label_of(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// One scheduler, or a group.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum Schedulers {
    /// One scheduler.
    One(String),
    /// A group.
    Many(Vec<String>),
}

impl Schedulers {
    /// The names.
    pub fn names(&self) -> Vec<&str> {
        match self {
            Schedulers::One(s) => vec![s.as_str()],
            Schedulers::Many(v) => v.iter().map(String::as_str).collect(),
        }
    }
}

/// A metric of one scheduler's run: `path` into `{"metrics": …, "extras": …}` (`metrics.makespan_ns`, `extras.speedup`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Read {
    /// Scheduler.
    pub scheduler: String,
    /// Dotted path; numbers index lists (`metrics.busy_ns_per_core.0`).
    pub path: String,
}

fn one() -> f64 {
    1.0
}

fn largest() -> Reduce {
    Reduce::Max
}

fn is_max(r: &Reduce) -> bool {
    *r == Reduce::Max
}

fn is_mean(r: &Reduce) -> bool {
    *r == Reduce::Mean
}

fn makespan() -> String {
    "metrics.makespan_ns".into()
}

/// What a claim measures. The first kinds read one cell; `change`, `gain_of_means` and `lead` compare cells of the grid.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Measure {
    /// `path × scale` of the scheduler's run (over a group, the mean, or `reduce`).
    Value {
        /// Scheduler or group.
        scheduler: Schedulers,
        /// Dotted path.
        path: String,
        /// Factor (unit conversion, or work per task to turn a throughput into a speedup).
        #[serde(default = "one")]
        scale: f64,
        /// How a group's values combine: the mean unless set (`min` for the best of several settings of one schedule,
        /// `range_pct` for how much the setting matters).
        #[serde(default, skip_serializing_if = "is_mean")]
        reduce: Reduce,
    },
    /// `num / den` of two measures of one cell, or `(num / den − 1) × 100` with `percent` (the best settings of two
    /// schedules, or their sensitivities to the setting, compared).
    RatioOf {
        /// Numerator: a measure of one cell.
        num: Box<Measure>,
        /// Denominator: a measure of one cell.
        den: Box<Measure>,
        /// As a percent difference.
        #[serde(default)]
        percent: bool,
    },
    /// `num / den`, or `(num / den − 1) × 100` with `percent`.
    Ratio {
        /// Numerator.
        num: Read,
        /// Denominator.
        den: Read,
        /// As a percent difference.
        #[serde(default)]
        percent: bool,
    },
    /// Percent by which `scheduler` beats `over` on a lower-is-better metric: `(over / scheduler − 1) × 100`.
    /// A group as `scheduler` stands for its slowest member, a group as `over` for its fastest.
    Gain {
        /// Scheduler or group.
        scheduler: Schedulers,
        /// Baseline or group.
        over: Schedulers,
        /// Lower-is-better metric.
        #[serde(default = "makespan")]
        path: String,
    },
    /// Percent of the scheduler's priority tasks that ran on `places` (summed), or on a place including each of `cores` (mean).
    Share {
        /// Scheduler.
        scheduler: String,
        /// Place labels such as `(C0,2)`.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        places: Vec<String>,
        /// Cores.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        cores: Vec<u32>,
    },
    /// Percent distance of the slowest or fastest repeat from the mean of the repeats (`extras.makespan_*`).
    Spread {
        /// Scheduler.
        scheduler: String,
    },
    /// Largest `field` over the elements of the list at `list` (or `reduce` over them: the `mean` of the loops' sampled SFs).
    MaxOver {
        /// Scheduler.
        scheduler: String,
        /// Path of the list.
        list: String,
        /// Field of each element.
        field: String,
        /// How the elements' values combine: the largest unless set.
        #[serde(default = "largest", skip_serializing_if = "is_max")]
        reduce: Reduce,
    },
    /// Percent change (or, with `difference`, difference) of `of`, aggregated over the other axes, from `axis = from` to `axis = to`.
    Change {
        /// The per-cell measure.
        of: Box<Measure>,
        /// Axis name.
        axis: String,
        /// Label of the first value, or a list of labels: the cells of all of them (`["BS", "DC"]`).
        from: Value,
        /// Label of the second, or a list.
        to: Value,
        /// Difference instead of percent change.
        #[serde(default)]
        difference: bool,
    },
    /// Percent by which `num` beats `den` (higher-is-better measures of one cell, such as a speedup), each first
    /// aggregated over the other axes at every value of axis `per`: a figure's average bars compared at each of its
    /// configurations, those percents then aggregated as the claim says (Chronaki et al. §5.2's averages, read off the
    /// average speedups of Fig. 6 as its other claims are).
    GainOfMeans {
        /// Numerator: a measure of one cell.
        num: Box<Measure>,
        /// Denominator: a measure of one cell.
        den: Box<Measure>,
        /// Axis name: one percent per value.
        per: String,
    },
    /// Percent by which `axis = at` beats the best other value of the axis (`of` aggregated over the other axes).
    Lead {
        /// The per-cell measure.
        of: Box<Measure>,
        /// Axis name.
        axis: String,
        /// Label of the value that should lead.
        at: Value,
        /// Lower is better (energy, time).
        #[serde(default)]
        lower_is_better: bool,
    },
}

impl Measure {
    /// True when one run of the preset is enough to measure it (no comparison across cells).
    pub fn is_single_run(&self) -> bool {
        match self {
            Measure::Change { .. } | Measure::Lead { .. } | Measure::GainOfMeans { .. } => false,
            Measure::RatioOf { num, den, .. } => num.is_single_run() && den.is_single_run(),
            _ => true,
        }
    }
}

/// How values combine.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Reduce {
    /// Arithmetic mean.
    #[default]
    Mean,
    /// Largest.
    Max,
    /// Smallest.
    Min,
    /// `(largest / smallest − 1) × 100`.
    RangePct,
    /// How many values are above zero: the cells where a gain is positive (Zhang et al.: "PBS scheduler outperforms
    /// others in 10 cases" of 15).
    Positive,
    /// The middle value (the mean of the two middle ones for an even count): "for most programs" as the median program.
    Median,
    /// Geometric mean of percent changes, `((Π (1 + x/100))^(1/n) − 1) × 100` (Saez et al. Table 2's geometric means); a
    /// change of −100% or less has none.
    GeomeanPct,
}

/// How the grid's cells combine into one value per seed.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(untagged)]
pub enum Aggregate {
    /// Over every cell at once.
    All(Reduce),
    /// First over the axes `over` (within each combination of the others), then over those combinations.
    Nested {
        /// First reduction.
        first: Reduce,
        /// Axes of the first reduction.
        over: Vec<String>,
        /// Second reduction.
        then: Reduce,
    },
}

impl Default for Aggregate {
    fn default() -> Self {
        Aggregate::All(Reduce::Mean)
    }
}

/// The values the paper's words allow.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Band {
    /// "About v": within `rel` of v (at most 0.3).
    Around {
        /// Relative tolerance.
        rel: f64,
    },
    /// "Up to v": at most v and within `rel` of it.
    UpTo {
        /// Relative tolerance below v.
        rel: f64,
    },
    /// Strictly below v ("never beats", "slower").
    Below,
    /// Strictly above v ("faster", "best").
    Above,
    /// At most v (an upper bound).
    AtMost,
    /// At least v.
    AtLeast,
    /// Between `min` and `max`, for words with no number ("nearly the same").
    Range {
        /// Lower end.
        min: f64,
        /// Upper end.
        max: f64,
    },
}

/// Which seeds must fall in the band.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Judge {
    /// The mean over seeds.
    #[default]
    Mean,
    /// Every seed ("never", "every run").
    EverySeed,
    /// The runs averaged over the seeds point by point, as a figure's bars average its runs, and the measure taken once
    /// on them: for claims that take the worst or best of several points ("at every P"), whose per-seed minimum over noisy
    /// values would sit below the figure's.
    Pooled,
}

/// Whether the model reproduces the claim today.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Within its band.
    Holds,
    /// Outside it, for a reason written in `gap`.
    KnownGap,
}
