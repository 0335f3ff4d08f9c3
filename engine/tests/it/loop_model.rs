//! Model checks of the loop level that are not paper claims: AID-static's split formula of Saez et al. §4.2 (two and three
//! core types), the barrier imbalance of a static split, the sampled SF against the contended one, and the loop and task levels
//! agreeing on the same independent work, guided on a cost ramp from zero (particlefilter's find-index loop), and the EP-like
//! loop's SFs against the paper's largest AID-static gain and Platform B's clocks, AID-dynamic's threads waiting out each
//! phase, and the cost of AID's timestamps. The
//! papers' claims are in the catalogue (`claims.rs` holds them to their bands).

use std::collections::BTreeMap;

use engine::catalogue::{platform, scenario};
use engine::loops::schedule::PhaseKind;
use engine::loops::LoopMetrics;
use engine::model::loops::{CostProfile, LoopCosts, LoopProgram, ParallelLoop, Phase};
use engine::model::{Platform, SpeedState, WorkClass, Workload};
use engine::run::ScenarioResult;
use engine::scenario::Scenario;
use engine::trace::SegmentKind;

fn run(s: &Scenario) -> ScenarioResult {
    engine::run::run(s).unwrap_or_else(|e| panic!("{}: {e}", s.name))
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
    // Under static, latest/mean thread finish is 2·SF/(SF+1) ≈ 1.23 for the EP-like loop's SF 1.6 (two big, two small threads); ±5%.
    // The formula assumes equal iterations, so the EP-like loop's slowly drifting costs are made uniform here.
    let mut s = scenario("aid-fig1-ep-2b2s").expect("preset");
    s.schedulers = vec!["static-bs".into()];
    if let Workload::LoopProgram(p) = &mut s.workload {
        for phase in &mut p.phases {
            if let Phase::Loop(l) = phase {
                l.cost = CostProfile::Uniform { iter_ns: 60_000.0 };
            }
        }
    }
    let r = run(&s);
    let imb = loops_of(&r, "static-bs").loops[0].imbalance;
    assert!((imb - 2.0 * 1.6 / 2.6).abs() < 0.05 * 1.23, "imbalance {imb}");
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
    // |mean estimated − contended| / contended over the run's ten loops within 20% against above 30%. The contended SF
    // is the speed model's with all eight threads busy, each cluster's four cores sharing its L2 (the Odroid-XU4's
    // `l2_share_stall`); the loops' `true_sf` is one thread's, as Saez et al.'s Fig. 2 and the offline SF measure it.
    let s = scenario("aid-blackscholes-a").expect("preset");
    let price = s.classes.iter().position(|k| k.name == "price").expect("price class");
    let mut speed = SpeedState::new(&s.platform, &s.classes);
    for core in 0..s.platform.n_cores() {
        speed.set_running(0, core, Some(price));
    }
    speed.settle(0);
    let contended = speed.speed(0, price) / speed.speed(4, price);
    let r = preset("aid-blackscholes-a", &["aid-static", "aid-static-offline"], 1);
    let first = &loops_of(&r, "aid-static").loops[0];
    assert!(contended < 0.8 * first.true_sf, "contended {contended}");
    assert!((first.shared_sf - contended).abs() < 1e-9, "the loop reports {} as its SF with every thread running", first.shared_sf);
    for (sched, close) in [("aid-static", true), ("aid-static-offline", false)] {
        let loops = &loops_of(&r, sched).loops;
        assert_eq!(loops.len(), 10);
        let estimated = loops.iter().map(|l| l.estimated_sf.expect("sf")).sum::<f64>() / loops.len() as f64;
        let err = (estimated - contended).abs() / contended;
        assert_eq!(err < 0.2, close, "{sched}: mean estimated {estimated} contended {contended}");
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

#[test]
fn guided_removals_retry_their_compare_and_swap_under_contention() {
    // Eight threads take one-iteration chunks of a near-empty loop, so every removal finds the pool's line contended.
    // dynamic's fetch-and-add holds the line once per removal; guided's compare-and-swap (libgomp gomp_iter_guided_next)
    // fails once per removal queued ahead of it and holds the line once per attempt, so each of its removals costs
    // several times more line time (over 3×; without the retries about 1.4×).
    let classes = scenario("aid-cg-a").expect("preset").classes;
    let mut s = one_loop_scenario(platform("odroid-xu4").expect("platform"), classes, 4_000, "dot");
    if let Workload::LoopProgram(p) = &mut s.workload {
        p.costs = LoopCosts { line_ns: 60.0, cross_cluster_ns: 60.0, ..LoopCosts::default() };
        if let Phase::Loop(l) = &mut p.phases[0] {
            l.cost = CostProfile::Uniform { iter_ns: 1.0 };
        }
    }
    s.schedulers = vec!["dynamic".into(), "guided".into()];
    let r = run(&s);
    let per_removal = |name: &str| {
        let m = loops_of(&r, name);
        m.overhead_ns as f64 / m.pool_removals.max(1) as f64
    };
    let (dynamic, guided) = (per_removal("dynamic"), per_removal("guided"));
    assert!(guided > 3.0 * dynamic, "guided {guided} ns per removal, dynamic {dynamic} ns");
}

#[test]
fn guided_balances_a_cost_ramp_from_zero_but_not_a_uniform_loop() {
    // Rodinia's particlefilter (`ex_particle_OPENMP_seq.c`, `particleFilter`): particle j's `findIndex` scans the CDF
    // up to u[j] = u1 + j/N, so its cost grows from about nothing to a scan of the whole CDF (10,000 particles, 2.5 ns
    // per element on an A7); its likelihood loop costs the same for every particle (69 disk pixels). On Platform A
    // guided's first, largest chunks take the scan's cheap start, so it keeps up with dynamic there (measured: 6%
    // faster; bound: at most 5% slower), while on a uniform loop of the same total work its first chunk (N/T
    // iterations) on a small core leaves it behind (measured: 50% slower; bound: over 20%). docs/model-reference.md §3b,
    // "Rodinia's particlefilter".
    let mut k = WorkClass::named("scan");
    k.ratio.insert("A15".into(), 2.2);
    let n = 10_000u64;
    let (first, last) = (10.0, 10.0 + 2.5 * n as f64);
    let ratio = |cost: CostProfile| {
        let mut s = one_loop_scenario(platform("odroid-xu4").expect("A"), vec![k.clone()], n, "scan");
        if let Workload::LoopProgram(p) = &mut s.workload {
            p.costs = LoopCosts { line_ns: 60.0, cross_cluster_ns: 60.0, ..LoopCosts::default() };
            if let Phase::Loop(l) = &mut p.phases[0] {
                l.cost = cost;
            }
        }
        s.schedulers = vec!["dynamic".into(), "guided".into()];
        let m = makespans(&run(&s));
        m["guided"] / m["dynamic"]
    };
    let ramp = ratio(CostProfile::Ramp { first_ns: first, last_ns: last });
    let uniform = ratio(CostProfile::Uniform { iter_ns: (first + last) / 2.0 });
    assert!(ramp < 1.05, "guided / dynamic on the ramp {ramp}");
    assert!(uniform > 1.2, "guided / dynamic on the uniform loop {uniform}");
}

#[test]
fn the_ep_like_loop_keeps_to_the_papers_largest_gain_and_to_platform_bs_clocks() {
    // EP is one loop of roughly equal iterations, so with four big and four small threads AID-static gains at most
    // (SF − 1)/2 over static(BS); Saez et al.'s largest AID-static gain on Platform A is 30.7% (§5A, §6).
    let a = scenario("aid-ep-a").expect("preset");
    let ep = a.classes.iter().find(|k| k.name == "ep").expect("ep class");
    let sf_a = ep.ratio["A15"];
    assert!((sf_a - 1.0) / 2.0 <= 0.307, "Platform A SF {sf_a} allows more than the paper's largest gain");
    // EP is compute-bound, so on Platform B its SF is the clocks' ratio the platform folds into its fast cores' ratio
    // (2.1 GHz against 1.2 GHz at an 87.5% duty cycle).
    assert_eq!(ep.mem_intensity, 0.0);
    let b = scenario("aid-ep-b").expect("preset");
    let ep_b = b.classes.iter().find(|k| k.name == "ep").expect("ep class");
    let fast = b.platform.clusters.iter().find(|c| c.core_type == "xeon-fast").expect("fast cluster");
    assert!((fast.ratio - 2.1 / (1.2 * 0.875)).abs() < 1e-9, "fast ratio {}", fast.ratio);
    assert!((ep_b.ratio["xeon-fast"] - fast.ratio).abs() < 1e-9, "Platform B SF {}", ep_b.ratio["xeon-fast"]);
    // Under static(BS) on Platform A the big cores wait for the small ones, and AID-static gains no more than the bound.
    let r = preset("aid-ep-a", &["static-bs", "aid-static"], 1);
    let m = makespans(&r);
    let gain = m["static-bs"] / m["aid-static"] - 1.0;
    assert!(gain > 0.0 && gain <= 0.307, "AID-static over static(BS) {gain}");
}

#[test]
fn timed_chunks_pay_the_platforms_clock_read() {
    // AID-static takes two timestamps per thread and loop (its sampling phase's start and end, §4.2), each costing the
    // platform's `clock_read_ns` on the fastest core and more on slower ones in proportion (the Odroid-XU4's A7s at
    // capacity 1 against the A15s' 2.5): 4 × 2 × 1 µs + 4 × 2 × 2.5 µs = 28 µs more runtime overhead for one loop, within
    // 5% (the shifted arrivals change the pool line's queue a little). A schedule that times nothing pays none of it.
    let mut k = WorkClass::named("u");
    k.ratio.insert("A15".into(), 2.6);
    let overhead = |clock: Option<f64>, sched: &str| {
        let mut p = platform("odroid-xu4").expect("A");
        p.clock_read_ns = clock;
        let mut s = one_loop_scenario(p, vec![k.clone()], 100_000, "u");
        s.schedulers = vec![sched.into()];
        loops_of(&run(&s), sched).overhead_ns as f64
    };
    let extra = overhead(Some(1000.0), "aid-static") - overhead(None, "aid-static");
    assert!((extra - 28_000.0).abs() <= 0.05 * 28_000.0, "extra overhead {extra} ns");
    assert_eq!(overhead(Some(1000.0), "dynamic"), overhead(None, "dynamic"));
}

#[test]
fn aid_dynamic_threads_wait_out_each_phase_with_minor_chunks() {
    // Saez et al. §4.2, Fig. 5: AID-dynamic "combines phases where all threads steal the same number of iterations (m)
    // from the pool, with AID phases". A thread takes one AID chunk per phase and then chunks of m until every thread has
    // finished its own: on a uniform loop of 20,000 iterations every thread runs the same number of AID chunks (±1) and
    // the threads waiting for a phase's slowest take more minor chunks than there are AID chunks. With `wait=off` a thread
    // takes its next AID chunk at once, and minor chunks come only from the first sampling phase (a few per thread).
    let mut k = WorkClass::named("u");
    k.ratio.insert("A15".into(), 2.6);
    let chunks = |sched: &str| {
        let mut s = one_loop_scenario(platform("odroid-xu4").expect("A"), vec![k.clone()], 20_000, "u");
        s.schedulers = vec![sched.into()];
        let r = run(&s);
        let rec = &r.runs[0].record;
        let (mut aid, mut waits) = (vec![0u32; 8], 0u32);
        for i in 0..rec.len() {
            if rec.kind[i] == SegmentKind::Work as u8 && rec.group[i] == PhaseKind::Aid as u32 {
                aid[rec.lane[i] as usize] += 1;
            } else if rec.kind[i] == SegmentKind::Work as u8 && rec.group[i] == PhaseKind::SamplingWait as u32 {
                waits += 1;
            }
        }
        (aid, waits)
    };
    let (aid, waits) = chunks("aid-dynamic");
    let (max, min) = (*aid.iter().max().unwrap(), *aid.iter().min().unwrap());
    assert!(min > 10 && max - min <= 1, "AID chunks per thread {aid:?}");
    assert!(waits > aid.iter().sum::<u32>(), "{waits} minor chunks while waiting, {aid:?} AID chunks");
    let (_, waits_off) = chunks("aid-dynamic[wait=off]");
    assert!(waits_off <= 8 * 3, "{waits_off} minor chunks without waiting");
}
