//! The decision log: one record per task (width-1 policies), consistent with the schedule, with explanations from FIFO and RWS.

use engine::catalogue as presets;
use engine::run::Detail;
use engine::Scenario;

#[test]
fn every_task_is_decided_once_and_matches_the_schedule() {
    let scenario = presets::scenario(presets::DEFAULT_SCENARIO).expect("default preset");
    let result = engine::run::run_with(&scenario, Detail::ALL).expect("runs");
    let n_tasks = result.graph.as_ref().expect("task level").len();
    for run in &result.runs {
        let log = &run.task_extras().expect("task level").decisions;
        assert_eq!(log.total as usize, log.decisions.len(), "{}: nothing dropped below the cap", run.scheduler);
        // FIFO and RWS decide each task exactly once.
        let mut seen = vec![0u32; n_tasks];
        let mut last_t = 0;
        for d in &log.decisions {
            seen[d.task as usize] += 1;
            assert!(d.t_ns >= last_t, "{}: decisions are in time order", run.scheduler);
            last_t = d.t_ns;
            let ex = d.explanation.as_ref().expect("fifo and rws explain themselves");
            assert!(ex.candidates.iter().any(|c| c.chosen && c.leader == d.leader && c.width == d.width));
            // The task's first work segment starts on the chosen place no earlier than decision + overhead.
            let rec = &run.record;
            let start = (0..rec.len()).filter(|&i| rec.item[i] == d.task).map(|i| rec.start_ns[i]).min().expect("task ran");
            assert!(start >= d.t_ns + d.overhead_ns, "{}: task {} starts before its dispatch", run.scheduler, d.task);
        }
        assert!(seen.iter().all(|&n| n == 1), "{}: every task decided once", run.scheduler);
    }
    // Once the PTT has measurements, explanations carry them.
    let rws = &result.runs[1].task_extras().expect("task level").decisions.decisions;
    assert!(rws.iter().rev().take(10).all(|d| d.explanation.as_ref().is_some_and(|e| e.candidates[0].ptt_ns.is_some())));
}

#[test]
fn the_log_is_deterministic() {
    let text = presets::scenario(presets::DEFAULT_SCENARIO).expect("default preset").to_json();
    let a = engine::run::run_with(&Scenario::from_json(&text).expect("valid"), Detail::ALL).expect("runs");
    let b = engine::run::run_with(&Scenario::from_json(&text).expect("valid"), Detail::ALL).expect("runs");
    assert_eq!(a.runs[1].task_extras().expect("task level").decisions, b.runs[1].task_extras().expect("task level").decisions);
}

#[test]
fn a_plain_run_counts_decisions_and_keeps_the_final_ptt_of_the_detailed_run() {
    let scenario = presets::scenario(presets::DEFAULT_SCENARIO).expect("default preset");
    let plain = engine::run::run(&scenario).expect("runs");
    let full = engine::run::run_with(&scenario, Detail::ALL).expect("runs");
    for (p, f) in plain.runs.iter().zip(&full.runs) {
        let (pe, fe) = (p.task_extras().expect("task level"), f.task_extras().expect("task level"));
        assert!(pe.decisions.decisions.is_empty(), "{}: nothing logged", p.scheduler);
        assert_eq!(pe.decisions.total, fe.decisions.total, "{}: decisions counted", p.scheduler);
        assert_eq!(p.record.start_ns, f.record.start_ns, "{}: recording changes nothing", p.scheduler);
        assert_eq!(p.record.lane, f.record.lane);
        assert_eq!(p.metrics, f.metrics);
        assert!(!pe.metrics.ptt.history && fe.metrics.ptt.history);
        assert_eq!(pe.metrics.ptt.snapshots.as_slice(), &fe.metrics.ptt.snapshots[fe.metrics.ptt.snapshots.len() - 1..]);
        let detail = engine::run::tasks::detail(&scenario, &plain, full.runs.iter().position(|r| r.scheduler == f.scheduler).expect("same list")).expect("detail");
        assert_eq!(&detail, fe, "{}: the detail of one run is the detailed run", p.scheduler);
    }
}

#[test]
fn big_runs_keep_explanations_only_for_the_first_decisions() {
    use engine::runtime::DecisionLog;
    let mut scenario = presets::scenario("tx2-matmul-32000").expect("benchmark preset");
    scenario.schedulers = vec!["rws".into()];
    let result = engine::run::run_with(&scenario, Detail::ALL).expect("runs");
    let log = &result.runs[0].task_extras().expect("task level").decisions;
    assert_eq!(log.total as usize, result.graph.as_ref().expect("task level").len());
    assert_eq!(log.decisions.len(), result.graph.as_ref().expect("task level").len().min(DecisionLog::CAP));
    assert!(log.decisions[0].explanation.is_some());
    assert!(log.decisions[DecisionLog::EXPLAIN_CAP - 1].explanation.is_some());
    assert!(log.decisions[DecisionLog::EXPLAIN_CAP].explanation.is_none());
}

#[test]
fn the_ptt_policies_explain_their_places_with_ptt_values() {
    let mut scenario = presets::scenario("dam-fig5").expect("preset");
    if let engine::model::Workload::Layered(l) = &mut scenario.workload {
        l.tasks = 400;
    }
    scenario.schedulers = ["rwsm-c", "fa", "fam-c", "da", "dam-c", "dam-p"].iter().map(|s| s.to_string()).collect();
    let result = engine::run::run_with(&scenario, Detail::ALL).expect("runs");
    for run in &result.runs {
        let log = &run.task_extras().expect("task level").decisions.decisions;
        assert!(!log.is_empty(), "{}: decisions logged", run.scheduler);
        for d in log {
            let ex = d.explanation.as_ref().unwrap_or_else(|| panic!("{}: every decision is explained", run.scheduler));
            assert!(ex.candidates.iter().filter(|c| c.chosen).count() == 1, "{}: one chosen candidate", run.scheduler);
            assert!(ex.candidates.iter().any(|c| c.chosen && c.leader == d.leader && c.width == d.width), "{}: the chosen candidate is the place", run.scheduler);
            assert!(ex.reason.contains(&format!("(C{},{})", d.leader, d.width)), "{}: the reason names the place: {}", run.scheduler, ex.reason);
        }
        // Priority decisions of the global-search policies weigh more than one place, with PTT values once measured.
        if run.scheduler.starts_with("da") {
            let last = log.iter().rev().find(|d| d.priority == 1).expect("a priority decision");
            let ex = last.explanation.as_ref().expect("explained");
            assert!(ex.candidates.len() > 1 && ex.candidates.iter().all(|c| c.ptt_ns.is_some()), "{}: {ex:?}", run.scheduler);
            assert!(ex.reason.contains("global search"), "{}", ex.reason);
        }
    }
}

#[test]
fn ptt_decisions_carry_the_costs_their_rule_compares_and_a_reason_that_matches_the_pick() {
    let scenario = presets::scenario("dam-fig5").expect("preset");
    let result = engine::run::run_with(&scenario, Detail::ALL).expect("runs");
    let (mut lowest, mut unmeasured) = (0, 0);
    for run in result.runs.iter().filter(|r| ["dam-c", "dam-p"].contains(&r.scheduler.as_str())) {
        for d in &run.task_extras().expect("task level").decisions.decisions {
            let Some(ex) = d.explanation.as_ref() else { continue };
            let global = ex.reason.contains("global search");
            for c in &ex.candidates {
                // Costs are the rule's number: time × width for local searches and DAM-C, time for DAM-P's global search.
                let by_time = global && run.scheduler == "dam-p";
                let want = c.ptt_ns.map(|t| if by_time { t } else { t * c.width as f64 });
                assert_eq!(c.cost, want, "{}: {c:?}", run.scheduler);
            }
            let chosen = ex.candidates.iter().find(|c| c.chosen).expect("a chosen place");
            let says_unmeasured = ex.reason.contains("never measured");
            // A local search decides with the PTT as it is now, so the numbers shown are the ones it compared.
            if !global && !ex.reason.contains("at random") {
                assert_eq!(says_unmeasured, chosen.ptt_ns.is_none(), "{}: {}", run.scheduler, ex.reason);
                if let Some(cost) = chosen.cost {
                    let min = ex.candidates.iter().filter_map(|c| c.cost).fold(f64::INFINITY, f64::min);
                    assert!(cost <= min, "{}: chosen {cost} but {min} was lower: {}", run.scheduler, ex.reason);
                    lowest += 1;
                }
            }
            assert!(!ex.reason.contains("win so that each") || says_unmeasured, "{}", ex.reason);
            unmeasured += usize::from(says_unmeasured);
        }
    }
    assert!(lowest > 10 && unmeasured > 0, "both kinds of pick seen: {lowest} lowest, {unmeasured} unmeasured");
}
