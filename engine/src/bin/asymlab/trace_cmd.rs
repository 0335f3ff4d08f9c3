//! Trace commands' file handling: importing a recorded trace from disk, and exporting a preset, scenario or trace as Chrome JSON.

use engine::export::{scenario_chrome, trace_chrome};
use engine::import::{Format as TraceFormat, ImportedTrace, Importer};
use engine::catalogue as presets;
use engine::{run, Scenario};

/// Largest Paraver side file (.pcf, .row) read.
const SIDE_FILE_BYTES: u64 = 64 << 20;

/// Imports `file` in 1 MiB chunks; Paraver's .pcf and .row are picked up beside a .prv.
pub fn import_file(file: &str, pcf: Option<String>, row: Option<String>, format: Option<&str>) -> Result<ImportedTrace, String> {
    use std::io::Read as _;
    let mut f = std::fs::File::open(file).map_err(|e| format!("cannot read {file}: {e}"))?;
    let mut importer = Importer::new(file);
    if let Some(name) = format {
        importer.force_format(TraceFormat::from_name(name).ok_or_else(|| format!("unknown format '{name}' (ftrace, systrace, chrome, taskflow, paraver)"))?);
    }
    if let Some(stem) = file.strip_suffix(".prv") {
        let read = |given: Option<String>, ext: &str| -> Result<Option<String>, String> {
            let capped = |p: &str| -> Result<String, String> {
                let f = std::fs::File::open(p).map_err(|e| format!("cannot read {p}: {e}"))?;
                let bytes = super::read_capped(f, SIDE_FILE_BYTES, p)?;
                if bytes.len() as u64 > SIDE_FILE_BYTES {
                    return Err(format!("{p} is larger than {} MiB; stopped reading", SIDE_FILE_BYTES >> 20));
                }
                Ok(String::from_utf8_lossy(&bytes).into_owned())
            };
            match given {
                Some(p) => capped(&p).map(Some),
                None => {
                    let p = format!("{stem}.{ext}");
                    if std::path::Path::new(&p).is_file() { capped(&p).map(Some) } else { Ok(None) }
                }
            }
        };
        if let Some(text) = read(pcf, "pcf")? {
            importer.set_paraver_pcf(text);
        }
        if let Some(text) = read(row, "row")? {
            importer.set_paraver_row(text);
        }
    }
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = f.read(&mut buf).map_err(|e| format!("cannot read {file}: {e}"))?;
        if n == 0 {
            break;
        }
        importer.push(&buf[..n]);
    }
    Ok(importer.finish())
}

/// Chrome JSON of a preset, a scenario file (every run as a process), or a trace file (its process named by file name only).
pub fn export_chrome(input: &str) -> Result<String, String> {
    let scenario = match presets::scenario(input) {
        Some(s) => Some(s),
        None => {
            let is_file = std::path::Path::new(input).is_file();
            let limit = engine::scenario::MAX_SCENARIO_BYTES as u64;
            let text = if is_file { std::fs::File::open(input).ok().and_then(|f| super::read_capped(f, limit, input).ok()).filter(|b| b.len() as u64 <= limit) } else { None };
            match text.as_deref().and_then(|t| std::str::from_utf8(t).ok()) {
                Some(t) if t.contains("\"schedulers\"") && t.contains("\"platform\"") => {
                    Some(Scenario::from_json(t).map_err(|e| format!("invalid scenario: {e}"))?)
                }
                _ if !is_file => return Err(format!("{input} is neither a file nor a preset (see `asymlab list presets`)")),
                _ => None,
            }
        }
    };
    if let Some(scenario) = scenario {
        let result = super::simulate(&scenario, run::Detail::default())?;
        return Ok(scenario_chrome(&scenario, &result));
    }
    let trace = import_file(input, None, None, None)?;
    Ok(trace_chrome(&trace, input))
}


/// What `--clusters` asked for: cluster sizes, or the CPU sets of each cluster (neither when absent).
pub type ClusterChoice = (Option<Vec<u32>>, Option<Vec<Vec<u32>>>);

/// `asymlab calibrate --clusters`: CPU sets when the text has a colon (`1,2:0,3-5`, parsed like `replay --clusters`), else sizes (`4,4`).
pub fn calibrate_clusters(text: Option<&str>) -> Result<ClusterChoice, String> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else { return Ok((None, None)) };
    if text.contains(':') {
        let spec = engine::replay::PlatformSpec::from_flag(text).map_err(|e| format!("--clusters: {e}"))?;
        return Ok((None, Some(spec.clusters.into_iter().map(|c| c.cpus).collect())));
    }
    let sizes = text.split(',').map(|s| s.trim().parse::<u32>().map_err(|_| format!("--clusters: '{s}' is not a cluster size; give sizes such as 4,4 or CPU sets such as 1,2:0,3-5"))).collect::<Result<_, _>>()?;
    Ok((Some(sizes), None))
}

/// `asymlab replay`: the JSON of the recording against `scheduler`'s replay (and every applicable scheduler's with `all`).
pub fn replay(trace: &ImportedTrace, platform: Option<&str>, clusters: Option<&str>, scheduler: Option<&str>, all: bool, seed: u64) -> Result<String, String> {
    use engine::replay::{self, PlatformSpec};
    let spec = match (platform, clusters) {
        (Some(_), Some(_)) => return Err("give --platform or --clusters, not both".into()),
        (Some(path), None) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            Some(PlatformSpec::from_file_text(path, &text).map_err(|e| format!("{path}: {e}"))?)
        }
        (None, Some(flag)) => Some(PlatformSpec::from_flag(flag).map_err(|e| format!("--clusters: {e}"))?),
        (None, None) => None,
    };
    let model = replay::calibrate(trace, spec.as_ref()).map_err(|e| format!("cannot calibrate: {e}"))?;
    let runs = replay::run_set(&model, scheduler.unwrap_or(model.faithful), all, seed).map_err(|e| format!("cannot replay: {e}"))?;
    serde_json::to_string_pretty(&replay::replay_json(&model, &runs)).map_err(|e| e.to_string())
}
