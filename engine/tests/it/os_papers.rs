//! Reproduction tests for the OS level: one test per claim of seed 000 §5 and seed 002 §5, each running the real
//! thread simulator (or the task runtime for "task-based") and stating its tolerance next to the paper's number.

use engine::model::apps::{BARRIER_APPS, MATURITY_APPS, MIX_NAMES};
use engine::scenario::presets_os::os_scenario;
use engine::run::sweep::{run_cell, Cell, Grid};

fn cell(scheduler: &str, config: &str, workload: &str, seed: u64) -> engine::run::sweep::Row {
    let c = Cell { index: 0, scheduler: scheduler.into(), config: config.into(), workload: workload.into(), seed };
    run_cell(&c).unwrap_or_else(|e| panic!("{scheduler} on {config} with {workload}: {e}"))
}

fn speedup(scheduler: &str, config: &str, app: &str) -> f64 {
    cell(scheduler, &format!("odroid-xu3:{config}"), app, 1).speedup.expect("single application")
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

fn mean_speedup(scheduler: &str, config: &str, apps: &[&str]) -> f64 {
    mean(&apps.iter().map(|a| speedup(scheduler, config, a)).collect::<Vec<_>>())
}

/// Seed 000 Eq. 4: the ideal speedup B·ratio + L bounds every run. Tolerance: 0.5% for the rounding of integer time.
#[test]
fn no_run_beats_the_ideal_bound() {
    let mut checked = 0;
    for config in ["0+4", "2+2", "4+0", "4+1", "4+4"] {
        for app in ["blackscholes", "bodytrack", "canneal", "ferret", "swaptions"] {
            for sched in ["pinned", "linux", "gts", "cs", "iks", "loop-dynamic", "tasks"] {
                let r = cell(sched, &format!("odroid-xu3:{config}"), app, 1);
                let (s, ideal) = (r.speedup.expect("speedup"), r.ideal_speedup.expect("ideal"));
                assert!(s > 0.5 && s <= ideal * 1.005, "{sched} {app} {config}: speedup {s:.3} vs ideal {ideal:.3}");
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 175);
    // The bound itself is Eq. 4 on the Odroid: bodytrack on 2+2 is 2 × 4.16 + 2.
    let r = cell("pinned", "odroid-xu3:2+2", "bodytrack", 1);
    assert!((r.ideal_speedup.expect("ideal") - 10.32).abs() < 1e-9);
}

/// Seed 000 §5.1: for the barrier applications static threading gains only 1% from 0+4 to 2+2 while task-based gains clearly
/// (average 2+2: task-based 6.8× against static 5.0×). Tolerance: static gains below 10%, task-based at least 30% more than static.
#[test]
fn barrier_apps_gain_little_from_big_cores_under_static_threading_but_clearly_as_tasks() {
    let static_04 = mean_speedup("pinned", "0+4", BARRIER_APPS);
    let static_22 = mean_speedup("pinned", "2+2", BARRIER_APPS);
    let tasks_04 = mean_speedup("tasks", "0+4", BARRIER_APPS);
    let tasks_22 = mean_speedup("tasks", "2+2", BARRIER_APPS);
    let static_gain = static_22 / static_04 - 1.0;
    let tasks_gain = tasks_22 / tasks_04 - 1.0;
    assert!(static_gain < 0.10, "static threading 0+4 → 2+2 gains {:.1}% (paper: 1%)", static_gain * 100.0);
    assert!(tasks_gain > static_gain + 0.30, "task-based gains {:.1}%, static {:.1}%", tasks_gain * 100.0, static_gain * 100.0);
}

/// Seed 000 §5.2 (Fig. 6): adding four little cores to 4+0 slows static threading (−6% on average) and speeds up
/// task-based (+15%). Tolerance: the sign of the change over the nine applications, by at least 3%.
#[test]
fn adding_little_cores_hurts_static_threading_and_helps_task_based() {
    let s40 = mean_speedup("pinned", "4+0", MATURITY_APPS);
    let s44 = mean_speedup("pinned", "4+4", MATURITY_APPS);
    let t40 = mean_speedup("tasks", "4+0", MATURITY_APPS);
    let t44 = mean_speedup("tasks", "4+4", MATURITY_APPS);
    assert!(s44 < s40 * 0.97, "static threading 4+0 {s40:.2} → 4+4 {s44:.2} (paper −6%)");
    assert!(t44 > t40 * 1.03, "task-based 4+0 {t40:.2} → 4+4 {t44:.2} (paper +15%)");
}

/// Seed 000 §5.2: "the addition of a single little core brings a 22% slowdown" for GTS (4+0 → 4+1).
/// Tolerance: GTS at 4+1 at least 5% slower than at 4+0 on average over the nine applications.
#[test]
fn gts_at_4_plus_1_is_slower_than_at_4_plus_0() {
    let g40 = mean_speedup("gts", "4+0", MATURITY_APPS);
    let g41 = mean_speedup("gts", "4+1", MATURITY_APPS);
    assert!(g41 < g40 * 0.95, "GTS 4+0 {g40:.2} vs 4+1 {g41:.2} (paper −22%)");
}

/// Seed 000 §5.1 (Fig. 5): four little cores are the most energy-efficient 4-core configuration, for every approach.
/// Tolerance: mean energy over the nine applications strictly lowest at 0+4.
#[test]
fn four_little_cores_use_the_least_energy() {
    for sched in ["pinned", "gts", "tasks"] {
        let energy = |config: &str| {
            mean(&MATURITY_APPS.iter().map(|a| cell(sched, &format!("odroid-xu3:{config}"), a, 1).energy_j).collect::<Vec<_>>())
        };
        let (e04, e22, e40) = (energy("0+4"), energy("2+2"), energy("4+0"));
        assert!(e04 < e22 && e04 < e40, "{sched}: energy 0+4 {e04:.3} J, 2+2 {e22:.3} J, 4+0 {e40:.3} J");
    }
}

fn mean_makespan(grid: &Grid, scheduler: &str) -> Vec<f64> {
    let mut out = Vec::new();
    for config in &grid.configs {
        for w in &grid.workloads {
            let runs: Vec<f64> = grid.seeds.iter().map(|&s| cell(scheduler, config, w, s).makespan_ns as f64).collect();
            out.push(mean(&runs));
        }
    }
    out
}

/// Seed 002 §5.2: over the 15 cases (5 workloads × 3 platforms) PBS beats LIN by 13.3% on average and LCSS by 5.3%,
/// so LCSS lies between. LIN is averaged over 3 seeds (the paper: at least 5 runs). Tolerance: strict order of the
/// average speedups over LIN, PBS at least 5% better than LIN.
#[test]
fn pbs_beats_linux_on_average_and_lcss_lies_between() {
    let grid = Grid {
        schedulers: vec![],
        configs: vec!["gem5-8l8s".into(), "gem5-6l13s".into(), "gem5-4l18s".into()],
        workloads: MIX_NAMES.iter().map(|s| s.to_string()).collect(),
        seeds: vec![1, 2, 3],
    };
    let lin = mean_makespan(&grid, "linux");
    let gain = |s: &str| {
        let m = mean_makespan(&Grid { seeds: vec![1], ..grid.clone() }, s);
        mean(&lin.iter().zip(&m).map(|(l, x)| l / x - 1.0).collect::<Vec<_>>())
    };
    let (pbs, lcss) = (gain("pbs"), gain("lcss"));
    assert!(pbs > 0.05, "PBS over LIN {:.1}% (paper 13.3%)", pbs * 100.0);
    assert!(pbs > lcss && lcss > 0.0, "PBS {:.1}%, LCSS {:.1}% over LIN (paper 13.3% and 5.3%)", pbs * 100.0, lcss * 100.0);
}

/// Seed 002 §5.1: PBS and LCSS repeat within 97–103% of their mean, while LIN's random placement varies from run to run.
/// Tolerance: PBS and LCSS within ±3% over 6 seeds on BF and BS; LIN's spread on BF above 5%.
#[test]
fn linux_varies_from_run_to_run_while_pbs_and_lcss_repeat() {
    let spread = |sched: &str, w: &str| {
        let m: Vec<f64> = (1..=6).map(|s| cell(sched, "gem5-8l8s", w, s).makespan_ns as f64).collect();
        let avg = mean(&m);
        m.iter().map(|x| (x / avg - 1.0).abs()).fold(0.0, f64::max)
    };
    for w in ["BF", "BS"] {
        for s in ["pbs", "lcss"] {
            let d = spread(s, w);
            assert!(d <= 0.03, "{s} on {w}: {:.1}% from the mean", d * 100.0);
        }
    }
    let lin = spread("linux", "BF");
    assert!(lin > 0.05, "LIN on BF varies only {:.1}%", lin * 100.0);
}

/// Seed 002 §5.3 (Fig. 5–6): load balancing improves PBS by 9.9% and LCSS by 9.2% on average over the workloads and
/// platforms. Tolerance: average improvement above 3% for both, and no case more than 1% worse.
#[test]
fn load_balancing_improves_pbs_and_lcss() {
    for sched in ["pbs", "lcss"] {
        let mut gains = Vec::new();
        for config in ["gem5-8l8s", "gem5-4l18s"] {
            for w in MIX_NAMES {
                let on = cell(sched, config, w, 1).makespan_ns as f64;
                let off = cell(&format!("{sched}[lb=off]"), config, w, 1).makespan_ns as f64;
                assert!(on <= off * 1.01, "{sched} on {config} {w}: with balancing {on}, without {off}");
                gains.push(off / on - 1.0);
            }
        }
        let g = mean(&gains);
        assert!(g > 0.03, "{sched}: load balancing gains {:.1}% on average (paper ≈ 9–10%)", g * 100.0);
    }
}

/// The same scenario and seed give the same schedule, and every OS-level preset runs.
#[test]
fn os_runs_are_deterministic_and_every_preset_runs() {
    let s = os_scenario("t", "", "gem5-8l8s", "BF", &["linux", "gts", "cs", "iks"], 7).expect("scenario");
    let a = engine::run::run(&s).expect("run");
    let b = engine::run::run(&s).expect("run");
    for (x, y) in a.runs.iter().zip(&b.runs) {
        assert_eq!(x.record.start_ns, y.record.start_ns);
        assert_eq!(x.record.lane, y.record.lane);
        assert_eq!(x.metrics, y.metrics);
    }
    for name in ["maturity-fig3", "maturity-fig6", "maturity-fig9", "pbs-fig1", "pbs-fig2", "pbs-fig3", "pbs-fig4", "pbs-fig5"] {
        let s = engine::scenario::presets::scenario(name).expect("preset");
        let r = engine::run::run(&s).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(r.runs.iter().all(|run| run.os_metrics().is_some()), "{name}");
        assert!(engine::scenario::presets_os::figure(name).is_some(), "{name} has a figure sweep");
    }
}

/// Invariants of the thread simulator for every OS scheduler: a core runs one thread at a time, and the work done
/// (segment time × speed of the application on that core) equals the applications' work. Tolerance: 1 ns of rounding per item.
#[test]
fn threads_never_share_a_core_and_work_is_conserved() {
    use engine::model::apps::workload_by_name;
    use engine::model::{SpeedState, Workload};
    for (config, workload) in [("odroid-xu3:4+2", "bodytrack"), ("gem5-6l13s", "BB"), ("odroid-xu3:2+3", "DC"), ("gem5-4l18s", "CF")] {
        for sched in ["pinned", "linux", "gts", "cs", "iks", "pbs", "lcss", "pbs[lb=off]", "loop-dynamic"] {
            let s = os_scenario("t", "", config, workload, &[sched], 3).expect("scenario");
            let r = engine::run::run(&s).unwrap_or_else(|e| panic!("{sched} {config} {workload}: {e}"));
            let rec = &r.runs[0].record;
            let Workload::Applications(mix) = workload_by_name(workload).map(Workload::Applications).expect("mix") else { unreachable!() };
            let (apps, classes) = mix.resolve(&s.platform, "w").expect("resolve");
            let speed = SpeedState::new(&s.platform, &classes);
            let mut done = vec![0.0f64; apps.len()];
            let mut items = vec![0u64; apps.len()];
            for i in 0..rec.len() {
                if i > 0 && rec.lane[i] == rec.lane[i - 1] {
                    assert!(rec.start_ns[i] >= rec.end_ns[i - 1], "{sched}: overlap on core {}", rec.lane[i]);
                }
                if rec.kind[i] == 0 {
                    let a = rec.group[i] as usize;
                    done[a] += (rec.end_ns[i] - rec.start_ns[i]) as f64 * speed.speed(rec.lane[i] as usize, apps[a].class);
                    items[a] += 1;
                }
            }
            for (a, app) in apps.iter().enumerate() {
                let slack = 4.0 * (items[a] as f64 + app.profile.chunks as f64 * app.profile.regions as f64 + 2.0 * app.threads as f64 * app.profile.regions as f64);
                assert!((done[a] - app.profile.work_ns).abs() <= slack, "{sched} {config} {workload} {}: did {} of {}", app.name, done[a], app.profile.work_ns);
            }
        }
    }
}
