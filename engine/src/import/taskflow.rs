//! Taskflow profiler (tfprof) JSON: `[{"executor", "data": [{"worker", "data": [{"span": [begin_us, end_us], "name", "type"}]}]}]`.
//!
//! Each executor's worker becomes a lane and each task a slice named after the task (or its type when unnamed).
//! A file that is not valid JSON as a whole (a truncated one) is salvaged task by task with a scan of its text.

use serde::Deserialize;

use crate::trace::SegmentKind;

use super::builder::{Builder, Location};

/// Largest Taskflow file read (they are small; the whole text is parsed at once, so this bounds the parse's memory).
pub const MAX_TASKFLOW_BYTES: usize = 128 * 1024 * 1024;

/// Collects the text; parses at the end.
#[derive(Default)]
pub struct TaskflowParser {
    text: Vec<u8>,
    too_big: bool,
}

#[derive(Deserialize)]
struct Executor {
    #[serde(default)]
    executor: serde_json::Value,
    #[serde(default)]
    data: Vec<Worker>,
}

#[derive(Deserialize)]
struct Worker {
    #[serde(default)]
    worker: serde_json::Value,
    #[serde(default)]
    data: Vec<Task>,
}

#[derive(Deserialize)]
struct Task {
    span: Vec<serde_json::Value>,
    #[serde(default)]
    name: String,
    #[serde(default, rename = "type")]
    task_type: String,
}

fn label(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => "?".into(),
        other => other.to_string(),
    }
}

fn with_prefix(prefix: &str, v: String) -> String {
    if v.starts_with(prefix) {
        v
    } else {
        format!("{prefix} {v}")
    }
}

impl TaskflowParser {
    /// An empty parser.
    pub fn new() -> Self {
        TaskflowParser::default()
    }

    /// Feeds a chunk.
    pub fn push(&mut self, _b: &mut Builder, data: &[u8]) {
        if self.text.len() + data.len() > MAX_TASKFLOW_BYTES {
            self.too_big = true;
            return;
        }
        self.text.extend_from_slice(data);
    }

    fn task(b: &mut Builder, executor: &str, worker: &str, span: (f64, f64), name: &str, task_type: &str, at: Location) {
        let key = format!("{executor}\u{1}{worker}");
        let lane_label = format!("{} · {}", with_prefix("executor", executor.to_string()), with_prefix("worker", worker.to_string()));
        let lane = b.keyed_lane(&key, || lane_label.clone(), None);
        let thread = b.thread_named(&lane_label);
        let shown = if name.is_empty() { task_type } else { name };
        let name = b.name(shown);
        let (s, e) = span;
        if !(s.is_finite() && e.is_finite()) || s.abs() > 9e15 || e.abs() > 9e15 {
            b.diag(at, format!("task '{shown}' has a span that is not two finite numbers"));
            return;
        }
        b.slice(lane, thread, name, SegmentKind::Work, (s * 1000.0).round() as i64, (e * 1000.0).round() as i64, at);
    }

    /// Parses the collected text.
    pub fn finish(self, b: &mut Builder) {
        if self.too_big {
            b.diag(Location::None, format!("Taskflow files above {MAX_TASKFLOW_BYTES} bytes are not read"));
            return;
        }
        match serde_json::from_slice::<Vec<Executor>>(&self.text) {
            Ok(executors) => {
                for ex in executors {
                    let executor = label(&ex.executor);
                    for w in ex.data {
                        let worker = label(&w.worker);
                        for t in w.data {
                            let span = match (t.span.first().and_then(|v| v.as_f64()), t.span.get(1).and_then(|v| v.as_f64())) {
                                (Some(s), Some(e)) => (s, e),
                                _ => {
                                    b.diag(Location::None, format!("task '{}' of {worker}: span is not [begin, end]", t.name));
                                    continue;
                                }
                            };
                            Self::task(b, &executor, &worker, span, &t.name, &t.task_type, Location::None);
                        }
                    }
                }
            }
            Err(e) => {
                let offset = line_col_offset(&self.text, e.line(), e.column());
                b.diag(Location::Offset(offset), format!("not valid Taskflow JSON ({e}); salvaging complete tasks"));
                salvage(b, &self.text);
            }
        }
    }
}

/// Byte offset of a 1-based (line, column).
fn line_col_offset(text: &[u8], line: usize, column: usize) -> u64 {
    let mut offset = 0usize;
    for (i, l) in text.split(|&c| c == b'\n').enumerate() {
        if i + 1 == line {
            return (offset + column.saturating_sub(1)) as u64;
        }
        offset += l.len() + 1;
    }
    text.len() as u64
}

/// Reads `"key": value` text after `key` at `from`: a string or a bare token.
fn value_after(text: &[u8], from: usize) -> Option<(String, usize)> {
    let mut i = from;
    while i < text.len() && (text[i] == b':' || text[i].is_ascii_whitespace()) {
        i += 1;
    }
    if text.get(i) == Some(&b'"') {
        let end = i + 1 + memchr::memchr(b'"', &text[i + 1..])?;
        return Some((String::from_utf8_lossy(&text[i + 1..end]).into_owned(), end + 1));
    }
    let end = i + text[i..].iter().position(|c| matches!(c, b',' | b'}' | b']') || c.is_ascii_whitespace())?;
    Some((String::from_utf8_lossy(&text[i..end]).into_owned(), end))
}

/// Scans the text for `"executor"`, `"worker"` and complete task objects, in order.
fn salvage(b: &mut Builder, text: &[u8]) {
    let mut executor = "?".to_string();
    let mut worker = "?".to_string();
    let mut i = 0;
    while let Some(q) = memchr::memchr(b'"', &text[i..]) {
        let start = i + q;
        let Some(len) = memchr::memchr(b'"', &text[start + 1..]) else { return };
        let key = &text[start + 1..start + 1 + len];
        i = start + len + 2;
        match key {
            b"executor" => {
                if let Some((v, end)) = value_after(text, i) {
                    executor = v;
                    i = end;
                }
            }
            b"worker" => {
                if let Some((v, end)) = value_after(text, i) {
                    worker = v;
                    i = end;
                }
            }
            b"span" => {
                let Some(close) = memchr::memchr(b'}', &text[i..]) else { return };
                let object = &text[start.saturating_sub(1)..i + close + 1];
                let object = &object[memchr::memchr(b'{', object).unwrap_or(0)..];
                let mut candidate = b"{".to_vec();
                candidate.extend_from_slice(&text[start..i + close + 1]);
                if let Ok(t) = serde_json::from_slice::<Task>(&candidate).or_else(|_| serde_json::from_slice::<Task>(object)) {
                    if let (Some(s), Some(e)) = (t.span.first().and_then(|v| v.as_f64()), t.span.get(1).and_then(|v| v.as_f64())) {
                        TaskflowParser::task(b, &executor, &worker, (s, e), &t.name, &t.task_type, Location::None);
                    }
                }
                i += close + 1;
            }
            _ => {}
        }
    }
}
