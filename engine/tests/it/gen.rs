//! Seeded random scenarios for the invariant tests: random platforms, classes, DAGs and timeline events.

use std::collections::BTreeMap;

use engine::model::platform::scaled_power_table;
use engine::model::events::{CoreOffline, CpuInterference, Dvfs, DvfsSquare, MemoryInterference};
use engine::model::workload::{Criticality, Dag, DagTask, KernelKind, Layered, Priority};
use engine::model::{Cluster, Platform, TimelineEvent, WorkClass, Workload};
use engine::scenario::{RuntimeOptions, Scenario, SCENARIO_VERSION};
use engine::registry;
use engine::sim::Rng;

fn pick<'a, T>(rng: &mut Rng, items: &'a [T]) -> &'a T {
    &items[rng.below(items.len() as u64) as usize]
}

fn random_platform(rng: &mut Rng) -> Platform {
    let n_clusters = 1 + rng.below(3) as usize;
    let clusters = (0..n_clusters)
        .map(|i| {
            let n_levels = 1 + rng.below(4) as u32;
            let base = 300 + rng.below(500) as u32;
            let freqs: Vec<u32> = (0..n_levels).map(|l| base + l * 300).collect();
            let freq = *pick(rng, &freqs);
            let watts = 0.2 + rng.unit_f64() * 1.5;
            let active_w = scaled_power_table(&freqs, freq, watts, 2.5);
            let idle_w = active_w.iter().map(|w| w * 0.1).collect();
            Cluster {
                name: format!("c{i}"),
                core_type: format!("type{i}"),
                cores: 1 + rng.below(6) as u32,
                freqs_mhz: freqs,
                freq_mhz: freq,
                ref_freq_mhz: freq,
                ratio: 0.5 + rng.unit_f64() * 3.0,
                l1_kb: 32,
                l2_kb: 1024,
                active_w,
                idle_w,
                cluster_w: Vec::new(),
            }
        })
        .collect();
    Platform::of_clusters("random", clusters)
}

fn random_classes(rng: &mut Rng, platform: &Platform) -> Vec<WorkClass> {
    (0..1 + rng.below(3))
        .map(|i| {
            let mut ratio = BTreeMap::new();
            for c in &platform.clusters {
                if rng.below(2) == 0 {
                    ratio.insert(c.core_type.clone(), 0.3 + rng.unit_f64() * 4.0);
                }
            }
            WorkClass {
                name: format!("k{i}"),
                ratio,
                beta: rng.unit_f64(),
                mem_intensity: rng.unit_f64(),
                parallel_overhead: rng.unit_f64() * 0.2,
                shared_partitions: i % 2 == 1,
            }
        })
        .collect()
}

fn random_workload(rng: &mut Rng, classes: &[WorkClass]) -> Workload {
    if rng.below(2) == 0 {
        return Workload::Layered(Layered {
            kernel: *pick(rng, &[KernelKind::Matmul, KernelKind::Copy, KernelKind::Stencil]),
            parallelism: 1 + rng.below(8) as u32,
            tasks: 20 + rng.below(300) as u32,
            tile: None,
            work_ns: Some(1_000.0 + rng.unit_f64() * 500_000.0),
            jitter_cv: rng.unit_f64() * 0.5,
            class: Some(classes[0].name.clone()),
            working_set_kb: if rng.below(2) == 0 { Some(rng.unit_f64() * 100.0) } else { None },
            l1_miss_factor: Some(1.0 + rng.unit_f64()),
        });
    }
    let n = 1 + rng.below(250) as usize;
    let tasks = (0..n)
        .map(|i| {
            let mut deps: Vec<u32> = Vec::new();
            if i > 0 {
                for _ in 0..rng.below(4) {
                    let d = rng.below(i as u64) as u32;
                    if !deps.contains(&d) {
                        deps.push(d);
                    }
                }
            }
            DagTask {
                task_type: Some(format!("t{}", rng.below(3))),
                class: pick(rng, classes).name.clone(),
                work_ns: 100.0 + rng.unit_f64() * 1_000_000.0,
                priority: if rng.below(4) == 0 { Priority::High } else { Priority::Low },
                deps,
                place: None,
            }
        })
        .collect();
    let criticality = if rng.below(2) == 0 { Criticality::Given } else { Criticality::BottomLevel };
    Workload::Dag(Dag { tasks, criticality })
}

fn random_events(rng: &mut Rng, platform: &Platform) -> Vec<TimelineEvent> {
    let n_cores = platform.n_cores() as u64;
    (0..rng.below(5))
        .map(|_| {
            let start_ns = rng.below(20_000_000);
            let end_ns = Some(start_ns + 1_000 + rng.below(20_000_000));
            let cluster = rng.below(platform.clusters.len() as u64) as u32;
            let levels = &platform.clusters[cluster as usize].freqs_mhz;
            match rng.below(5) {
                0 => TimelineEvent::Dvfs(Dvfs { cluster, freq_mhz: *pick(rng, levels), start_ns, end_ns: if rng.below(2) == 0 { end_ns } else { None } }),
                1 => TimelineEvent::DvfsSquare(DvfsSquare {
                    cluster,
                    high_mhz: *pick(rng, levels),
                    low_mhz: *pick(rng, levels),
                    high_ns: 10_000 + rng.below(3_000_000),
                    low_ns: 10_000 + rng.below(3_000_000),
                    start_ns,
                    end_ns: if rng.below(2) == 0 { end_ns } else { None },
                    random_phase: start_ns % 2 == 1,
                }),
                2 => TimelineEvent::CpuInterference(CpuInterference { cores: vec![rng.below(n_cores) as u32], threads: 1 + rng.below(3) as u32, start_ns, end_ns, slice_ns: start_ns.is_multiple_of(3).then_some(50_000 + start_ns % 2_000_000) }),
                3 => TimelineEvent::MemoryInterference(MemoryInterference { cluster, intensity: rng.unit_f64(), start_ns, end_ns }),
                _ => TimelineEvent::CoreOffline(CoreOffline { core: rng.below(n_cores) as u32, start_ns, end_ns }),
            }
        })
        .collect()
}

/// A valid random scenario fixed by `seed`, running every registered scheduler.
pub fn random_scenario(seed: u64) -> Scenario {
    let mut rng = Rng::new(seed);
    let platform = random_platform(&mut rng);
    let classes = random_classes(&mut rng, &platform);
    let workload = random_workload(&mut rng, &classes);
    let events = random_events(&mut rng, &platform);
    Scenario {
        version: SCENARIO_VERSION,
        name: format!("random {seed}"),
        description: String::new(),
        seed,
        platform,
        classes,
        workload,
        events,
        schedulers: registry::names(engine::model::Level::Tasks).iter().map(|s| s.to_string()).collect(),
        custom_schedulers: Vec::new(),
        exercise: None,
        runtime: RuntimeOptions {
            steal_ns: rng.below(3_000),
            ptt_search_ns: rng.below(2_000),
            dispatch_ns: rng.below(1_000),
            ptt_weight: 0.2,
            ..RuntimeOptions::default()
        },
    }
}
