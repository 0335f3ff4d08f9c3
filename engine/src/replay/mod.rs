//! Replay of a recorded trace (docs/importing-traces.md, "Replay"): the platform and the workload are calibrated from the
//! trace (`platform.rs`, `workload.rs`), the workload runs as burst threads under an OS-level scheduler (`os/bursts.rs`;
//! `linux` models what the recording ran), and the replay is compared with the recording: span (end of the last burst)
//! and busy time per core, with their relative errors.

pub mod platform;
pub mod workload;

use serde::Serialize;
use serde_json::json;

use crate::error::{InputError, InputResult};
use crate::import::ImportedTrace;
use crate::model::apps::OsOptions;
use crate::model::{Level, TimelineEvent, WorkClass};
use crate::os::bursts::{simulate_bursts, BurstInput, BurstThread};
use crate::os::{OsMethod, OsScheduler, OsSetting, OsView};
use crate::registry;
use crate::trace::{ScheduleRecord, SegmentKind};

pub use platform::{PlatformSpec, TracePlatform};

/// The scheduler that models what a recording on Linux ran; the faithful replay runs it with the recorded wake-up CPUs.
pub const FAITHFUL: &str = "linux";

/// The faithful scheduler of a recording made on Android (systrace / atrace): the wake-up path of Android's kernels
/// (`os/linux.rs`, `android=on`: sync wake-ups, the active previous CPU, no balancing while nothing is over-utilised).
pub const FAITHFUL_ANDROID: &str = "linux[android=on]";

/// The reference replay: every burst on the CPU it ran on in the recording (queued there when busy), no balancing.
/// It checks the workload model (work, frequencies, releases, wake edges) apart from any scheduler model.
pub const RECORDED: &str = "recorded";

/// Places every woken thread on its previous core, which the replay sets to the recorded one; never balances.
struct RecordedPlacement;

impl OsScheduler for RecordedPlacement {
    fn place(&mut self, view: &mut OsView, thread: usize, _wake: bool) -> usize {
        let prev = view.threads[thread].prev_core.filter(|&c| view.cores[c].online);
        prev.or_else(|| view.least_loaded(0..view.cores.len())).unwrap_or(0)
    }
}

/// A trace calibrated for replay.
pub struct ReplayModel {
    /// The scheduler that models the recording's kernel: [`FAITHFUL_ANDROID`] for a systrace, else [`FAITHFUL`].
    pub faithful: &'static str,
    /// Platform and CPU mapping.
    pub platform: TracePlatform,
    /// Burst threads.
    pub threads: Vec<BurstThread>,
    /// Thread labels, in the order of `threads`.
    pub labels: Vec<String>,
    /// The recorded frequency changes.
    pub events: Vec<TimelineEvent>,
    /// What the recording shows.
    pub trace: Measure,
    /// Calibration report: platform (with ratio estimates and their spread) and workload counts.
    pub report: serde_json::Value,
}

/// Span and busy time per core (in the platform's core order).
#[derive(Serialize, Clone, Debug, PartialEq)]
pub struct Measure {
    /// End of the last run burst.
    pub span_ns: u64,
    /// Time each core ran work.
    pub busy_ns_per_core: Vec<u64>,
}

impl Measure {
    /// From a simulated record.
    pub fn of_record(record: &ScheduleRecord, n_cores: usize) -> Measure {
        let mut busy = vec![0u64; n_cores];
        let mut span_ns = 0;
        for i in 0..record.len() {
            if record.kind[i] == SegmentKind::Work as u8 {
                if let Some(b) = busy.get_mut(record.lane[i] as usize) {
                    *b += record.end_ns[i] - record.start_ns[i];
                }
                span_ns = span_ns.max(record.end_ns[i]);
            }
        }
        Measure { span_ns, busy_ns_per_core: busy }
    }
}

/// `|sim − trace| / trace` of the span, and the mean over cores of the same for busy time; a core idle in the recording
/// counts as its simulated busy time over the mean recorded busy time (0 when it stays idle).
pub fn errors(trace: &Measure, sim: &Measure) -> (f64, f64) {
    let rel = |s: u64, t: u64, scale: f64| if scale > 0.0 { s.abs_diff(t) as f64 / scale } else { 0.0 };
    let span_error = rel(sim.span_ns, trace.span_ns, trace.span_ns as f64);
    let n = trace.busy_ns_per_core.len();
    let mean_busy = trace.busy_ns_per_core.iter().sum::<u64>() as f64 / n.max(1) as f64;
    let busy_error = trace
        .busy_ns_per_core
        .iter()
        .zip(&sim.busy_ns_per_core)
        .map(|(&t, &s)| rel(s, t, if t > 0 { t as f64 } else { mean_busy }))
        .sum::<f64>()
        / n.max(1) as f64;
    (round4(span_error), round4(busy_error))
}

fn round4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// Calibrates the replay: platform (from `spec` or the trace), ratios estimated from bursts, burst threads.
pub fn calibrate(trace: &ImportedTrace, spec: Option<&PlatformSpec>) -> InputResult<ReplayModel> {
    let raw = workload::raw_bursts(trace);
    let first = platform::infer(trace, spec, None)?;
    let (ratios, estimates) = raw.estimate_ratios(&first);
    let tp = platform::infer(trace, spec, Some(&ratios))?;
    let (threads, keys, counts) = raw.to_threads(&tp);
    if threads.is_empty() {
        return Err(InputError::new("trace", "the trace has no run bursts to replay (no sched_switch on CPUs, no slices on lanes)"));
    }
    let trace_measure = Measure { span_ns: raw.span_ns(), busy_ns_per_core: raw.busy_per_core(&tp) };
    let report = json!({ "platform": tp.report(&estimates), "workload": counts });
    Ok(ReplayModel {
        faithful: if trace.format == crate::import::Format::Systrace { FAITHFUL_ANDROID } else { FAITHFUL },
        events: tp.dvfs_events(),
        labels: keys.iter().map(|&k| raw.labels.get(k).cloned().unwrap_or_default()).collect(),
        platform: tp,
        threads,
        trace: trace_measure,
        report,
    })
}

/// One scheduler's replay.
pub struct ReplayRun {
    /// Scheduler name.
    pub scheduler: String,
    /// Whether wake-ups took the recorded CPU as the thread's previous core (`recorded`) or the simulated one (`simulated`).
    pub wakeups: &'static str,
    /// Segments per core (`task` = `task_type` = index into the model's threads).
    pub record: ScheduleRecord,
    /// What it measured.
    pub sim: Measure,
    /// Relative span error.
    pub span_error: f64,
    /// Mean relative busy error per core.
    pub busy_error: f64,
}

impl ReplayRun {
    /// JSON: scheduler, sim, errors.
    pub fn json(&self) -> serde_json::Value {
        json!({ "scheduler": self.scheduler, "wakeups": self.wakeups, "sim": self.sim, "span_error": self.span_error, "busy_error": self.busy_error })
    }
}

/// OS-level schedulers that can replay threads (not the task-based or loop methods).
pub fn applicable_schedulers() -> Vec<String> {
    registry::names(Level::Os)
        .into_iter()
        .filter(|n| matches!(registry::os_method(n, &OsOptions::default(), "scheduler"), Ok(OsMethod::Threads { split: None, .. })))
        .map(String::from)
        .collect()
}

/// The replay's costs: the OS level's, without a migration cost (the recorded bursts already include what migrating cost).
pub fn options() -> OsOptions {
    OsOptions { migration_ns: 0, barrier_wake_ns: 0, ..OsOptions::default() }
}

/// Replays the model under `scheduler` (an OS-level spec such as `linux` or `gts[lb=off]`).
/// `follow_recorded`: each wake-up's previous core is the recorded one (the faithful replay), else the simulated one (what-if).
/// `recorded` always follows the recording.
pub fn run(model: &ReplayModel, scheduler: &str, seed: u64, follow_recorded: bool) -> InputResult<ReplayRun> {
    let options = options();
    let (sched, follow_recorded): (Box<dyn OsScheduler>, bool) = if scheduler == RECORDED {
        (Box::new(RecordedPlacement), true)
    } else {
        let OsMethod::Threads { sched, split: None } = registry::os_method(scheduler, &options, "scheduler")? else {
            return Err(InputError::new("scheduler", format!("'{scheduler}' does not schedule threads; use one of {}", applicable_schedulers().join(", "))));
        };
        (sched, follow_recorded)
    };
    let classes = [WorkClass::named("replayed")];
    let setting = OsSetting { platform: &model.platform.platform, classes: &classes, events: &model.events, options: &options, seed };
    let input = BurstInput { setting, threads: &model.threads, follow_recorded };
    let out = simulate_bursts(&input, sched)?;
    let sim = Measure::of_record(&out.record, model.platform.cpu_of_core.len());
    let (span_error, busy_error) = errors(&model.trace, &sim);
    let wakeups = if follow_recorded { "recorded" } else { "simulated" };
    Ok(ReplayRun { scheduler: scheduler.to_string(), wakeups, record: out.record, sim, span_error, busy_error })
}

/// The runs of `asymlab replay`: `scheduler` with the recorded wake-up CPUs (the faithful replay), the recorded placement,
/// and with `all` every applicable scheduler making its own wake-up choices (what-if).
pub fn run_set(model: &ReplayModel, scheduler: &str, all: bool, seed: u64) -> InputResult<Vec<ReplayRun>> {
    let mut runs = vec![run(model, scheduler, seed, true)?];
    if scheduler != RECORDED {
        runs.push(run(model, RECORDED, seed, true)?);
    }
    if all {
        for name in applicable_schedulers() {
            runs.push(run(model, &name, seed, false)?);
        }
    }
    Ok(runs)
}

/// A run's work segments as columns `{"lane", "thread", "start_ns", "end_ns"}` (lane = core, thread = index into the labels).
pub fn work_segments_json(record: &ScheduleRecord) -> serde_json::Value {
    let work: Vec<usize> = (0..record.len()).filter(|&i| record.kind[i] == SegmentKind::Work as u8).collect();
    json!({
        "lane": work.iter().map(|&i| record.lane[i]).collect::<Vec<_>>(),
        "thread": work.iter().map(|&i| record.item[i]).collect::<Vec<_>>(),
        "start_ns": work.iter().map(|&i| record.start_ns[i]).collect::<Vec<_>>(),
        "end_ns": work.iter().map(|&i| record.end_ns[i]).collect::<Vec<_>>(),
    })
}

/// The JSON of `asymlab replay`: the recording, the first scheduler's replay and errors at the top level, every run in `runs`.
pub fn replay_json(model: &ReplayModel, runs: &[ReplayRun]) -> serde_json::Value {
    let first = runs.first();
    json!({
        "trace": model.trace,
        "cpus": model.platform.cpu_of_core,
        "calibration": model.report,
        "scheduler": first.map(|r| r.scheduler.clone()),
        "faithful": model.faithful,
        "sim": first.map(|r| &r.sim),
        "span_error": first.map(|r| r.span_error),
        "busy_error": first.map(|r| r.busy_error),
        "runs": runs.iter().map(ReplayRun::json).collect::<Vec<_>>(),
    })
}
