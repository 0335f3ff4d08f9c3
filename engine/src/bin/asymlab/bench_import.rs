//! `asymlab bench`'s import lines: parse throughput (MB/s) for a ≥ 100 MB ftrace file made by repeating the systrace sample with shifted timestamps, and for the 24 MB Chrome JSON sample.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::time::Instant;

use engine::import::{ftrace, Importer};

/// The repository's `traces/` folder: `$ASYMLAB_TRACES`, else next to the engine's sources, else `./traces`.
fn traces_dir() -> PathBuf {
    if let Ok(dir) = std::env::var("ASYMLAB_TRACES") {
        return PathBuf::from(dir);
    }
    let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../traces");
    if beside.is_dir() {
        beside
    } else {
        PathBuf::from("traces")
    }
}

/// The ftrace lines of the systrace sample.
fn sample_ftrace_lines(html: &str) -> Vec<&str> {
    html.lines().filter(|l| ftrace::parse_line(l.as_bytes()).is_some()).collect()
}

/// Writes the sample again and again, each copy shifted by one more second, until `min_bytes`; returns the path and size.
fn make_big_ftrace(lines: &[&str], min_bytes: u64) -> Result<(PathBuf, u64), String> {
    let path = std::env::temp_dir().join(format!("asymlab-bench-{}.ftrace.txt", std::process::id()));
    let file = std::fs::File::create(&path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
    let mut out = std::io::BufWriter::new(file);
    let mut written = 0u64;
    let mut copy = 0u64;
    out.write_all(b"# tracer: nop\n").map_err(|e| e.to_string())?;
    while written < min_bytes {
        for line in lines {
            // The timestamp is the token before the first ": " after the CPU column.
            let close = line.find("] ").unwrap_or(0);
            let Some(colon) = line[close..].find(": ").map(|c| close + c) else { continue };
            let start = line[..colon].rfind(' ').map_or(0, |s| s + 1);
            let (secs, frac) = line[start..colon].split_once('.').unwrap_or(("0", "0"));
            let secs: u64 = secs.parse().unwrap_or(0) + copy;
            let text = format!("{}{secs}.{frac}{}\n", &line[..start], &line[colon..]);
            out.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
            written += text.len() as u64;
        }
        copy += 1;
    }
    out.flush().map_err(|e| e.to_string())?;
    Ok((path, written))
}

fn parse_file_mb_per_s(path: &PathBuf, name: &str) -> Result<(f64, usize), String> {
    let mut f = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let start = Instant::now();
    let mut importer = Importer::new(name);
    let mut buf = vec![0u8; 1 << 20];
    let mut bytes = 0u64;
    loop {
        let n = f.read(&mut buf).map_err(|e| e.to_string())?;
        if n == 0 {
            break;
        }
        bytes += n as u64;
        importer.push(&buf[..n]);
    }
    let trace = importer.finish();
    let s = start.elapsed().as_secs_f64();
    Ok((bytes as f64 / 1e6 / s, trace.record.len()))
}

fn parse_bytes_mb_per_s(bytes: &[u8], name: &str) -> (f64, usize) {
    let start = Instant::now();
    let mut importer = Importer::new(name);
    for chunk in bytes.chunks(1 << 20) {
        importer.push(chunk);
    }
    let trace = importer.finish();
    let s = start.elapsed().as_secs_f64();
    (bytes.len() as f64 / 1e6 / s, trace.record.len())
}

/// Prints the import benchmark lines; a missing sample is reported on standard error, not fatal.
pub fn run() -> Result<(), String> {
    let dir = traces_dir();
    match std::fs::read_to_string(dir.join("trace_surfaceflinger.html")) {
        Ok(html) => {
            let lines = sample_ftrace_lines(&html);
            let (path, size) = make_big_ftrace(&lines, 100 * 1000 * 1000)?;
            let result = parse_file_mb_per_s(&path, "big.txt");
            let _ = std::fs::remove_file(&path);
            let (mb_s, segments) = result?;
            println!("native_ftrace_bytes: {size}");
            println!("native_ftrace_segments: {segments}");
            println!("native_ftrace_mb_per_s: {mb_s:.1}");
        }
        Err(e) => eprintln!("asymlab bench: skipping ftrace throughput ({}: {e})", dir.join("trace_surfaceflinger.html").display()),
    }
    match std::fs::read(dir.join("worker0.pt.trace.json.gz")) {
        Ok(gz) => {
            let mut json = Vec::new();
            flate2::read::MultiGzDecoder::new(&gz[..]).read_to_end(&mut json).map_err(|e| e.to_string())?;
            let (mb_s, segments) = parse_bytes_mb_per_s(&json, "worker0.pt.trace.json");
            let (gz_mb_s, _) = parse_bytes_mb_per_s(&gz, "worker0.pt.trace.json.gz");
            println!("native_chrome_json_bytes: {}", json.len());
            println!("native_chrome_json_segments: {segments}");
            println!("native_chrome_json_mb_per_s: {mb_s:.1}");
            println!("native_chrome_json_gz_mb_per_s_uncompressed: {:.1}", gz_mb_s * json.len() as f64 / gz.len() as f64);
        }
        Err(e) => eprintln!("asymlab bench: skipping Chrome JSON throughput ({}: {e})", dir.join("worker0.pt.trace.json.gz").display()),
    }
    Ok(())
}
