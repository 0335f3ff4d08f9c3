//! Invariants of the loop level over seeded random loop programs: every iteration once, exclusive cores, barriers respected, serial code on thread 0, determinism.

use std::collections::BTreeMap;

use engine::registry;
use engine::loops::schedule::PhaseKind;
use engine::model::events::{CoreOffline, CpuInterference, Dvfs};
use engine::model::loops::{CostProfile, LoopCosts, LoopProgram, ParallelLoop, Phase, SerialPhase};
use engine::model::{TimelineEvent, WorkClass, Workload};
use engine::catalogue::platform;
use engine::run::Run as SchedulerRun;
use engine::scenario::Scenario;
use engine::sim::Rng;
use engine::trace::SegmentKind;

const N_PROGRAMS: u64 = 60;

fn random_scenario(seed: u64) -> Scenario {
    let mut rng = Rng::new(seed);
    let mut p = platform(["odroid-xu4", "xeon-emulated", "jetson-tx2"][rng.below(3) as usize]).expect("platform");
    for c in &mut p.clusters {
        c.cores = 1 + rng.below(4) as u32;
    }
    let n_cores = p.n_cores() as u64;
    let classes: Vec<WorkClass> = (0..3)
        .map(|i| {
            let mut k = WorkClass::named(&format!("k{i}"));
            for ty in ["A15", "xeon-fast", "Denver"] {
                k.ratio.insert(ty.into(), 1.0 + rng.unit_f64() * 5.0);
            }
            k
        })
        .collect();
    let phases: Vec<Phase> = (0..1 + rng.below(6))
        .map(|_| {
            let class = format!("k{}", rng.below(3));
            if rng.below(4) == 0 {
                return Phase::Serial(SerialPhase { name: None, work_ns: rng.unit_f64() * 200_000.0, class });
            }
            let n = 1 + rng.below(3_000);
            let cost = match rng.below(4) {
                0 => CostProfile::Uniform { iter_ns: 100.0 + rng.unit_f64() * 20_000.0 },
                1 => CostProfile::Ramp { first_ns: rng.unit_f64() * 10_000.0, last_ns: rng.unit_f64() * 30_000.0 },
                2 => CostProfile::Random { mean_ns: 100.0 + rng.unit_f64() * 20_000.0, cv: rng.unit_f64(), length: 1 + rng.below(3) * rng.below(200) },
                _ => CostProfile::Explicit { iter_ns: (0..n).map(|_| rng.unit_f64() * 10_000.0).collect() },
            };
            Phase::Loop(ParallelLoop { name: None, iterations: n, class, cost, chunk: 1 + rng.below(8) })
        })
        .collect();
    let mut events = Vec::new();
    for _ in 0..rng.below(4) {
        let start_ns = rng.below(2_000_000);
        let end_ns = Some(start_ns + 1 + rng.below(2_000_000));
        let core = rng.below(n_cores) as u32;
        events.push(match rng.below(3) {
            0 => TimelineEvent::Dvfs(Dvfs { cluster: 0, freq_mhz: p.clusters[0].freqs_mhz[0], start_ns, end_ns }),
            1 => TimelineEvent::CpuInterference(CpuInterference { cores: vec![core], threads: 1 + rng.below(2) as u32, start_ns, end_ns, slice_ns: None }),
            _ => TimelineEvent::CoreOffline(CoreOffline { core, start_ns, end_ns }),
        });
    }
    let threads = if rng.below(3) == 0 { Some(1 + rng.below(n_cores) as u32) } else { None };
    let mut schedulers: Vec<String> = registry::names(engine::model::Level::Loops).iter().map(|s| s.to_string()).collect();
    schedulers.push("dynamic[chunk=3]".into());
    schedulers.push("aid-hybrid[p=0.5,chunk=2,m=2]".into());
    schedulers.push("aid-dynamic[m=2,M=7]".into());
    Scenario {
        version: engine::scenario::SCENARIO_VERSION,
        name: format!("random loops {seed}"),
        description: String::new(),
        seed,
        platform: p,
        classes,
        workload: Workload::LoopProgram(LoopProgram {
            threads,
            repeat: 1 + rng.below(3) as u32,
            costs: LoopCosts {
                removal_ns: rng.unit_f64() * 1_000.0,
                removal_growth: rng.unit_f64() * 0.2,
                barrier_ns: rng.below(5_000),
                line_ns: rng.unit_f64() * 300.0,
                cross_cluster_ns: rng.unit_f64() * 300.0,
                cold_factor: rng.unit_f64(),
            },
            phases,
            paper: vec![],
        }),
        events,
        schedulers,
        custom_schedulers: Vec::new(),
        exercise: None,
        runtime: Default::default(),
    }
}

fn check(run: &SchedulerRun, s: &Scenario, ctx: &str) {
    let Workload::LoopProgram(program) = &s.workload else { unreachable!() };
    let r = &run.record;
    let chunks = run.loop_extras().expect("loop metrics");
    let m = &chunks.metrics;
    assert!(!m.coalesced, "{ctx}: small programs are recorded chunk by chunk");
    // Exclusive cores: the record is sorted by core and start.
    for i in 1..r.len() {
        assert!(r.start_ns[i] <= r.end_ns[i], "{ctx}: segment {i} ends before it starts");
        if r.lane[i] == r.lane[i - 1] {
            assert!(r.start_ns[i] >= r.end_ns[i - 1], "{ctx}: core {} runs two things at once at {}", r.lane[i], r.start_ns[i]);
        }
    }
    // Every iteration of every loop instance exactly once; serial work only on thread 0's core.
    let n_phases = program.phases.len();
    let mut ranges: BTreeMap<u32, Vec<(u64, u64)>> = BTreeMap::new();
    let mut span: BTreeMap<u32, (u64, u64)> = BTreeMap::new();
    for i in 0..r.len() {
        let pos = r.item[i];
        let e = span.entry(pos).or_insert((u64::MAX, 0));
        if r.kind[i] != SegmentKind::Idle as u8 && r.group[i] != PhaseKind::Barrier as u32 {
            e.0 = e.0.min(r.start_ns[i]);
            e.1 = e.1.max(r.end_ns[i]);
        }
        if r.kind[i] != SegmentKind::Work as u8 {
            continue;
        }
        if r.group[i] == PhaseKind::Serial as u32 {
            assert_eq!(r.lane[i], m.thread_cores[0], "{ctx}: serial code off the master thread");
            continue;
        }
        ranges.entry(pos).or_default().push((chunks.chunk_first[i] as u64, chunks.chunk_iters[i] as u64));
    }
    let mut total = 0u64;
    for pos in 0..(n_phases * program.repeat as usize) as u32 {
        let Phase::Loop(l) = &program.phases[pos as usize % n_phases] else { continue };
        let mut rs = ranges.remove(&pos).unwrap_or_default();
        rs.sort();
        let mut next = 0u64;
        for (start, len) in rs {
            assert_eq!(start, next, "{ctx}: loop at phase {pos}: iteration {next} missing or run twice");
            assert!(len > 0, "{ctx}: empty chunk");
            next += len;
        }
        assert_eq!(next, l.iterations, "{ctx}: loop at phase {pos} ran {next} of {} iterations", l.iterations);
        total += l.iterations;
    }
    assert_eq!(m.iterations, total, "{ctx}: iteration count");
    // Barriers: nothing of phase k+1 starts before everything of phase k ended.
    let spans: Vec<(u64, u64)> = span.values().copied().filter(|s| s.0 != u64::MAX).collect();
    for w in spans.windows(2) {
        assert!(w[1].0 >= w[0].1, "{ctx}: a phase started at {} before the previous one ended at {}", w[1].0, w[0].1);
    }
    assert_eq!(run.metrics.makespan_ns, m.completion_ns);
    assert!(r.end_ns.iter().all(|&e| e <= m.completion_ns), "{ctx}: segment after completion");
    assert!(m.loops.iter().all(|l| l.imbalance >= 1.0 - 1e-9), "{ctx}: imbalance below 1");
}

#[test]
fn random_loop_programs_keep_every_invariant_under_every_schedule() {
    for seed in 0..N_PROGRAMS {
        let s = random_scenario(seed);
        let again = Scenario::from_json(&s.to_json()).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let result = engine::run::run(&again).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        for run in &result.runs {
            check(run, &again, &format!("seed {seed} {}", run.scheduler));
        }
        if seed % 10 == 0 {
            let twice = engine::run::run(&again).expect("runs");
            for (a, b) in result.runs.iter().zip(&twice.runs) {
                assert_eq!(a.record.start_ns, b.record.start_ns, "seed {seed}: not deterministic");
                assert_eq!(a.metrics, b.metrics);
            }
        }
    }
}

#[test]
fn bad_loop_input_is_named() {
    let base = engine::catalogue::scenario("aid-ep-a").expect("preset");
    let text = base.to_json();
    let mut v: serde_json::Value = serde_json::from_str(&text).expect("json");
    let err = |v: &serde_json::Value| Scenario::from_json(&v.to_string()).expect_err("must fail");
    let mut a = v.clone();
    a["workload"]["phases"][1]["iterations"] = 0.into();
    assert_eq!(err(&a).path, "workload.phases[1].iterations");
    let mut a = v.clone();
    a["workload"]["phases"][1]["chunk"] = 0.into();
    assert_eq!(err(&a).path, "workload.phases[1].chunk");
    let mut a = v.clone();
    a["workload"]["threads"] = 9.into();
    let e = err(&a);
    assert_eq!(e.path, "workload.threads");
    assert!(e.message.contains("9 threads but the platform has 8 cores"), "{e}");
    let mut a = v.clone();
    a["schedulers"] = serde_json::json!(["static-bs", "aid-hybrid[p=1.2]"]);
    let e = err(&a);
    assert_eq!(e.path, "schedulers[1]");
    assert!(e.message.contains("p must be in (0, 1]"), "{e}");
    let mut a = v.clone();
    a["schedulers"] = serde_json::json!(["aid-dynamic[m=8,M=5]"]);
    assert!(err(&a).message.contains("must not exceed"));
    let mut a = v.clone();
    a["schedulers"] = serde_json::json!(["rws"]);
    assert!(err(&a).message.contains("unknown scheduler 'rws' ('rws' is a tasks scheduler"), "{}", err(&a));
    v["workload"]["phases"][1]["class"] = "nope".into();
    assert_eq!(err(&v).path, "workload.phases[1].class");
}

fn single_loop(n: u64, iter_ns: f64, schedulers: &[&str]) -> Scenario {
    let mut s = engine::catalogue::scenario("aid-ep-a").expect("preset");
    s.workload = Workload::LoopProgram(LoopProgram {
        threads: None,
        repeat: 1,
        costs: LoopCosts::default(),
        phases: vec![Phase::Loop(ParallelLoop { name: None, iterations: n, class: "ep".into(), cost: CostProfile::Uniform { iter_ns }, chunk: 1 })],
        paper: vec![],
    });
    s.schedulers = schedulers.iter().map(|x| x.to_string()).collect();
    s
}

#[test]
fn static_schedules_use_chunk_level_events_not_one_per_iteration() {
    // A 10^6-iteration loop under static, pthreads, hybrid-split, AID-static(offline) costs a handful of events per thread.
    let r = engine::run::run(&single_loop(1_000_000, 10.0, &["static-bs", "static-sb", "pthreads", "hybrid-split", "aid-static-offline", "aid-static"])).expect("runs");
    for run in &r.runs {
        assert!(run.events_handled < 200, "{}: {} events", run.scheduler, run.events_handled);
    }
}

#[test]
fn a_dvfs_step_re_times_running_chunks() {
    // Static(BS) on Platform A, 8 threads, 8,000 iterations of 10 µs: each big thread runs 1,000 iterations = 10 ms of
    // reference work at speed 1.6 (6.25 ms). Halving the big cluster's frequency (2000 → 1000 MHz, β = 1) at 1 ms
    // leaves (10 ms − 1.6 ms) of work at speed 0.8: the big threads finish at 1 + 8.4/0.8 = 11.5 ms (±2 µs rounding),
    // after the small threads' 10 ms.
    let mut s = single_loop(8_000, 10_000.0, &["static-bs"]);
    s.events.push(TimelineEvent::Dvfs(Dvfs { cluster: 0, freq_mhz: 1000, start_ns: 1_000_000, end_ns: None }));
    let r = engine::run::run(&s).expect("runs");
    let rec = &r.runs[0].record;
    let big_end = (0..rec.len())
        .filter(|&i| rec.lane[i] < 4 && rec.kind[i] == SegmentKind::Work as u8)
        .map(|i| rec.end_ns[i])
        .max()
        .expect("big work");
    let want = 1_000_000.0 + (10_000_000.0 - 1.6 * 1_000_000.0) / 0.8;
    assert!((big_end as f64 - want).abs() < 2_000.0, "big threads end at {big_end}, want {want:.0}");
    // The small threads are unaffected: 10 ms of work at speed 1.
    let small_end = (0..rec.len()).filter(|&i| rec.lane[i] >= 4 && rec.kind[i] == SegmentKind::Work as u8).map(|i| rec.end_ns[i]).max().expect("small");
    assert!((small_end as f64 - 10_000_000.0).abs() < 2_000.0, "small threads end at {small_end}");
}
