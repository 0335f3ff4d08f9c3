//! Loop-level presets named after seed 003 (`aid-…`): programs modelled on its applications, on Platform A (Odroid-XU4) and Platform B (emulated Xeon).
//!
//! Iteration costs, loop counts and per-loop speedup factors are *estimates* chosen to have the shape the paper
//! describes (EP: one long loop of nearly equal iterations; CG/IS: many short loops of tiny iterations; …). The
//! figures the paper reports travel with each program (`workload.paper`), so the UI can show them beside the simulated ones.
//! Costs are reference nanoseconds: time on a small core (ratio 1) at its reference frequency.

use std::collections::BTreeMap;

use crate::model::events::MemoryInterference;
use crate::model::loops::{CostProfile, LoopCosts, LoopProgram, PaperFigure, ParallelLoop, Phase, SerialPhase};
use crate::model::workload::{KernelKind, Layered};
use crate::model::{Platform, TimelineEvent, WorkClass, Workload};
use crate::scenario::presets::{platform, PresetInfo};
use crate::scenario::{RuntimeOptions, Scenario, SCENARIO_VERSION};

/// Every loop schedule compared in seed 003's figures.
pub const ALL_LOOP_SCHEDULES: &[&str] =
    &["static-sb", "static-bs", "dynamic", "guided", "aid-static", "aid-static-offline", "aid-hybrid", "aid-dynamic", "hybrid-split"];

macro_rules! preset {
    ($id:ident, $name:literal, $title:literal, $description:literal) => {
        #[doc = $title]
        pub const $id: PresetInfo = PresetInfo { name: $name, title: $title, description: $description };
    };
}

preset!(EXPLAINED, "aid-explained", "AID explained · one loop on Platform A (start here)", "400 heavy iterations on 4 big + 4 small cores, so every phase is visible: static leaves the big cores waiting at the barrier; AID samples one iteration per thread (vermillion), big cores keep taking iterations while the small ones finish sampling (sky blue), then each thread gets its asymmetric share (green); AID-hybrid ends dynamically (yellow).");
preset!(FIG1_2B2S, "aid-fig1-ep-2b2s", "AID · Fig. 1a · EP-like loop, static, 2 big + 2 small", "One long loop of nearly equal iterations with 4 threads on 2 big + 2 small cores: under static the big-core threads reach the barrier early and wait (seed 003 Fig. 1a).");
preset!(FIG1_4S, "aid-fig1-ep-4s", "AID · Fig. 1b · EP-like loop, static, 4 small", "The same loop on 4 small cores finishes about as soon as on 2 big + 2 small: static wastes the big cores (seed 003 Fig. 1b).");
preset!(EP_A, "aid-ep-a", "AID · EP-like · Platform A (Odroid-XU4)", "One long loop, uniform with slight irregularity: AID-static's sampled SF is a little off, AID-hybrid absorbs it (seed 003 Fig. 4).");
preset!(EP_B, "aid-ep-b", "AID · EP-like · Platform B (emulated Xeon)", "The EP-like loop on the emulated Xeon, where big cores are at most 2.3× faster.");
preset!(CG_A, "aid-cg-a", "AID · CG/IS-like · Platform A", "Many short loops of tiny iterations: each pool removal costs about as much as an iteration, so dynamic pays heavily.");
preset!(CG_B, "aid-cg-b", "AID · CG/IS-like · Platform B", "The overhead-bound program on Platform B: dynamic loses to static, AID-dynamic cuts the removals (seed 003 Fig. 7).");
preset!(PF_A, "aid-particlefilter-a", "AID · particlefilter-like · Platform A", "A long loop whose last iterations are the heaviest: static(BS) hands them to small cores, dynamic balances.");
preset!(BT_A, "aid-bt-a", "AID · BT-like · Platform A", "Thirty loops, each with its own big-to-small speedup factor (1.4× to 7.7×, seed 003 Fig. 2): a single SF cannot fit them all.");
preset!(BT_B, "aid-bt-b", "AID · BT-like · Platform B", "The same thirty loops on Platform B, where their SFs range from 1.1× to 2.3×.");
preset!(BS_A, "aid-blackscholes-a", "AID · blackscholes-like · Platform A", "A large serial initialisation, then loops over options; LLC contention among the big cores lowers the real SF below the single-thread one (seed 003 §5C).");
preset!(BS_B, "aid-blackscholes-b", "AID · blackscholes-like · Platform B", "The same program on Platform B: no LLC contention, but irregular options make the one-iteration sampling noisy.");
preset!(FIG9_LOOPS, "aid-fig9-loops", "Seed 000 Fig. 9 · blackscholes profile as loops · 4 big + 1 little", "6,400 options as one parallel loop on an Odroid-XU3 with 4 A15 + 1 A7: static threading, loop static and loop dynamic.");
preset!(FIG9_TASKS, "aid-fig9-tasks", "Seed 000 Fig. 9 · blackscholes profile as tasks · 4 big + 1 little", "The same 6,400 options as independent tasks under the task-based FIFO runtime, to compare with aid-fig9-loops.");

fn ratios(pairs: &[(&str, f64)]) -> BTreeMap<String, f64> {
    pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect()
}

/// A class with the given big-core ratio on Platform A (A15) and Platform B (fast Xeon cores).
fn class(name: &str, sf_a: f64, sf_b: f64, mem_intensity: f64) -> WorkClass {
    WorkClass {
        name: name.into(),
        ratio: ratios(&[("A15", sf_a), ("xeon-fast", sf_b)]),
        beta: 1.0,
        mem_intensity,
        parallel_overhead: 0.05,
    }
}

fn fig(label: &str, value: &str, source: &str) -> PaperFigure {
    PaperFigure { label: label.into(), value: value.into(), source: source.into() }
}

fn serial(name: &str, work_ns: f64, class: &str) -> Phase {
    Phase::Serial(SerialPhase { name: Some(name.into()), work_ns, class: class.into() })
}

fn parallel(name: &str, iterations: u64, class: &str, cost: CostProfile) -> Phase {
    Phase::Loop(ParallelLoop { name: Some(name.into()), iterations, class: class.into(), cost, chunk: 1 })
}

fn program(phases: Vec<Phase>, repeat: u32, paper: Vec<PaperFigure>) -> LoopProgram {
    LoopProgram { threads: None, repeat, costs: LoopCosts::default(), phases, paper }
}

/// EP-like: one long loop of nearly equal iterations (cv 0.15).
fn ep(paper: Vec<PaperFigure>) -> (Vec<WorkClass>, LoopProgram) {
    let phases = vec![
        serial("setup", 2_000_000.0, "ep"),
        parallel("main loop", 16_384, "ep", CostProfile::Random { mean_ns: 60_000.0, cv: 0.15 }),
    ];
    (vec![class("ep", 2.6, 1.9, 0.0)], program(phases, 1, paper))
}

/// CG/IS-like: many short loops of tiny iterations where the removal overhead dominates.
fn cg(paper: Vec<PaperFigure>) -> (Vec<WorkClass>, LoopProgram) {
    let classes = vec![class("spmv", 1.9, 1.4, 0.3), class("dot", 1.5, 1.2, 0.3), class("axpy", 1.4, 1.15, 0.4)];
    let phases = vec![
        parallel("q = A·p", 1_000, "spmv", CostProfile::Random { mean_ns: 1_200.0, cv: 0.3 }),
        parallel("p·q", 1_000, "dot", CostProfile::Uniform { iter_ns: 300.0 }),
        parallel("z += αp, r −= αq", 1_000, "axpy", CostProfile::Uniform { iter_ns: 400.0 }),
        parallel("r·r", 1_000, "dot", CostProfile::Uniform { iter_ns: 300.0 }),
        parallel("p = r + βp", 1_000, "axpy", CostProfile::Uniform { iter_ns: 300.0 }),
        serial("convergence check", 20_000.0, "dot"),
    ];
    (classes, program(phases, 25, paper))
}

/// particlefilter-like: a long loop whose cost rises with the index, plus short regular loops.
fn particlefilter(paper: Vec<PaperFigure>) -> (Vec<WorkClass>, LoopProgram) {
    let classes = vec![class("likelihood", 2.4, 1.8, 0.1), class("resample", 1.8, 1.4, 0.3)];
    let phases = vec![
        serial("read frame", 300_000.0, "resample"),
        parallel("likelihood", 4_000, "likelihood", CostProfile::Ramp { first_ns: 5_000.0, last_ns: 55_000.0 }),
        parallel("normalise", 4_000, "resample", CostProfile::Uniform { iter_ns: 1_500.0 }),
        parallel("resample", 4_000, "resample", CostProfile::Random { mean_ns: 3_000.0, cv: 0.3 }),
    ];
    (classes, program(phases, 4, paper))
}

/// BT-like: thirty loops, each its own class and SF (Fig. 2), regular iterations.
fn bt(paper: Vec<PaperFigure>) -> (Vec<WorkClass>, LoopProgram) {
    let mut classes = Vec::new();
    let mut phases = Vec::new();
    for i in 0..30u32 {
        // SFs spread over [1.4, 7.7] on A and [1.1, 2.3] on B, in a scrambled order like Fig. 2.
        let s = ((i * 17) % 30) as f64 / 29.0;
        let name = format!("bt{i:02}");
        // Rounded to 0.01 so that the JSON text round-trips exactly.
        let round = |x: f64| (x * 100.0).round() / 100.0;
        classes.push(class(&name, round(1.4 + 6.3 * s * s), round(1.1 + 1.2 * s), 0.2));
        let iterations = 100 + 20 * (i as u64 % 5);
        phases.push(parallel(&format!("loop {}", i + 1), iterations, &name, CostProfile::Uniform { iter_ns: 20_000.0 + 1_000.0 * (i % 7) as f64 }));
    }
    phases.push(serial("timestep bookkeeping", 50_000.0, "bt00"));
    (classes, program(phases, 4, paper))
}

/// blackscholes-like: a large serial initialisation, then repeated loops over the options.
fn blackscholes(paper: Vec<PaperFigure>) -> (Vec<WorkClass>, LoopProgram) {
    let classes = vec![class("init", 2.0, 1.6, 0.2), class("price", 2.18, 1.9, 0.6)];
    let phases = vec![
        serial("read and initialise options", 60_000_000.0, "init"),
        parallel("price options", 8_000, "price", CostProfile::Random { mean_ns: 4_000.0, cv: 0.5 }),
    ];
    let mut p = program(phases, 1, paper);
    p.phases.extend((0..9).map(|_| parallel("price options", 8_000, "price", CostProfile::Random { mean_ns: 4_000.0, cv: 0.5 })));
    (classes, p)
}

fn scenario_of(info: &PresetInfo, platform: Platform, classes: Vec<WorkClass>, workload: Workload, schedulers: &[&str]) -> Scenario {
    Scenario {
        version: SCENARIO_VERSION,
        name: info.title.into(),
        description: info.description.into(),
        seed: 1,
        platform,
        classes,
        workload,
        events: vec![],
        schedulers: schedulers.iter().map(|s| s.to_string()).collect(),
        runtime: RuntimeOptions::default(),
    }
}

fn loops(info: &PresetInfo, platform: Platform, (classes, program): (Vec<WorkClass>, LoopProgram), schedulers: &[&str]) -> Scenario {
    scenario_of(info, platform, classes, Workload::LoopProgram(program), schedulers)
}

/// Odroid-XU4 with `big` A15 and `small` A7 cores (a cluster with 0 cores is left out).
pub fn odroid_xu4_subset(big: u32, small: u32) -> Option<Platform> {
    let mut p = platform("odroid-xu4")?;
    p.clusters[0].cores = big;
    p.clusters[1].cores = small;
    p.clusters.retain(|c| c.cores > 0);
    p.name = format!("Odroid-XU4 {big} big + {small} small");
    Some(p)
}

fn table2(platform_b: bool) -> Vec<PaperFigure> {
    let src = "seed 003 Table 2 (mean over 21 programs)";
    if platform_b {
        vec![
            fig("AID-static vs static(BS), Platform B", "+15.93% (gmean +14.64%)", src),
            fig("AID-hybrid vs static(BS), Platform B", "+20.08% (gmean +16.06%)", src),
            fig("AID-dynamic vs dynamic(BS), Platform B", "+22.34% (gmean +16.00%)", src),
        ]
    } else {
        vec![
            fig("AID-static vs static(BS), Platform A", "+14.98% (gmean +13.54%)", src),
            fig("AID-hybrid vs static(BS), Platform A", "+27.55% (gmean +22.67%)", src),
            fig("AID-dynamic vs dynamic(BS), Platform A", "+3.12% (gmean +2.81%)", src),
        ]
    }
}

/// The loop preset called `name`.
pub fn scenario(name: &str) -> Option<Scenario> {
    let a = || platform("odroid-xu4");
    let b = || platform("xeon-emulated");
    let fig1 = || vec![fig("static on 2 big + 2 small vs 4 small", "nearly the same completion time", "seed 003 §2, Fig. 1")];
    let s = match name {
        "aid-explained" => {
            let phases = vec![
                serial("setup", 1_000_000.0, "ep"),
                parallel("main loop", 400, "ep", CostProfile::Random { mean_ns: 500_000.0, cv: 0.15 }),
            ];
            let paper = vec![
                fig("static on an AMP", "big-core threads wait at the barrier (Fig. 1a)", "seed 003 §2"),
                fig("AID-hybrid vs AID-static on EP, Platform A", "+10.5% (AID-hybrid faster)", "seed 003 §4.2, Fig. 4"),
            ];
            loops(&EXPLAINED, a()?, (vec![class("ep", 2.6, 1.9, 0.0)], program(phases, 1, paper)), &["static-bs", "dynamic", "aid-static", "aid-hybrid", "aid-dynamic"])
        }
        "aid-fig1-ep-2b2s" => loops(&FIG1_2B2S, odroid_xu4_subset(2, 2)?, ep(fig1()), &["static-bs", "static-sb", "dynamic", "aid-static", "aid-hybrid"]),
        "aid-fig1-ep-4s" => loops(&FIG1_4S, odroid_xu4_subset(0, 4)?, ep(fig1()), &["static-bs", "dynamic"]),
        "aid-ep-a" => loops(&EP_A, a()?, ep(vec![fig("AID-hybrid vs AID-static on EP, Platform A", "+10.5% (AID-hybrid faster)", "seed 003 §4.2, Fig. 4")]), ALL_LOOP_SCHEDULES),
        "aid-ep-b" => loops(&EP_B, b()?, ep(table2(true)), ALL_LOOP_SCHEDULES),
        "aid-cg-a" => loops(&CG_A, a()?, cg(vec![fig("dynamic vs static(SB) on IS, Platform A", "1.93× slower", "seed 003 §5A, Fig. 6")]), ALL_LOOP_SCHEDULES),
        "aid-cg-b" => loops(
            &CG_B,
            b()?,
            cg(vec![
                fig("dynamic vs static(SB) on CG, Platform B", "2.86× slower", "seed 003 §5A, Fig. 7"),
                fig("AID-dynamic vs dynamic(BS), Platform B", "+22% on average", "seed 003 §5A"),
            ]),
            ALL_LOOP_SCHEDULES,
        ),
        "aid-particlefilter-a" => loops(
            &PF_A,
            a()?,
            particlefilter(vec![
                fig("static(BS) vs static(SB) on particlefilter", "BS slower: the heavy last iterations land on small cores", "seed 003 §5A"),
                fig("dynamic vs static on particlefilter", "dynamic clearly better", "seed 003 §5A"),
            ]),
            ALL_LOOP_SCHEDULES,
        ),
        "aid-bt-a" => {
            let mut paper = vec![fig("per-loop SF of BT's first 30 loops, Platform A", "up to 7.7×", "seed 003 §2, Fig. 2")];
            paper.extend(table2(false));
            loops(&BT_A, a()?, bt(paper), ALL_LOOP_SCHEDULES)
        }
        "aid-bt-b" => loops(&BT_B, b()?, bt(vec![fig("per-loop SF, Platform B", "at most 2.3×", "seed 003 §5A")]), ALL_LOOP_SCHEDULES),
        "aid-blackscholes-a" => {
            let paper = vec![
                fig("static(BS) vs static(SB) (IS, blackscholes, bfs, hotspot3D)", "up to 2.2× faster", "seed 003 §5A"),
                fig("AID-static vs AID-static(offline-SF), blackscholes, Platform A", "AID-static better: LLC misses ×3.6 with 8 threads lower the real SF", "seed 003 §5C, Fig. 9"),
            ];
            let mut s = loops(&BS_A, a()?, blackscholes(paper), ALL_LOOP_SCHEDULES);
            // LLC contention among the 4 big-core threads, present only when they all run (not in single-thread offline runs).
            s.events.push(TimelineEvent::MemoryInterference(MemoryInterference { cluster: 0, intensity: 0.6, start_ns: 0, end_ns: None }));
            s
        }
        "aid-blackscholes-b" => loops(
            &BS_B,
            b()?,
            blackscholes(vec![fig("AID-static(offline-SF) vs AID-static, blackscholes, Platform B", "offline better (SF mispredictions)", "seed 003 §5C, Fig. 9")]),
            ALL_LOOP_SCHEDULES,
        ),
        "aid-fig9-loops" | "aid-fig9-tasks" => return fig9(name),
        _ => return None,
    };
    Some(s)
}

/// Seed 000 Fig. 9 on one profile: blackscholes' 6,400 options on 4 big + 1 little (Odroid-XU3), as loops or as tasks.
fn fig9(name: &str) -> Option<Scenario> {
    let mut platform = platform("odroid-xu3")?;
    platform.clusters[1].cores = 1;
    platform.name = "Odroid-XU3 4 big + 1 little".into();
    let mut k = WorkClass::named("blackscholes");
    k.ratio = ratios(&[("A15", 2.18)]);
    let option_ns = 400_000.0;
    let paper = vec![
        fig("loop dynamic vs static threading (5 cores)", "up to +54%", "seed 000 §5.3, Fig. 9"),
        fig("loop static vs static threading", "+26% on average", "seed 000 §5.3"),
        fig("task-based vs static threading, blackscholes (5 cores)", "up to +83%", "seed 000 §5.3"),
    ];
    if name == "aid-fig9-tasks" {
        let workload = Workload::Layered(Layered {
            kernel: KernelKind::Matmul,
            parallelism: 6_400,
            tasks: 6_400,
            tile: None,
            work_ns: Some(option_ns),
            jitter_cv: 0.0,
            class: Some("blackscholes".into()),
        });
        let mut s = scenario_of(&FIG9_TASKS, platform, vec![k], workload, &["fifo"]);
        s.description = format!("{} Paper: {}", s.description, paper.iter().map(|f| format!("{} {}", f.label, f.value)).collect::<Vec<_>>().join("; "));
        return Some(s);
    }
    let program = program(vec![parallel("price options", 6_400, "blackscholes", CostProfile::Uniform { iter_ns: option_ns })], 1, paper);
    Some(loops(&FIG9_LOOPS, platform, (vec![k], program), &["pthreads", "static-bs", "dynamic"]))
}
