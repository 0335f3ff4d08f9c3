//! Helpers of the importer tests: the corpus in `traces/`, importing a file the way the CLI does, and a canonical text dump of a trace.

use std::fmt::Write;
use std::path::{Path, PathBuf};

use engine::import::{ImportedTrace, Importer};

use crate::files::files_under;
use engine::trace::{SegmentKind, NO_ITEM};

/// The repository's `traces/` folder.
pub fn traces_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../traces")
}

/// Every trace file under `traces/` (sorted; READMEs and Paraver's side files excluded).
pub fn corpus() -> Vec<PathBuf> {
    files_under(&traces_dir(), &|p| {
        let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
        !(name.ends_with(".md") || name.ends_with(".pcf") || name.ends_with(".row"))
    })
}

/// Every corpus file imported the way the CLI imports it: `(path, path relative to traces/, trace)`.
pub fn corpus_imports() -> impl Iterator<Item = (PathBuf, String, ImportedTrace)> {
    corpus().into_iter().map(|path| {
        let rel = relative(&path);
        let bytes = std::fs::read(&path).expect("readable");
        let trace = import_as(&path, &rel, &bytes, 1 << 20);
        (path, rel, trace)
    })
}

/// Path relative to `traces/`, with `/`.
pub fn relative(path: &Path) -> String {
    path.strip_prefix(traces_dir()).unwrap_or(path).to_string_lossy().replace('\\', "/")
}

/// Imports `bytes` in chunks of `chunk` bytes, as file `name` (empty: content only); Paraver side files come from `path`.
pub fn import_as(path: &Path, name: &str, bytes: &[u8], chunk: usize) -> ImportedTrace {
    let mut importer = Importer::new(name);
    if let Some(stem) = path.to_str().and_then(|p| p.strip_suffix(".prv")) {
        if let Ok(t) = std::fs::read_to_string(format!("{stem}.pcf")) {
            importer.set_paraver_pcf(t);
        }
        if let Ok(t) = std::fs::read_to_string(format!("{stem}.row")) {
            importer.set_paraver_row(t);
        }
    }
    for c in bytes.chunks(chunk.max(1)) {
        importer.push(c);
    }
    importer.finish()
}

/// A canonical text form: lanes with totals, the first `per_lane` slices of each lane, frequency changes, diagnostics when asked.
/// Names and threads are printed as text, so two traces that differ only in table order dump the same.
pub fn dump(t: &ImportedTrace, per_lane: usize, with_header: bool) -> String {
    let mut out = String::new();
    if with_header {
        let _ = writeln!(out, "format: {}", t.format.name());
    }
    let r = &t.record;
    let _ = writeln!(out, "span_ns: {}", t.span_ns);
    let _ = writeln!(out, "lanes: {}  segments: {}  freq_changes: {}", t.lanes.len(), r.len(), t.freq.len());
    let mut start = 0;
    for (lane_index, lane) in t.lanes.iter().enumerate() {
        let end = start + r.lane[start..].iter().take_while(|&&c| c as usize == lane_index).count();
        let busy: u64 = (start..end).map(|i| r.end_ns[i] - r.start_ns[i]).sum();
        let cpu = lane.cpu.map_or("-".to_string(), |c| c.to_string());
        let _ = writeln!(out, "lane {:?} cpu={cpu} segments={} busy_ns={busy}", lane.label, end - start);
        for i in start..end.min(start.saturating_add(per_lane)) {
            let kind = match r.kind[i] {
                k if k == SegmentKind::Idle as u8 => "idle",
                k if k == SegmentKind::Overhead as u8 => "overhead",
                _ => "work",
            };
            let thread = if r.item[i] == NO_ITEM { "-" } else { t.threads.get(r.item[i] as usize).map_or("?", String::as_str) };
            let name = t.names.get(r.group[i] as usize).map_or("?", String::as_str);
            let _ = writeln!(out, "  {}..{} d{} {kind} {name:?} thread={thread:?}", r.start_ns[i], r.end_ns[i], t.depth[i]);
        }
        if end - start > per_lane {
            let _ = writeln!(out, "  … {} more", end - start - per_lane);
        }
        start = end;
    }
    for f in t.freq.iter().take(per_lane) {
        let _ = writeln!(out, "freq cpu{} @{} = {} kHz", f.cpu, f.t_ns, f.freq_khz);
    }
    if with_header {
        let _ = writeln!(out, "diagnostics: {}", t.diagnostics_total);
        for d in &t.diagnostics {
            let _ = writeln!(out, "  {d}");
        }
    }
    out
}
