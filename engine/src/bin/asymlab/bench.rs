//! `asymlab bench`: native simulation speed on the 32,000-task benchmark DAG under every task scheduler, and loop schedules on 10^7 iterations.

use std::time::Instant;

use engine::model::Level;
use engine::scenario::presets;
use engine::{registry, run, summary, Scenario};

/// Prints one `name: value` line per figure, for `npm run bench`.
pub fn bench(repeat: u32) -> Result<(), String> {
    let scenario = presets::scenario("tx2-matmul-32000").ok_or("benchmark preset missing")?;
    let mut best_sim = f64::MAX;
    let mut best_whole = f64::MAX;
    let mut tasks = 0u64;
    let mut events = 0u64;
    for _ in 0..repeat {
        let start = Instant::now();
        let text = scenario.to_json();
        let parsed = Scenario::from_json(&text).map_err(|e| e.to_string())?;
        let sim_start = Instant::now();
        let result = run::run(&parsed).map_err(|e| e.to_string())?;
        let sim_s = sim_start.elapsed().as_secs_f64();
        let mut out = Vec::new();
        summary::write_cli_json(&mut out, &result, false, &[]).map_err(|e| e.to_string())?;
        let whole_s = start.elapsed().as_secs_f64();
        std::hint::black_box(out);
        let run = &result.runs[0];
        tasks = run.metrics.tasks;
        events = run.events_handled;
        best_sim = best_sim.min(sim_s);
        best_whole = best_whole.min(whole_s);
    }
    println!("native_tasks: {tasks}");
    println!("native_events: {events}");
    println!("native_sim_seconds: {best_sim:.6}");
    println!("native_tasks_per_s: {:.0}", tasks as f64 / best_sim);
    println!("native_events_per_s: {:.0}", events as f64 / best_sim);
    println!("native_whole_process_tasks_per_s: {:.0}", tasks as f64 / best_whole);
    // The same DAG under every registered scheduler: simulated tasks per second of wall time.
    for name in registry::names(Level::Tasks) {
        let mut one = scenario.clone();
        one.schedulers = vec![name.to_string()];
        let mut best = f64::MAX;
        let mut n = 0u64;
        for _ in 0..repeat {
            let start = Instant::now();
            let result = run::run(&one).map_err(|e| e.to_string())?;
            best = best.min(start.elapsed().as_secs_f64());
            n = result.runs.first().map_or(0, |r| r.metrics.tasks);
        }
        println!("native_tasks_per_s_{name}: {:.0}", n as f64 / best);
    }
    loop_bench()
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

