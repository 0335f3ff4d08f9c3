//! The work budget of a scenario: before running, an estimate of the kernel events, the schedule segments and the bytes its
//! runs need; a scenario whose estimate is beyond the [`Limits`] is refused with the field that makes it big and the limit.
//! While running, the [`Meter`] the limits make enforces the same limits on the events and segments actually produced.
//!
//! ```text
//!  Scenario ──estimate()──▶ Estimate { events, segments, bytes, driver } ──check(limits)──▶ refused ("workload.tasks: …")
//!                                                                                  └──────▶ run_with(scenario, limits.meter())
//! ```
//!
//! The estimate is typical, not a bound: per-task events come from the measured rates of the task schedulers (work and
//! overhead segments, steal retries that grow with the cores), loop chunks from each schedule's `chunks_estimate`, OS
//! events from slices and ticks over the work. The meter is the bound. Limits and their reasons: `docs/scenario.md` § Limits.

use crate::error::{InputError, InputResult};
use crate::loops::EXACT_TAKES;
use crate::model::loops::{LoopProgram, Phase};
use crate::model::{Places, Workload};
use crate::registry;
use crate::scenario::Scenario;
use crate::sim::Meter;

/// Most kernel events one scenario may handle over all its runs (about 10–15 s of simulation natively).
pub const EVENT_LIMIT: u64 = 40_000_000;
/// Most bytes the estimate may reach: the scenario, its workload, the schedules kept and one run's working memory.
/// The estimate tracks the measured peak within a few per cent (5 million tasks under FIFO: about 740 MB estimated, 750 MB
/// peak resident), and the meter holds the schedules to what is left, so an accepted scenario peaks well under 1 GB.
pub const BYTE_LIMIT: u64 = 800 << 20;
/// Bytes of one kept schedule segment: nine columns.
pub const SEGMENT_BYTES: u64 = 38;
/// Bytes of one loop-level segment: the nine columns and the two chunk columns.
pub const LOOP_SEGMENT_BYTES: u64 = SEGMENT_BYTES + 8;

/// The limits a scenario's estimate and its runs must stay within.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Kernel events over every run.
    pub events: u64,
    /// Bytes of the estimate.
    pub bytes: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { events: EVENT_LIMIT, bytes: BYTE_LIMIT }
    }
}


/// What a scenario's runs are expected to need.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// Kernel events over every run.
    pub events: u64,
    /// Schedule segments kept over every run.
    pub segments: u64,
    /// Bytes: scenario and workload, kept schedules, and the largest run's working memory.
    pub bytes: u64,
    /// The field that makes the scenario big (`workload.tasks`, `workload.phases[2].iterations`, `schedulers` …).
    pub driver: String,
    /// That field's size in words (`5000000 tasks`, `4294967296 iterations in chunks of 1 under dynamic`).
    pub what: String,
    /// Bytes besides the kept segments (scenario, workload, working memory, bounded extras).
    pub fixed_bytes: u64,
    /// Bytes per kept segment at this level.
    pub segment_bytes: u64,
}

impl Estimate {
    /// A meter enforcing `limits` on the runs: the events, and the segments that fit in the bytes left beside the rest.
    pub fn meter<'a>(&self, limits: &Limits) -> Meter<'a> {
        let mut meter = Meter::new(limits.events, limits.bytes.saturating_sub(self.fixed_bytes) / self.segment_bytes.max(1));
        meter.expect(self.events);
        meter
    }

    /// Segments one run of `runs` is expected to keep, to reserve its record once instead of growing it.
    pub fn segments_per_run(&self, runs: usize) -> usize {
        (self.segments / runs.max(1) as u64).min(1 << 28) as usize
    }
}

/// Per-run figures of one scheduler.
struct PerRun {
    events: f64,
    segments: f64,
    working_bytes: f64,
}

/// Estimates what `scenario`'s runs need (the scenario must be valid).
pub fn estimate(scenario: &Scenario) -> InputResult<Estimate> {
    match &scenario.workload {
        Workload::Layered(_) | Workload::Dag(_) => Ok(tasks(scenario)),
        #[cfg(feature = "full")]
        Workload::LoopProgram(program) => loops(scenario, program),
        #[cfg(feature = "full")]
        Workload::Applications(_) => os(scenario),
        #[cfg(not(feature = "full"))]
        other => Err(crate::registry::elsewhere(other.level(), "workload.kind")),
    }
}

/// Validates `scenario` and refuses it when its estimate is beyond `limits`, naming the field that makes it big.
pub fn check(scenario: &Scenario, limits: &Limits) -> InputResult<Estimate> {
    scenario.validate()?;
    let e = estimate(scenario)?;
    if e.events <= limits.events && e.bytes <= limits.bytes {
        return Ok(e);
    }
    let runs = scenario.schedulers.len();
    let under = if runs > 1 { format!(" under {runs} schedulers") } else { String::new() };
    let hint = match e.driver.as_str() {
        "schedulers" => "; run fewer schedulers at once",
        d if d.ends_with(".iterations") => "; use fewer iterations or a larger chunk",
        _ => "",
    };
    let message = if e.bytes > limits.bytes {
        format!("{}{under} would need about {} of memory; the limit is {}{hint}", e.what, bytes_text(e.bytes), bytes_text(limits.bytes))
    } else {
        format!("{}{under} would take about {} simulation events; the limit is {}{hint}", e.what, count_text(e.events), count_text(limits.events))
    };
    Err(InputError::new(e.driver, message))
}

/// `640 MB`, `2.1 GB`.
pub fn bytes_text(bytes: u64) -> String {
    let mb = bytes as f64 / (1u64 << 20) as f64;
    if mb >= 1024.0 {
        format!("{:.1} GB", mb / 1024.0)
    } else {
        format!("{mb:.0} MB")
    }
}

/// `60 million`, `4.3 billion`, `12000`.
pub fn count_text(n: u64) -> String {
    match n {
        0..=999_999 => n.to_string(),
        1_000_000..=999_999_999 => format!("{:.0} million", n as f64 / 1e6),
        _ => format!("{:.1} billion", n as f64 / 1e9),
    }
}

/// Sums per-run figures over the schedulers: events and kept segments add up, working memory is one run's at a time.
fn total(per_run: &[PerRun], fixed_bytes: f64, kept_bytes_per_run: f64, segment_bytes: u64, driver: String, what: String) -> Estimate {
    let clamp = |v: f64| v.min(u64::MAX as f64 / 2.0) as u64;
    let events: f64 = per_run.iter().map(|r| r.events).sum();
    let segments: f64 = per_run.iter().map(|r| r.segments).sum();
    let working = per_run.iter().map(|r| r.working_bytes).fold(0.0, f64::max);
    let fixed = fixed_bytes + kept_bytes_per_run * per_run.len() as f64 + working;
    let bytes = fixed + segments * segment_bytes as f64;
    Estimate { events: clamp(events), segments: clamp(segments), bytes: clamp(bytes), driver, what, fixed_bytes: clamp(fixed), segment_bytes }
}

/// The field named when one run alone is too big (`single`) or only all runs together are (`schedulers`); `fixed_bytes`
/// is what every run shares (the scenario and its workload) plus what one run keeps besides its segments.
fn driver(per_run: &[PerRun], single: &str, fixed_bytes: f64, segment_bytes: u64, limits: &Limits) -> String {
    let fits = |r: &PerRun| r.events <= limits.events as f64 && fixed_bytes + r.working_bytes + r.segments * segment_bytes as f64 <= limits.bytes as f64;
    let one_fits = per_run.iter().all(fits);
    if per_run.len() > 1 && one_fits {
        "schedulers".to_string()
    } else {
        single.to_string()
    }
}

/// Task level: per task, the events of its work and overhead segments, plus steal retries that grow with the cores for
/// the work-stealing policies (measured: 2.0–2.2 per task for FIFO, FA, FAM-C; 4–5 on 6 cores, 6.4 on 8, 18 on 20 for
/// RWS and the PTT policies, fitted by 2 + c/4 + 0.035·c²).
fn tasks(scenario: &Scenario) -> Estimate {
    let n = scenario.workload.task_count() as f64;
    let n_cores = scenario.platform.n_cores() as f64;
    let (edges, scenario_bytes, types) = match &scenario.workload {
        Workload::Dag(d) => {
            let deps: usize = d.tasks.iter().map(|t| t.deps.len()).sum();
            // A parsed task: strings, deps and options (~160 B measured), and its deps.
            (deps as f64, n * 160.0 + deps as f64 * 4.0, d.tasks.len().min(crate::model::workload_check::MAX_TASK_TYPES) as f64)
        }
        _ => (n, 0.0, 1.0),
    };
    let places = Places::new(&scenario.platform).list.len() as f64;
    let graph_bytes = n * 30.0 + edges * 12.0;
    let per_run: Vec<PerRun> = scenario
        .schedulers
        .iter()
        .map(|spec| {
            let name = spec.split('[').next().unwrap_or(spec);
            let c = n_cores.min(64.0);
            let per_task = if matches!(name, "fifo" | "heft" | "dheft" | "cats" | "fa" | "fam-c") { 2.2 } else { 2.0 + 0.25 * c + 0.035 * c * c };
            PerRun { events: n * per_task, segments: n * per_task, working_bytes: n * 32.0 + types * places * 16.0 }
        })
        .collect();
    // Kept beside each run's segments: the bounded PTT history and decision log (runtime/metrics.rs, runtime/decisions.rs).
    let kept_per_run = 12.0 * (1 << 20) as f64;
    let single = match &scenario.workload {
        Workload::Layered(l) if l.parallelism > l.tasks => "workload.parallelism",
        _ => "workload.tasks",
    };
    let limits = Limits::default();
    let driver = driver(&per_run, single, scenario_bytes + graph_bytes + kept_per_run, SEGMENT_BYTES, &limits);
    let what = if driver == "workload.parallelism" {
        format!("{} tasks in whole layers of {}", n as u64, scenario_parallelism(scenario))
    } else {
        format!("{} tasks", n as u64)
    };
    total(&per_run, scenario_bytes + graph_bytes, kept_per_run, SEGMENT_BYTES, driver, what)
}

fn scenario_parallelism(scenario: &Scenario) -> u32 {
    match &scenario.workload {
        Workload::Layered(l) => l.parallelism,
        _ => 0,
    }
}

/// Loop level: per loop instance, the chunks the schedule hands out (one event each) plus the barrier; segments are
/// two per chunk until the recorder starts merging at [`EXACT_TAKES`] chunks, then about two per thread and phase.
#[cfg_attr(not(feature = "full"), allow(dead_code))]
fn loops(scenario: &Scenario, program: &LoopProgram) -> InputResult<Estimate> {
    let threads = program.threads.map_or(scenario.platform.n_cores(), |t| t as usize);
    let repeat = program.repeat as f64;
    let mut per_run = Vec::new();
    let mut biggest = (0.0f64, String::new(), String::new());
    for (si, spec) in scenario.schedulers.iter().enumerate() {
        let schedule = registry::loop_schedule(spec, &format!("schedulers[{si}]"))?;
        let mut chunks = 0.0;
        for (pi, phase) in program.phases.iter().enumerate() {
            let Phase::Loop(l) = phase else {
                chunks += 1.0;
                continue;
            };
            let c = schedule.chunks_estimate(l.iterations, threads, l.chunk) as f64 + threads as f64;
            if c * repeat > biggest.0 {
                let chunk = spec.split("chunk=").nth(1).and_then(|t| t.split([',', ']']).next()).map_or(l.chunk.to_string(), str::to_string);
                biggest = (c * repeat, format!("workload.phases[{pi}].iterations"), format!("{} iterations in chunks of {chunk} under {spec}", l.iterations));
            }
            chunks += c;
        }
        let events = chunks * repeat;
        let merged = (2 * threads * program.phases.len()) as f64 * repeat;
        let segments = (2.0 * events).min(2.0 * EXACT_TAKES as f64 + merged) + 2.0 * threads as f64 * program.phases.len() as f64 * repeat;
        per_run.push(PerRun { events, segments, working_bytes: 0.0 });
    }
    let cost_bytes: f64 = program
        .phases
        .iter()
        .map(|p| match p {
            Phase::Loop(l) => match &l.cost {
                crate::model::loops::CostProfile::Explicit { iter_ns } => iter_ns.len() as f64 * 16.0,
                crate::model::loops::CostProfile::Random { .. } => l.iterations as f64 / 32.0,
                _ => 0.0,
            },
            Phase::Serial(_) => 0.0,
        })
        .sum();
    let limits = Limits::default();
    let (driver, what) = if biggest.1.is_empty() {
        ("workload.repeat".to_string(), format!("{} repeats", program.repeat))
    } else {
        let d = driver(&per_run, &biggest.1, cost_bytes, LOOP_SEGMENT_BYTES, &limits);
        if d == "schedulers" {
            let chunks: f64 = per_run.iter().map(|r| r.events).sum();
            (d, format!("{} loop chunks", count_text(chunks as u64)))
        } else {
            (d, biggest.2)
        }
    };
    Ok(total(&per_run, cost_bytes, 64.0 * 1024.0, LOOP_SEGMENT_BYTES, driver, what))
}

/// OS level: per run, a slice end per thread every `slice_ns` and a tick every `tick_ns` over the expected makespan
/// (the work spread over the cores at the slowest speed), plus the items of every region; each listed method runs
/// `repeat` times, once more per application alone on a little core, and the baseline once.
#[cfg_attr(not(feature = "full"), allow(dead_code))]
fn os(scenario: &Scenario) -> InputResult<Estimate> {
    let Workload::Applications(mix) = &scenario.workload else { return Ok(empty("workload")) };
    let (apps, classes) = mix.resolve(&scenario.platform, "workload")?;
    let speed = crate::model::SpeedState::new(&scenario.platform, &classes);
    let n_cores = scenario.platform.n_cores();
    let mut per_method_events = 0.0;
    let mut threads = 0.0;
    for app in &apps {
        let slowest = (0..n_cores).map(|c| speed.speed(c, app.class)).fold(f64::MAX, f64::min).max(1e-3);
        let (mut work, mut items) = (0.0, 0.0);
        for phase in &app.phases {
            match phase {
                crate::model::apps::Phase::Serial { work_ns } => (work, items) = (work + work_ns, items + 2.0),
                // A pooled region hands out its chunks, or under `loop-dynamic` its loop's iterations.
                crate::model::apps::Phase::Parallel { work_ns, chunks, .. } => {
                    (work, items) = (work + work_ns, items + 4.0 * app.threads as f64 + 2.0 * (*chunks).max(app.loop_iterations()) as f64)
                }
            }
        }
        let alone_ns = work / slowest;
        per_method_events += alone_ns / mix.os.slice_ns.max(1) as f64 + alone_ns / mix.os.tick_ns.max(1) as f64 + items;
        threads += app.threads as f64;
    }
    let runs_per_method = (mix.repeat as usize + apps.len()) as f64;
    let per_run: Vec<PerRun> = scenario
        .schedulers
        .iter()
        .map(|_| PerRun { events: per_method_events * runs_per_method, segments: per_method_events, working_bytes: threads * 256.0 })
        .collect();
    let limits = Limits::default();
    let driver = driver(&per_run, "workload.apps", 0.0, SEGMENT_BYTES, &limits);
    let what = format!("{} applications of {} threads in all, {} repeats", apps.len(), threads as u64, mix.repeat);
    let mut e = total(&per_run, 0.0, 64.0 * 1024.0, SEGMENT_BYTES, driver, what);
    e.events = e.events.saturating_add(per_method_events as u64);
    Ok(e)
}

#[cfg_attr(not(feature = "full"), allow(dead_code))]
fn empty(driver: &str) -> Estimate {
    Estimate { events: 0, segments: 0, bytes: 0, driver: driver.to_string(), what: String::new(), fixed_bytes: 0, segment_bytes: SEGMENT_BYTES }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue as presets;

    #[test]
    fn every_preset_fits_the_budget() {
        for p in presets::presets() {
            let s = presets::scenario(&p.name).expect("preset");
            let e = check(&s, &Limits::default()).unwrap_or_else(|e| panic!("{}: {e}", p.name));
            assert!(e.events > 0 && e.bytes > 0, "{}: {e:?}", p.name);
        }
    }

    #[test]
    fn a_huge_scenario_is_refused_by_the_field_that_makes_it_huge() {
        let mut s = presets::scenario("dam-fig4-matmul").expect("preset");
        if let Workload::Layered(l) = &mut s.workload {
            l.tasks = 5_000_000;
        }
        s.schedulers = registry::schedulers_for(crate::model::Level::Tasks).map(|e| e.name.to_string()).collect();
        let e = check(&s, &Limits::default()).expect_err("too big");
        assert_eq!(e.path, "workload.tasks", "{e}");
        assert!(e.message.contains("5000000 tasks under 11 schedulers") && e.message.contains("the limit is"), "{e}");
        s.schedulers = vec!["fifo".into()];
        let e = check(&s, &Limits::default()).expect("5 million tasks under FIFO fit");
        assert!(e.bytes > 600 << 20, "the estimate follows the measured peak (755 MB): {e:?}");
        s.schedulers = vec!["fifo".into(); 8];
        let e = check(&s, &Limits::default()).expect_err("too many runs");
        assert_eq!(e.path, "schedulers", "{e}");
    }
    #[test]
    fn a_loop_of_many_iterations_per_thread_is_refused_before_it_runs() {
        let mut s = presets::scenario("maturity-fig9").expect("preset");
        let Workload::Applications(mix) = &mut s.workload else { panic!("applications") };
        let mut profile = crate::model::apps::profile("fluidanimate").expect("profile");
        profile.loop_iterations_per_thread = Some(100_000);
        mix.apps[0].profile = Some(profile);
        mix.apps[0].threads = Some(64);
        s.schedulers = vec!["loop-dynamic".into()];
        let e = check(&s, &Limits::default()).expect_err("64 threads × 100,000 iterations in each of 500 regions");
        assert_eq!(e.path, "workload.apps", "{e}");
    }
}
