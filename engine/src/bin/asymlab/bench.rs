//! `asymlab bench`: native simulation speed on the 32,000-task benchmark DAG under every task scheduler, and loop schedules
//! on 10^7 iterations; `asymlab bench --pair` answers `scripts/bench.mjs`, which alternates native and Wasm runs.
//!
//! Every figure is a median over the repetitions with its spread (min–max), one per line: `name: median (min–max, n=N)`.

use std::io::BufRead;
use std::time::Instant;

use engine::api::Session;
use engine::model::Level;
use engine::catalogue as presets;
use engine::{registry, run, summary, Scenario};

/// The benchmark preset: 32,000 matmul tasks in layers of 4 on the TX2 (2 Denver + 4 A57) under RWS.
const BENCH_PRESET: &str = "tx2-matmul-32000";

/// The DAG of the comparison with DSLab-DAG (the peer measured in scripts/bench.mjs): the benchmark preset with zero scheduling costs, under `scheduler`.
pub fn peer_scenario(scheduler: &str) -> Result<Scenario, String> {
    let mut s = presets::scenario(BENCH_PRESET).ok_or("benchmark preset missing")?;
    s.runtime.steal_ns = 0;
    s.runtime.ptt_search_ns = 0;
    s.runtime.dispatch_ns = 0;
    s.schedulers = vec![scheduler.to_string()];
    Ok(s)
}

/// Median and spread of samples.
pub struct Spread {
    /// Median.
    pub median: f64,
    /// Smallest.
    pub min: f64,
    /// Largest.
    pub max: f64,
    /// Samples.
    pub n: usize,
}

impl Spread {
    /// Of `samples` (not empty).
    pub fn of(mut samples: Vec<f64>) -> Spread {
        samples.sort_by(f64::total_cmp);
        let n = samples.len();
        let median = if n == 0 { f64::NAN } else if n % 2 == 1 { samples[n / 2] } else { (samples[n / 2 - 1] + samples[n / 2]) / 2.0 };
        Spread { median, min: samples.first().copied().unwrap_or(f64::NAN), max: samples.last().copied().unwrap_or(f64::NAN), n }
    }

    /// `median (min–max, n=N)` with `digits` decimals.
    pub fn show(&self, digits: usize) -> String {
        format!("{:.digits$} ({:.digits$}–{:.digits$}, n={})", self.median, self.min, self.max, self.n)
    }
}

/// Times `f` `repeat` times after one warm-up run; returns `per_run(result) / seconds` of each timed run.
fn rates<T>(repeat: u32, mut f: impl FnMut() -> Result<T, String>, per_run: impl Fn(&T) -> f64) -> Result<Spread, String> {
    f()?;
    let mut out = Vec::new();
    for _ in 0..repeat {
        let start = Instant::now();
        let r = f()?;
        out.push(per_run(&r) / start.elapsed().as_secs_f64());
    }
    Ok(Spread::of(out))
}

/// Prints one `name: value` line per figure, for `npm run bench`.
pub fn bench(repeat: u32) -> Result<(), String> {
    let scenario = presets::scenario(BENCH_PRESET).ok_or("benchmark preset missing")?;
    let tasks = |r: &run::ScenarioResult| r.runs.first().map_or(0.0, |r| r.metrics.tasks as f64);
    let first = run::run(&scenario).map_err(|e| e.to_string())?;
    println!("native_tasks: {}", tasks(&first));
    println!("native_events: {}", first.runs[0].events_handled);
    let sim = rates(repeat, || run::run(&scenario).map_err(|e| e.to_string()), tasks)?;
    println!("native_tasks_per_s (simulation only, {BENCH_PRESET}, rws): {}", sim.show(0));
    let whole = rates(
        repeat,
        || {
            let parsed = Scenario::from_json(&scenario.to_json()).map_err(|e| e.to_string())?;
            let result = run::run(&parsed).map_err(|e| e.to_string())?;
            let mut out = Vec::new();
            summary::write_cli_json(&mut out, &result, false, false, &[], None).map_err(|e| e.to_string())?;
            std::hint::black_box(out);
            Ok(result)
        },
        tasks,
    )?;
    println!("native_whole_process_tasks_per_s (parse + simulate + JSON): {}", whole.show(0));
    // What recording everything (decision log with explanations, PTT history) would add to a plain FIFO run.
    let fifo = peer_scenario("fifo")?;
    let plain = rates(repeat, || run::run(&fifo).map_err(|e| e.to_string()), tasks)?;
    let detailed = rates(repeat, || run::run_with(&fifo, run::Detail::ALL).map_err(|e| e.to_string()), tasks)?;
    println!(
        "native_recording_share_fifo (time a fully recorded run spends recording; plain runs skip it): {:.0}% (plain {:.0} vs recorded {:.0} tasks/s, medians)",
        100.0 * (1.0 - detailed.median / plain.median),
        plain.median,
        detailed.median
    );
    // The DSLab-DAG comparison's DAG (zero scheduling costs) under every registered scheduler, simulation only.
    for name in registry::names(Level::Tasks) {
        let one = peer_scenario(name)?;
        let r = rates(repeat, || run::run(&one).map_err(|e| e.to_string()), tasks)?;
        println!("native_sim_tasks_per_s_{name} (32,000-task DAG, zero costs): {}", r.show(0));
    }
    loop_bench()
}

/// `asymlab bench --pair`: for each scheduler name read from standard input, parses and runs the peer scenario under it
/// through the same API the page uses (`Session::try_new` + `try_run_all`) and prints the seconds it took, so that a
/// driver can alternate these runs with the same calls in WebAssembly.
pub fn pair() -> Result<(), String> {
    for line in std::io::stdin().lock().lines() {
        let name = line.map_err(|e| e.to_string())?;
        let json = peer_scenario(name.trim())?.to_json();
        let start = Instant::now();
        let mut session = Session::try_new(&json).map_err(|e| e.to_string())?;
        std::hint::black_box(session.try_run_all().map_err(|e| e.to_string())?);
        println!("{:.9}", start.elapsed().as_secs_f64());
    }
    Ok(())
}

/// Simulated iterations per second of a 10^7-iteration uniform loop on Platform A under every loop schedule (one run each).
fn loop_bench() -> Result<(), String> {
    let mut scenario = presets::scenario("aid-ep-a").ok_or("loop preset missing")?;
    if let engine::model::Workload::LoopProgram(program) = &mut scenario.workload {
        program.phases = vec![engine::model::loops::Phase::Loop(engine::model::loops::ParallelLoop {
            name: Some("bench".into()),
            iterations: 10_000_000,
            class: "ep".into(),
            cost: engine::model::loops::CostProfile::Uniform { iter_ns: 1_000.0 },
            chunk: 1,
        })];
    }
    for name in registry::names(Level::Loops) {
        scenario.schedulers = vec![name.to_string()];
        let start = Instant::now();
        let result = run::run(&scenario).map_err(|e| e.to_string())?;
        let seconds = start.elapsed().as_secs_f64();
        let iterations = result.runs[0].metrics.tasks;
        println!("native_loop_iters_per_s_{name}: {:.0}", iterations as f64 / seconds);
    }
    Ok(())
}
