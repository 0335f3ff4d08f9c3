//! Chrome Trace Event JSON writer (docs/exports.md): one process per schedule, one thread track per lane (cores first),
//! slices as `B`/`E` pairs (zero-length ones as thread-scoped instants `i`), arrows between slices as flow events (`s`/`f`), counters as `C` events, names as `M` events.
//!
//! Times are exact: `ts` is microseconds written with at most three decimals, so every value is an integer number of
//! nanoseconds, and a slice's end repeats the very text of its end time, so a slice that ends where the next begins ends
//! on the same number in any reader, whatever its arithmetic. (Complete `X` events would make readers add `ts + dur` in
//! floating point, which can end a slice after its successor begins.) Slices carry `args.cpu` on CPU lanes, `args.thread`
//! when they belong to a thread, `args.seg` (their record row) and category `idle` or `overhead` where they are such, so
//! that importing the export gives back the same trace (checked by the round-trip tests).

use std::fmt::Write;

use serde_json::{Map, Value};

use super::layout::{self, Step};
use crate::import::ImportedTrace;
use crate::trace::{SegmentKind, NO_ITEM};

/// A counter: one `C` event per point with one value per key (viewers draw one track per key).
#[derive(Clone, Debug, PartialEq)]
pub struct Counter {
    /// Event name, e.g. `CPU 2 frequency`.
    pub name: String,
    /// Argument names, e.g. `kHz`.
    pub keys: Vec<String>,
    /// `(t_ns, values)`, one value per key, by time.
    pub points: Vec<(u64, Vec<f64>)>,
}

/// An arrow from one slice to another (record rows of the same process), e.g. a task dependency.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flow {
    /// Row the arrow leaves.
    pub from: usize,
    /// Row the arrow reaches.
    pub to: usize,
    /// Name and category, e.g. `dependency`.
    pub kind: &'static str,
}

/// A per-slice value written as a slice argument; `u32::MAX` means none for that slice.
#[derive(Clone, Debug, PartialEq)]
pub struct SliceColumn {
    /// Argument name.
    pub key: &'static str,
    /// One value per record row.
    pub values: Vec<u32>,
}

/// One process of an export.
pub struct Process<'a> {
    /// Process name: a scheduler, or the file an imported trace came from.
    pub name: String,
    /// Process labels (the scenario's name).
    pub labels: Vec<String>,
    /// Lanes, slices and frequency changes.
    pub trace: &'a ImportedTrace,
    /// Extra slice arguments.
    pub columns: Vec<SliceColumn>,
    /// Arrows between slices.
    pub flows: Vec<Flow>,
    /// Counters besides the CPU frequencies of `trace`.
    pub counters: Vec<Counter>,
}

impl<'a> Process<'a> {
    /// A process with nothing but the trace.
    pub fn new(name: impl Into<String>, trace: &'a ImportedTrace) -> Self {
        Process { name: name.into(), labels: Vec::new(), trace, columns: Vec::new(), flows: Vec::new(), counters: Vec::new() }
    }
}

fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"?\"".into())
}

/// Nanoseconds as microseconds, exactly: `752000` → `752`, `835334` → `835.334`, `1500` → `1.5`.
pub fn micros(t_ns: u64) -> String {
    let (us, ns) = (t_ns / 1000, t_ns % 1000);
    if ns == 0 {
        return us.to_string();
    }
    let frac = format!("{ns:03}");
    format!("{us}.{}", frac.trim_end_matches('0'))
}

/// A counter value as JSON (non-finite values, which JSON cannot hold, as 0).
fn number(v: f64) -> String {
    if v.is_finite() {
        format!("{v}")
    } else {
        "0".into()
    }
}

/// Appends events, comma-separated, one per line.
struct Events {
    out: String,
    first: bool,
}

impl Events {
    fn push(&mut self, event: &str) {
        if !self.first {
            self.out.push_str(",\n");
        }
        self.first = false;
        self.out.push_str(event);
    }
}

/// The arguments of record row `i`, as the inside of a JSON object.
fn slice_args(p: &Process<'_>, i: usize) -> String {
    let (t, r) = (p.trace, &p.trace.record);
    let mut args = String::new();
    let lane = r.lane[i] as usize;
    if let Some(cpu) = t.lanes.get(lane).and_then(|l| l.cpu) {
        let _ = write!(args, "\"cpu\":{cpu},");
    }
    let item = r.item[i];
    if item != NO_ITEM {
        match t.threads.get(item as usize) {
            Some(label) => {
                let _ = write!(args, "\"thread\":{},", quoted(label));
            }
            None => {
                let _ = write!(args, "\"task\":{item},");
            }
        }
    }
    if r.priority[i] == 1 {
        args.push_str("\"priority\":1,");
    }
    if r.width[i] > 1 {
        let _ = write!(args, "\"place\":\"(C{},{})\",", r.leader[i], r.width[i]);
    }
    for c in &p.columns {
        if let Some(&v) = c.values.get(i).filter(|&&v| v != u32::MAX) {
            let _ = write!(args, "\"{}\":{v},", c.key);
        }
    }
    let _ = write!(args, "\"seg\":{i}");
    args
}

fn category(kind: u8) -> &'static str {
    if kind == SegmentKind::Idle as u8 {
        "idle"
    } else if kind == SegmentKind::Overhead as u8 {
        "overhead"
    } else {
        "work"
    }
}

/// One end of a flow: record row, flow id, kind.
type FlowEnd = (usize, u64, &'static str);

/// Flow ends leaving and reaching rows, each sorted by row; ids from `first_id` on.
fn flow_ends(p: &Process<'_>, first_id: u64) -> (Vec<FlowEnd>, Vec<FlowEnd>) {
    let r = &p.trace.record;
    let mut out = Vec::new();
    let mut into = Vec::new();
    let mut id = first_id;
    for f in &p.flows {
        // Arrows bind to open slices: none from or to a zero-length slice, none back in time.
        let open = |i: usize| i < r.len() && r.end_ns[i] > r.start_ns[i];
        if f.from == f.to || !open(f.from) || !open(f.to) || r.start_ns[f.to] < r.start_ns[f.from] {
            continue;
        }
        out.push((f.from, id, f.kind));
        into.push((f.to, id, f.kind));
        id += 1;
    }
    out.sort_unstable();
    into.sort_unstable();
    (out, into)
}

fn ids_of(list: &[FlowEnd], row: usize) -> &[FlowEnd] {
    let a = list.partition_point(|e| e.0 < row);
    let b = list.partition_point(|e| e.0 <= row);
    &list[a..b]
}

/// Writes one process's events; returns its summary for the metadata block and the next free flow id.
fn write_process(ev: &mut Events, pid: usize, p: &Process<'_>, first_flow: u64) -> (Value, u64) {
    let (t, r) = (p.trace, &p.trace.record);
    ev.push(&format!("{{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":{pid},\"tid\":0,\"args\":{{\"name\":{}}}}}", quoted(&p.name)));
    ev.push(&format!("{{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":{pid},\"tid\":0,\"args\":{{\"sort_index\":{pid}}}}}"));
    if !p.labels.is_empty() {
        ev.push(&format!("{{\"ph\":\"M\",\"name\":\"process_labels\",\"pid\":{pid},\"tid\":0,\"args\":{{\"labels\":{}}}}}", quoted(&p.labels.join(","))));
    }
    let tracks = layout::tracks(r, t.lanes.len());
    let mut next_overflow = t.lanes.len() + 1;
    let tids: Vec<usize> = tracks
        .iter()
        .map(|tr| {
            if tr.overflow == 0 {
                tr.lane + 1
            } else {
                next_overflow += 1;
                next_overflow - 1
            }
        })
        .collect();
    for (i, lane) in t.lanes.iter().enumerate() {
        thread_meta(ev, pid, i + 1, &lane.label, i);
    }
    for (tr, &tid) in tracks.iter().zip(&tids).filter(|(tr, _)| tr.overflow > 0) {
        let label = t.lanes.get(tr.lane).map_or("?", |l| l.label.as_str());
        thread_meta(ev, pid, tid, &format!("{label} (overlap {})", tr.overflow), tid - 1);
    }
    let (flows_out, flows_in) = flow_ends(p, first_flow);
    for (tr, &tid) in tracks.iter().zip(&tids) {
        for step in layout::steps(r, &tr.rows) {
            let (i, ph, t_ns) = match step {
                Step::Begin(i) => (i, "B", r.start_ns[i]),
                Step::End(i) => (i, "E", r.end_ns[i]),
                Step::Instant(i) => (i, "i", r.start_ns[i]),
            };
            let name = t.names.get(r.group[i] as usize).map_or("?", String::as_str);
            let ts = micros(t_ns);
            // The end repeats the name and arguments (readers that key slices by them match it to its begin); the category
            // is on the begin only. A zero-length slice is a thread-scoped instant.
            let extra = match ph {
                "E" => String::new(),
                "i" => format!(",\"s\":\"t\",\"cat\":\"{}\"", category(r.kind[i])),
                _ => format!(",\"cat\":\"{}\"", category(r.kind[i])),
            };
            ev.push(&format!("{{\"ph\":\"{ph}\",\"pid\":{pid},\"tid\":{tid},\"ts\":{ts},\"name\":{}{extra},\"args\":{{{}}}}}", quoted(name), slice_args(p, i)));
            if ph == "B" {
                for &(_, id, kind) in ids_of(&flows_out, i) {
                    ev.push(&format!("{{\"ph\":\"s\",\"pid\":{pid},\"tid\":{tid},\"ts\":{ts},\"name\":\"{kind}\",\"cat\":\"{kind}\",\"id\":{id}}}"));
                }
                for &(_, id, kind) in ids_of(&flows_in, i) {
                    ev.push(&format!("{{\"ph\":\"f\",\"bp\":\"e\",\"pid\":{pid},\"tid\":{tid},\"ts\":{ts},\"name\":\"{kind}\",\"cat\":\"{kind}\",\"id\":{id}}}"));
                }
            }
        }
    }
    for f in &t.freq {
        ev.push(&format!("{{\"ph\":\"C\",\"pid\":{pid},\"tid\":0,\"ts\":{},\"name\":\"CPU {} frequency\",\"args\":{{\"kHz\":{}}}}}", micros(f.t_ns), f.cpu, f.freq_khz));
    }
    for c in &p.counters {
        let name = quoted(&c.name);
        for (t_ns, values) in &c.points {
            let args: Vec<String> = c.keys.iter().zip(values).map(|(k, v)| format!("{}:{}", quoted(k), number(*v))).collect();
            ev.push(&format!("{{\"ph\":\"C\",\"pid\":{pid},\"tid\":0,\"ts\":{},\"name\":{name},\"args\":{{{}}}}}", micros(*t_ns), args.join(",")));
        }
    }
    let summary = serde_json::json!({
        "pid": pid,
        "name": p.name,
        "slices": r.len(),
        "tracks": tracks.len(),
        "flows": flows_out.len(),
        "span_ns": t.span_ns,
        "origin_ns": t.origin_ns,
    });
    (summary, first_flow + flows_out.len() as u64)
}

fn thread_meta(ev: &mut Events, pid: usize, tid: usize, label: &str, sort_index: usize) {
    ev.push(&format!("{{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":{pid},\"tid\":{tid},\"args\":{{\"name\":{}}}}}", quoted(label)));
    ev.push(&format!("{{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":{pid},\"tid\":{tid},\"args\":{{\"sort_index\":{sort_index}}}}}"));
}

/// Version of the export format described in docs/exports.md.
pub const FORMAT_VERSION: u32 = 2;

/// One Chrome trace holding every process, with `meta` (scenario or source file) in `otherData` beside the generator,
/// the engine version and the `asymlab` block (format version, time encoding, per-process counts and exact spans).
pub fn chrome_json(processes: &[Process<'_>], meta: Map<String, Value>) -> String {
    let mut ev = Events { out: String::with_capacity(1 << 16), first: true };
    let mut summaries = Vec::with_capacity(processes.len());
    let mut next_flow = 1;
    for (p, process) in processes.iter().enumerate() {
        let (summary, next) = write_process(&mut ev, p + 1, process, next_flow);
        summaries.push(summary);
        next_flow = next;
    }
    let mut other = Map::new();
    other.insert("generator".into(), "asymlab".into());
    other.insert("engine_version".into(), env!("CARGO_PKG_VERSION").into());
    other.extend(meta);
    other.insert(
        "asymlab".into(),
        serde_json::json!({
            "format_version": FORMAT_VERSION,
            "time": "ts in microseconds with at most 3 decimals: exact integer nanoseconds; a slice is a B/E pair",
            "processes": summaries,
        }),
    );
    let other = serde_json::to_string(&Value::Object(other)).unwrap_or_else(|_| "{}".into());
    let mut out = String::with_capacity(ev.out.len() + other.len() + 64);
    let _ = writeln!(out, "{{\"otherData\":{other},\"traceEvents\":[");
    out.push_str(&ev.out);
    out.push_str("\n]}\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn micros_are_exact_and_short() {
        assert_eq!(micros(752_000), "752");
        assert_eq!(micros(835_334), "835.334");
        assert_eq!(micros(1_500), "1.5");
        assert_eq!(micros(7), "0.007");
        assert_eq!(micros(0), "0");
        for t in [1u64, 999, 1_001, 123_456_789, 9_000_000_000_000_000] {
            assert_eq!(crate::import::chrome::micros_to_ns(&micros(t)), Some(t as i64), "{t}");
        }
    }
}
