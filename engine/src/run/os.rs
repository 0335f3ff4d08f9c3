//! The OS level: runs an applications workload under each listed method, plus the baselines its metrics need
//! (one little core per application for Chronaki et al. Eq. 1, the chosen baseline for Eq. 2–3), and the task-based
//! version through the task runtime.

use super::{Extras, Run, ScenarioResult};
use crate::error::{InputError, InputResult};
use crate::metrics;
use crate::model::apps::{AppMix, AppRun, Phase};
use crate::model::items::{region_items, share};
use crate::model::{Cluster, Level, Platform, SpeedState, TaskGraph, TimelineEvent, WorkClass};
use crate::os::{simulate, OsInput, OsMethod, OsMetrics, OsSetting};
use crate::registry;
use crate::runtime::{run_tasks, Detail, RunInput};
use crate::scenario::RuntimeOptions;
use crate::sched::common::SchedOptions;
use crate::sim::{Meter, TimeNs};
use crate::trace::{ScheduleRecord, NO_ITEM};

/// One method's run of a mix on a platform.
pub struct MethodRun {
    /// Segments, frequencies and migrations.
    pub record: ScheduleRecord,
    /// When the last application finished.
    pub makespan_ns: TimeNs,
    /// When each application finished.
    pub app_done_ns: Vec<TimeNs>,
    /// Kernel events handled.
    pub events_handled: u64,
}

/// The reference little cluster of `platform`: its slowest cluster when that is the reference type (ratio ≤ 1); for a
/// subset without little cores (Odroid 4+0) the slowest cluster of the preset it was cut from; else its slowest cluster.
fn reference_little(platform: &Platform) -> Option<Cluster> {
    let slowest = |p: &Platform| p.clusters.iter().min_by(|a, b| a.ratio.total_cmp(&b.ratio)).cloned();
    let own = slowest(platform)?;
    if own.ratio <= 1.0 {
        return Some(own);
    }
    for info in crate::catalogue::platforms() {
        let Some(preset) = crate::catalogue::platform(&info.name) else { continue };
        if preset.clusters.iter().any(|c| c.core_type == own.core_type && c.ratio == own.ratio) {
            return slowest(&preset);
        }
    }
    Some(own)
}

/// The reference little cluster of `platform` with `cores` cores, alone: the baseline platforms of Eq. 1–3.
pub fn little_platform(platform: &Platform, cores: u32) -> Platform {
    let mut p = platform.clone();
    if let Some(mut c) = reference_little(platform) {
        c.cores = cores.max(1);
        p.clusters = vec![c];
    }
    p.name = format!("{} ({} little)", platform.name, cores);
    p
}

/// Builds the task-based version of the mix: per region `tasks / regions` tasks; a serial section is one task that waits
/// for the previous region and releases the next; without serial sections regions are not separated (barriers removed).
/// A pipeline application (`kind` "pipeline": dedup, ferret) keeps no barrier at all (docs/model-reference.md §3d):
/// its serial stage waits only for its own previous instance and runs ahead, and task `j` of a region waits for its
/// region's serial stage and for task `j` of the previous region, the data it consumes, so stages of successive regions
/// overlap (Chronaki et al. §4.2, §5.1: the task versions "remove barriers where possible, by adding explicit
/// data-dependencies", and "the runtime automatically allows the overlapping of the different pipeline stages").
/// An application whose serial sections run on its master thread (`serial_on_master`: bodytrack) waits for each region's
/// tasks before a serial section (its `taskwait`), as a barrier application does, and pins that section to its master
/// thread's core, the core where static threading runs the application's first thread (thread `i` of the mix on core `i`,
/// wrapping): a single application's is core 0, the first core of the platform's first cluster.
pub fn task_graph(apps: &[AppRun], n_cores: usize, seed: u64) -> TaskGraph {
    let mut g = TaskGraph { type_names: apps.iter().map(|a| a.name.clone()).collect(), ..TaskGraph::default() };
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut first_thread = 0usize;
    for (a, app) in apps.iter().enumerate() {
        let per_region = app.tasks_per_region();
        let items = region_items(app, seed);
        let on_master = app.profile.serial_on_master;
        let pipeline = app.profile.kind == "pipeline" && !on_master;
        let master_core = (first_thread % n_cores.max(1)) as u32;
        first_thread += app.threads as usize;
        let mut previous: Vec<u32> = Vec::new();
        let mut stage: Option<u32> = None;
        for (phase_index, phase) in app.phases.iter().enumerate() {
            let mut push = |work: f64| {
                g.work_ns.push(work);
                g.class.push(app.class as u16);
                g.task_type.push(a as u32 as u16);
                g.priority.push(0);
                g.n_preds.push(0);
                (g.work_ns.len() - 1) as u32
            };
            match phase {
                Phase::Serial { work_ns } => {
                    let id = push(*work_ns);
                    if on_master {
                        g.pinned.push((id, master_core, 1));
                    }
                    if pipeline {
                        edges.extend(stage.map(|s| (s, id)));
                        stage = Some(id);
                    } else {
                        edges.extend(previous.iter().map(|&p| (p, id)));
                        previous = vec![id];
                    }
                }
                Phase::Parallel { work_ns, .. } => {
                    let region = items.get(phase_index).and_then(|i| i.as_ref());
                    let ids: Vec<u32> = (0..per_region).map(|j| push(work_ns * share(region, j, per_region))).collect();
                    if pipeline {
                        for (j, &id) in ids.iter().enumerate() {
                            edges.extend(stage.map(|s| (s, id)));
                            edges.extend(previous.get(j).map(|&p| (p, id)));
                        }
                    } else {
                        let gate: Vec<u32> = if previous.len() == 1 { previous.clone() } else { Vec::new() };
                        for &id in &ids {
                            edges.extend(gate.iter().map(|&p| (p, id)));
                        }
                    }
                    previous = ids;
                }
            }
        }
    }
    let n = g.work_ns.len();
    let mut start = vec![0u32; n + 1];
    for &(from, to) in &edges {
        start[from as usize + 1] += 1;
        g.n_preds[to as usize] += 1;
    }
    for i in 0..n {
        start[i + 1] += start[i];
    }
    let mut fill = start.clone();
    let mut succ = vec![0u32; edges.len()];
    for &(from, to) in &edges {
        succ[fill[from as usize] as usize] = to;
        fill[from as usize] += 1;
    }
    g.succ_start = start;
    g.succ = succ;
    g
}

/// Runs the mix under the method `spec` on `platform`.
#[allow(clippy::too_many_arguments)]
pub fn run_method(
    platform: &Platform,
    mix: &AppMix,
    spec: &str,
    seed: u64,
    events: &[TimelineEvent],
    runtime: &RuntimeOptions,
    path: &str,
    meter: &mut Meter,
) -> InputResult<MethodRun> {
    let (apps, classes) = mix.resolve(platform, "workload")?;
    match registry::os_method(spec, &mix.os, path)? {
        OsMethod::Threads { sched, split } => {
            let setting = OsSetting { platform, classes: &classes, events, options: &mix.os, seed };
            let input = OsInput { setting, apps: &apps, split_override: split };
            let out = simulate(&input, sched, meter).map_err(|e| at_path(e, path))?;
            Ok(MethodRun { record: out.record, makespan_ns: out.makespan_ns, app_done_ns: out.app_done_ns, events_handled: out.events_handled })
        }
        OsMethod::Tasks => {
            let graph = task_graph(&apps, platform.n_cores(), seed);
            let input = RunInput {
                platform,
                classes: &classes,
                graph: &graph,
                events,
                costs: super::tasks::costs(runtime),
                ptt_weight: runtime.ptt_weight,
                slow_member_commits: runtime.slow_member_commits,
                seed,
                reserve_segments: 0,
                detail: Detail::default(),
            };
            let fifo = registry::task("fifo", &SchedOptions::new(platform.n_cores()), path)?;
            let out = run_tasks(&input, fifo, meter).map_err(|e| at_path(e, path))?;
            let mut app_done_ns = vec![0; apps.len()];
            for i in 0..out.record.len() {
                let a = out.record.group[i] as usize;
                if a < app_done_ns.len() && out.record.item[i] != NO_ITEM {
                    app_done_ns[a] = app_done_ns[a].max(out.record.end_ns[i]);
                }
            }
            Ok(MethodRun { record: out.record, makespan_ns: out.makespan_ns, app_done_ns, events_handled: out.events_handled })
        }
    }
}

/// Ideal speedup of each application on `platform` (Eq. 4): Σ over cores of its speed over the speed of a little core.
pub fn ideal_speedups(platform: &Platform, apps: &[AppRun], classes: &[WorkClass]) -> Vec<f64> {
    let speed = SpeedState::new(platform, classes);
    let little = little_platform(platform, 1);
    let little_speed = SpeedState::new(&little, classes);
    apps.iter()
        .map(|a| {
            let one = little_speed.speed(0, a.class).max(f64::MIN_POSITIVE);
            (0..platform.n_cores()).map(|c| speed.speed(c, a.class)).sum::<f64>() / one
        })
        .collect()
}

fn single(entry_of: &AppMix, i: usize) -> AppMix {
    let mut m = entry_of.clone();
    let mut e = m.apps[i].clone();
    e.threads = Some(1);
    m.apps = vec![e];
    m.repeat = 1;
    m
}

/// `e` with `path` when it names no field (a run the meter stopped).
fn at_path(mut e: InputError, path: &str) -> InputError {
    if e.path.is_empty() {
        e.path = path.to_string();
    }
    e
}

/// Runs every listed method, metered by `meter`; see the module doc.
pub fn run(scenario: &crate::Scenario, mix: &AppMix, meter: &mut Meter) -> InputResult<ScenarioResult> {
    let platform = &scenario.platform;
    let (apps, classes) = mix.resolve(platform, "workload")?;
    let ideal = ideal_speedups(platform, &apps, &classes);
    let base_platform = little_platform(platform, mix.baseline_little_cores);
    let base = run_method(&base_platform, mix, &mix.baseline_scheduler, scenario.seed, &[], &scenario.runtime, "workload.baseline_scheduler", meter)?;
    let base_metrics = metrics::compute(&base_platform, &base.record, base.makespan_ns, 0);
    let one_little = little_platform(platform, 1);
    let mut runs = Vec::with_capacity(scenario.schedulers.len());
    for (si, spec) in scenario.schedulers.iter().enumerate() {
        let path = format!("schedulers[{si}]");
        let mut first: Option<MethodRun> = None;
        let mut spans = Vec::new();
        for rep in 0..mix.repeat {
            let r = run_method(platform, mix, spec, scenario.seed.wrapping_add(rep as u64), &scenario.events, &scenario.runtime, &path, meter)?;
            spans.push(r.makespan_ns);
            if first.is_none() {
                first = Some(r);
            }
        }
        let Some(r) = first else { return Err(InputError::new("workload.repeat", "must be at least 1")) };
        let threads: u64 = apps.iter().map(|a| a.threads as u64).sum();
        let m = metrics::compute(platform, &r.record, r.makespan_ns, threads);
        let mut app_speedup = Vec::with_capacity(apps.len());
        for (i, done) in r.app_done_ns.iter().enumerate() {
            let solo = run_method(&one_little, &single(mix, i), spec, scenario.seed, &[], &scenario.runtime, &path, meter)?;
            app_speedup.push(if *done > 0 { solo.makespan_ns as f64 / *done as f64 } else { 0.0 });
        }
        let ratio = |a: f64, b: f64| if b > 0.0 { a / b } else { 0.0 };
        let extras = OsMetrics {
            apps: apps.iter().map(|a| a.name.clone()).collect(),
            app_done_ns: r.app_done_ns.clone(),
            speedup: (apps.len() == 1).then(|| app_speedup[0]),
            ideal_speedup: (apps.len() == 1).then(|| ideal[0]),
            app_speedup,
            app_ideal_speedup: ideal.clone(),
            makespan_ns: r.makespan_ns,
            avg_power_w: m.avg_power_w,
            energy_norm: ratio(m.energy_j, base_metrics.energy_j),
            edp_norm: ratio(m.edp_js, base_metrics.edp_js),
            baseline: format!("{} on {} little cores", mix.baseline_scheduler, mix.baseline_little_cores),
            migrations: r.record.migrations.len() as u64,
            runs: mix.repeat,
            makespan_mean_ns: spans.iter().map(|&s| s as f64).sum::<f64>() / spans.len().max(1) as f64,
            makespan_min_ns: spans.iter().copied().min().unwrap_or(0),
            makespan_max_ns: spans.iter().copied().max().unwrap_or(0),
        };
        meter.keep(r.record.len()).map_err(|e| at_path(e.into(), &path))?;
        runs.push(Run { scheduler: spec.clone(), record: r.record, metrics: m, extras: Extras::Os(extras), events_handled: r.events_handled });
    }
    Ok(ScenarioResult { level: Level::Os, groups: apps.iter().map(|a| a.name.clone()).collect(), graph: None, runs })
}
