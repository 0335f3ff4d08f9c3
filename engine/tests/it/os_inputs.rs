//! OS-level input handling end to end: bad fields are named from scenario JSON, and timeline events reach the thread simulator.

use engine::model::events::{CoreOffline, Dvfs};
use engine::model::TimelineEvent;
use engine::Scenario;

use crate::os_model::os_scenario;

fn preset_json(name: &str) -> serde_json::Value {
    let text = engine::catalogue::scenario(name).expect("preset").to_json();
    serde_json::from_str(&text).expect("json")
}

fn error_of(v: serde_json::Value) -> engine::InputError {
    Scenario::from_json(&v.to_string()).expect_err("must fail")
}

#[test]
fn bad_os_input_is_named_by_field() {
    let mut v = preset_json("pbs-fig2");
    v["workload"]["apps"][0]["preference"] = 7.into();
    let e = error_of(v);
    assert_eq!(e.path, "workload.apps[0].preference");
    assert!(e.message.contains("3 (low), 6 (medium) or 9 (high)"), "{e}");

    let mut v = preset_json("pbs-fig2");
    v["workload"]["apps"][1]["threads"] = 5000.into();
    assert_eq!(error_of(v).path, "workload.apps[1].threads");

    let mut v = preset_json("pbs-fig2");
    v["workload"]["os"]["down_threshold"] = 900.into();
    let e = error_of(v);
    assert_eq!(e.path, "workload.os.down_threshold");
    assert!(e.message.contains("below the up threshold (700)"), "{e}");

    let mut v = preset_json("pbs-fig2");
    v["schedulers"] = serde_json::json!(["pbs", "gts[up=100,down=600]"]);
    let e = error_of(v);
    assert_eq!(e.path, "schedulers[1]");
    assert!(e.message.contains("down threshold (600) must be below the up threshold (100)"), "{e}");

    let mut v = preset_json("pbs-fig2");
    v["schedulers"] = serde_json::json!(["rws"]);
    assert!(error_of(v).message.contains("unknown scheduler 'rws' ('rws' is a tasks scheduler"));

    let mut v = preset_json("pbs-fig2");
    v["workload"]["apps"][0] = serde_json::json!({ "app": "quake" });
    assert_eq!(error_of(v).path, "workload.apps[0].app");
}

#[test]
fn timeline_events_slow_threads_and_offline_cores_are_survived() {
    let base = os_scenario("odroid-xu3:4+4", "blackscholes", &["gts", "pinned"], 1).expect("scenario");
    let plain = engine::run::run(&base).expect("run");
    let mut slow = base.clone();
    // The big cluster drops from 1600 to 800 MHz for the whole run: blackscholes (β = 1) runs at half speed there.
    slow.events.push(TimelineEvent::Dvfs(Dvfs { cluster: 0, freq_mhz: 800, start_ns: 0, end_ns: None }));
    let slowed = engine::run::run(&slow).expect("run");
    for (a, b) in plain.runs.iter().zip(&slowed.runs) {
        assert!(b.metrics.makespan_ns > a.metrics.makespan_ns, "{}: {} vs {}", a.scheduler, a.metrics.makespan_ns, b.metrics.makespan_ns);
        assert!(b.record.freq.iter().any(|f| f.cluster == 0 && f.freq_mhz == 800));
    }
    let mut off = base.clone();
    off.events.push(TimelineEvent::CoreOffline(CoreOffline { core: 5, start_ns: 10_000_000, end_ns: Some(60_000_000) }));
    let r = engine::run::run(&off).expect("a core that comes back online does not stall the run");
    assert!(r.runs.iter().all(|run| run.metrics.makespan_ns >= plain.runs[0].metrics.makespan_ns.min(plain.runs[1].metrics.makespan_ns)));
}
