//! Invariants over hundreds of seeded random scenarios: exclusive cores, each task once after its dependencies, lower bounds on makespan, energy as the integral of power, determinism.

use engine::model::{SpeedState, TaskGraph};
use engine::run::Run as SchedulerRun;
use engine::scenario::Scenario;
use engine::trace::{SegmentKind, NO_ITEM};

use crate::gen::random_scenario;

const N_SCENARIOS: u64 = 300;

pub(crate) fn check_exclusive_cores(run: &SchedulerRun, n_cores: usize, ctx: &str) {
    let r = &run.record;
    let mut last_end = vec![0u64; n_cores];
    let mut last_core = None;
    for i in 0..r.len() {
        let core = r.lane[i] as usize;
        assert!(r.start_ns[i] <= r.end_ns[i], "{ctx}: segment {i} ends before it starts");
        if last_core == Some(core) {
            assert!(r.start_ns[i] >= last_end[core], "{ctx}: core {core} runs two things at once at {} ns", r.start_ns[i]);
        }
        last_end[core] = r.end_ns[i];
        last_core = Some(core);
    }
}

/// Every task runs one partition per core of its place (with shared partitions, a member that found the pool empty runs
/// none, but some member runs one), each after its dependencies.
pub(crate) fn check_tasks_once_after_deps(run: &SchedulerRun, scenario: &Scenario, graph: &TaskGraph, ctx: &str) {
    let r = &run.record;
    let n = graph.len();
    let mut parts = vec![0u32; n];
    let mut start = vec![u64::MAX; n];
    let mut end = vec![0u64; n];
    let mut width = vec![0u32; n];
    for i in 0..r.len() {
        if r.kind[i] != SegmentKind::Work as u8 {
            assert_eq!(r.item[i], NO_ITEM, "{ctx}: overhead segment carries a task");
            continue;
        }
        let t = r.item[i] as usize;
        assert!(t < n, "{ctx}: unknown task {t}");
        let core = r.lane[i];
        assert!(core >= r.leader[i] && core < r.leader[i] + r.width[i], "{ctx}: task {t} ran outside its place");
        parts[t] += 1;
        width[t] = r.width[i];
        start[t] = start[t].min(r.start_ns[i]);
        end[t] = end[t].max(r.end_ns[i]);
    }
    for t in 0..n {
        let shared = scenario.classes.get(graph.class[t] as usize).is_some_and(|k| k.shared_partitions);
        if shared {
            assert!((1..=width[t].max(1)).contains(&parts[t]), "{ctx}: shared task {t} ran {} partitions for width {}", parts[t], width[t]);
        } else {
            assert_eq!(parts[t], width[t].max(1), "{ctx}: task {t} ran {} partitions for width {}", parts[t], width[t]);
        }
        for &s in graph.successors(t) {
            assert!(start[s as usize] >= end[t], "{ctx}: task {s} started before its dependency {t} ended");
        }
    }
    let last_end = end.iter().copied().max().unwrap_or(0);
    if scenario.classes.iter().any(|k| k.shared_partitions) {
        // A shared task commits when its last member leaves, which may be one that found the pool empty and ran nothing.
        assert!(run.metrics.makespan_ns >= last_end, "{ctx}: makespan before the last end");
    } else {
        assert_eq!(run.metrics.makespan_ns, last_end, "{ctx}: makespan is not the last end");
    }
}

pub(crate) fn check_lower_bounds(run: &SchedulerRun, scenario: &Scenario, graph: &TaskGraph, ctx: &str) {
    let platform = &scenario.platform;
    // Fastest time of each task over every cluster and width (moldable tasks may use a whole cluster).
    let best_ns: Vec<f64> = (0..graph.len())
        .map(|t| {
            let class = &scenario.classes[graph.class[t] as usize];
            let mut best = f64::MAX;
            for (c, cluster) in platform.clusters.iter().enumerate() {
                let speed = SpeedState::peak_speed(platform, class, c);
                let mut w = 1u32;
                while w <= cluster.cores {
                    let wf = w as f64;
                    best = best.min(graph.work_ns[t] / wf * (1.0 + class.parallel_overhead * (wf - 1.0)) / speed);
                    w *= 2;
                }
            }
            best
        })
        .collect();
    let order = graph.topological_order().expect("acyclic");
    let mut finish = vec![0.0f64; graph.len()];
    let mut critical = 0.0f64;
    for &t in &order {
        let t = t as usize;
        finish[t] += best_ns[t];
        critical = critical.max(finish[t]);
        for &s in graph.successors(t) {
            finish[s as usize] = finish[s as usize].max(finish[t]);
        }
    }
    let makespan = run.metrics.makespan_ns as f64;
    assert!(makespan + 1.0 >= critical * (1.0 - 1e-9), "{ctx}: makespan {makespan} beats the critical path {critical}");
    let capacity: f64 = (0..platform.clusters.len())
        .map(|c| {
            let top = scenario.classes.iter().map(|k| SpeedState::peak_speed(platform, k, c)).fold(0.0, f64::max);
            top * platform.clusters[c].cores as f64
        })
        .sum();
    let total_work: f64 = graph.work_ns.iter().sum();
    assert!(makespan + 1.0 >= total_work / capacity * (1.0 - 1e-9), "{ctx}: makespan {makespan} beats work/capacity");
}

/// Energy by brute force: split the run at every boundary and sum each core's power over each piece.
fn brute_force_energy(run: &SchedulerRun, scenario: &Scenario) -> f64 {
    let platform = &scenario.platform;
    let r = &run.record;
    let makespan = run.metrics.makespan_ns;
    let mut cuts: Vec<u64> = vec![0, makespan];
    cuts.extend(r.start_ns.iter().chain(r.end_ns.iter()).copied());
    cuts.extend(r.freq.iter().flat_map(|f| [f.start_ns, f.end_ns]));
    cuts.retain(|&t| t <= makespan);
    cuts.sort_unstable();
    cuts.dedup();
    let cluster_of = platform.cluster_of_cores();
    let mut joules = 0.0;
    for w in cuts.windows(2) {
        let (a, b) = (w[0], w[1]);
        let mid = a + (b - a) / 2;
        for (core, &c) in cluster_of.iter().enumerate() {
            let freq = r.freq.iter().find(|f| f.cluster as usize == c && f.start_ns <= mid && mid < f.end_ns.max(f.start_ns + 1));
            let level = freq.and_then(|f| platform.level_of(c, f.freq_mhz)).expect("frequency known at every instant");
            let busy = (0..r.len()).any(|i| r.lane[i] as usize == core && r.kind[i] != SegmentKind::Idle as u8 && r.start_ns[i] <= a && b <= r.end_ns[i]);
            let watts = if busy { platform.clusters[c].active_w[level] } else { platform.clusters[c].idle_w[level] };
            joules += watts * (b - a) as f64 * 1e-9;
        }
    }
    joules
}

#[test]
fn invariants_hold_over_random_scenarios() {
    for seed in 0..N_SCENARIOS {
        let mut scenario = random_scenario(seed);
        // Every other scenario holds priority tasks for their place's leader (`runtime.leader_takes_priority`).
        scenario.runtime.leader_takes_priority = seed % 2 == 1;
        let text = scenario.to_json();
        let scenario = Scenario::from_json(&text).unwrap_or_else(|e| panic!("seed {seed}: generated scenario invalid: {e}"));
        let result = engine::run::run(&scenario).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for run in &result.runs {
            let ctx = format!("seed {seed}, {}", run.scheduler);
            check_exclusive_cores(run, scenario.platform.n_cores(), &ctx);
            check_tasks_once_after_deps(run, &scenario, result.graph.as_ref().expect("task level"), &ctx);
            check_lower_bounds(run, &scenario, result.graph.as_ref().expect("task level"), &ctx);
            assert_eq!(run.metrics.tasks as usize, result.graph.as_ref().expect("task level").len());
            if seed % 10 == 0 {
                let brute = brute_force_energy(run, &scenario);
                let e = run.metrics.energy_j;
                assert!((brute - e).abs() <= 1e-9 + 1e-9 * e.abs(), "{ctx}: energy {e} J but the integral of power is {brute} J");
            }
        }
    }
}

#[test]
fn the_same_scenario_gives_the_same_schedule() {
    for seed in [3, 17, 99] {
        let scenario = random_scenario(seed);
        let a = engine::run::run(&scenario).expect("runs");
        let b = engine::run::run(&scenario).expect("runs");
        for (x, y) in a.runs.iter().zip(&b.runs) {
            assert_eq!(x.metrics, y.metrics);
            assert_eq!(x.record.start_ns, y.record.start_ns);
            assert_eq!(x.record.lane, y.record.lane);
            assert_eq!(x.record.item, y.record.item);
        }
    }
}

#[test]
fn a_core_offline_for_good_with_work_left_is_reported_not_hung() {
    let mut scenario = random_scenario(5);
    let n = scenario.platform.n_cores() as u32;
    scenario.events = (0..n).map(|core| engine::model::TimelineEvent::CoreOffline(engine::model::events::CoreOffline { core, start_ns: 0, end_ns: None })).collect();
    let e = engine::run::run(&scenario).err().expect("stalls");
    assert!(e.message.contains("stalled"), "{e}");
}

/// A policy that answers `can_serve` for the core (HEFT, dHEFT) lets the runtime leave idle cores asleep; the schedule must
/// be the one the runtime gets by asking every sleeping core after every completion, which the wrapper below forces.
#[test]
fn per_core_serve_answers_change_no_schedule() {
    use engine::model::Place;
    use engine::runtime::{run_tasks, Detail, RunInput};
    use engine::sched::{AnyTaskScheduler, Decision, TaskScheduler, View};
    use engine::sim::{Meter, TimeNs};

    /// Forwards everything but `can_serve`, which keeps the default (every sleeping core is asked).
    struct AskEveryCore(AnyTaskScheduler);
    impl TaskScheduler for AskEveryCore {
        fn name(&self) -> &'static str {
            self.0.name()
        }
        fn on_ready(&mut self, view: &mut View, task: u32, releasing_core: Option<usize>) {
            self.0.on_ready(view, task, releasing_core)
        }
        fn on_idle(&mut self, view: &mut View, core: usize) -> Decision {
            self.0.on_idle(view, core)
        }
        fn on_done(&mut self, view: &mut View, task: u32, place: Place, leader_ns: TimeNs) {
            self.0.on_done(view, task, place, leader_ns)
        }
    }

    let mut compared = 0;
    for seed in 0..24 {
        let scenario = random_scenario(seed);
        let Ok(graph) = scenario.build_graph() else { continue };
        let options = scenario.sched_options();
        for name in ["heft", "dheft"] {
            let run = |wrap: bool| {
                let scheduler = engine::registry::task(name, &options, "schedulers[0]").expect("built-in");
                let scheduler = if wrap { AnyTaskScheduler::boxed(AskEveryCore(scheduler)) } else { scheduler };
                let input = RunInput {
                    platform: &scenario.platform,
                    classes: &scenario.classes,
                    graph: &graph,
                    events: &scenario.events,
                    costs: engine::run::tasks::costs(&scenario.runtime),
                    ptt_weight: scenario.runtime.ptt_weight,
                    slow_member_commits: scenario.runtime.slow_member_commits,
                    seed: scenario.seed,
                    reserve_segments: 0,
                    detail: Detail::default(),
                };
                run_tasks(&input, scheduler, &mut Meter::unlimited())
            };
            let Ok(asked) = run(true) else { continue };
            let answered = run(false).unwrap_or_else(|e| panic!("{name}, scenario {seed}: {e}"));
            assert_eq!(asked.makespan_ns, answered.makespan_ns, "{name}, scenario {seed}");
            assert_eq!(asked.record.lane, answered.record.lane, "{name}, scenario {seed}");
            assert_eq!(asked.record.item, answered.record.item, "{name}, scenario {seed}");
            assert_eq!(asked.record.start_ns, answered.record.start_ns, "{name}, scenario {seed}");
            assert_eq!(asked.record.end_ns, answered.record.end_ns, "{name}, scenario {seed}");
            assert!(asked.events_handled >= answered.events_handled);
            compared += 1;
        }
    }
    assert!(compared >= 20, "only {compared} runs compared");
}
