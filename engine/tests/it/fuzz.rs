//! The fuzz harness, on stable Rust: every decoder of user data — the six trace importers (plain and gzip), scenario
//! JSON (and the runs it leads to), user policy sources (Rhai, run in a small task scenario), sweep grids, claim cells (a preset with overrides at dotted paths) and claim rows (what
//! the OS lab hands the evaluator), and calibration from an imported trace — gets inputs from the
//! structure-aware generators of `fuzz_gen.rs`, a third of them further mutated byte by byte, fed in random chunks.
//! An input fails when it panics, breaks an output invariant, or allocates more than its target's bound at once
//! (counted by `alloc.rs`). A failing input is minimised (chunks removed while it still fails) and written to
//! `engine/tests/fuzz-corpus/<target>/`, which every run replays first.
//!
//! `cargo test` runs a fixed number of inputs per target; `npm run fuzz -- --minutes N` runs the ignored `fuzz_long`
//! for N minutes over every target (`ASYMLAB_FUZZ_MINUTES`, `ASYMLAB_FUZZ_SEED`) and reports inputs per target.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use arbitrary::Unstructured;
use engine::import::{ImportedTrace, Importer};
use engine::run::budget::{self, Limits};
use engine::sim::Rng;
use engine::Scenario;

use crate::alloc::{peak_during, MIB};
use crate::fuzz_gen;
use crate::import_dump::corpus;

/// Limits the scenario targets run under: small, so that each input is cheap and the refusal paths are exercised.
const FUZZ_LIMITS: Limits = Limits { events: 300_000, bytes: 48 << 20 };

/// What the targets share: the presets' JSON (scenario edits start from them), the trace corpus (byte splices), the
/// names of the presets with claims and the names their claims read (claim cells and rows).
struct Ctx {
    presets: Vec<serde_json::Value>,
    seeds: Vec<Vec<u8>>,
    claim_presets: Vec<String>,
    claim_keys: Vec<String>,
}

impl Ctx {
    fn new() -> Ctx {
        let presets = engine::catalogue::presets()
            .iter()
            .filter_map(|p| engine::catalogue::scenario(&p.name))
            .filter_map(|s| serde_json::from_str(&s.to_json()).ok())
            .collect();
        let seeds = corpus()
            .iter()
            .filter(|p| !p.to_string_lossy().ends_with(".gz"))
            .filter_map(|p| std::fs::read(p).ok())
            .map(|b| b[..b.len().min(6_000)].to_vec())
            .collect();
        let with_claims: Vec<_> = engine::catalogue::presets().iter().filter(|p| !p.claims.is_empty()).collect();
        let claim_presets = with_claims.iter().map(|p| p.name.clone()).collect();
        let mut claim_keys: Vec<String> = ["metrics", "extras", "scheduler", "level", "os", "loops", "tasks", "runs", "makespan_ns", "speedup"]
            .iter()
            .map(|k| k.to_string())
            .collect();
        for p in &with_claims {
            let text = serde_json::to_string(&p.claims).unwrap_or_default();
            claim_keys.extend(text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '-')).filter(|w| w.len() > 1).map(str::to_string));
        }
        claim_keys.sort();
        claim_keys.dedup();
        Ctx { presets, seeds, claim_presets, claim_keys }
    }
}

/// One decoder under test.
struct Target {
    name: &'static str,
    generate: fn(&mut Unstructured, &Ctx) -> arbitrary::Result<Vec<u8>>,
    check: fn(&[u8]) -> Result<(), String>,
    /// Most bytes an input of this length may allocate at once.
    bound: fn(usize) -> usize,
    /// Inputs per `cargo test`.
    ci_inputs: usize,
}

fn import_bound(len: usize) -> usize {
    48 * MIB + 64 * len
}

fn scenario_bound(len: usize) -> usize {
    128 * MIB + 16 * len
}

const TARGETS: &[Target] = &[
    Target { name: "ftrace", generate: |u, _| fuzz_gen::ftrace(u), check: |b| import_check(b, "fuzz.txt"), bound: import_bound, ci_inputs: 1_500 },
    Target { name: "systrace", generate: |u, _| fuzz_gen::systrace(u), check: |b| import_check(b, "fuzz.html"), bound: import_bound, ci_inputs: 800 },
    Target { name: "chrome_json", generate: |u, _| fuzz_gen::chrome(u), check: |b| import_check(b, "fuzz.json"), bound: import_bound, ci_inputs: 1_500 },
    Target { name: "taskflow", generate: |u, _| fuzz_gen::taskflow(u), check: |b| import_check(b, "fuzz-tf.json"), bound: import_bound, ci_inputs: 800 },
    Target { name: "paraver", generate: |u, _| fuzz_gen::paraver(u), check: |b| import_check(b, "fuzz.prv"), bound: import_bound, ci_inputs: 1_500 },
    Target { name: "scenario", generate: |u, c| fuzz_gen::scenario(u, &c.presets), check: scenario_check, bound: scenario_bound, ci_inputs: 1_500 },
    Target { name: "paje", generate: |u, _| fuzz_gen::paje(u), check: |b| import_check(b, "fuzz.paje"), bound: import_bound, ci_inputs: 1_000 },
    Target { name: "perfetto", generate: |u, _| fuzz_gen::perfetto(u), check: |b| import_check(b, "fuzz.pftrace"), bound: import_bound, ci_inputs: 1_000 },
    Target { name: "policy", generate: |u, c| fuzz_gen::policy_scenario(u, &c.presets), check: policy_check, bound: scenario_bound, ci_inputs: 300 },
    Target { name: "sweep_grid", generate: |u, _| fuzz_gen::sweep(u), check: sweep_check, bound: import_bound, ci_inputs: 400 },
    Target { name: "calibrate", generate: calibrate_input, check: calibrate_check, bound: scenario_bound, ci_inputs: 300 },
    Target { name: "claim_cell", generate: |u, c| fuzz_gen::claim_cell(u, &c.claim_presets, &c.claim_keys), check: claim_cell_check, bound: scenario_bound, ci_inputs: 400 },
    Target { name: "claim_rows", generate: |u, c| fuzz_gen::claim_rows(u, &c.claim_presets, &c.claim_keys), check: claim_rows_check, bound: import_bound, ci_inputs: 400 },
];

/// The chunk size and gzip choice of an input come from its own bytes, so that a saved input replays exactly.
fn feed(name: &str, bytes: &[u8]) -> ImportedTrace {
    let h = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
    let gzip = h % 5 == 0;
    let chunk = 1 + (h >> 8) as usize % 4096;
    let data = if gzip {
        use std::io::Write;
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        let _ = e.write_all(bytes);
        e.finish().unwrap_or_default()
    } else {
        bytes.to_vec()
    };
    let mut importer = Importer::new(&if gzip { format!("{name}.gz") } else { name.to_string() });
    if name == "fuzz-tf.json" {
        importer.force_format(engine::import::Format::Taskflow);
    }
    for c in data.chunks(chunk) {
        importer.push(c);
    }
    importer.finish()
}

/// The invariants of any imported trace.
fn well_formed(t: &ImportedTrace) -> Result<(), String> {
    let r = &t.record;
    if t.depth.len() != r.len() {
        return Err("depth and record lengths differ".into());
    }
    for i in 0..r.len() {
        if r.start_ns[i] > r.end_ns[i] {
            return Err(format!("slice {i} ends before it starts"));
        }
        if r.lane[i] as usize >= t.lanes.len() || r.group[i] as usize >= t.names.len() {
            return Err(format!("slice {i} points at a lane or name that does not exist"));
        }
        if i > 0 && (r.lane[i - 1], r.start_ns[i - 1]) > (r.lane[i], r.start_ns[i]) {
            return Err(format!("slices {} and {i} are not sorted", i - 1));
        }
    }
    if t.diagnostics.len() > t.diagnostics_total {
        return Err("more diagnostics kept than counted".into());
    }
    Ok(())
}

fn import_check(bytes: &[u8], name: &str) -> Result<(), String> {
    well_formed(&feed(name, bytes))
}

/// Parses a scenario; when valid, runs it under the small fuzz limits and serialises the page's summary.
fn scenario_check(bytes: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(bytes) else { return Ok(()) };
    let scenario = match Scenario::from_json(text) {
        Ok(s) => s,
        Err(e) if e.message.is_empty() => return Err(format!("an error without a message at '{}'", e.path)),
        Err(_) => return Ok(()),
    };
    run_small(&scenario)
}

/// A scenario with a user policy: every error the policy causes (compiling or running) names the policy, and a valid one
/// runs under the small fuzz limits.
fn policy_check(bytes: &[u8]) -> Result<(), String> {
    let named = |e: &engine::InputError| {
        if e.path == "custom_schedulers[0].source" && !e.message.starts_with("policy 'mine'") && !e.message.starts_with("invalid type") {
            Err(format!("a policy error that does not name the policy: {e}"))
        } else {
            Ok(())
        }
    };
    let Ok(text) = std::str::from_utf8(bytes) else { return Ok(()) };
    let scenario = match Scenario::from_json(text) {
        Ok(s) => s,
        Err(e) => return named(&e),
    };
    let Ok(estimate) = budget::check(&scenario, &FUZZ_LIMITS) else { return Ok(()) };
    match engine::run::run_metered(&scenario, engine::run::Detail::default(), &mut estimate.meter(&FUZZ_LIMITS)) {
        Ok(_) => run_small(&scenario),
        Err(e) => named(&e),
    }
}

fn run_small(scenario: &Scenario) -> Result<(), String> {
    let Ok(estimate) = budget::check(scenario, &FUZZ_LIMITS) else { return Ok(()) };
    let Ok(result) = engine::run::run_metered(scenario, engine::run::Detail::default(), &mut estimate.meter(&FUZZ_LIMITS)) else { return Ok(()) };
    for run in &result.runs {
        let r = &run.record;
        if (0..r.len()).any(|i| r.start_ns[i] > r.end_ns[i]) {
            return Err(format!("{}: a segment ends before it starts", run.scheduler));
        }
    }
    serde_json::to_string(&engine::summary::run_summary(scenario, &result)).map(|_| ()).map_err(|e| e.to_string())
}

fn sweep_check(bytes: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(bytes) else { return Ok(()) };
    if let Ok(cells) = engine::claims::lab::grid_cells_json(text) {
        // Raw values: the checker's own copy of 100,000 cells stays small.
        let cells: Vec<&serde_json::value::RawValue> = serde_json::from_str(&cells).map_err(|e| e.to_string())?;
        if let Some(cell) = cells.first() {
            let _ = engine::claims::run_cell_json(cell.get());
        }
    }
    Ok(())
}

/// A claim cell as `run_cell` reads it: parsed, expanded with its overrides, and run under the small fuzz limits.
fn claim_cell_check(bytes: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(bytes) else { return Ok(()) };
    let Ok(cell) = serde_json::from_str::<engine::claims::Cell>(text) else { return Ok(()) };
    let _ = cell.key();
    let _ = engine::claims::cells::names_of(&cell);
    match engine::claims::cells::scenario_of(&cell) {
        Ok(scenario) => run_small(&scenario),
        Err(e) if e.message.is_empty() => Err(format!("an error without a message at '{}'", e.path)),
        Err(_) => Ok(()),
    }
}

/// Claim rows as `evaluate_claims` reads them: any run values must give a verdict or an error, never a panic.
fn claim_rows_check(bytes: &[u8]) -> Result<(), String> {
    let Ok(text) = std::str::from_utf8(bytes) else { return Ok(()) };
    let (preset, rows) = text.split_once('\n').unwrap_or((text, ""));
    let _ = engine::claims::evaluate_json(preset, rows);
    Ok(())
}

/// A trace of any format, then calibration options: the trace's format is the first byte's choice.
fn calibrate_input(u: &mut Unstructured, _: &Ctx) -> arbitrary::Result<Vec<u8>> {
    let format: u8 = u.int_in_range(0..=3)?;
    let mut out = vec![format, u.int_in_range(0..=255)?, u.int_in_range(0..=255)?];
    out.extend(match format {
        0 => fuzz_gen::ftrace(u)?,
        1 => fuzz_gen::chrome(u)?,
        2 => fuzz_gen::taskflow(u)?,
        _ => fuzz_gen::paraver(u)?,
    });
    Ok(out)
}

/// Imports the trace, calibrates it with options from the first bytes; a calibrated scenario must validate, then it runs.
fn calibrate_check(bytes: &[u8]) -> Result<(), String> {
    let [format, clusters, schedulers, rest @ ..] = bytes else { return Ok(()) };
    let name = ["fuzz.txt", "fuzz.json", "fuzz-tf.json", "fuzz.prv"][*format as usize % 4];
    let trace = feed(name, rest);
    let clusters = match clusters % 4 {
        0 => None,
        1 => Some(vec![1]),
        2 => Some(vec![2, 2]),
        _ => Some(vec![*clusters as u32, 0]),
    };
    let all: Vec<String> = engine::registry::schedulers_for(engine::model::Level::Tasks).map(|e| e.name.to_string()).collect();
    let max_tasks = 1 + *schedulers as usize * 10;
    let schedulers = all.into_iter().skip(*schedulers as usize % 11).take(2).collect();
    let opts = engine::import::calibrate::CalibrateOptions { clusters, cpu_sets: None, schedulers, max_tasks };
    let Ok(cal) = engine::import::calibrate::calibrate(&trace, &opts) else { return Ok(()) };
    cal.scenario.validate().map_err(|e| format!("calibration made an invalid scenario: {e}"))?;
    Scenario::from_json(&cal.scenario.to_json()).map_err(|e| format!("a calibrated scenario does not read back: {e}"))?;
    run_small(&cal.scenario)
}

/// Why an input failed.
#[derive(Debug, Clone, PartialEq)]
enum Failure {
    Panic(String),
    Invariant(String),
    Memory(usize),
}

impl Failure {
    fn same_kind(&self, other: &Failure) -> bool {
        std::mem::discriminant(self) == std::mem::discriminant(other)
    }
}

fn try_input(target: &Target, input: &[u8]) -> Option<Failure> {
    let (outcome, peak) = peak_during(|| catch_unwind(AssertUnwindSafe(|| (target.check)(input))));
    match outcome {
        Err(panic) => Some(Failure::Panic(panic.downcast_ref::<String>().cloned().or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string())).unwrap_or_default())),
        Ok(Err(why)) => Some(Failure::Invariant(why)),
        Ok(Ok(())) if peak > (target.bound)(input.len()) => Some(Failure::Memory(peak)),
        Ok(Ok(())) => None,
    }
}

/// Removes ever smaller chunks while the input still fails the same way (at most a few thousand tries).
fn minimise(target: &Target, input: &[u8], failure: &Failure) -> Vec<u8> {
    let mut best = input.to_vec();
    let mut chunk = best.len() / 2;
    let mut tries = 0;
    while chunk > 0 && tries < 3_000 {
        let mut at = 0;
        let mut shrunk = false;
        while at < best.len() && tries < 3_000 {
            let candidate: Vec<u8> = best[..at].iter().chain(best[(at + chunk).min(best.len())..].iter()).copied().collect();
            tries += 1;
            if try_input(target, &candidate).is_some_and(|f| f.same_kind(failure)) {
                best = candidate;
                shrunk = true;
            } else {
                at += chunk;
            }
        }
        if !shrunk {
            chunk /= 2;
        }
    }
    best
}

fn corpus_dir(target: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz-corpus").join(target)
}

/// Saves a minimised failing input under its hash and returns the path.
fn save(target: &str, input: &[u8]) -> PathBuf {
    let h = input.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3));
    let dir = corpus_dir(target);
    let _ = std::fs::create_dir_all(&dir);
    let path = dir.join(format!("{h:016x}.bin"));
    let _ = std::fs::write(&path, input);
    path
}

/// Byte-level mutations (truncation, flips, splices from the trace corpus, duplication) of a generated input.
fn mutate(rng: &mut Rng, input: &mut Vec<u8>, seeds: &[Vec<u8>]) {
    for _ in 0..1 + rng.below(3) {
        let n = input.len().max(1) as u64;
        let i = (rng.below(n) as usize).min(input.len());
        match rng.below(5) {
            0 => input.truncate(i),
            1 => {
                if let Some(b) = input.get_mut(i) {
                    *b ^= 1 << rng.below(8);
                }
            }
            2 => {
                let seed = &seeds[rng.below(seeds.len().max(1) as u64) as usize % seeds.len().max(1)];
                let from = rng.below(seed.len().max(1) as u64) as usize;
                let piece = &seed[from.min(seed.len())..(from + rng.below(200) as usize).min(seed.len())];
                input.splice(i..i, piece.iter().copied());
            }
            3 => input.insert(i, *b"{}[]\":,\\\n\r\x00\xff0-|".get(rng.below(15) as usize).unwrap_or(&b'0')),
            _ => {
                let piece: Vec<u8> = input[i..(i + rng.below(300) as usize).min(input.len())].to_vec();
                input.extend_from_slice(&piece);
            }
        }
    }
}

/// Generates, mutates and checks inputs of `target` until `stop(count)`; returns the count and the saved failures.
fn fuzz(target: &Target, ctx: &Ctx, seed: u64, mut stop: impl FnMut(usize) -> bool) -> (usize, Vec<(PathBuf, Failure)>) {
    let mut rng = Rng::new(seed);
    let mut failures = Vec::new();
    let mut count = 0;
    while !stop(count) {
        let raw: Vec<u8> = (0..64 + rng.below(8192)).map(|_| rng.next_u64() as u8).collect();
        let mut input = (target.generate)(&mut Unstructured::new(&raw), ctx).unwrap_or_default();
        if rng.below(3) == 0 {
            mutate(&mut rng, &mut input, &ctx.seeds);
        }
        count += 1;
        if let Some(failure) = try_input(target, &input) {
            let small = minimise(target, &input, &failure);
            failures.push((save(target.name, &small), failure));
            if failures.len() >= 5 {
                break;
            }
        }
    }
    (count, failures)
}

#[test]
fn the_regression_corpus_still_passes() {
    for target in TARGETS {
        let Ok(entries) = std::fs::read_dir(corpus_dir(target.name)) else { continue };
        for entry in entries.flatten() {
            let input = std::fs::read(entry.path()).expect("readable");
            assert_eq!(try_input(target, &input), None, "{}", entry.path().display());
        }
    }
}

#[test]
fn every_decoder_survives_its_fixed_budget_of_generated_inputs() {
    let ctx = Ctx::new();
    let mut total = 0;
    for (i, target) in TARGETS.iter().enumerate() {
        let (count, failures) = fuzz(target, &ctx, 0xF022 + i as u64, |n| n >= target.ci_inputs);
        assert!(failures.is_empty(), "{}: {failures:?} (minimised inputs saved under engine/tests/fuzz-corpus)", target.name);
        total += count;
    }
    eprintln!("fuzz: {total} inputs over {} decoders", TARGETS.len());
}

/// `npm run fuzz -- --minutes N`: every target in turn, in slices of up to 20 s, until N minutes have passed, on
/// `ASYMLAB_FUZZ_THREADS` threads (default 1; each thread its own seeds, allocations counted per thread).
#[test]
#[ignore = "long run: npm run fuzz -- --minutes N"]
fn fuzz_long() {
    let minutes: f64 = std::env::var("ASYMLAB_FUZZ_MINUTES").ok().and_then(|m| m.parse().ok()).unwrap_or(1.0);
    let seed: u64 = std::env::var("ASYMLAB_FUZZ_SEED").ok().and_then(|m| m.parse().ok()).unwrap_or(1);
    let threads: u64 = std::env::var("ASYMLAB_FUZZ_THREADS").ok().and_then(|m| m.parse().ok()).unwrap_or(1).clamp(1, 64);
    std::panic::set_hook(Box::new(|_| {}));
    let ctx = Ctx::new();
    let deadline = Instant::now() + Duration::from_secs_f64(minutes * 60.0);
    let per_thread: Vec<_> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads).map(|t| {
            let ctx = &ctx;
            s.spawn(move || fuzz_until(ctx, seed.wrapping_add(t << 40), minutes, deadline))
        }).collect();
        workers.into_iter().map(|w| w.join().unwrap_or_default()).collect()
    });
    let _ = std::panic::take_hook();
    let mut counts = vec![0usize; TARGETS.len()];
    let mut slowest = vec![Duration::ZERO; TARGETS.len()];
    let mut found = Vec::new();
    for (c, sl, f) in per_thread {
        for i in 0..TARGETS.len() {
            counts[i] += c.get(i).copied().unwrap_or(0);
            slowest[i] = slowest[i].max(sl.get(i).copied().unwrap_or_default());
        }
        found.extend(f);
    }
    for (i, target) in TARGETS.iter().enumerate() {
        println!("fuzz {:<12} {:>9} inputs, slowest {:?}", target.name, counts[i], slowest[i]);
    }
    println!("fuzz total {} inputs on {threads} threads, {} failures", counts.iter().sum::<usize>(), found.len());
    for (name, path, failure) in &found {
        println!("fuzz FAILURE {name}: {failure:?} → {}", path.display());
    }
    assert!(found.is_empty(), "{} failing inputs saved", found.len());
}

type Found = Vec<(&'static str, PathBuf, Failure)>;

/// One thread of [`fuzz_long`]: inputs per target, the slowest input per target, and the failures.
fn fuzz_until(ctx: &Ctx, seed: u64, minutes: f64, deadline: Instant) -> (Vec<usize>, Vec<Duration>, Found) {
    let mut counts = vec![0usize; TARGETS.len()];
    let mut slowest = vec![Duration::ZERO; TARGETS.len()];
    let mut found = Vec::new();
    let mut round = 0u64;
    while Instant::now() < deadline {
        for (i, target) in TARGETS.iter().enumerate() {
            let slice = Duration::from_secs_f64((minutes * 60.0 / TARGETS.len() as f64).clamp(1.0, 20.0));
            let slice_end = (Instant::now() + slice).min(deadline);
            let mut last = Instant::now();
            let (count, failures) = fuzz(target, ctx, seed.wrapping_mul(1_000_003).wrapping_add(round * 64 + i as u64), |_| {
                let now = Instant::now();
                slowest[i] = slowest[i].max(now - last);
                last = now;
                now >= slice_end
            });
            counts[i] += count;
            found.extend(failures.into_iter().map(|(p, f)| (target.name, p, f)));
        }
        round += 1;
    }
    (counts, slowest, found)
}
