//! Calibration from the real systrace sample: two clusters from the two frequency domains, a big cluster faster than the little one,
//! and a scenario that runs to completion under every task scheduler.

use engine::import::calibrate::{calibrate, CalibrateOptions};
use engine::import::import_bytes;
use engine::registry;

use crate::import_dump::traces_dir;

#[test]
fn systrace_sample_calibrates_into_a_scenario_every_scheduler_runs() {
    let bytes = std::fs::read(traces_dir().join("trace_surfaceflinger.html")).expect("sample");
    let trace = import_bytes("trace_surfaceflinger.html", &bytes);
    let cal = calibrate(&trace, &CalibrateOptions::default()).expect("calibrates");
    let s = &cal.scenario;
    // SOURCES.md: cores 0-3 and 4-7 are two frequency domains.
    assert_eq!(s.platform.clusters.len(), 2, "{}", cal.report);
    assert_eq!(s.platform.clusters.iter().map(|c| c.cores).collect::<Vec<_>>(), vec![4, 4]);
    // The second domain is the big cluster (Snapdragon 835 class: Kryo 280 gold cores).
    // Its ratio comes from the names seen on both clusters; a big core is expected to be 1.3x to 4x faster per clock at top frequency.
    let (little, big) = (s.platform.clusters[0].ratio, s.platform.clusters[1].ratio);
    assert_eq!(little, 1.0);
    assert!((1.3..=4.0).contains(&big), "big/little ratio {big}; report {}", cal.report);
    assert!(!s.events.is_empty(), "observed frequency changes are replayed as DVFS events");
    // 421 sched_wakeup lines: wake-ups between threads whose slices were kept become cross-thread edges.
    assert!(cal.report["wakeup_edges"].as_u64().unwrap_or(0) > 50, "{}", cal.report);
    assert_eq!(s.schedulers, registry::names(engine::model::Level::Tasks));
    let result = engine::run::run(s).expect("runs");
    let n_tasks = cal.report["tasks"].as_u64().expect("tasks");
    assert!(n_tasks > 100);
    for run in &result.runs {
        assert_eq!(run.metrics.tasks, n_tasks, "{}", run.scheduler);
        assert!(run.metrics.makespan_ns > 0);
    }
    // A user-given split works too, and a wrong one names the field.
    let split = CalibrateOptions { clusters: Some(vec![2, 6]), cpu_sets: None, schedulers: vec!["fifo".into(), "rws".into()], max_tasks: 50 };
    let cal2 = calibrate(&trace, &split).expect("split");
    assert_eq!(cal2.scenario.platform.clusters[1].cores, 6);
    assert_eq!(engine::run::run(&cal2.scenario).expect("runs").runs.len(), 2);
    let bad = CalibrateOptions { clusters: Some(vec![3, 3]), ..Default::default() };
    assert_eq!(calibrate(&trace, &bad).err().expect("sizes must cover 8 CPUs").path, "clusters");
}

#[test]
fn cpu_sets_give_non_contiguous_clusters() {
    let rel = "fixtures/trace-cmd-devlib-noncontiguous.txt";
    let trace = import_bytes(rel, &std::fs::read(traces_dir().join(rel)).expect("fixture"));
    let sets = CalibrateOptions { cpu_sets: Some(vec![vec![1, 2], vec![0, 3, 4, 5]]), schedulers: vec!["fifo".into()], ..Default::default() };
    let cal = calibrate(&trace, &sets).expect("CPU sets");
    assert_eq!(cal.scenario.platform.clusters.iter().map(|c| c.cores).collect::<Vec<_>>(), vec![2, 4]);
    // The big CPUs 1 and 2 run the render thread twice as fast: the first cluster is the faster one.
    assert!(cal.scenario.platform.clusters[0].ratio > cal.scenario.platform.clusters[1].ratio, "{}", cal.report);
    for (sets, why) in [(vec![vec![1, 2], vec![0, 3, 4]], "CPU 5 of the trace is in no cluster"), (vec![vec![1, 2], vec![2, 0, 3, 4, 5]], "CPU 2 is in two clusters"), (vec![vec![1, 9]], "CPU 9 is not in the trace")] {
        let err = calibrate(&trace, &CalibrateOptions { cpu_sets: Some(sets), ..Default::default() }).err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains(why), "{err}");
    }
    // The CLI takes the same sets as `replay --clusters`.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_asymlab")).args(["calibrate", "--report", "--clusters", "1,2:0,3-5"]).arg(traces_dir().join(rel)).output().expect("runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("report JSON");
    assert_eq!(report["clusters"].as_array().map(Vec::len), Some(2), "{report}");
}

#[test]
fn traces_without_cpus_calibrate_from_their_lanes() {
    let bytes = std::fs::read(traces_dir().join("dreamplace.json")).expect("sample");
    let trace = import_bytes("dreamplace.json", &bytes);
    let opts = CalibrateOptions { schedulers: vec!["fifo".into(), "rws".into()], ..Default::default() };
    let cal = calibrate(&trace, &opts).expect("calibrates");
    assert_eq!(cal.scenario.platform.n_cores(), 34);
    let result = engine::run::run(&cal.scenario).expect("runs");
    assert!(result.runs.iter().all(|r| r.metrics.tasks == cal.report["tasks"].as_u64().unwrap_or(0)));
}
