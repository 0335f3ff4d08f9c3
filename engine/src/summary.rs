//! Plain-data views of a scenario's results shared by the CLI and the Wasm API: the run summary the page reads, and the
//! CLI's JSON. Both print the same `metrics` and `extras` objects, so native and Wasm results compare field by field.
//!
//! The types here cross the Wasm boundary; their TypeScript twins are generated (`cargo test --features ts`).

use serde::Serialize;
use serde_json::{json, Value};

use crate::metrics::Metrics;
use crate::model::Level;
use crate::run::{Extras, ScenarioResult};
use crate::scenario::presets_dam::{self, Measure, PaperValue};
use crate::scenario::Scenario;
use crate::trace::{FreqInterval, InterferenceInterval, Migration, ScheduleRecord, SegmentKind, NO_ITEM};

/// One cluster of the simulated platform, as the page lays out its lanes.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClusterSummary {
    /// Display name.
    pub name: String,
    /// Core type (`A15`, `Denver` …).
    pub core_type: String,
    /// Global index of its first core.
    pub first_core: usize,
    /// Number of cores.
    pub cores: u32,
    /// Frequency levels.
    pub freqs_mhz: Vec<u32>,
    /// Frequency at time 0.
    pub freq_mhz: u32,
}

/// The simulated platform's layout.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlatformSummary {
    /// Display name.
    pub name: String,
    /// Clusters in core order.
    pub clusters: Vec<ClusterSummary>,
    /// Number of cores (lanes).
    pub n_cores: usize,
}

/// What the record's columns stand for in this result, in words for tooltips and legends.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RecordLabels {
    /// A lane (`core`).
    pub lane: String,
    /// An item (`task`, `loop instance`, `thread`).
    pub item: String,
    /// A group (`task type`, `activity`, `application`).
    pub group: String,
}

/// One run in the summary: the common metrics, the level's extras and the intervals drawn over its lanes.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RunInfo {
    /// Scheduler spec as listed in the scenario.
    pub scheduler: String,
    /// What every level reports.
    pub metrics: Metrics,
    /// What this level adds (tagged by `level`).
    pub extras: Extras,
    /// Kernel events handled.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub events_handled: u64,
    /// Frequency of every cluster over the run.
    pub freq_intervals: Vec<FreqInterval>,
    /// Interference and offline intervals.
    pub interference_intervals: Vec<InterferenceInterval>,
    /// Thread migrations (OS level; empty otherwise).
    pub migrations: Vec<Migration>,
}

/// What `Session.run_all()` returns: the level, the platform layout, what the columns mean, and every run.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RunSummary {
    /// The scenario's display name.
    pub scenario_name: String,
    /// The level every run belongs to.
    pub level: Level,
    /// The simulated platform.
    pub platform: PlatformSummary,
    /// What lanes, items and groups are at this level.
    pub record: RecordLabels,
    /// Names behind the records' `group` column.
    pub groups: Vec<String>,
    /// One per listed scheduler, in order.
    pub runs: Vec<RunInfo>,
    /// The paper's values beside the simulated ones, for presets that reproduce a figure (empty otherwise).
    pub paper: Vec<PaperComparison>,
}

/// A value a paper reports beside the simulated one.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PaperComparison {
    /// The claim in words, with its figure.
    pub claim: String,
    /// The paper's number.
    pub paper: f64,
    /// The simulated number, when the run has what it needs.
    pub simulated: Option<f64>,
    /// What is compared: `throughput_ratio`, `priority_share` or `priority_share_on_core` (shares are in [0, 1]).
    pub kind: String,
}

/// The platform layout of `scenario`.
pub fn platform_summary(scenario: &Scenario) -> PlatformSummary {
    let clusters = scenario
        .platform
        .clusters
        .iter()
        .zip(scenario.platform.first_cores())
        .map(|(c, first)| ClusterSummary {
            name: c.name.clone(),
            core_type: c.core_type.clone(),
            first_core: first,
            cores: c.cores,
            freqs_mhz: c.freqs_mhz.clone(),
            freq_mhz: c.freq_mhz,
        })
        .collect();
    PlatformSummary { name: scenario.platform.name.clone(), clusters, n_cores: scenario.platform.n_cores() }
}

/// The summary the page reads.
pub fn run_summary(scenario: &Scenario, result: &ScenarioResult) -> RunSummary {
    let level = result.level;
    let runs = result
        .runs
        .iter()
        .map(|run| RunInfo {
            scheduler: run.scheduler.clone(),
            metrics: run.metrics.clone(),
            extras: run.extras.clone(),
            events_handled: run.events_handled,
            freq_intervals: run.record.freq.clone(),
            interference_intervals: run.record.interference.clone(),
            migrations: run.record.migrations.clone(),
        })
        .collect();
    RunSummary {
        scenario_name: scenario.name.clone(),
        level,
        platform: platform_summary(scenario),
        record: RecordLabels { lane: "core".into(), item: level.item_label().into(), group: level.group_label().into() },
        groups: result.groups.clone(),
        runs,
        paper: paper_comparison(scenario, result),
    }
}

/// The paper's reported values beside the simulated ones, for presets that reproduce a figure (empty otherwise).
pub fn paper_comparison(scenario: &Scenario, result: &ScenarioResult) -> Vec<PaperComparison> {
    compare_by_title(&scenario.name, result)
        .into_iter()
        .map(|(v, sim)| PaperComparison {
            claim: v.claim.to_string(),
            paper: v.paper,
            simulated: sim,
            kind: match v.measure {
                Measure::ThroughputRatio { .. } => "throughput_ratio",
                Measure::PriorityShare { .. } => "priority_share",
                Measure::PriorityShareOnCore { .. } => "priority_share_on_core",
            }
            .to_string(),
        })
        .collect()
}

/// The simulated value of `measure` in `result`, if the run has the schedulers it needs.
fn simulated(measure: &Measure, result: &ScenarioResult) -> Option<f64> {
    let run = |name: &str| result.runs.iter().find(|r| r.scheduler == name);
    match *measure {
        Measure::ThroughputRatio { num, den } => {
            let d = run(den)?.metrics.throughput_tasks_per_s;
            (d > 0.0).then(|| run(num).map(|r| r.metrics.throughput_tasks_per_s / d))?
        }
        Measure::PriorityShare { scheduler, label } => match &run(scheduler)?.extras {
            Extras::Tasks(t) => Some(t.metrics.priority_share(label)),
            _ => None,
        },
        Measure::PriorityShareOnCore { scheduler, core } => match &run(scheduler)?.extras {
            Extras::Tasks(t) => Some(t.metrics.priority_share_touching(core)),
            _ => None,
        },
    }
}

/// Paper versus simulation for the preset whose title is `title` (the scenario's name): `(value, simulated)` pairs.
fn compare_by_title(title: &str, result: &ScenarioResult) -> Vec<(PaperValue, Option<f64>)> {
    let Some(info) = presets_dam::SCENARIOS.iter().find(|p| p.title == title) else { return vec![] };
    presets_dam::paper_values(info.name).iter().map(|v| (*v, simulated(&v.measure, result))).collect()
}

/// The schedule of one run as the CLI prints it, rows written one by one (no tree of 10 million objects).
struct ScheduleRows<'a>(&'a ScheduleRecord);

#[derive(Serialize)]
struct SegmentRow {
    end_ns: u64,
    group: u32,
    item: Option<u32>,
    kind: &'static str,
    lane: u32,
    leader: u32,
    priority: u8,
    start_ns: u64,
    width: u32,
}

impl Serialize for ScheduleRows<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let record = self.0;
        let mut seq = serializer.serialize_seq(Some(record.len()))?;
        for i in 0..record.len() {
            let s = record.get(i);
            seq.serialize_element(&SegmentRow {
                end_ns: s.end_ns,
                group: s.group,
                item: (s.item != NO_ITEM).then_some(s.item),
                kind: match s.kind {
                    SegmentKind::Work => "work",
                    SegmentKind::Overhead => "overhead",
                    SegmentKind::Idle => "idle",
                },
                lane: s.lane,
                leader: s.leader,
                priority: s.priority,
                start_ns: s.start_ns,
                width: s.width,
            })?;
        }
        seq.end()
    }
}

#[derive(Serialize)]
struct CliSchedule<'a> {
    freq_intervals: &'a [FreqInterval],
    interference_intervals: &'a [InterferenceInterval],
    migrations: &'a [Migration],
    segments: ScheduleRows<'a>,
}

#[derive(Serialize)]
struct CliRun<'a> {
    extras: &'a Extras,
    metrics: &'a Metrics,
    #[serde(skip_serializing_if = "Option::is_none")]
    schedule: Option<CliSchedule<'a>>,
    scheduler: &'a str,
}

#[derive(Serialize)]
struct CliOutput<'a> {
    groups: &'a [String],
    level: Level,
    #[serde(skip_serializing_if = "<[PaperComparison]>::is_empty")]
    paper: &'a [PaperComparison],
    runs: Vec<CliRun<'a>>,
}

/// Writes `asymlab run`'s JSON to `out` as it goes: `{"groups","level","paper"?,"runs":[{"extras","metrics","schedule"?,"scheduler"}]}`,
/// with every segment when `with_schedule`; memory stays that of the result, whatever the size of the text.
pub fn write_cli_json(out: &mut impl std::io::Write, result: &ScenarioResult, with_schedule: bool, paper: &[PaperComparison]) -> std::io::Result<()> {
    let runs = result
        .runs
        .iter()
        .map(|run| CliRun {
            extras: &run.extras,
            metrics: &run.metrics,
            schedule: with_schedule.then(|| CliSchedule {
                freq_intervals: &run.record.freq,
                interference_intervals: &run.record.interference,
                migrations: &run.record.migrations,
                segments: ScheduleRows(&run.record),
            }),
            scheduler: &run.scheduler,
        })
        .collect();
    let doc = CliOutput { groups: &result.groups, level: result.level, paper, runs };
    serde_json::to_writer(&mut *out, &doc).map_err(std::io::Error::other)?;
    out.write_all(b"\n")
}

/// The value a claim or a table reads of one run: `{"metrics": {…}, "extras": {…}}`, so that dotted paths such as
/// `metrics.makespan_ns` or `extras.speedup` reach every number a run reports.
pub fn run_value(metrics: &Metrics, extras: &Extras) -> Value {
    json!({ "metrics": metrics, "extras": extras })
}
