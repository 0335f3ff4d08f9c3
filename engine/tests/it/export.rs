//! Chrome exports read the way independent viewers read them (`export_reader.rs`): no slice overlaps its successor or
//! outlives its parent under double precision or Perfetto's integer-nanosecond arithmetics, over random scenarios, every
//! preset and every sample trace; counts, flows, counters and names are what the record says; no path leaks; and importing
//! an export gives back exactly the schedule.

use engine::export::{run_as_trace, scenario_chrome, trace_chrome};
use engine::import::{import_bytes, Format};
use engine::run::ScenarioResult;
use engine::catalogue as presets;
use engine::scenario::Scenario;

use crate::export_reader::{read, Report};
use crate::gen::random_scenario;
use crate::import_dump::{corpus_imports, dump};

/// Checks the export of every run of `scenario` and returns the reader's report.
fn check_scenario(scenario: &Scenario, result: &ScenarioResult, ctx: &str) -> Report {
    let json = scenario_chrome(scenario, result);
    let report = read(&json);
    assert!(report.n_problems == 0, "{ctx}: {} problems, first: {:#?}", report.n_problems, report.problems);
    for (p, run) in result.runs.iter().enumerate() {
        let pid = p as u64 + 1;
        assert_eq!(report.processes.get(&pid), Some(&run.scheduler), "{ctx}: process {pid} is named after its scheduler");
        assert_eq!(report.all_slices_of(pid), run.record.len(), "{ctx}, {}: every segment is one slice", run.scheduler);
        let positive = (0..run.record.len()).filter(|&i| run.record.end_ns[i] > run.record.start_ns[i]).count();
        assert_eq!(report.slices_of(pid), positive, "{ctx}, {}", run.scheduler);
        let flat = report.tracks.iter().filter(|((q, _), _)| *q == pid).all(|(_, c)| c.max_depth == 0);
        assert!(flat, "{ctx}, {}: a core runs one thing at a time, so its track is flat", run.scheduler);
    }
    report
}

#[test]
fn random_scenarios_export_without_overlaps_under_any_arithmetic() {
    for seed in 0..60 {
        let mut scenario = random_scenario(seed);
        // Odd offsets make microsecond decimals that doubles cannot hold exactly.
        scenario.runtime.dispatch_ns = 333 + seed % 7;
        let result = engine::run::run(&scenario).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        let report = check_scenario(&scenario, &result, &format!("seed {seed}"));
        let edges: usize = result.graph.as_ref().map_or(0, |g| (0..g.len()).map(|i| g.successors(i).len()).sum());
        assert!(report.flows <= edges * result.runs.len(), "seed {seed}: at most one arrow per edge and run");
    }
}

#[test]
fn every_preset_exports_without_overlaps_with_flows_and_counters() {
    for info in presets::presets() {
        let scenario = presets::scenario(&info.name).unwrap_or_else(|| panic!("preset {}", info.name));
        let result = engine::run::run(&scenario).unwrap_or_else(|e| panic!("{}: {e}", info.name));
        let report = check_scenario(&scenario, &result, &info.name);
        if let Some(graph) = &result.graph {
            let edges: usize = (0..graph.len()).map(|i| graph.successors(i).len()).sum();
            assert_eq!(report.flows, edges * result.runs.len(), "{}: one arrow per dependency and run", info.name);
        }
        let names = &report.counter_names;
        let has_interference = scenario.events.iter().any(|e| !matches!(e, engine::model::TimelineEvent::Dvfs(_) | engine::model::TimelineEvent::DvfsSquare(_)));
        assert_eq!(has_interference, names.iter().any(|n| n.ends_with(" interference")), "{}: interference counters {names:?}", info.name);
        assert!(names.contains("CPU 0 frequency"), "{}: frequency counters {names:?}", info.name);
        let ptt = result.runs.iter().filter_map(|r| r.task_extras()).any(|t| t.metrics.ptt.snapshots.iter().any(|s| s.values_ns.iter().any(|&v| v > 0.0)));
        assert_eq!(ptt, names.iter().any(|n| n.ends_with(" PTT ns")), "{}: PTT counters {names:?}", info.name);
        if result.runs.iter().any(|r| !r.record.migrations.is_empty()) {
            assert!(report.flows > 0, "{}: migrations show as arrows", info.name);
        }
    }
}

#[test]
fn the_reader_catches_the_complete_event_overlap_the_old_encoding_had() {
    // The numbers: 752.0 + 83.334 = 835.3340000000001 in double precision, after the next slice's start.
    let old = "{\"traceEvents\":[\n{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":752.000,\"dur\":83.334,\"name\":\"a\"},\n{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":835.334,\"dur\":1,\"name\":\"b\"}\n]}";
    let report = read(old);
    assert_eq!(report.n_problems, 1, "{:?}", report.problems);
    assert!(report.problems[0].contains("double"), "{:?}", report.problems);
    // Truncation to integer nanoseconds: search small decimals for a slice whose truncated end passes its successor's start.
    let mut truncation = None;
    'search: for a in 1..3000u64 {
        for d in 1..50u64 {
            let (ts, dur, next) = (format!("{}.{:03}", a / 1000, a % 1000), format!("0.{d:03}"), a + d);
            let next = format!("{}.{:03}", next / 1000, next % 1000);
            let (t, u, n) = (ts.parse::<f64>().unwrap_or(0.0), dur.parse::<f64>().unwrap_or(0.0), next.parse::<f64>().unwrap_or(0.0));
            if ((t * 1000.0) as i64 + (u * 1000.0) as i64) > (n * 1000.0) as i64 {
                truncation = Some((ts, dur, next));
                break 'search;
            }
        }
    }
    let (ts, dur, next) = truncation.expect("some decimals overlap under truncation");
    let old = format!("{{\"traceEvents\":[\n{{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":{ts},\"dur\":{dur},\"name\":\"a\"}},\n{{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":{next},\"dur\":1,\"name\":\"b\"}}\n]}}");
    let report = read(&old);
    assert!(report.problems.iter().any(|p| p.contains("perfetto-trunc")), "{ts} + {dur} vs {next}: {:?}", report.problems);
}

#[test]
fn every_sample_trace_exports_by_file_name_and_reads_back_exactly() {
    for (path, rel, trace) in corpus_imports() {
        let absolute = path.to_string_lossy().to_string();
        let json = trace_chrome(&trace, &absolute);
        let dir = path.parent().map(|d| d.to_string_lossy().to_string()).unwrap_or_default();
        assert!(!json.contains(&dir), "{rel}: the export names the directory {dir}");
        let report = read(&json);
        assert!(report.n_problems == 0, "{rel}: {} problems, first: {:#?}", report.n_problems, report.problems);
        let file = path.file_name().map(|f| f.to_string_lossy().to_string()).unwrap_or_default();
        assert_eq!(report.processes.get(&1), Some(&file), "{rel}");
        assert_eq!(report.all_slices_of(1), trace.record.len(), "{rel}");
        let again = import_bytes("", json.as_bytes());
        assert_eq!(again.format, Format::ChromeJson, "{rel}");
        assert_eq!(again.diagnostics_total, 0, "{rel}: the export has problems: {:?}", again.diagnostics);
        assert_eq!(dump(&again, usize::MAX, false), dump(&trace, usize::MAX, false), "{rel}: export then import changes the trace");
    }
}

#[test]
fn a_simulated_run_imports_back_exactly() {
    for name in ["tx2-dvfs-square", "tx2-corunner", "aid-explained", "pbs-fig3"] {
        let mut scenario = presets::scenario(name).expect("preset");
        scenario.schedulers.truncate(1);
        let result = engine::run::run(&scenario).expect("runs");
        let trace = run_as_trace(&scenario, &result, 0).expect("run 0");
        let json = scenario_chrome(&scenario, &result);
        let again = import_bytes("sim.json", json.as_bytes());
        // Interference and PTT counters are for viewers; the importer says it left them out, and nothing else.
        assert!(again.diagnostics.iter().all(|d| d.message.contains("counter (C) events other than CPU frequency")), "{name}: {:?}", again.diagnostics);
        assert_eq!(again.n_cpus(), scenario.platform.n_cores(), "{name}");
        let slices = |t: &engine::import::ImportedTrace| -> Vec<(u32, i64, i64, String)> {
            let r = &t.record;
            let mut v: Vec<_> = (0..r.len())
                .map(|i| (r.lane[i], r.start_ns[i] as i64 + t.origin_ns, r.end_ns[i] as i64 + t.origin_ns, t.names[r.group[i] as usize].clone()))
                .collect();
            v.sort();
            v
        };
        assert_eq!(slices(&again), slices(&trace), "{name}: export then import changes the schedule");
        let freq = |t: &engine::import::ImportedTrace| t.freq.iter().map(|f| (f.cpu, f.t_ns as i64 + t.origin_ns, f.freq_khz)).collect::<Vec<_>>();
        assert_eq!(freq(&again), freq(&trace), "{name}: frequencies");
    }
}
