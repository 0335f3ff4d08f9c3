//! Replay of every sample trace (docs/importing-traces.md, "Replay"): the documented target is a span and a mean per-core busy
//! error within 10% (asserted with no further tolerance). The recorded placement (the workload model alone) and the faithful
//! replay (the scheduler modelling the recording's kernel: `linux[android=on]` for the Android systraces, `linux` for the
//! rest) meet it on every sample; plain `linux` and `linux[eas=on]` miss it on the samples listed below, which must stay
//! misses until the docs are updated (as `known_gap` claims do).

use engine::import::{import_bytes, Format};
use engine::replay::{self, PlatformSpec, FAITHFUL, FAITHFUL_ANDROID, RECORDED};

use crate::import_dump::traces_dir;

/// The documented target (docs/importing-traces.md): relative span error and mean relative busy error per core.
const TARGET: f64 = 0.10;

/// Samples where mainline `linux` (no Android wake-up path) misses the busy target, with the reason written in
/// docs/importing-traces.md (surfaceflinger 67.7%: synchronous binder wake-ups and busy previous CPUs, where the phone's
/// kernel queued the woken thread, go to idle siblings; the cut systrace 11.1%, for the same reason).
const MAINLINE_BUSY_GAPS: &[&str] = &["trace_surfaceflinger.html", "fixtures/systrace-truncated.html"];

/// The energy-aware model (`linux[eas=on]`, os/eas.rs) with the calibration's estimated energy model: samples where it
/// misses the busy target (surfaceflinger 217%: it moves big-CPU work to LITTLE CPUs; the devlib fixture 15.6%; the cut systrace 11.1%;
/// the Perfetto sample 49.2%: it moves LITTLE-CPU work to the big CPUs, idle in the recording), see docs/importing-traces.md.
/// The samples without CPUs have one core per thread and nothing to choose.
const KNOWN_EAS_BUSY_GAPS: &[&str] =
    &["trace_surfaceflinger.html", "fixtures/trace-cmd-devlib-noncontiguous.txt", "fixtures/systrace-truncated.html", "test_trace.perfetto-trace"];

/// Every trace file under `traces/` (real samples and fixtures; Paraver's side files go with their `.prv`), by relative path.
fn samples() -> Vec<String> {
    fn walk(dir: &std::path::Path, base: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("traces dir").flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, base, out);
            } else if !matches!(path.extension().and_then(|e| e.to_str()), Some("md" | "pcf" | "row")) {
                out.push(path.strip_prefix(base).expect("under traces").to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(&traces_dir(), &traces_dir(), &mut out);
    out.sort();
    out
}

fn load(rel: &str) -> engine::import::ImportedTrace {
    let bytes = std::fs::read(traces_dir().join(rel)).expect("sample");
    import_bytes(rel, &bytes)
}

#[test]
fn every_sample_replays_within_the_documented_error() {
    let samples = samples();
    assert!(samples.len() >= 12 && samples.iter().any(|s| s == "trace_surfaceflinger.html"), "{samples:?}");
    for rel in &samples {
        let rel = rel.as_str();
        let trace = load(rel);
        let model = replay::calibrate(&trace, None).expect("calibrates");
        let android = trace.format == Format::Systrace;
        assert_eq!(model.faithful, if android { FAITHFUL_ANDROID } else { FAITHFUL }, "{rel}");
        let runs = replay::run_set(&model, model.faithful, true, 1).expect("replays");
        let (faithful, recorded) = (&runs[0], &runs[1]);
        assert_eq!((faithful.scheduler.as_str(), recorded.scheduler.as_str()), (model.faithful, RECORDED));
        assert!(recorded.span_error <= TARGET && recorded.busy_error <= TARGET, "{rel}: recorded placement {} / {}", recorded.span_error, recorded.busy_error);
        assert!(faithful.span_error <= TARGET && faithful.busy_error <= TARGET, "{rel}: faithful replay {} / {}", faithful.span_error, faithful.busy_error);
        let mainline = replay::run(&model, FAITHFUL, 1, true).expect("replays with mainline linux");
        let gap = MAINLINE_BUSY_GAPS.contains(&rel);
        assert!(mainline.span_error <= TARGET, "{rel}: linux span error {}", mainline.span_error);
        assert_eq!(mainline.busy_error > TARGET, gap, "{rel}: linux busy error {} (known gap: {gap}); update docs/importing-traces.md", mainline.busy_error);
        if !android {
            assert_eq!(mainline.sim, faithful.sim, "{rel}: the faithful replay is linux");
        }
        let eas = replay::run(&model, "linux[eas=on]", 1, true).expect("replays with EAS");
        let eas_gap = KNOWN_EAS_BUSY_GAPS.contains(&rel);
        assert!(eas.span_error <= TARGET, "{rel}: EAS span error {}", eas.span_error);
        assert_eq!(eas.busy_error > TARGET, eas_gap, "{rel}: EAS busy error {} (known gap: {eas_gap}); update docs/importing-traces.md", eas.busy_error);
        // What-if: every applicable scheduler replays the same work to the end.
        assert!(runs.len() >= 2 + replay::applicable_schedulers().len());
        let total = |m: &replay::Measure| m.busy_ns_per_core.iter().sum::<u64>() as f64;
        for r in &runs {
            assert!(r.sim.span_ns > 0 && r.span_error.is_finite() && r.busy_error.is_finite(), "{rel}: {}", r.scheduler);
            // Work is conserved up to frequency and speed differences between cores: within a factor 4 of the recorded busy time.
            let ratio = total(&r.sim) / total(&model.trace).max(1.0);
            assert!((0.25..=4.0).contains(&ratio), "{rel}: {} busy ratio {ratio}", r.scheduler);
        }
    }
}

#[test]
fn devlib_frequencies_give_non_contiguous_clusters_and_a_ratio_from_the_same_thread() {
    let trace = load("fixtures/trace-cmd-devlib-noncontiguous.txt");
    assert_eq!(trace.format, Format::Ftrace);
    let model = replay::calibrate(&trace, None).expect("calibrates");
    let p = &model.platform;
    assert_eq!(p.cpu_of_core, vec![0, 3, 4, 5, 1, 2]);
    assert_eq!(p.platform.clusters.iter().map(|c| c.freqs_mhz.clone()).collect::<Vec<_>>(), vec![vec![600, 1000], vec![1800]]);
    // The render thread runs 0.8 ms on a big CPU at 1800 MHz and 1.6 ms on a LITTLE one at 1000 MHz: ratio 2.
    assert_eq!(p.platform.clusters[1].ratio, 2.0, "{}", model.report);
    assert_eq!(model.report["platform"]["clusters"][1]["estimate"]["threads"], 1);
    // The sensor wakes the logger: wake edges, and the periodic trace stays mostly idle when replayed.
    assert_eq!(model.report["workload"]["wake_edges"], 10);
    let linux = replay::run(&model, FAITHFUL, 1, true).expect("replays");
    let busy: u64 = linux.sim.busy_ns_per_core.iter().sum();
    assert!(busy * 2 < linux.sim.span_ns * 6 / 4, "mostly idle: {busy} ns busy over {} ns on 6 cores", linux.sim.span_ns);
    // The same split given by the flag or a description file; a CPU left out is named.
    let flag = PlatformSpec::from_flag("1,2:0,3-5").expect("flag");
    let given = replay::calibrate(&trace, Some(&flag)).expect("given");
    assert_eq!(given.platform.cpu_of_core, vec![1, 2, 0, 3, 4, 5]);
    assert_eq!(given.platform.platform.clusters[0].ratio, 2.0);
    let json = PlatformSpec::from_json(r#"{"clusters":[{"name":"big","cpus":[2,1],"capacity":1024},{"name":"LITTLE","cpus":[0,3,4,5],"capacity":512}]}"#).expect("json");
    let described = replay::calibrate(&trace, Some(&json)).expect("described");
    assert_eq!(described.platform.platform.clusters.iter().map(|c| (c.name.clone(), c.ratio)).collect::<Vec<_>>(), vec![("big".into(), 2.0), ("LITTLE".into(), 1.0)]);
    let missing = PlatformSpec::from_flag("1,2:0,3").expect("flag");
    let err = replay::calibrate(&trace, Some(&missing)).err().map(|e| e.to_string()).unwrap_or_default();
    assert!(err.contains("CPU 4 of the trace is in no cluster"), "{err}");
}

#[test]
fn import_exits_non_zero_naming_the_format_when_nothing_was_imported() {
    let dir = std::env::temp_dir().join(format!("asymlab-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("notes.txt");
    std::fs::write(&file, "shopping list\nmilk\n").expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_asymlab")).arg("import").arg(&file).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("nothing was imported") && err.contains("(read as unknown)"), "{err}");
    let ok = std::process::Command::new(env!("CARGO_BIN_EXE_asymlab")).arg("import").arg(traces_dir().join("fixtures/paje-handwritten.trace")).output().expect("runs");
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    assert!(String::from_utf8_lossy(&ok.stdout).contains("\"format\": \"paje\""));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_yaml_platform_file_replays_like_its_json_and_names_the_line_of_an_error() {
    let dir = std::env::temp_dir().join(format!("asymlab-replay-yaml-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let trace = traces_dir().join("fixtures/trace-cmd-devlib-noncontiguous.txt");
    let json = dir.join("board.json");
    std::fs::write(&json, r#"{"clusters":[{"name":"big","cpus":[2,1],"capacity":1024},{"name":"LITTLE","cpus":[0,3,4,5],"capacity":512}]}"#).expect("write");
    let yaml = dir.join("board.yml");
    std::fs::write(&yaml, "# the same board\nclusters:\n  - name: big\n    cpus: [2, 1]\n    capacity: 1024\n  - name: LITTLE\n    cpus: [0, 3, 4, 5]\n    capacity: 512\n").expect("write");
    let replay = |platform: &std::path::Path| std::process::Command::new(env!("CARGO_BIN_EXE_asymlab")).arg("replay").arg(&trace).arg("--platform").arg(platform).output().expect("runs");
    let (a, b) = (replay(&json), replay(&yaml));
    assert!(a.status.success() && b.status.success(), "{}", String::from_utf8_lossy(&b.stderr));
    assert_eq!(a.stdout, b.stdout, "the YAML description replays exactly like the JSON one");
    assert!(String::from_utf8_lossy(&b.stdout).contains("\"name\": \"LITTLE\""));
    let bad = dir.join("bad.yaml");
    std::fs::write(&bad, "clusters:\n  - cpus: [1, 2]\n  - cpus: [0, 3, 4, 5]\n    capacity: big\n").expect("write");
    let out = replay(&bad);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && err.contains("clusters[1].capacity") && err.contains("line 4"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
