//! Model checks of the loop level that are not paper claims: AID-static's split formula of Saez et al. §4.2 (two and three
//! core types), the barrier imbalance of a static split, the sampled SF against the true one, and the loop and task levels
//! agreeing on the same independent work. The papers' claims are in the catalogue (`claims.rs` holds them to their bands).

use std::collections::BTreeMap;

use engine::catalogue::{platform, scenario};
use engine::loops::schedule::PhaseKind;
use engine::loops::LoopMetrics;
use engine::model::loops::{CostProfile, LoopCosts, LoopProgram, ParallelLoop, Phase};
use engine::model::{Platform, WorkClass, Workload};
use engine::run::ScenarioResult;
use engine::scenario::Scenario;
use engine::trace::SegmentKind;

fn run(s: &Scenario) -> ScenarioResult {
    engine::run::run(&s).unwrap_or_else(|e| panic!("{}: {e}", s.name))
}

fn preset(name: &str, schedulers: &[&str], seed: u64) -> ScenarioResult {
    let mut s = scenario(name).unwrap_or_else(|| panic!("preset {name}"));
    s.schedulers = schedulers.iter().map(|x| x.to_string()).collect();
    s.seed = seed;
    run(&s)
}

/// Makespan per scheduler, ns.
fn makespans(r: &ScenarioResult) -> BTreeMap<String, f64> {
    r.runs.iter().map(|run| (run.scheduler.clone(), run.metrics.makespan_ns as f64)).collect()
}

fn loops_of<'a>(r: &'a ScenarioResult, scheduler: &str) -> &'a LoopMetrics {
    let run = r.runs.iter().find(|x| x.scheduler == scheduler).expect("run");
    &run.loop_extras().expect("loop metrics").metrics
}

#[test]
fn static_on_2_big_2_small_leaves_the_big_cores_waiting_at_the_barrier() {
    // Under static, latest/mean thread finish is 2·SF/(SF+1) ≈ 1.44 for SF 2.6 (two big, two small threads); ±5%.
    let r = preset("aid-fig1-ep-2b2s", &["static-bs"], 1);
    let imb = loops_of(&r, "static-bs").loops[0].imbalance;
    assert!((imb - 2.0 * 2.6 / 3.6).abs() < 0.05 * 1.44, "imbalance {imb}");
}

fn one_loop_scenario(platform: Platform, classes: Vec<WorkClass>, n: u64, class: &str) -> Scenario {
    let mut s = scenario("aid-bt-a").expect("preset");
    s.platform = platform;
    s.classes = classes;
    s.workload = Workload::LoopProgram(LoopProgram {
        threads: None,
        repeat: 1,
        costs: LoopCosts::default(),
        phases: vec![Phase::Loop(ParallelLoop { name: None, iterations: n, class: class.into(), cost: CostProfile::Uniform { iter_ns: 50_000.0 }, chunk: 1 })],
        paper: vec![],
    });
    s.schedulers = vec!["aid-static".into()];
    s
}

/// Iterations each core ran in the run's loops.
fn iterations_per_core(r: &ScenarioResult) -> Vec<u64> {
    let rec = &r.runs[0].record;
    let chunks = r.runs[0].loop_extras().expect("loop level");
    let mut per = vec![0u64; rec.lane.iter().copied().max().map_or(0, |m| m as usize + 1)];
    for i in 0..rec.len() {
        if rec.kind[i] == SegmentKind::Work as u8 && rec.group[i] != PhaseKind::Serial as u32 {
            per[rec.lane[i] as usize] += chunks.chunk_iters[i] as u64;
        }
    }
    per
}

#[test]
fn aid_static_splits_iterations_as_n_over_nb_sf_plus_ns() {
    // Saez et al. §4.2: each small-core thread gets x = N / (NB·SF + NS) iterations and each big-core thread SF·x.
    // Platform A, SF = 2.6, N = 100,000: x ≈ 6,944. The sampled SF includes the removal cost, so allow 1.5%.
    let mut k = WorkClass::named("u");
    k.ratio.insert("A15".into(), 2.6);
    let r = run(&one_loop_scenario(platform("odroid-xu4").expect("A"), vec![k], 100_000, "u"));
    let x = 100_000.0 / (4.0 * 2.6 + 4.0);
    let per = iterations_per_core(&r);
    for (core, &ran) in per.iter().enumerate() {
        let want = if core < 4 { 2.6 * x } else { x };
        assert!((ran as f64 - want).abs() <= 0.015 * want, "core {core}: {ran} iterations, want {want:.0}");
    }
    assert_eq!(per.len(), 8);
    let sf = loops_of(&r, "aid-static").loops[0].estimated_sf.expect("sampled");
    assert!((sf - 2.6).abs() < 0.05 * 2.6, "sampled SF {sf}");
}

#[test]
fn aid_static_generalises_to_three_core_types() {
    // Saez et al. §4.2: with k core types a thread of type j gets SF_j·x, x = N / Σ_j n_j·SF_j, SF_j relative to the slowest type.
    // Three clusters of 2 cores with SF 3, 2 and 1: x = 120,000 / 12 = 10,000. Tolerance 1.5%.
    let mut p = platform("odroid-xu4").expect("A");
    let mut mid = p.clusters[0].clone();
    mid.name = "mid".into();
    mid.core_type = "mid".into();
    p.clusters.insert(1, mid);
    for c in &mut p.clusters {
        c.cores = 2;
    }
    let mut k = WorkClass::named("u");
    k.ratio.insert("A15".into(), 3.0);
    k.ratio.insert("mid".into(), 2.0);
    k.ratio.insert("A7".into(), 1.0);
    let r = run(&one_loop_scenario(p, vec![k], 120_000, "u"));
    let per = iterations_per_core(&r);
    for (core, want) in [(0, 30_000.0), (1, 30_000.0), (2, 20_000.0), (3, 20_000.0), (4, 10_000.0), (5, 10_000.0)] {
        assert!((per[core] as f64 - want).abs() <= 0.015 * want, "core {core}: {} iterations, want {want}", per[core]);
    }
}

#[test]
fn sampled_sf_follows_llc_contention_and_offline_sf_does_not() {
    // Saez et al. §5C: under contention the sampled SF is close to the true (contended) one, the offline one is not:
    // |estimated − true| / true within 20% against above 30%.
    let r = preset("aid-blackscholes-a", &["aid-static", "aid-static-offline"], 1);
    for (sched, close) in [("aid-static", true), ("aid-static-offline", false)] {
        let l = &loops_of(&r, sched).loops[0];
        let err = (l.estimated_sf.expect("sf") - l.true_sf).abs() / l.true_sf;
        assert_eq!(err < 0.2, close, "{sched}: estimated {:?} true {}", l.estimated_sf, l.true_sf);
        assert!(close || err > 0.3);
    }
}

#[test]
fn loop_dynamic_and_fifo_tasks_agree_on_the_same_independent_options() {
    // The same 6,400 options as a dynamic loop and as independent FIFO tasks on 4 big + 1 little: both keep every core
    // busy to the end, so their makespans agree within 5%.
    let loops = makespans(&preset("aid-fig9-loops", &["dynamic"], 1));
    let tasks = makespans(&preset("aid-fig9-tasks", &["fifo"], 1));
    assert!((loops["dynamic"] / tasks["fifo"] - 1.0).abs() < 0.05, "{loops:?} {tasks:?}");
}
