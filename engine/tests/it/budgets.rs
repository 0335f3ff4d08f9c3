//! Every runaway case of issue 16 ends at once with a clear error or a correct result, in bounded memory: measured with
//! the counting allocator (`alloc.rs`) in process, or as the CLI's peak resident memory in a child process — never by time.

use std::io::Write;
use std::process::Command;

use engine::import::calibrate::{calibrate, CalibrateOptions};
use engine::import::import_bytes;
use engine::model::Workload;
use engine::run::{self, budget};
use engine::catalogue as presets;
use engine::sim::Meter;
use engine::Scenario;

use crate::alloc::{peak_during, MIB};

fn matmul(tasks: u32, schedulers: &[&str]) -> Scenario {
    let mut s = presets::scenario("dam-fig4-matmul").expect("preset");
    if let Workload::Layered(l) = &mut s.workload {
        l.tasks = tasks;
    }
    s.schedulers = schedulers.iter().map(|s| s.to_string()).collect();
    s
}

/// Runs `s` and returns the error that refused it, checking that the refusal allocated less than 1 MiB.
fn refused(s: &Scenario) -> engine::InputError {
    let (result, peak) = peak_during(|| run::run(s).err());
    assert!(peak < MIB, "{peak} bytes");
    result.expect("refused")
}

/// Runs the CLI with `args` (and `stdin`); returns its exit code, standard error and the peak resident memory it reported.
fn cli(args: &[&str], stdin: &[u8]) -> (i32, String, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_asymlab"))
        .args(args)
        .env("ASYMLAB_REPORT_PEAK", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("asymlab starts");
    let mut input = child.stdin.take().expect("stdin");
    let _ = input.write_all(stdin);
    drop(input);
    let out = child.wait_with_output().expect("asymlab ends");
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    let peak_kb = err.lines().find_map(|l| l.strip_prefix("asymlab: peak resident memory ")).and_then(|v| v.trim_end_matches(" kB").parse().ok()).unwrap_or(0);
    (out.status.code().unwrap_or(-1), err, peak_kb)
}

#[test]
fn a_parallelism_of_four_billion_is_refused_by_field_before_anything_is_built() {
    let mut s = matmul(32_000, &["rws"]);
    if let Workload::Layered(l) = &mut s.workload {
        l.parallelism = 4_000_000_000;
    }
    let e = refused(&s);
    assert_eq!(e.path, "workload.parallelism", "{e}");
    assert!(e.message.contains("4000000000 tasks per layer") && e.message.contains("at most 5000000"), "{e}");
}

#[test]
fn five_million_tasks_under_every_scheduler_are_refused_by_the_estimate_and_ten_thousand_runs_by_count() {
    let all: Vec<&str> = engine::registry::schedulers_for(engine::model::Level::Tasks).map(|e| e.name).collect();
    let s = matmul(5_000_000, &all);
    let e = refused(&s);
    assert_eq!(e.path, "workload.tasks", "{e}");
    assert!(e.message.contains("under 11 schedulers would need about") && e.message.contains("the limit is 800 MB"), "{e}");

    let mut v: serde_json::Value = serde_json::from_str(&matmul(100, &["fifo"]).to_json()).expect("json");
    v["schedulers"] = serde_json::json!(vec!["fifo"; 10_000]);
    let e = Scenario::from_json(&v.to_string()).expect_err("too many runs");
    assert_eq!(e.to_string(), "schedulers: at most 64 entries, got 10000");
}

#[test]
fn five_million_tasks_under_fifo_run_in_under_1_gb() {
    let s = matmul(5_000_000, &["fifo"]);
    let (result, peak) = peak_during(|| run::run(&s).map(|r| (r.runs[0].metrics.tasks, r.runs[0].record.len())));
    let (tasks, segments) = result.expect("runs");
    assert_eq!(tasks, 5_000_000);
    assert!(segments >= 10_000_000);
    eprintln!("peak {} KiB", peak >> 10);
    assert!(peak < 900 * MIB, "peak {} MiB", peak / MIB);
}

#[test]
fn the_repository_dreamplace_trace_calibrates_to_a_run_of_bounded_memory_and_output() {
    let bytes = std::fs::read(crate::import_dump::traces_dir().join("dreamplace.json")).expect("trace");
    let trace = import_bytes("dreamplace.json", &bytes);
    let cal = calibrate(&trace, &CalibrateOptions::default()).expect("calibrates");
    assert_eq!(cal.scenario.schedulers.len(), 11);
    let (summary, peak) = peak_during(|| {
        let result = run::run(&cal.scenario).expect("runs");
        serde_json::to_string(&engine::summary::run_summary(&cal.scenario, &result)).expect("json")
    });
    eprintln!("peak {} KiB", peak >> 10);
    assert!(peak < 200 * MIB, "peak {} MiB (was 3.5 GB)", peak / MIB);
    assert!(summary.len() < 16 * MIB, "summary {} bytes (was 184 MB)", summary.len());
}

/// A Paraver trace of `threads` threads on 8 CPUs, one running state each.
fn paraver(threads: usize) -> Vec<u8> {
    let mut out = format!("#Paraver (01/01/2026 at 00:00):{}_ns:1(8):1:1({threads}:1)\n", threads * 1000 + 1000).into_bytes();
    for t in 0..threads {
        let begin = t * 1000;
        writeln!(out, "1:{}:1:1:{}:{begin}:{}:1", t % 8 + 1, t + 1, begin + 900).expect("write");
    }
    out
}

#[test]
fn a_paraver_trace_of_200000_threads_imports_calibrates_and_runs_under_1_gb() {
    let text = paraver(200_000);
    let (out, peak) = peak_during(|| {
        let trace = import_bytes("big.prv", &text);
        let cal = calibrate(&trace, &CalibrateOptions::default()).expect("calibrates");
        let result = run::run(&cal.scenario).expect("runs");
        (trace.threads.len(), result.runs.len())
    });
    assert_eq!(out, (200_000, 11));
    eprintln!("peak {} KiB", peak >> 10);
    assert!(peak < 1024 * MIB, "peak {} MiB (was 4.6 GB)", peak / MIB);
}

/// `members` copies of one gzip member holding `piece` (gzip allows members back to back): a small file that inflates hugely.
fn gzip_members(piece: &[u8], members: usize, first: &[u8]) -> Vec<u8> {
    let gz = |data: &[u8]| {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
        e.write_all(data).expect("gz");
        e.finish().expect("gz")
    };
    let mut out = gz(first);
    let one = gz(piece);
    for _ in 0..members {
        out.extend_from_slice(&one);
    }
    out
}

#[test]
fn gzip_bombs_stop_at_the_ratio_cap_for_line_and_json_formats() {
    let zeros = vec![0u8; 4 * MIB];
    let prv = gzip_members(&zeros, 1_200, b"");
    assert!(prv.len() < 6 * MIB, "{} bytes of gzip", prv.len());
    let (trace, peak) = peak_during(|| import_bytes("zeros.prv.gz", &prv));
    eprintln!("peak {} KiB", peak >> 10);
    assert!(peak < 64 * MIB, "peak {} MiB (was 5.9 GB)", peak / MIB);
    assert!(trace.record.is_empty());
    assert!(trace.diagnostics.iter().any(|d| d.message.contains("decompression bomb")), "{:?}", trace.diagnostics);

    let letters = vec![b'a'; 4 * MIB];
    let json = gzip_members(&letters, 1_200, br#"{"traceEvents":[{"ph":"X","name":""#);
    let (trace, peak) = peak_during(|| import_bytes("bomb.json.gz", &json));
    eprintln!("peak {} KiB", peak >> 10);
    assert!(peak < 64 * MIB, "peak {} MiB (was 2.1 GB)", peak / MIB);
    assert!(trace.diagnostics.iter().any(|d| d.message.contains("decompression bomb")), "{:?}", trace.diagnostics);
}

#[test]
fn an_endless_input_stops_at_the_scenario_limit() {
    let (code, err, peak_kb) = cli(&["run", "/dev/zero"], b"");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("larger than 64 MiB, the scenario limit"), "{err}");
    assert!(peak_kb > 0 && peak_kb < 200 * 1024, "peak {peak_kb} kB");
    let (code, err, _) = cli(&["run", "-"], &[0xFF, 0xFE, b'{', 0]);
    assert_eq!(code, 2);
    assert!(err.contains("UTF-16"), "{err}");
}

fn loop_scenario(iterations: u64, iter_ns: f64, schedule: &str) -> Scenario {
    let mut s = presets::scenario("aid-explained").expect("preset");
    let Workload::LoopProgram(p) = &mut s.workload else { panic!("a loop preset") };
    let class = s.classes[0].name.clone();
    p.repeat = 1;
    p.phases = vec![engine::model::loops::Phase::Loop(engine::model::loops::ParallelLoop {
        name: None,
        iterations,
        class,
        cost: engine::model::loops::CostProfile::Uniform { iter_ns },
        chunk: 1,
    })];
    s.schedulers = vec![schedule.to_string()];
    s
}

#[test]
fn four_billion_iterations_under_dynamic_are_refused_and_a_larger_chunk_runs() {
    let s = loop_scenario(1 << 32, 1.0, "dynamic");
    let e = refused(&s);
    assert_eq!(e.path, "workload.phases[0].iterations", "{e}");
    assert!(e.message.contains("4294967296 iterations in chunks of 1 under dynamic") && e.message.contains("the limit is 40 million"), "{e}");
    let s = loop_scenario(1 << 32, 1.0, "dynamic[chunk=4096]");
    let r = run::run(&s).expect("a chunk of 4096 is about a million chunks");
    assert_eq!(r.runs[0].loop_extras().map(|x| x.metrics.iterations), Some(1 << 32));
}

#[test]
fn the_meter_stops_what_the_estimate_let_through_and_progress_can_cancel() {
    let s = matmul(600_000, &["fifo", "rws"]);
    let e = run::run_metered(&s, run::Detail::default(), &mut Meter::new(10_000, u64::MAX)).err().expect("stopped");
    assert_eq!(e.path, "schedulers[0]");
    assert!(e.message.starts_with("stopped after 10000 simulation events"), "{e}");
    let e = run::run_metered(&s, run::Detail::default(), &mut Meter::new(u64::MAX - 1, 300_000)).err().expect("stopped");
    assert_eq!(e.path, "schedulers[0]", "{e}");
    assert!(e.message.contains("300000 schedule segments"), "{e}");

    let mut seen = Vec::new();
    let mut cancel_second = |p: engine::sim::Progress| {
        seen.push(p.events);
        seen.len() < 2
    };
    let limits = budget::Limits::default();
    let estimate = budget::check(&s, &limits).expect("fits");
    let mut meter = estimate.meter(&limits).with_progress(&mut cancel_second);
    let e = run::run_metered(&s, run::Detail::default(), &mut meter).err().expect("cancelled");
    assert_eq!(e.message, "cancelled");
    assert_eq!(seen, vec![1 << 20, 2 << 20]);
}

#[test]
fn import_fails_when_nothing_was_imported_and_says_what_it_saw() {
    let dir = std::env::temp_dir().join(format!("asymlab-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let utf16: Vec<u8> = [0xFF, 0xFE].into_iter().chain("# tracer: nop\n".encode_utf16().flat_map(u16::to_le_bytes)).collect();
    let cases: [(&str, &[u8], &str); 5] = [
        ("empty.txt", b"", "the file is empty"),
        ("utf16.txt", &utf16, "UTF-16"),
        ("trace.paje", b"%EventDef PajeDefineContainerType 1\n% Alias string\n%EndEventDef\n", "(read as paje)"),
        ("notes.txt", b"hello\nthis is not a trace\n", "none of these formats"),
        ("zeros.prv", &[0u8; 100_000], "nothing was imported"),
    ];
    for (name, bytes, want) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).expect("write");
        let (code, err, _) = cli(&["import", path.to_str().expect("utf-8 path")], b"");
        assert_eq!(code, 2, "{name}: {err}");
        assert!(err.contains("nothing was imported") && err.contains(want), "{name}: {err}");
    }
    let (code, err, _) = cli(&["import", &crate::import_dump::traces_dir().join("dreamplace.json").to_string_lossy()], b"");
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
