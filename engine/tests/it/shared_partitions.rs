//! Shared partitions (docs/model-reference.md §3a): the cores of a moldable task draw its work from one pool, as XiTAO's kernels
//! take row blocks from an atomic counter; a member that starts late takes only what is left, σ applies only while the
//! members run together, and a member that arrives at an empty pool leaves at once.

use engine::Scenario;

/// Core 1 runs task 0 (`busy_ns` of reference work) while core 0 runs the short task 2, whose child, task 1
/// (`work_ns`), is pinned to both Denver cores (C0,2): core 0 starts it alone and core 1 joins when task 0 is done.
fn run(shared: bool, busy_ns: f64, work_ns: f64) -> (engine::trace::ScheduleRecord, f64) {
    let text = engine::catalogue::scenario("dam-fig5").expect("preset").to_json();
    let mut v: serde_json::Value = serde_json::from_str(&text).expect("json");
    v["events"] = serde_json::json!([]);
    v["schedulers"] = serde_json::json!(["dam-c"]);
    v["runtime"] = serde_json::json!({ "steal_ns": 0, "ptt_search_ns": 0, "dispatch_ns": 0 });
    let classes = v["classes"].as_array_mut().expect("classes");
    let sigma = classes.iter().find(|c| c["name"] == "matmul").and_then(|c| c["parallel_overhead"].as_f64()).expect("σ");
    for c in classes {
        c["shared_partitions"] = shared.into();
    }
    v["workload"] = serde_json::json!({
        "kind": "dag",
        "tasks": [
            { "class": "matmul", "work_ns": busy_ns, "place": { "leader": 1, "width": 1 } },
            { "class": "matmul", "work_ns": work_ns, "deps": [2], "place": { "leader": 0, "width": 2 } },
            { "class": "matmul", "work_ns": 1000.0, "place": { "leader": 0, "width": 1 } }
        ]
    });
    let s = Scenario::from_json(&v.to_string()).expect("valid");
    let mut r = engine::run::run(&s).expect("runs");
    (r.runs.remove(0).record, sigma)
}

/// Core 1's speed, from task 0 (`work_ns` of reference work) running alone on it.
fn core1_speed(rec: &engine::trace::ScheduleRecord, work_ns: f64) -> (f64, u64) {
    let (start, end) = span(rec, 0, 1).expect("task 0 on core 1");
    (work_ns / (end - start) as f64, end)
}

/// (start, end) of task `item`'s segment on `lane`.
fn span(rec: &engine::trace::ScheduleRecord, item: u32, lane: u32) -> Option<(u64, u64)> {
    (0..rec.len()).find(|&i| rec.item[i] == item && rec.lane[i] == lane).map(|i| (rec.start_ns[i], rec.end_ns[i]))
}

#[test]
fn a_late_member_takes_only_what_is_left_of_a_shared_task() {
    let (rec, sigma) = run(true, 200_000.0, 1_000_000.0);
    let (speed, t0_end) = core1_speed(&rec, 200_000.0);
    let (alone_from, end0) = span(&rec, 1, 0).expect("task 1 on core 0");
    let (joined, end1) = span(&rec, 1, 1).expect("task 1 on core 1");
    assert_eq!(joined, t0_end, "core 1 joins when its own task is done");
    assert_eq!(end0, end1, "the pool empties for both members at once");
    // Alone at full speed until core 1 joins, then both at speed / (1 + σ).
    let left = 1_000_000.0 - (joined - alone_from) as f64 * speed;
    let expected = joined as f64 + left * (1.0 + sigma) / (2.0 * speed);
    assert!((end0 as f64 - expected).abs() <= 2.0, "ends at {end0}, expected {expected:.0}");
    // An even split gives core 1 half the (stretched) work from when it joins, so the task ends later.
    let (even, _) = run(false, 200_000.0, 1_000_000.0);
    let (_, even_end) = span(&even, 1, 1).expect("even split on core 1");
    assert!(even_end > end1 + 50_000, "even split ends at {even_end}, shared at {end1}");
}

#[test]
fn a_member_that_arrives_at_an_empty_pool_leaves_at_once() {
    // Task 0 keeps core 1 busy longer than core 0 needs for all of task 1: core 0 does all of it alone, at full speed,
    // and core 1 only passes through (no segment) when it gets there.
    let (rec, _) = run(true, 3_000_000.0, 500_000.0);
    let (speed, t0_end) = core1_speed(&rec, 3_000_000.0);
    let (start, end) = span(&rec, 1, 0).expect("task 1 on core 0");
    assert!(((end - start) as f64 - 500_000.0 / speed).abs() <= 2.0, "core 0 alone: {} ns", end - start);
    assert!(end < t0_end, "core 0 finished before core 1 came");
    assert_eq!(span(&rec, 1, 1), None, "core 1 found nothing left");
}
