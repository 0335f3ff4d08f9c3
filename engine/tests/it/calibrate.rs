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
    let result = engine::run::run(&s).expect("runs");
    let n_tasks = cal.report["tasks"].as_u64().expect("tasks");
    assert!(n_tasks > 100);
    for run in &result.runs {
        assert_eq!(run.metrics.tasks, n_tasks, "{}", run.scheduler);
        assert!(run.metrics.makespan_ns > 0);
    }
    // A user-given split works too, and a wrong one names the field.
    let split = CalibrateOptions { clusters: Some(vec![2, 6]), schedulers: vec!["fifo".into(), "rws".into()], max_tasks: 50 };
    let cal2 = calibrate(&trace, &split).expect("split");
    assert_eq!(cal2.scenario.platform.clusters[1].cores, 6);
    assert_eq!(engine::run::run(&cal2.scenario).expect("runs").runs.len(), 2);
    let bad = CalibrateOptions { clusters: Some(vec![3, 3]), ..Default::default() };
    assert_eq!(calibrate(&trace, &bad).err().expect("sizes must cover 8 CPUs").path, "clusters");
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
