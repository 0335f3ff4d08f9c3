//! Tests of the Wasm boundary through its native `try_*` twins: sessions, lists, errors naming fields, exports.
#![allow(clippy::expect_used, clippy::unwrap_used)]

use super::*;

#[test]
fn session_runs_the_default_preset_and_names_bad_fields() {
    let json = try_preset_scenario(catalogue::DEFAULT_SCENARIO).expect("preset");
    let mut s = Session::try_new(&json).expect("valid");
    let summary: serde_json::Value = serde_json::from_str(&s.try_run_all().expect("runs")).expect("json");
    assert_eq!(summary["runs"].as_array().map(Vec::len), Some(2));
    assert_eq!(s.seg_lane(0).len(), s.seg_count(0));
    assert!(s.seg_count(0) > 0);
    assert!(s.seg_lane(7).is_empty());
    assert!(s.seg_chunk_first(0).is_empty(), "task level has no chunk columns");
    let (starts, succ) = (s.graph_succ_start(), s.graph_succ());
    let n_tasks = s.seg_item(0).iter().filter(|&&i| i != u32::MAX).max().map_or(0, |&m| m as usize + 1);
    assert_eq!(starts.len(), n_tasks + 1, "one CSR row per task");
    assert_eq!(starts.last().map(|&n| n as usize), Some(succ.len()));
    assert!(!succ.is_empty() && succ.iter().all(|&t| (t as usize) < n_tasks));
    assert_eq!(summary["level"], "tasks");
    assert_eq!(summary["record"]["item"], "task");
    assert_eq!(summary["runs"][0]["extras"]["level"], "tasks");
    let all: serde_json::Value = serde_json::from_str(&try_list_schedulers("").expect("all")).expect("json");
    let loops: serde_json::Value = serde_json::from_str(&try_list_schedulers("loops").expect("loops")).expect("json");
    assert!(loops.as_array().is_some_and(|l| !l.is_empty() && l.len() < all.as_array().map_or(0, Vec::len)));
    assert!(try_list_schedulers("gpu").is_err());
    assert_eq!(try_scenario_level(&json).expect("level"), Level::Tasks);
    let listed: serde_json::Value = serde_json::from_str(&list_presets()).expect("json");
    assert_eq!(listed[0]["name"], catalogue::DEFAULT_SCENARIO);
    assert!(listed[0]["steps"].as_array().is_some_and(|s| s.len() >= 3));
    assert_eq!(listed[0]["level"], "tasks");
    assert_eq!(listed[0]["claims"][0]["id"], summary["claims"][0]["id"], "the list names a preset's claims by id and label");
    assert!(listed[0]["claims"][0]["label"].is_string());
    assert_eq!(summary["claims"].as_array().map(Vec::len), listed[0]["claims"].as_array().map(Vec::len));
    assert!(summary["claims"][0]["verdict"]["holds"].is_boolean(), "{}", summary["claims"][0]);
    assert_eq!(summary["runs"][1]["extras"]["ptt"]["history"], false, "a plain run keeps the final PTT only");
    assert_eq!(summary["runs"][1]["extras"]["ptt"]["snapshots"].as_array().map(Vec::len), Some(1));
    let ptt: serde_json::Value = serde_json::from_str(&s.ptt_text(1).expect("within budget")).expect("json");
    assert_eq!(ptt["history"], true);
    assert!(ptt["snapshots"].as_array().is_some_and(|v| v.len() > 2));
    assert_eq!(ptt["snapshots"].as_array().and_then(|v| v.last()), summary["runs"][1]["extras"]["ptt"]["snapshots"].get(0), "the re-run ends on the same table");
    let log: serde_json::Value = serde_json::from_str(&s.decisions_text(1).expect("within budget")).expect("json");
    let first = &log["decisions"][0];
    assert_eq!(log["total"].as_u64(), log["decisions"].as_array().map(|d| d.len() as u64));
    assert!(first["explanation"]["reason"].as_str().is_some_and(|r| r.contains("Core")), "{first}");
    assert_eq!(first["explanation"]["candidates"][0]["chosen"], true);
    assert_eq!(s.decisions_text(9).expect("no run"), r#"{"decisions":[],"total":0}"#);
    assert_eq!(s.ptt_text(9).expect("no run"), "null");
    let bad = json.replacen("\"cores\": 4", "\"cores\": 0", 1);
    let e = Session::try_new(&bad).err().expect("0 cores");
    assert_eq!(e.path, "platform.clusters[0].cores");
    let chrome = s.try_export_chrome().expect("export");
    assert!(chrome.contains("\"ph\":\"B\"") && chrome.contains("\"ph\":\"E\""));
}

#[test]
fn a_detail_rerun_the_budget_refuses_is_an_error_naming_the_limit() {
    let json = try_preset_scenario(catalogue::DEFAULT_SCENARIO).expect("preset");
    let mut s = Session::try_new(&json).expect("valid");
    s.try_run_all().expect("runs");
    // Room for the schedules on show and one segment more: the re-run of one scheduler does not fit beside them.
    let kept: usize = (0..2).map(|r| s.seg_count(r)).sum();
    let estimate = run::budget::estimate(&s.scenario).expect("estimate");
    s.limits.bytes = estimate.fixed_bytes + estimate.segment_bytes * (kept as u64 + 1);
    for e in [s.decisions_text(1).expect_err("refused"), s.ptt_text(1).expect_err("refused")] {
        assert_eq!(e.path, "schedulers[1]", "{e}");
        assert!(e.message.contains("decision log and PTT history of rws") && e.message.contains("work budget refuses"), "{e}");
        assert!(e.message.contains(&format!("stopped at {} schedule segments", kept + 1)), "names the limit: {e}");
    }
    s.limits = run::budget::Limits::default();
    assert!(s.decisions_text(1).expect("within budget").contains("\"total\""));
}

#[test]
fn trace_import_streams_exports_and_calibrates() {
    let text = b"  w-7 [000] d..2 1.000000: sched_switch: prev_comm=a prev_pid=0 ==> next_comm=w next_pid=7\n  w-7 [000] d..2 1.000500: sched_switch: prev_comm=w prev_pid=7 ==> next_comm=b next_pid=0\n";
    let mut t = TraceImport::new("t.txt");
    for c in text.chunks(10) {
        t.importer.as_mut().expect("open").push(c);
    }
    let summary: serde_json::Value = serde_json::from_str(&t.try_finish()).expect("json");
    assert_eq!(summary["format"], "ftrace");
    assert_eq!(t.seg_count(), 1);
    assert_eq!(t.seg_end_ns(), vec![500_000.0]);
    let cal: serde_json::Value = serde_json::from_str(&t.try_calibrate("{\"schedulers\":[\"fifo\"]}").expect("calibrates")).expect("json");
    let scenario = Scenario::from_json(cal["scenario"].as_str().expect("text")).expect("valid");
    assert_eq!(run::run(&scenario).expect("runs").runs[0].metrics.tasks, 1);
    assert_eq!(t.try_calibrate("{\"clusters\":\"x\"}").expect_err("bad").path, "clusters");
}
