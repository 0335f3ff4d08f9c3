//! `asymlab`: the command-line face of the engine: run scenarios, list and print presets, evaluate the papers' claims, sweep,
//! import, export and calibrate traces, benchmark.

use std::io::Read;
use std::process::ExitCode;


use clap::{Parser, Subcommand, ValueEnum};
use engine::catalogue;
use engine::import::calibrate::{calibrate, CalibrateOptions};
use engine::model::Level;
use engine::{registry, run, summary, Scenario};

#[path = "asymlab/bench.rs"]
mod bench;
#[path = "asymlab/bench_import.rs"]
mod bench_import;
#[path = "asymlab/csv_out.rs"]
mod csv_out;
#[path = "asymlab/sweep_cmd.rs"]
mod sweep_cmd;
#[path = "asymlab/trace_cmd.rs"]
mod trace_cmd;

#[derive(Parser)]
#[command(name = "asymlab", version, about = "Asymmetry Lab: simulate scheduling on asymmetric multicores")]
struct Cli {
    /// Use the catalogue in this directory (a changed copy of engine/catalogue: a recalibrated platform, a new preset)
    /// instead of the built-in one, e.g. to see which claims hold with another parameter.
    #[arg(long, global = true, value_name = "DIR")]
    catalogue: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Json,
    Csv,
}

#[derive(Clone, Copy, ValueEnum)]
enum What {
    /// Schedulers of every level, or of `--level`.
    Schedulers,
    Presets,
    Platforms,
    /// Built-in application profiles.
    Apps,
    /// The workload mixes of Zhang et al. (BF, BB, CF, BS, DC).
    Mixes,
    /// Figure presets with a sweep (`asymlab sweep --figure`).
    Figures,
    /// The papers' claims (`asymlab fidelity --claim`).
    Claims,
    /// The papers (`asymlab fidelity --paper`).
    Papers,
}

#[derive(Subcommand)]
enum Command {
    /// Run every scheduler of a scenario and print their metrics.
    Run {
        /// Scenario JSON file, or `-` for standard input.
        file: String,
        /// Include every segment of the schedule.
        #[arg(long)]
        schedule: bool,
        /// Record and print what a plain run leaves out: each task run's PTT over time and its decision log.
        #[arg(long)]
        detail: bool,
        /// Output format.
        #[arg(long, value_enum, default_value = "json")]
        format: Format,
    },
    /// List schedulers, scenario presets or platform presets, one name per line.
    List {
        /// What to list.
        #[arg(value_enum)]
        what: What,
        /// With `schedulers`: only those of this level (tasks, loops, os).
        #[arg(long)]
        level: Option<String>,
    },
    /// Print the scenario JSON of a preset.
    Preset {
        /// Preset name (see `asymlab list presets`).
        name: String,
    },
    /// Write the catalogue as the page reads it to DIR: `catalogue.json` (presets, platforms and the default scenario:
    /// what the first chart needs) and `catalogue-texts.json` (papers and every preset's and platform's JSON); the build
    /// writes them beside the core Wasm module.
    Catalogue {
        /// Folder to write the two files to.
        #[arg(long)]
        out: std::path::PathBuf,
    },
    /// Print the platform JSON of a platform preset.
    Platform {
        /// Platform name (see `asymlab list platforms`).
        name: String,
    },
    /// Import a trace recorded on real hardware and print a JSON summary (format, cores, lanes, segments, span, frequency changes, diagnostics).
    Import {
        /// Trace file: ftrace text, systrace HTML, Chrome JSON (maybe .gz), Taskflow JSON, Paraver .prv.
        file: String,
        /// Paraver names file (.pcf); by default FILE with .prv replaced by .pcf, when it exists.
        #[arg(long)]
        pcf: Option<String>,
        /// Paraver labels file (.row); by default FILE with .prv replaced by .row, when it exists.
        #[arg(long)]
        row: Option<String>,
        /// Read as this format instead of detecting it (ftrace, systrace, chrome, taskflow, paraver).
        #[arg(long)]
        format: Option<String>,
    },
    /// Export a schedule as Chrome Trace JSON (opens in Perfetto UI): a trace file, a scenario JSON file, or a preset name.
    Export {
        /// Write Chrome Trace Event JSON (the only export format so far).
        #[arg(long)]
        chrome: bool,
        /// Trace file, scenario JSON file, or scenario preset name.
        input: String,
        /// Output file (standard output by default).
        #[arg(long, short)]
        output: Option<String>,
    },
    /// Replay a trace: platform and burst workload calibrated from it, run under an OS-level scheduler (the one modelling the recording's kernel by default), compared with the recording (span and busy time per core, relative errors) as JSON.
    Replay {
        /// Trace file.
        file: String,
        /// Platform description, JSON (`{"clusters": [{"name": "big", "cpus": [1, 2], "capacity": 1024}, …]}`) or the same as YAML
        /// (a `.yaml` / `.yml` file); inferred from the trace by default.
        #[arg(long)]
        platform: Option<String>,
        /// Clusters as CPU sets, such as `1,2:0,3-5` (non-contiguous allowed); inferred from the trace by default.
        #[arg(long)]
        clusters: Option<String>,
        /// OS-level scheduler replaying the workload; by default the one that models the recording's kernel
        /// (`linux[android=on]` for an Android systrace, else `linux`).
        #[arg(long)]
        scheduler: Option<String>,
        /// Also replay under every applicable OS-level scheduler (what-if), listed in `runs`.
        #[arg(long)]
        all: bool,
        /// Seed of the replay's generator.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Build a scenario from a trace (clusters, speed ratios, tasks, DVFS) and print it; `asymlab run` runs it under every scheduler.
    Calibrate {
        /// Trace file.
        file: String,
        /// Clusters: CPU sets such as `1,2:0,3-5` (non-contiguous allowed), or sizes over the trace's CPUs in order such as
        /// `4,4` (no colon); inferred from frequency domains by default.
        #[arg(long)]
        clusters: Option<String>,
        /// Schedulers of the scenario (all by default).
        #[arg(long, value_delimiter = ',')]
        schedulers: Option<Vec<String>>,
        /// Print the calibration report instead of the scenario.
        #[arg(long)]
        report: bool,
    },
    /// Run an OS-level grid (schedulers × configurations × workloads × seeds) and write one CSV row per cell.
    Sweep {
        /// Start from a figure preset's grid (maturity-fig3, pbs-fig2, …); the lists below replace its parts.
        #[arg(long)]
        figure: Option<String>,
        /// Comma-separated methods, e.g. pbs,lcss,linux,"gts[lb=off]".
        #[arg(long)]
        schedulers: Option<String>,
        /// Comma-separated configurations, e.g. odroid-xu3:2+2,gem5-8l8s.
        #[arg(long)]
        configs: Option<String>,
        /// Comma-separated workloads: applications or mixes (BF, BB, CF, BS, DC).
        #[arg(long)]
        workloads: Option<String>,
        /// Seeds: a count N (seeds 1…N), a range A-B, or a comma-separated list.
        #[arg(long)]
        seeds: Option<String>,
        /// Run only shard K of N (1-based), e.g. 3/8: disjoint parts whose union is the grid.
        #[arg(long)]
        shard: Option<String>,
        /// Output file (standard output if absent).
        #[arg(long, short)]
        out: Option<String>,
        /// Leave out the CSV header (for appending shards).
        #[arg(long)]
        no_header: bool,
    },
    /// Evaluate the papers' claims over their variations and seeds: paper value, simulated mean and range, band, verdict.
    Fidelity {
        /// Print JSON (the file the gallery reads).
        #[arg(long)]
        json: bool,
        /// Print Markdown (docs/fidelity.md).
        #[arg(long)]
        markdown: bool,
        /// Print docs/papers.md (citations, presets and claims per paper) instead.
        #[arg(long)]
        papers: bool,
        /// Only this paper's claims (chronaki2019, chen2020, zhang2013, saez2020).
        #[arg(long)]
        paper: Option<String>,
        /// Only this claim.
        #[arg(long)]
        claim: Option<String>,
        /// Only this preset's claims.
        #[arg(long)]
        preset: Option<String>,
        /// Only the papers' headline effects (the results each leads with; `headline` in engine/catalogue/papers.json).
        #[arg(long)]
        headline: bool,
        /// Compare with an earlier `asymlab fidelity --json` saved in FILE: verdicts that changed, then means that moved by
        /// more than 1% (e.g. after changing a parameter in a catalogue copy)
        #[arg(long, value_name = "FILE", conflicts_with_all = ["json", "markdown", "papers"])]
        against: Option<String>,
        /// Seeds per cell instead of each claim's own count.
        #[arg(long)]
        seeds: Option<u32>,
        /// First seed (default 1); e.g. 2001 with --seeds 8 checks the claims on seeds the tests never use (they use 1 … and 1001 …).
        #[arg(long)]
        first_seed: Option<u64>,
        /// Threads (default: every core).
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Print a custom scheduler `{"name","level","source"}` whose policy reproduces built-in NAME (fifo, rws, fa) exactly;
    /// with --preset, print that preset's scenario with the policy added and listed beside the built-in.
    CustomExample {
        /// Built-in scheduler to reproduce.
        name: String,
        /// A task-level preset to add the policy to.
        #[arg(long)]
        preset: Option<String>,
    },
    /// Benchmark the engine on the 32,000-task layered matmul DAG (P = 4) on the TX2 under RWS, then under every scheduler.
    Bench {
        /// Repetitions (the median and the spread are reported).
        #[arg(long, default_value_t = 7)]
        repeat: u32,
        /// Serve `scripts/bench.mjs`: read scheduler names from standard input, print the seconds of each run.
        #[arg(long)]
        pair: bool,
    },
}

#[path = "asymlab/fidelity_cmd.rs"]
mod fidelity_cmd;

/// Reads a scenario from `file` (`-`: standard input), stopping as soon as it passes the 64 MiB scenario limit.
fn read_input(file: &str) -> Result<String, String> {
    let limit = engine::scenario::MAX_SCENARIO_BYTES as u64;
    let (name, bytes) = if file == "-" {
        ("standard input".to_string(), read_capped(std::io::stdin().lock(), limit, "standard input")?)
    } else {
        let f = std::fs::File::open(file).map_err(|e| format!("cannot read {file}: {e}"))?;
        (file.to_string(), read_capped(f, limit, file)?)
    };
    if bytes.len() as u64 > limit {
        return Err(format!("invalid scenario: {name} is larger than {} MiB, the scenario limit; stopped reading", limit >> 20));
    }
    text_of(bytes, &name)
}

/// At most `limit + 1` bytes of `reader`, read in pieces (so that `/dev/zero` or an endless pipe stops at the limit).
pub fn read_capped(reader: impl Read, limit: u64, name: &str) -> Result<Vec<u8>, String> {
    let mut bytes = Vec::new();
    reader.take(limit + 1).read_to_end(&mut bytes).map_err(|e| format!("cannot read {name}: {e}"))?;
    Ok(bytes)
}

/// UTF-8 text of `bytes`, or an error that says what the bytes look like.
fn text_of(bytes: Vec<u8>, name: &str) -> Result<String, String> {
    String::from_utf8(bytes).map_err(|e| {
        let head = e.as_bytes();
        if engine::import::detect::is_utf16(head) {
            format!("{name} is UTF-16 text; save it as UTF-8")
        } else {
            format!("{name} is not UTF-8 text (byte {} is not)", e.utf8_error().valid_up_to())
        }
    })
}

/// Writes `text` to standard output; a closed pipe (`asymlab run … | head`) ends the program quietly.
fn emit(text: &str) -> Result<(), String> {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
        other => other.map_err(|e| format!("cannot write the output: {e}")),
    }
}

/// Runs `scenario` within the work budget, recording `detail`, reporting progress on standard error when it is a terminal
/// and the run is long.
fn simulate(scenario: &Scenario, detail: run::Detail) -> Result<run::ScenarioResult, String> {
    use std::io::IsTerminal;
    let limits = run::budget::Limits::default();
    let estimate = run::budget::check(scenario, &limits).map_err(|e| format!("cannot simulate: {e}"))?;
    let mut meter = estimate.meter(&limits);
    let mut report = |p: engine::sim::Progress| {
        let share = if p.expected_events > 0 { format!(" (~{:.0}% of the estimate)", 100.0 * p.events as f64 / p.expected_events as f64) } else { String::new() };
        eprint!("\rasymlab: {} million events{share}; Ctrl-C cancels   ", p.events / 1_000_000);
        true
    };
    let show = std::io::stderr().is_terminal() && estimate.events > 4 * engine::sim::meter::REPORT_EVERY;
    if show {
        meter = meter.with_progress(&mut report);
    }
    let result = run::run_metered(scenario, detail, &mut meter).map_err(|e| format!("cannot simulate: {e}"));
    if show {
        eprintln!();
    }
    result
}

/// Prints the peak resident memory to standard error when `ASYMLAB_REPORT_PEAK` is set (tests read it; Linux only).
fn report_peak() {
    if std::env::var_os("ASYMLAB_REPORT_PEAK").is_none() {
        return;
    }
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    if let Some(kb) = status.lines().find_map(|l| l.strip_prefix("VmHWM:")).and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok()) {
        eprintln!("asymlab: peak resident memory {kb} kB");
    }
}

/// Reads every `*.json` under `dir` (path relative to it, with `/`) and installs them as the catalogue.
fn install_catalogue(dir: &str) -> Result<(), String> {
    fn walk(root: &std::path::Path, dir: &std::path::Path, out: &mut Vec<(String, String)>) -> Result<(), String> {
        let entries = std::fs::read_dir(dir).map_err(|e| format!("cannot read catalogue directory {}: {e}", dir.display()))?;
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(root, &path, out)?;
            } else if path.extension().is_some_and(|e| e == "json") {
                let relative = path.strip_prefix(root).unwrap_or(&path).to_string_lossy().replace('\\', "/");
                out.push((relative, read_input(&path.to_string_lossy())?));
            }
        }
        Ok(())
    }
    let root = std::path::Path::new(dir);
    let mut files = Vec::new();
    walk(root, root, &mut files)?;
    if files.is_empty() {
        return Err(format!("catalogue directory {dir} holds no JSON files"));
    }
    files.sort();
    catalogue::install(&files).map_err(|e| format!("catalogue {dir}: {e}"))
}

fn run(cli: Cli) -> Result<(), String> {
    if let Some(dir) = &cli.catalogue {
        install_catalogue(dir)?;
    }
    match cli.command {
        Command::Run { file, schedule, detail, format } => {
            let text = read_input(&file)?;
            let scenario = Scenario::from_json(&text).map_err(|e| format!("invalid scenario: {e}"))?;
            drop(text);
            let result = simulate(&scenario, if detail { run::Detail::ALL } else { run::Detail::default() })?;
            match format {
                Format::Json => {
                    let claims = summary::claims_on_run(&scenario, &result);
                    let exercise = engine::claims::exercise::verdict(&scenario, &result);
                    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
                    match summary::write_cli_json(&mut out, &result, schedule, detail, &claims, exercise.as_ref()).and_then(|_| std::io::Write::flush(&mut out)) {
                        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => std::process::exit(0),
                        other => other.map_err(|e| format!("cannot write the output: {e}"))?,
                    }
                }
                Format::Csv => emit(&csv_out::run_csv(&result)?)?,
            }
        }
        Command::List { what, level } => {
            let level = match level.as_deref() {
                None => None,
                Some(name) => Some(Level::from_name(name).ok_or_else(|| format!("unknown level '{name}' (tasks, loops, os)"))?),
            };
            let names: Vec<&str> = match what {
                What::Schedulers => registry::SCHEDULERS.iter().filter(|e| level.is_none_or(|l| e.level() == l)).map(|e| e.name).collect(),
                What::Presets => catalogue::presets().iter().map(|p| p.name.as_str()).collect(),
                What::Platforms => catalogue::platforms().iter().map(|p| p.name.as_str()).collect(),
                What::Apps => engine::model::apps::MATURITY_APPS.iter().copied().chain(["freqmine"]).collect(),
                What::Mixes => engine::model::apps::MIX_NAMES.to_vec(),
                What::Figures => catalogue::presets().iter().filter(|p| p.lab.is_some()).map(|p| p.name.as_str()).collect(),
                What::Claims => catalogue::claims().map(|(_, c)| c.id.as_str()).collect(),
                What::Papers => catalogue::papers().iter().map(|p| p.id.as_str()).collect(),
            };
            emit(&names.iter().map(|n| format!("{n}\n")).collect::<String>())?;
        }
        Command::Preset { name } => {
            let s = catalogue::scenario(&name).ok_or_else(|| format!("unknown preset '{name}' (see `asymlab list presets`)"))?;
            emit(&format!("{}\n", s.to_json()))?;
        }
        Command::Catalogue { out } => {
            for (file, doc) in [("catalogue.json", catalogue::listing::boot()), ("catalogue-texts.json", catalogue::listing::texts())] {
                let path = out.join(file);
                std::fs::write(&path, format!("{doc}\n")).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            }
        }
        Command::Platform { name } => {
            let p = catalogue::platform(&name).ok_or_else(|| format!("unknown platform '{name}' (see `asymlab list platforms`)"))?;
            emit(&format!("{}\n", serde_json::to_string_pretty(&p).map_err(|e| e.to_string())?))?;
        }
        Command::Import { file, pcf, row, format } => {
            let trace = trace_cmd::import_file(&file, pcf, row, format.as_deref())?;
            emit(&format!("{}\n", serde_json::to_string_pretty(&trace.summary()).map_err(|e| e.to_string())?))?;
            if trace.record.is_empty() && trace.freq.is_empty() {
                let why: Vec<String> = trace.diagnostics.iter().take(3).map(|d| d.to_string()).collect();
                let why = if why.is_empty() { "no slice and no frequency change in it".to_string() } else { why.join("; ") };
                return Err(format!("nothing was imported from {file} (read as {}): {why}", trace.format.name()));
            }
        }
        Command::Export { chrome, input, output } => {
            if !chrome {
                return Err("say which format: --chrome".into());
            }
            let text = trace_cmd::export_chrome(&input)?;
            match output {
                Some(path) => std::fs::write(&path, text).map_err(|e| format!("cannot write {path}: {e}"))?,
                None => emit(&text)?,
            }
        }
        Command::Calibrate { file, clusters, schedulers, report } => {
            let trace = trace_cmd::import_file(&file, None, None, None)?;
            let (clusters, cpu_sets) = trace_cmd::calibrate_clusters(clusters.as_deref())?;
            let opts = CalibrateOptions { clusters, cpu_sets, schedulers: schedulers.unwrap_or_default(), max_tasks: 0 };
            let cal = calibrate(&trace, &opts).map_err(|e| format!("cannot calibrate: {e}"))?;
            if report {
                emit(&format!("{}\n", serde_json::to_string_pretty(&cal.report).map_err(|e| e.to_string())?))?;
            } else {
                emit(&format!("{}\n", cal.scenario.to_json()))?;
            }
        }
        Command::Replay { file, platform, clusters, scheduler, all, seed } => {
            let trace = trace_cmd::import_file(&file, None, None, None)?;
            println!("{}", trace_cmd::replay(&trace, platform.as_deref(), clusters.as_deref(), scheduler.as_deref(), all, seed)?);
        }
        Command::CustomExample { name, preset } => println!("{}", custom_example(&name, preset.as_deref())?),
        Command::Bench { pair: true, .. } => bench::pair()?,
        Command::Bench { repeat, .. } => {
            bench::bench(repeat.max(1))?;
            bench_import::run()?;
        }
        Command::Fidelity { json, markdown, papers, paper, claim, preset, headline, against, seeds, first_seed, threads } => fidelity_cmd::run(fidelity_cmd::Args {
            json,
            markdown,
            papers,
            against,
            filter: engine::claims::Filter { paper, claim, preset, headline },
            seeds,
            first_seed,
            threads,
        })?,
        Command::Sweep { figure, schedulers, configs, workloads, seeds, shard, out, no_header } => {
            sweep_cmd::run(sweep_cmd::Args { figure, schedulers, configs, workloads, seeds, shard, out, no_header })?
        }
    }
    Ok(())
}

/// `asymlab custom-example NAME [--preset P]`.
fn custom_example(name: &str, preset: Option<&str>) -> Result<String, String> {
    let known: Vec<&str> = engine::policy::examples::EXAMPLES.iter().map(|(n, _)| *n).collect();
    let def = engine::policy::examples::example(name).ok_or_else(|| format!("no example reproduces '{name}' (examples: {})", known.join(", ")))?;
    let Some(preset) = preset else { return serde_json::to_string_pretty(&def).map_err(|e| e.to_string()) };
    let mut s = catalogue::scenario(preset).ok_or_else(|| format!("unknown preset '{preset}' (see `asymlab list presets`)"))?;
    s.schedulers = vec![name.to_string(), def.name.clone()];
    s.custom_schedulers.push(def);
    s.validate().map_err(|e| format!("{preset}: {e}"))?;
    Ok(s.to_json())
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = run(cli);
    report_peak();
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("asymlab: {message}");
            ExitCode::from(2)
        }
    }
}
