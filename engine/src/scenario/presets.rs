//! Platform presets of MODEL.md §6 and the scenario presets built on them; the first scenario is the app's default.
//!
//! Numbers come from the papers where they give them (frequencies, core counts, Odroid power); the rest are marked *estimate*.

use std::collections::BTreeMap;

use crate::model::platform::scaled_power_table;
use crate::model::events::{CpuInterference, DvfsSquare};
use crate::model::workload::{KernelKind, Layered};
use crate::model::{Cluster, Platform, TimelineEvent, WorkClass, Workload};
use crate::scenario::presets_loops as L;
use crate::scenario::{RuntimeOptions, Scenario, SCENARIO_VERSION};

/// A named preset for pickers and the CLI.
pub struct PresetInfo {
    /// Name used by `asymlab preset NAME` and in links.
    pub name: &'static str,
    /// Short title.
    pub title: &'static str,
    /// What it shows.
    pub description: &'static str,
}

/// Name of the scenario the app opens on.
pub const DEFAULT_SCENARIO: &str = "odroid-xu3-matmul";

/// Platform presets.
pub const PLATFORMS: &[PresetInfo] = &[
    PresetInfo { name: "odroid-xu3", title: "Odroid-XU3 (4×A15 + 4×A7)", description: "Exynos 5422 at the frequencies of seed 000: A15 at 1.6 GHz, A7 at 800 MHz." },
    PresetInfo { name: "odroid-xu4", title: "Odroid-XU4, Platform A (4×A15 + 4×A7)", description: "Seed 003's Platform A: A15 at 2.0 GHz, A7 at 1.5 GHz." },
    PresetInfo { name: "xeon-emulated", title: "Emulated Xeon, Platform B (4 fast + 4 slow)", description: "Seed 003's Platform B: 4 cores at 2.1 GHz, 4 at 1.2 GHz with an 87.5% duty cycle." },
    PresetInfo { name: "jetson-tx2", title: "Jetson TX2 (2×Denver + 4×A57)", description: "Seed 001's platform: Denver cores 0–1, A57 cores 2–5, 2 MB L2 each." },
    PresetInfo { name: "haswell-2x10", title: "Haswell 2×10 (two symmetric sockets)", description: "Seed 001 §5.4: two sockets of 10 symmetric cores." },
    PresetInfo { name: "gem5-8l8s", title: "gem5 8L8S", description: "Seed 002: 8 large cores (≈2× faster) and 8 small." },
    PresetInfo { name: "gem5-6l13s", title: "gem5 6L13S", description: "Seed 002: 6 large and 13 small cores." },
    PresetInfo { name: "gem5-4l18s", title: "gem5 4L18S", description: "Seed 002: 4 large and 18 small cores." },
];

/// Scenario presets; the first is the default.
pub const SCENARIOS: &[PresetInfo] = &[
    PresetInfo {
        name: "odroid-xu3-matmul",
        title: "Odroid-XU3 · layered matmul · FIFO vs RWS",
        description: "1,024 matmul tasks in layers of 8 on 4 big + 4 little cores: where do the critical tasks land?",
    },
    PresetInfo {
        name: "tx2-matmul",
        title: "Jetson TX2 · layered matmul, P = 4",
        description: "2,000 matmul tasks in layers of 4 on 2 Denver + 4 A57 cores.",
    },
    PresetInfo {
        name: "tx2-dvfs-square",
        title: "Jetson TX2 · Denver DVFS square wave",
        description: "The Denver cluster alternates between 2035 and 345 MHz every 20 ms while copy tasks run.",
    },
    PresetInfo {
        name: "tx2-corunner",
        title: "Jetson TX2 · co-runner on core 0",
        description: "A CPU-bound co-running thread halves core 0's share for the first 150 ms.",
    },
    PresetInfo {
        name: "tx2-matmul-32000",
        title: "Jetson TX2 · 32,000-task matmul DAG (benchmark)",
        description: "The benchmark DAG of TARGETS.md: 32,000 matmul tasks, P = 4, under RWS.",
    },
    // The OpenMP loop level (seed 003, seed 000 Fig. 9): scenario/presets_loops.rs.
    L::EXPLAINED, L::EP_A, L::FIG1_2B2S, L::FIG1_4S, L::EP_B, L::CG_A, L::CG_B, L::PF_A, L::BT_A, L::BT_B, L::BS_A, L::BS_B, L::FIG9_LOOPS, L::FIG9_TASKS,
];

/// Every scenario preset: [`SCENARIOS`] then the OS-level ones of `presets_os.rs`.
pub fn all_scenarios() -> Vec<&'static PresetInfo> {
    SCENARIOS.iter().chain(super::presets_os::OS_SCENARIOS.iter()).collect()
}

/// The OS-level catalog JSON (applications, mixes, configurations, methods, figure sweeps).
pub fn presets_os_catalog() -> String {
    super::presets_os::catalog_json()
}

fn levels(from: u32, to: u32, step: u32) -> Vec<u32> {
    (from..=to).step_by(step as usize).collect()
}

#[allow(clippy::too_many_arguments)]
fn cluster(name: &str, core_type: &str, cores: u32, freqs_mhz: Vec<u32>, freq_mhz: u32, ratio: f64, l2_kb: u32, watts_at_freq: f64) -> Cluster {
    let active_w = scaled_power_table(&freqs_mhz, freq_mhz, watts_at_freq, 2.5);
    let idle_w = active_w.iter().map(|w| (w * 0.1 * 1e4).round() / 1e4).collect();
    Cluster {
        name: name.into(),
        core_type: core_type.into(),
        cores,
        freqs_mhz,
        freq_mhz,
        ref_freq_mhz: freq_mhz,
        ratio,
        l1_kb: 32,
        l2_kb,
        active_w,
        idle_w,
    }
}

/// The platform preset called `name`.
pub fn platform(name: &str) -> Option<Platform> {
    let tx2_levels = vec![345, 499, 652, 806, 960, 1113, 1267, 1420, 1574, 1728, 1881, 2035];
    let p = match name {
        // Seed 000 §4.1: 3.5 W for 4 busy A15 at 1.6 GHz, 0.75 W for 4 busy A7 at 800 MHz.
        "odroid-xu3" => Platform {
            name: "Odroid-XU3".into(),
            clusters: vec![
                cluster("big", "A15", 4, levels(200, 2000, 100), 1600, 3.0, 2048, 0.85),
                cluster("little", "A7", 4, levels(200, 1400, 100), 800, 1.0, 512, 0.19),
            ],
        },
        "odroid-xu4" => Platform {
            name: "Odroid-XU4 (Platform A)".into(),
            clusters: vec![
                cluster("big", "A15", 4, levels(200, 2000, 100), 2000, 2.5, 2048, 1.3),
                cluster("little", "A7", 4, levels(200, 1500, 100), 1500, 1.0, 512, 0.3),
            ],
        },
        // The slow cores' 87.5% duty cycle is folded into the ratio: 2.1 / (1.2 · 0.875) = 2.0 for compute-bound work.
        "xeon-emulated" => Platform {
            name: "Emulated Xeon (Platform B)".into(),
            clusters: vec![
                cluster("fast", "xeon-fast", 4, levels(1200, 2100, 100), 2100, 2.0, 20480, 12.0),
                cluster("slow", "xeon-slow", 4, vec![1200], 1200, 1.0, 20480, 4.0),
            ],
        },
        "jetson-tx2" => Platform {
            name: "Jetson TX2".into(),
            clusters: vec![
                cluster("Denver", "Denver", 2, tx2_levels.clone(), 2035, 1.5, 2048, 1.6),
                cluster("A57", "A57", 4, tx2_levels, 2035, 1.0, 2048, 0.9),
            ],
        },
        "haswell-2x10" => Platform {
            name: "Haswell 2×10".into(),
            clusters: vec![
                cluster("socket0", "haswell", 10, levels(1200, 2300, 100), 2300, 1.0, 25600, 6.0),
                cluster("socket1", "haswell", 10, levels(1200, 2300, 100), 2300, 1.0, 25600, 6.0),
            ],
        },
        "gem5-8l8s" | "gem5-6l13s" | "gem5-4l18s" => {
            let (large, small) = match name {
                "gem5-8l8s" => (8, 8),
                "gem5-6l13s" => (6, 13),
                _ => (4, 18),
            };
            Platform {
                name: format!("gem5 {large}L{small}S"),
                clusters: vec![
                    cluster("large", "large", large, vec![2000], 2000, 2.0, 2048, 2.0),
                    cluster("small", "small", small, vec![2000], 2000, 1.0, 1024, 0.5),
                ],
            }
        }
        _ => return None,
    };
    Some(p)
}

/// Work classes of the synthetic kernels with ratios per core type (*estimates* in the range of seed 000 Table 1 and seed 001).
pub fn kernel_classes() -> Vec<WorkClass> {
    let ratio = |pairs: &[(&str, f64)]| pairs.iter().map(|(k, v)| (k.to_string(), *v)).collect::<BTreeMap<_, _>>();
    vec![
        WorkClass {
            name: "matmul".into(),
            ratio: ratio(&[("A15", 3.0), ("Denver", 1.6), ("xeon-fast", 2.0), ("large", 2.0)]),
            beta: 1.0,
            mem_intensity: 0.1,
            parallel_overhead: 0.05,
        },
        WorkClass {
            name: "copy".into(),
            ratio: ratio(&[("A15", 1.8), ("Denver", 1.2), ("xeon-fast", 1.3), ("large", 1.4)]),
            beta: 0.3,
            mem_intensity: 0.9,
            parallel_overhead: 0.15,
        },
        WorkClass {
            name: "stencil".into(),
            ratio: ratio(&[("A15", 2.4), ("Denver", 1.4), ("xeon-fast", 1.7), ("large", 1.7)]),
            beta: 0.6,
            mem_intensity: 0.5,
            parallel_overhead: 0.1,
        },
    ]
}

fn layered(kernel: KernelKind, parallelism: u32, tasks: u32) -> Workload {
    Workload::Layered(Layered { kernel, parallelism, tasks, tile: None, work_ns: None, jitter_cv: 0.0, class: None })
}

fn base(name: &str, platform_name: &str, workload: Workload, schedulers: &[&str]) -> Option<Scenario> {
    let info = SCENARIOS.iter().find(|p| p.name == name)?;
    Some(Scenario {
        version: SCENARIO_VERSION,
        name: info.title.into(),
        description: info.description.into(),
        seed: 1,
        platform: platform(platform_name)?,
        classes: kernel_classes(),
        workload,
        events: vec![],
        schedulers: schedulers.iter().map(|s| s.to_string()).collect(),
        runtime: RuntimeOptions::default(),
    })
}

/// The scenario preset called `name`.
pub fn scenario(name: &str) -> Option<Scenario> {
    match name {
        "odroid-xu3-matmul" => base(name, "odroid-xu3", layered(KernelKind::Matmul, 8, 1024), &["fifo", "rws"]),
        "tx2-matmul" => base(name, "jetson-tx2", layered(KernelKind::Matmul, 4, 2000), &["fifo", "rws"]),
        "tx2-dvfs-square" => {
            let mut s = base(name, "jetson-tx2", layered(KernelKind::Copy, 4, 4000), &["fifo", "rws"])?;
            s.events.push(TimelineEvent::DvfsSquare(DvfsSquare {
                cluster: 0,
                high_mhz: 2035,
                low_mhz: 345,
                high_ns: 20_000_000,
                low_ns: 20_000_000,
                start_ns: 0,
                end_ns: None,
            }));
            Some(s)
        }
        "tx2-corunner" => {
            let mut s = base(name, "jetson-tx2", layered(KernelKind::Matmul, 2, 1500), &["fifo", "rws"])?;
            s.events.push(TimelineEvent::CpuInterference(CpuInterference { cores: vec![0], threads: 1, start_ns: 0, end_ns: Some(150_000_000) }));
            Some(s)
        }
        "tx2-matmul-32000" => base(name, "jetson-tx2", layered(KernelKind::Matmul, 4, 32_000), &["rws"]),
        _ => L::scenario(name).or_else(|| super::presets_os::scenario(name)),
    }
}
