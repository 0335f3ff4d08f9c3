//! Power of a core stalled on memory (docs/model-reference.md §1 Power, the platform's `stall_power`, `model::stallpower`): a busy
//! core draws idle power plus its dynamic power (active − idle) scaled down by the share of its time its work waits on
//! memory, at every level (OS threads, the task runtime, OpenMP loops), without changing any schedule.

use crate::os_model::os_scenario;
use engine::model::Platform;

const LEVELS: [&str; 3] = ["pinned", "tasks", "loop-static"];

fn run(config: &str, app: &str, setup: impl Fn(&mut Platform)) -> (Platform, engine::run::ScenarioResult) {
    let mut s = os_scenario(config, app, &LEVELS, 1).expect("scenario");
    setup(&mut s.platform);
    (s.platform.clone(), engine::run::run(&s).expect("run"))
}

/// Busy energy above idle of a run's segments at the cluster's set frequency (no DVFS in these runs), nJ.
fn dynamic_nj(p: &Platform, r: &engine::run::Run) -> f64 {
    let cluster_of = p.cluster_of_cores();
    r.metrics
        .busy_ns_per_core
        .iter()
        .zip(&r.metrics.overhead_ns_per_core)
        .enumerate()
        .map(|(core, (busy, over))| {
            (busy + over) as f64 * engine::model::stallpower::busy_above_idle_at_freq_w(&p.clusters[cluster_of[core]])
        })
        .sum()
}

#[test]
fn a_core_stalled_on_memory_draws_less_dynamic_power() {
    // streamcluster (memory intensity 0.6) on the four A15s, alone with its DRAM: 60% of the busy time waits on memory.
    let (_, plain) = run("odroid-xu3:4+0", "streamcluster", |_| {});
    let (p, half) = run("odroid-xu3:4+0", "streamcluster", |p| p.stall_power = Some(0.5));
    for (a, b) in plain.runs.iter().zip(&half.runs) {
        assert_eq!(a.metrics.makespan_ns, b.metrics.makespan_ns, "{}: power never changes a schedule", a.scheduler);
        let stalled: f64 = b.record.stall_nj.iter().sum();
        let share = stalled / dynamic_nj(&p, b);
        assert!((0.5..=0.6 + 1e-9).contains(&share), "{}: {share:.3} of the busy energy stalled", a.scheduler);
        // The energy falls by the half of that stalled busy energy that a stalled core does not draw.
        let saved_nj = (a.metrics.energy_j - b.metrics.energy_j) * 1e9;
        assert!((saved_nj - 0.5 * stalled).abs() < 1e-6 * saved_nj, "{}: saved {saved_nj} nJ of {stalled}", a.scheduler);
    }
    // A stalled core at full power (`stall_power` 1) costs what it cost without the mechanism.
    let (_, full) = run("odroid-xu3:4+0", "streamcluster", |p| p.stall_power = Some(1.0));
    for (a, b) in plain.runs.iter().zip(&full.runs) {
        assert!((a.metrics.energy_j - b.metrics.energy_j).abs() < 1e-9 * a.metrics.energy_j, "{}", a.scheduler);
    }
    // Compute-heavy swaptions (intensity 0.1) saves a smaller share of its energy than streamcluster.
    let saving = |app: &str| {
        let (_, a) = run("odroid-xu3:4+0", app, |_| {});
        let (_, b) = run("odroid-xu3:4+0", app, |p| p.stall_power = Some(0.5));
        1.0 - b.runs[0].metrics.energy_j / a.runs[0].metrics.energy_j
    };
    let (mem, compute) = (saving("streamcluster"), saving("swaptions"));
    assert!(compute > 0.0 && mem > 3.0 * compute, "streamcluster saves {mem:.3}, swaptions {compute:.3}");
}

#[test]
fn contention_stalls_draw_less_too() {
    // With the DRAM shared (8 GB/s per unit of intensity and speed) and the L2 split among four busy cores, the same work
    // waits longer on memory: a larger share of its busy energy is stalled than its own 60%.
    let (p, r) = run("odroid-xu3:4+0", "streamcluster", |p| {
        p.stall_power = Some(0.5);
        p.dram_traffic_gbs = Some(8.0);
        p.l2_share_stall = Some(0.1);
    });
    for run in &r.runs {
        let share = run.record.stall_nj.iter().sum::<f64>() / dynamic_nj(&p, run);
        assert!(share > 0.7 && share < 1.0, "{}: {share:.3} stalled under contention", run.scheduler);
    }
    // A share outside [0, 1] names its field.
    let mut bad = p.clone();
    bad.stall_power = Some(1.5);
    let err = bad.validate("platform").expect_err("share above 1");
    assert!(err.to_string().contains("platform.stall_power"), "{err}");
}
