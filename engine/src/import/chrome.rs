//! Chrome Trace Event Format JSON (object form with `traceEvents`, or a bare array, possibly unterminated): X, B/E, thread-scoped instants (zero-length slices), M and C events.
//!
//! A byte scanner cuts the event array into one object per event, across chunk boundaries, and serde parses each event alone,
//! so a bad event costs only itself (reported with its byte offset) and a truncated file keeps every complete event.
//! Lanes come from (pid, tid), string or number (`"42"` and `42` are the same thread); an `args.cpu` or `args.core` puts the slice on that CPU's lane.

use std::borrow::Cow;
use std::collections::HashMap;

use serde::Deserialize;
use serde_json::value::RawValue;

use crate::trace::SegmentKind;

use super::builder::{Builder, Location};

/// Largest single event kept for parsing; a larger one (a huge `args`, or a file that never closes its first object) is skipped.
pub const MAX_EVENT_BYTES: usize = 16 << 20;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Start,
    TopObject,
    Events,
    Done,
}

/// Streaming Chrome JSON parser.
pub struct ChromeParser {
    mode: Mode,
    top_is_object: bool,
    offset: u64,
    // Top-object scanning.
    depth: u32,
    in_string: bool,
    escape: bool,
    expect_key: bool,
    key: Vec<u8>,
    capturing_key: bool,
    last_key: Vec<u8>,
    // Event scanning.
    elem_depth: u32,
    pending: Vec<u8>,
    pending_offset: u64,
    /// The event being scanned outgrew [`MAX_EVENT_BYTES`]: its bytes are not kept, and it is reported when it ends.
    oversized: bool,
    // Meaning.
    lanes: HashMap<String, (u32, u32)>,
    lane_ids: Vec<(u32, String, String)>,
    thread_labels: HashMap<String, u32>,
    thread_names: HashMap<String, String>,
    process_names: HashMap<String, String>,
    cpu_pid: Option<String>,
    cpu_lane_keys: Vec<(u32, String)>,
    /// Lanes of the slices begun (`B`) and not yet ended, per thread: an `E` ends on the lane its `B` began on.
    open_lanes: HashMap<String, Vec<u32>>,
    other_counters: u64,
    found_events: bool,
    skipped_system_events: bool,
}

#[derive(Deserialize)]
struct RawEvent<'a> {
    #[serde(borrow, default)]
    ph: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    name: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    cat: Option<Cow<'a, str>>,
    #[serde(borrow, default)]
    pid: Option<&'a RawValue>,
    #[serde(borrow, default)]
    tid: Option<&'a RawValue>,
    #[serde(borrow, default)]
    ts: Option<&'a RawValue>,
    #[serde(borrow, default)]
    dur: Option<&'a RawValue>,
    #[serde(borrow, default)]
    args: Option<&'a RawValue>,
    /// Scope of an instant event: `t` (thread, the default), `p` or `g`.
    #[serde(borrow, default)]
    s: Option<Cow<'a, str>>,
}

#[derive(Deserialize, Default)]
struct SliceArgs<'a> {
    #[serde(default)]
    cpu: Option<serde_json::Value>,
    #[serde(default)]
    core: Option<serde_json::Value>,
    #[serde(borrow, default)]
    thread: Option<Cow<'a, str>>,
}

#[derive(Deserialize, Default)]
struct NameArgs<'a> {
    #[serde(borrow, default)]
    name: Option<Cow<'a, str>>,
}

/// A pid or tid as lane-key text: numbers and numeric strings become the same digits; other strings stay as they are.
fn id_text(raw: Option<&RawValue>) -> String {
    let Some(raw) = raw else { return String::new() };
    let s = raw.get();
    let inner = s.strip_prefix('"').and_then(|x| x.strip_suffix('"')).unwrap_or(s);
    if let Ok(v) = inner.parse::<i64>() {
        return v.to_string();
    }
    if let Ok(v) = inner.parse::<f64>() {
        if v.fract() == 0.0 && v.abs() < 9e15 {
            return (v as i64).to_string();
        }
    }
    inner.to_string()
}

/// Microseconds as JSON number text (`12`, `12.345`, `1.2e3`, or a quoted number) to integer nanoseconds, exactly when decimal.
pub fn micros_to_ns(raw: &str) -> Option<i64> {
    let s = raw.trim().trim_matches('"');
    let (neg, digits) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    if !digits.bytes().any(|c| c == b'e' || c == b'E') {
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        if !int.is_empty() && int.len() <= 16 && int.bytes().all(|c| c.is_ascii_digit()) && frac.bytes().all(|c| c.is_ascii_digit()) {
            let mut ns: i64 = int.parse::<i64>().ok()?.checked_mul(1000)?;
            let mut scale = 100;
            for c in frac.bytes().take(3) {
                ns += (c - b'0') as i64 * scale;
                scale /= 10;
            }
            return Some(if neg { -ns } else { ns });
        }
    }
    let v: f64 = s.parse().ok()?;
    if !v.is_finite() || v.abs() > 9e15 {
        return None;
    }
    Some((v * 1000.0).round() as i64)
}

impl Default for ChromeParser {
    fn default() -> Self {
        Self::new()
    }
}

impl ChromeParser {
    /// A parser before the first byte.
    pub fn new() -> Self {
        ChromeParser {
            mode: Mode::Start,
            top_is_object: false,
            offset: 0,
            depth: 0,
            in_string: false,
            escape: false,
            expect_key: false,
            key: Vec::new(),
            capturing_key: false,
            last_key: Vec::new(),
            elem_depth: 0,
            pending: Vec::new(),
            pending_offset: 0,
            oversized: false,
            lanes: HashMap::new(),
            lane_ids: Vec::new(),
            thread_labels: HashMap::new(),
            thread_names: HashMap::new(),
            process_names: HashMap::new(),
            cpu_pid: None,
            cpu_lane_keys: Vec::new(),
            open_lanes: HashMap::new(),
            other_counters: 0,
            found_events: false,
            skipped_system_events: false,
        }
    }

    /// Feeds a chunk of JSON.
    pub fn push(&mut self, b: &mut Builder, data: &[u8]) {
        let base = self.offset;
        self.offset += data.len() as u64;
        let mut i = 0;
        let mut elem_start: Option<usize> = if self.elem_depth > 0 { Some(0) } else { None };
        while i < data.len() {
            match self.mode {
                Mode::Done => return,
                Mode::Start => {
                    let c = data[i];
                    i += 1;
                    match c {
                        b'[' => {
                            self.mode = Mode::Events;
                            self.found_events = true;
                        }
                        b'{' => {
                            self.mode = Mode::TopObject;
                            self.top_is_object = true;
                            self.depth = 1;
                            self.expect_key = true;
                        }
                        c if c.is_ascii_whitespace() => {}
                        0xEF | 0xBB | 0xBF => {}
                        _ => {
                            b.diag(Location::Offset(base + i as u64 - 1), "a Chrome trace starts with '{' or '['".into());
                            self.mode = Mode::Done;
                        }
                    }
                }
                Mode::TopObject => i = self.scan_top(data, i),
                Mode::Events => {
                    if self.elem_depth == 0 {
                        let c = data[i];
                        match c {
                            b'{' => {
                                self.elem_depth = 1;
                                elem_start = Some(i);
                                self.pending_offset = base + i as u64;
                                self.in_string = false;
                                self.escape = false;
                            }
                            b']' => {
                                if self.top_is_object {
                                    self.mode = Mode::TopObject;
                                    self.expect_key = false;
                                } else {
                                    self.mode = Mode::Done;
                                }
                            }
                            _ => {}
                        }
                        i += 1;
                        continue;
                    }
                    // Inside an event object.
                    if self.escape {
                        self.escape = false;
                        i += 1;
                        continue;
                    }
                    if self.in_string {
                        match memchr::memchr2(b'"', b'\\', &data[i..]) {
                            None => i = data.len(),
                            Some(p) => {
                                let at = i + p;
                                if data[at] == b'\\' {
                                    i = at + 2;
                                    if i > data.len() {
                                        self.escape = true;
                                        i = data.len();
                                    }
                                } else {
                                    self.in_string = false;
                                    i = at + 1;
                                }
                            }
                        }
                        continue;
                    }
                    let c = data[i];
                    i += 1;
                    match c {
                        b'"' => self.in_string = true,
                        b'{' | b'[' => self.elem_depth += 1,
                        b'}' | b']' => {
                            self.elem_depth -= 1;
                            if self.elem_depth == 0 {
                                let start = elem_start.take().unwrap_or(0);
                                if self.oversized {
                                    self.oversized = false;
                                    let message = format!("an event larger than {} MiB; skipped", MAX_EVENT_BYTES >> 20);
                                    b.diag(Location::Offset(self.pending_offset), message);
                                } else if self.pending.is_empty() {
                                    self.event(b, &data[start..i], self.pending_offset);
                                } else {
                                    let mut pending = std::mem::take(&mut self.pending);
                                    pending.extend_from_slice(&data[..i]);
                                    self.event(b, &pending, self.pending_offset);
                                    pending.clear();
                                    self.pending = pending;
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        if self.elem_depth > 0 && !self.oversized {
            let start = elem_start.unwrap_or(0);
            if self.pending.len() + (data.len() - start) > MAX_EVENT_BYTES {
                self.oversized = true;
                self.pending = Vec::new();
            } else {
                self.pending.extend_from_slice(&data[start..]);
            }
        }
    }

    /// Scans the top-level object for the `traceEvents` key; returns the index after what it consumed.
    fn scan_top(&mut self, data: &[u8], mut i: usize) -> usize {
        while i < data.len() {
            let c = data[i];
            i += 1;
            if self.escape {
                self.escape = false;
                continue;
            }
            if self.in_string {
                match c {
                    b'\\' => self.escape = true,
                    b'"' => {
                        self.in_string = false;
                        if self.capturing_key {
                            self.capturing_key = false;
                            self.last_key = std::mem::take(&mut self.key);
                        }
                    }
                    _ if self.capturing_key && self.key.len() < 64 => self.key.push(c),
                    _ => {}
                }
                continue;
            }
            match c {
                b'"' => {
                    self.in_string = true;
                    self.capturing_key = self.depth == 1 && self.expect_key;
                    self.key.clear();
                }
                b':' if self.depth == 1 => self.expect_key = false,
                b',' if self.depth == 1 => self.expect_key = true,
                b'[' if self.depth == 1 && self.last_key == b"traceEvents" => {
                    self.last_key.clear();
                    self.mode = Mode::Events;
                    self.found_events = true;
                    return i;
                }
                b'{' | b'[' => {
                    if self.depth == 1 && self.last_key == b"systemTraceEvents" {
                        self.skipped_system_events = true;
                    }
                    self.depth += 1;
                }
                b'}' | b']' => {
                    self.depth = self.depth.saturating_sub(1);
                    if self.depth == 0 {
                        self.mode = Mode::Done;
                        return i;
                    }
                }
                _ => {
                    if self.depth == 1 && self.last_key == b"systemTraceEvents" && !c.is_ascii_whitespace() {
                        self.skipped_system_events = true;
                    }
                }
            }
        }
        i
    }

    fn lane_of(&mut self, b: &mut Builder, pid: &str, tid: &str) -> (u32, u32) {
        let key = format!("{pid}\u{1}{tid}");
        if let Some(&v) = self.lanes.get(&key) {
            return v;
        }
        let lane = b.keyed_lane(&key, || format!("pid {pid} tid {tid}"), None);
        let thread = b.add_thread(format!("pid {pid} tid {tid}"));
        self.lane_ids.push((lane, pid.to_string(), tid.to_string()));
        self.lanes.insert(key, (lane, thread));
        (lane, thread)
    }

    fn event(&mut self, b: &mut Builder, text: &[u8], offset: u64) {
        let at = Location::Offset(offset);
        let ev: RawEvent<'_> = match serde_json::from_slice(text) {
            Ok(ev) => ev,
            Err(e) => {
                b.diag(at, format!("bad event: {e}"));
                return;
            }
        };
        let ph = ev.ph.as_deref().unwrap_or("");
        b.count_event(ph.as_bytes());
        let pid = id_text(ev.pid);
        let tid = id_text(ev.tid);
        let ts = ev.ts.and_then(|r| micros_to_ns(r.get()));
        let name = ev.name.as_deref().unwrap_or("");
        // A thread-scoped instant is a zero-length slice; process and global instants are not imported.
        let instant = matches!(ph, "i" | "I") && ev.s.as_deref().is_none_or(|s| s == "t");
        match ph {
            _ if instant || matches!(ph, "X" | "B" | "E") => {
                let Some(ts) = ts else {
                    b.diag(at, format!("{ph} event without a valid ts"));
                    return;
                };
                let (mut lane, mut thread) = self.lane_of(b, &pid, &tid);
                if ph != "E" {
                    let raw_args = ev.args.map(|a| a.get()).unwrap_or("");
                    if raw_args.contains("\"cpu\"") || raw_args.contains("\"core\"") || raw_args.contains("\"thread\"") {
                        let args: SliceArgs<'_> = serde_json::from_str(raw_args).unwrap_or_default();
                        let cpu = args.cpu.as_ref().or(args.core.as_ref()).and_then(|v| v.as_u64().or_else(|| v.as_str()?.parse().ok()));
                        if let Some(cpu) = cpu.filter(|&c| c < 4096) {
                            let cpu = cpu as u32;
                            let first = self.cpu_pid.get_or_insert_with(|| pid.clone()).clone();
                            lane = if first == pid {
                                b.cpu_lane(cpu)
                            } else {
                                b.keyed_lane(&format!("cpu\u{1}{pid}\u{1}{cpu}"), || format!("CPU {cpu} (pid {pid})"), Some(cpu))
                            };
                            if !self.cpu_lane_keys.iter().any(|(l, _)| *l == lane) {
                                self.cpu_lane_keys.push((lane, format!("{pid}\u{1}{tid}")));
                            }
                        }
                        if let Some(label) = args.thread {
                            thread = match self.thread_labels.get(label.as_ref()) {
                                Some(&t) => t,
                                None => {
                                    let t = b.add_thread(label.to_string());
                                    self.thread_labels.insert(label.to_string(), t);
                                    t
                                }
                            };
                        }
                    }
                }
                let kind = match ev.cat.as_deref() {
                    Some("idle") => SegmentKind::Idle,
                    Some("overhead") => SegmentKind::Overhead,
                    _ => SegmentKind::Work,
                };
                if kind == SegmentKind::Idle {
                    thread = crate::trace::NO_ITEM;
                }
                match ph {
                    "i" | "I" => {
                        let name = b.name(name);
                        b.slice(lane, thread, name, kind, ts, ts, at);
                    }
                    "X" => {
                        let dur = ev.dur.and_then(|r| micros_to_ns(r.get()));
                        let dur = match dur {
                            Some(d) => d,
                            None => {
                                b.diag(at, "X event without a valid dur; kept with zero length".into());
                                0
                            }
                        };
                        let name = b.name(name);
                        b.slice(lane, thread, name, kind, ts, ts.saturating_add(dur), at);
                    }
                    "B" => {
                        let name = b.name(name);
                        // A dropped slice (past the builder's cap) leaves no lane to end on, so this list stays bounded too.
                        if b.begin_kind(lane, thread, name, kind, ts) {
                            self.open_lanes.entry(format!("{pid}\u{1}{tid}")).or_default().push(lane);
                        }
                    }
                    _ => {
                        let begun = self.open_lanes.get_mut(&format!("{pid}\u{1}{tid}")).and_then(Vec::pop);
                        b.end(begun.unwrap_or(lane), ts, at)
                    }
                }
            }
            "M" => {
                let args: NameArgs<'_> = ev.args.and_then(|a| serde_json::from_str(a.get()).ok()).unwrap_or_default();
                let Some(value) = args.name else { return };
                match name {
                    "thread_name" => {
                        self.thread_names.insert(format!("{pid}\u{1}{tid}"), value.to_string());
                    }
                    "process_name" => {
                        self.process_names.insert(pid, value.to_string());
                    }
                    _ => {}
                }
            }
            "C" => {
                let Some(ts) = ts else {
                    b.diag(at, "C event without a valid ts".into());
                    return;
                };
                self.counter(b, name, ev.args, ts, at);
            }
            _ => {}
        }
    }

    /// A counter: frequency if its name says `cpu N … freq`, otherwise only counted.
    fn counter(&mut self, b: &mut Builder, name: &str, args: Option<&RawValue>, ts: i64, at: Location) {
        let lower = name.to_ascii_lowercase();
        let cpu = lower.find("cpu").and_then(|p| {
            let digits: String = lower[p + 3..].trim_start_matches([' ', '_']).chars().take_while(char::is_ascii_digit).collect();
            digits.parse::<u32>().ok()
        });
        let (Some(cpu), true) = (cpu, lower.contains("freq")) else {
            self.other_counters += 1;
            return;
        };
        let map: serde_json::Map<String, serde_json::Value> = args.and_then(|a| serde_json::from_str(a.get()).ok()).unwrap_or_default();
        let Some((key, value)) = map.iter().find_map(|(k, v)| Some((k.to_ascii_lowercase(), v.as_f64()?))) else {
            b.diag(at, format!("frequency counter '{name}' without a numeric value"));
            return;
        };
        let unit = if key.contains("khz") || lower.contains("khz") {
            1.0
        } else if key.contains("mhz") || lower.contains("mhz") {
            1e3
        } else if key.contains("ghz") || lower.contains("ghz") {
            1e6
        } else if key == "hz" || lower.ends_with(" hz") {
            1e-3
        } else {
            1.0
        };
        let khz = value * unit;
        if !(0.0..4e9).contains(&khz) || cpu >= 4096 {
            b.diag(at, format!("frequency counter '{name}' out of range"));
            return;
        }
        b.freq(cpu, ts, khz.round() as u32);
    }

    /// Ends the input: names the lanes from the metadata events.
    pub fn finish(self, b: &mut Builder) {
        if self.elem_depth > 0 {
            b.diag(Location::Offset(self.pending_offset), "the file ends inside an event (truncated?); that event is lost".into());
        }
        if self.mode == Mode::Start {
            b.diag(Location::None, "no JSON found".into());
        } else if !self.found_events {
            b.diag(Location::None, "no traceEvents array found".into());
        }
        if self.skipped_system_events {
            b.diag(Location::None, "systemTraceEvents (embedded ftrace text) is not imported; import it as ftrace text".into());
        }
        if self.other_counters > 0 {
            b.diag(Location::None, format!("{} counter (C) events other than CPU frequency were not imported", self.other_counters));
        }
        for (lane, key) in &self.cpu_lane_keys {
            let pid = key.split('\u{1}').next().unwrap_or("");
            let name = self.thread_names.get(key).cloned();
            let label = match (name, self.cpu_pid.as_deref() == Some(pid)) {
                (Some(n), true) => n,
                (Some(n), false) => format!("{}: {n}", self.process_names.get(pid).cloned().unwrap_or_else(|| format!("pid {pid}"))),
                (None, _) => continue,
            };
            b.set_lane_label(*lane, label);
        }
        for (lane, pid, tid) in &self.lane_ids {
            let key = format!("{pid}\u{1}{tid}");
            let label = match (self.thread_names.get(&key), self.process_names.get(pid)) {
                (Some(t), _) => t.clone(),
                (None, Some(p)) => format!("{p} (pid {pid}) tid {tid}"),
                (None, None) => format!("pid {pid} tid {tid}"),
            };
            if let Some(&(_, thread)) = self.lanes.get(&key) {
                b.set_thread_label(thread, label.clone());
            }
            b.set_lane_label(*lane, label);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn micros_parse_exactly() {
        assert_eq!(micros_to_ns("1610366728298088"), Some(1_610_366_728_298_088_000));
        assert_eq!(micros_to_ns("12.3456"), Some(12_345));
        assert_eq!(micros_to_ns("\"7\""), Some(7_000));
        assert_eq!(micros_to_ns("-2.5"), Some(-2_500));
        assert_eq!(micros_to_ns("1.5e3"), Some(1_500_000));
        assert_eq!(micros_to_ns("abc"), None);
    }
}
