//! Plain-data views of a scenario's results shared by the CLI and the Wasm API: the run summary the page reads, and the
//! CLI's JSON, with the papers' claims a run measures. Both print the same `metrics` and `extras` objects, so native and Wasm
//! results compare field by field.
//!
//! The types here cross the Wasm boundary; their TypeScript twins are generated (`cargo test --features ts`).

use serde::Serialize;
use serde_json::Value;

use crate::metrics::Metrics;
use crate::model::Level;
use crate::run::{Extras, ScenarioResult};
use crate::claims::exercise::ExerciseVerdict;
use crate::claims::ClaimResult;
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
    /// The papers' claims this run measures, with their verdicts, when the scenario is a preset (empty otherwise).
    pub claims: Vec<ClaimResult>,
    /// The check of the scenario's exercise on its first custom policy, when it has both.
    pub exercise: Option<ExerciseVerdict>,
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
        claims: crate::claims::on_result(scenario, result),
        exercise: crate::claims::exercise::verdict(scenario, result),
    }
}

/// The papers' claims this run measures, with their verdicts (the "paper vs simulated" rows), for the CLI's JSON.
pub fn claims_on_run(scenario: &Scenario, result: &ScenarioResult) -> Vec<Value> {
    crate::claims::on_result(scenario, result).iter().filter_map(|r| serde_json::to_value(r).ok()).collect()
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
    #[serde(skip_serializing_if = "Option::is_none")]
    decisions: Option<&'a crate::runtime::DecisionLog>,
    extras: &'a Extras,
    metrics: &'a Metrics,
    #[serde(skip_serializing_if = "Option::is_none")]
    schedule: Option<CliSchedule<'a>>,
    scheduler: &'a str,
}

#[derive(Serialize)]
struct CliOutput<'a> {
    #[serde(skip_serializing_if = "<[Value]>::is_empty")]
    claims: &'a [Value],
    #[serde(skip_serializing_if = "Option::is_none")]
    exercise: Option<&'a ExerciseVerdict>,
    groups: &'a [String],
    level: Level,
    runs: Vec<CliRun<'a>>,
}

/// Writes `asymlab run`'s JSON to `out` as it goes: `{"claims"?,"exercise"?,"groups","level","runs":[{"decisions"?,"extras","metrics",
/// "schedule"?,"scheduler"}]}`, with every segment when `with_schedule` and each task run's decision log when
/// `with_decisions`; `claims` are [`claims_on_run`], `exercise` the verdict of the scenario's exercise. Memory stays that of the result, whatever the size of the text.
pub fn write_cli_json(out: &mut impl std::io::Write, result: &ScenarioResult, with_schedule: bool, with_decisions: bool, claims: &[Value], exercise: Option<&ExerciseVerdict>) -> std::io::Result<()> {
    let runs = result
        .runs
        .iter()
        .map(|run| CliRun {
            decisions: run.task_extras().filter(|_| with_decisions).map(|t| &t.decisions),
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
    let doc = CliOutput { claims, exercise, groups: &result.groups, level: result.level, runs };
    serde_json::to_writer(&mut *out, &doc).map_err(std::io::Error::other)?;
    out.write_all(b"\n")
}
