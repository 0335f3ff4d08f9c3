//! Reproduction tests for seed 003 (AID loop scheduling) §2, §4.2 and §5, and seed 000 Fig. 9: each runs the real simulation on a preset and checks the paper's direction with a stated tolerance.

use std::collections::BTreeMap;

use engine::loops::schedule::PhaseKind;
use engine::loops::LoopMetrics;
use engine::model::loops::{CostProfile, LoopCosts, LoopProgram, ParallelLoop, Phase};
use engine::model::{Platform, WorkClass, Workload};
use engine::scenario::presets::{platform, scenario};
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
fn fig1_static_on_2_big_2_small_is_no_faster_than_on_4_small() {
    // Seed 003 §2, Fig. 1: with static, EP on 2 big + 2 small "delivers nearly the same performance" as on 4 small,
    // because the small-core threads bound the loop. Tolerance: the asymmetric run may be at most 2% faster
    // (the random per-iteration costs make the blocks differ slightly).
    for sched in ["static-bs", "static-sb"] {
        let mixed = makespans(&preset("aid-fig1-ep-2b2s", &[sched], 1))[sched];
        let small = makespans(&preset("aid-fig1-ep-4s", &[sched], 1))[sched];
        assert!(mixed >= 0.98 * small, "{sched}: 2B+2S {mixed} ns vs 4S {small} ns");
        assert!(mixed <= 1.05 * small, "{sched}: 2B+2S {mixed} ns should stay close to 4S {small} ns");
    }
    // And the big-core threads sit at the barrier: latest/mean finish is well above 1 (ideal 2·SF/(SF+1) ≈ 1.44 for SF 2.6; ±5%).
    let r = preset("aid-fig1-ep-2b2s", &["static-bs"], 1);
    let imb = loops_of(&r, "static-bs").loops[0].imbalance;
    assert!((imb - 2.0 * 2.6 / 3.6).abs() < 0.05 * 1.44, "imbalance {imb}");
}

#[test]
fn aid_static_beats_static_bs_on_uniform_loops() {
    // Seed 003 §5A, Table 2: AID-static outperforms static(BS) (by 15% on average over 21 programs).
    // Our uniform-loop programs (BT-like, thirty loops with their own SF) must gain at least 10% on both platforms.
    for name in ["aid-bt-a", "aid-bt-b"] {
        let m = makespans(&preset(name, &["static-bs", "aid-static"], 1));
        assert!(m["aid-static"] <= 0.9 * m["static-bs"], "{name}: {m:?}");
    }
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
    // Seed 003 §4.2: each small-core thread gets x = N / (NB·SF + NS) iterations and each big-core thread SF·x.
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
    // Seed 003 §4.2: with k core types a thread of type j gets SF_j·x, x = N / Σ_j n_j·SF_j, SF_j relative to the slowest type.
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
fn aid_hybrid_beats_aid_static_on_the_ep_like_loop() {
    // Seed 003 §4.2, Fig. 4: on EP (slightly irregular iterations) the sampled SF is not representative and AID-static
    // leaves small cores idle at the end; AID-hybrid (p = 80%) improves on it by 10.5%. Here: no worse on any of six
    // seeds (0.2% slack for its extra removals) and at least 1.5% faster on average (our irregularity is milder).
    let mut gains = Vec::new();
    for seed in 1..=6 {
        let m = makespans(&preset("aid-ep-a", &["aid-static", "aid-hybrid"], seed));
        assert!(m["aid-hybrid"] <= 1.002 * m["aid-static"], "seed {seed}: {m:?}");
        gains.push(m["aid-static"] / m["aid-hybrid"] - 1.0);
    }
    let mean = gains.iter().sum::<f64>() / gains.len() as f64;
    assert!(mean >= 0.015, "mean gain {mean}");
}

#[test]
fn on_platform_b_dynamic_loses_to_static_on_the_overhead_bound_program_and_aid_dynamic_removes_far_less() {
    // Seed 003 §5A, Fig. 7: on Platform B CG's dynamic run is 2.86× slower than static(SB): the removal overhead
    // negates the small benefit of big cores (SF ≤ 2.3). We require dynamic ≥ 1.3× static(SB) and ≥ 1.3× static(BS).
    // AID-dynamic reduces the overhead "thanks to the AID phases": at most a third of dynamic's removals, and faster.
    let r = preset("aid-cg-b", &["static-sb", "static-bs", "dynamic", "aid-dynamic"], 1);
    let m = makespans(&r);
    assert!(m["dynamic"] >= 1.3 * m["static-sb"] && m["dynamic"] >= 1.3 * m["static-bs"], "{m:?}");
    let dynamic = loops_of(&r, "dynamic");
    let aid = loops_of(&r, "aid-dynamic");
    assert!(aid.pool_removals * 3 <= dynamic.pool_removals, "removals: aid-dynamic {} vs dynamic {}", aid.pool_removals, dynamic.pool_removals);
    assert!(aid.overhead_ns * 2 <= dynamic.overhead_ns, "overhead: {} vs {}", aid.overhead_ns, dynamic.overhead_ns);
    assert!(m["aid-dynamic"] < m["dynamic"], "{m:?}");
}

#[test]
fn guided_never_beats_both_static_and_dynamic() {
    // Seed 003 §5: guided "never outperforms both" static and dynamic for any program. Our model lacks libgomp's
    // compare-and-swap retries and locality loss, so guided may come out slightly ahead on overhead-bound programs;
    // tolerance: guided is never more than 10% faster than the better of static(BS) and dynamic.
    for name in ["aid-ep-a", "aid-ep-b", "aid-cg-a", "aid-cg-b", "aid-particlefilter-a", "aid-bt-a", "aid-bt-b", "aid-blackscholes-a", "aid-blackscholes-b"] {
        let m = makespans(&preset(name, &["static-bs", "dynamic", "guided"], 1));
        let best = m["static-bs"].min(m["dynamic"]);
        assert!(m["guided"] >= 0.9 * best, "{name}: {m:?}");
    }
}

#[test]
fn bs_beats_sb_when_serial_phases_matter() {
    // Seed 003 §5A: running the master thread on a big core (BS) accelerates programs with large serial phases
    // (IS, blackscholes, bfs, hotspot3D, up to 2.2×). The blackscholes-like program must gain at least 15% with BS.
    for name in ["aid-blackscholes-a", "aid-blackscholes-b"] {
        let m = makespans(&preset(name, &["static-sb", "static-bs"], 1));
        assert!(m["static-bs"] <= 0.85 * m["static-sb"], "{name}: {m:?}");
    }
}

#[test]
fn particlefilter_static_bs_is_worse_than_sb_and_dynamic_fixes_it() {
    // Seed 003 §5A: the heavier last iterations land on small cores under static(BS), so BS is slower than SB;
    // dynamic is clearly better. Tolerances: BS ≥ 10% slower than SB, dynamic ≥ 15% faster than SB.
    let m = makespans(&preset("aid-particlefilter-a", &["static-sb", "static-bs", "dynamic"], 1));
    assert!(m["static-bs"] >= 1.1 * m["static-sb"], "{m:?}");
    assert!(m["dynamic"] <= 0.85 * m["static-sb"], "{m:?}");
}

#[test]
fn offline_sf_loses_under_llc_contention_on_a_and_wins_on_b() {
    // Seed 003 §5C, Fig. 9: for blackscholes on Platform A, LLC contention lowers the real SF and AID-static (sampled)
    // beats AID-static(offline-SF); on Platform B, offline wins because sampling mispredicts. Mean over four seeds, any margin.
    let mean = |name: &str, sched: &str| -> f64 {
        (1..=4).map(|seed| makespans(&preset(name, &[sched], seed))[sched]).sum::<f64>() / 4.0
    };
    assert!(mean("aid-blackscholes-a", "aid-static") < mean("aid-blackscholes-a", "aid-static-offline"));
    assert!(mean("aid-blackscholes-b", "aid-static-offline") < mean("aid-blackscholes-b", "aid-static"));
    // The sampled SF is close to the true (contended) one, the offline one is not: |est − true| within 20% vs above 30%.
    let r = preset("aid-blackscholes-a", &["aid-static", "aid-static-offline"], 1);
    for (sched, close) in [("aid-static", true), ("aid-static-offline", false)] {
        let l = &loops_of(&r, sched).loops[0];
        let err = (l.estimated_sf.expect("sf") - l.true_sf).abs() / l.true_sf;
        assert_eq!(err < 0.2, close, "{sched}: estimated {:?} true {}", l.estimated_sf, l.true_sf);
        assert!(close || err > 0.3);
    }
}

#[test]
fn seed000_fig9_dynamic_loops_and_tasks_beat_static_threading() {
    // Seed 000 §5.3, Fig. 9: on 4 big + 1 little, loop dynamic improves static threading by up to 54% and the
    // task-based runtime by up to 59% (83% for blackscholes). We require both ≥ 25% faster, and within 5% of each other.
    let loops = makespans(&preset("aid-fig9-loops", &["pthreads", "dynamic"], 1));
    let tasks = makespans(&preset("aid-fig9-tasks", &["fifo"], 1));
    assert!(loops["pthreads"] >= 1.25 * loops["dynamic"], "{loops:?}");
    assert!(loops["pthreads"] >= 1.25 * tasks["fifo"], "{loops:?} {tasks:?}");
    assert!((loops["dynamic"] / tasks["fifo"] - 1.0).abs() < 0.05);
}
