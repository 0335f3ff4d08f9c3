//! A strict reader of Chrome Trace JSON exports for the export tests: it replays every track under four arithmetics —
//! exact decimals, double precision (speedscope, chrome://tracing), Perfetto's older truncation to integer nanoseconds
//! (`int64(ts × 1000)`) and its newer rounding after its own digit-by-digit parse — and reports any slice that would overlap
//! its successor or outlive its parent, any end that does not match its begin, and the counts a viewer should show.

use std::collections::BTreeMap;

use engine::import::chrome::micros_to_ns;
use serde_json::value::RawValue;

/// Number of arithmetics a time is read with.
const N: usize = 4;
/// Their names, for messages.
pub const ARITHMETICS: [&str; N] = ["exact", "double", "perfetto-trunc", "perfetto-round"];

/// Perfetto's own decimal parse (integer part, then fraction / 10^digits), which is not correctly rounded.
fn perfetto_double(s: &str) -> f64 {
    let (neg, s) = s.strip_prefix('-').map_or((false, s), |r| (true, r));
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    let mut out = int.bytes().fold(0.0, |a, c| a * 10.0 + f64::from(c - b'0'));
    if !frac.is_empty() {
        let (f, div) = frac.bytes().fold((0.0, 1.0), |(f, d), c| (f * 10.0 + f64::from(c - b'0'), d * 10.0));
        out += f / div;
    }
    if neg {
        -out
    } else {
        out
    }
}

/// A `ts` or `dur` text read four ways, each as integer nanoseconds except double precision (microseconds).
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
struct Time([f64; N]);

impl Time {
    fn read(text: &str) -> Time {
        let d: f64 = text.parse().unwrap_or(f64::NAN);
        Time([micros_to_ns(text).map_or(f64::NAN, |v| v as f64), d, (d * 1000.0).trunc(), (perfetto_double(text) * 1000.0).round()])
    }

    fn plus(self, dur: Time) -> Time {
        let mut out = self.0;
        for (o, d) in out.iter_mut().zip(dur.0) {
            *o += d;
        }
        Time(out)
    }

    /// Arithmetics under which `self` comes after `later`.
    fn after(self, later: Time) -> Vec<&'static str> {
        (0..N).filter(|&k| self.0[k] > later.0[k]).map(|k| ARITHMETICS[k]).collect()
    }
}

/// One event's fields as raw JSON text, so that times keep their digits.
type Event<'a> = BTreeMap<&'a str, &'a RawValue>;

/// A field as a value of type `T`, if present and of that type.
fn field<T: serde::de::DeserializeOwned>(ev: &Event<'_>, key: &str) -> Option<T> {
    ev.get(key).and_then(|raw| serde_json::from_str(raw.get()).ok())
}

/// What one track of the export holds, as a viewer would read it.
#[derive(Default, Debug, Clone, PartialEq, Eq)]
pub struct TrackCounts {
    /// Slices of positive length (what speedscope shows).
    pub slices: usize,
    /// Zero-length slices (instants).
    pub instants: usize,
    /// Deepest nesting (0: flat).
    pub max_depth: usize,
}

/// The reader's findings.
#[derive(Default, Debug)]
pub struct Report {
    /// Counts per (pid, tid).
    pub tracks: BTreeMap<(u64, u64), TrackCounts>,
    /// Process names per pid.
    pub processes: BTreeMap<u64, String>,
    /// Thread names per (pid, tid).
    pub threads: BTreeMap<(u64, u64), String>,
    /// Flow starts and finishes, paired by id.
    pub flows: usize,
    /// Counter events.
    pub counters: usize,
    /// Counter names.
    pub counter_names: std::collections::BTreeSet<String>,
    /// Everything wrong, one line each (the first 20).
    pub problems: Vec<String>,
    /// How many problems in all.
    pub n_problems: usize,
}

impl Report {
    fn problem(&mut self, message: String) {
        self.n_problems += 1;
        if self.problems.len() < 20 {
            self.problems.push(message);
        }
    }

    /// Positive-length slices of process `pid`.
    pub fn slices_of(&self, pid: u64) -> usize {
        self.tracks.iter().filter(|((p, _), _)| *p == pid).map(|(_, c)| c.slices).sum()
    }

    /// All slices (with instants) of process `pid`.
    pub fn all_slices_of(&self, pid: u64) -> usize {
        self.tracks.iter().filter(|((p, _), _)| *p == pid).map(|(_, c)| c.slices + c.instants).sum()
    }
}

struct Open {
    name: String,
    args: String,
    start: Time,
    /// End of the last closed child, for the next child's check.
    last_child_end: Option<Time>,
    /// Latest end among closed children.
    children_end: Option<Time>,
}

#[derive(Default)]
struct TrackState {
    stack: Vec<Open>,
    /// End of the last closed top-level slice.
    last_end: Option<Time>,
    last_time: Option<Time>,
}

/// Reads an export (one event per line, as the writer puts them) and checks every track.
pub fn read(json: &str) -> Report {
    let mut report = Report::default();
    let mut state: BTreeMap<(u64, u64), TrackState> = BTreeMap::new();
    let mut flow_starts: BTreeMap<u64, usize> = BTreeMap::new();
    let mut flow_ends: BTreeMap<u64, usize> = BTreeMap::new();
    for (n, line) in json.lines().enumerate() {
        let line = line.trim_end_matches(',');
        if !line.starts_with("{\"ph\"") {
            continue;
        }
        let ev: Event<'_> = match serde_json::from_str(line) {
            Ok(e) => e,
            Err(e) => {
                report.problem(format!("line {}: not an event: {e}", n + 1));
                continue;
            }
        };
        let key = (field::<u64>(&ev, "pid").unwrap_or(0), field::<u64>(&ev, "tid").unwrap_or(0));
        let name: String = field(&ev, "name").unwrap_or_default();
        let args = ev.get("args").map(|a| a.get().to_string()).unwrap_or_default();
        let ph: String = field(&ev, "ph").unwrap_or_default();
        match ph.as_str() {
            "M" => {
                let label = field::<serde_json::Value>(&ev, "args").and_then(|v| v["name"].as_str().map(str::to_string));
                match (name.as_str(), label) {
                    ("process_name", Some(l)) => {
                        report.processes.insert(key.0, l);
                    }
                    ("thread_name", Some(l)) => {
                        report.threads.insert(key, l);
                    }
                    _ => {}
                }
                continue;
            }
            "C" => {
                report.counters += 1;
                report.counter_names.insert(name);
                continue;
            }
            "s" => {
                *flow_starts.entry(field(&ev, "id").unwrap_or(0)).or_default() += 1;
                continue;
            }
            "f" => {
                *flow_ends.entry(field(&ev, "id").unwrap_or(0)).or_default() += 1;
                continue;
            }
            _ => {}
        }
        let Some(ts) = ev.get("ts").map(|t| Time::read(t.get())) else {
            report.problem(format!("line {}: {ph} event without ts", n + 1));
            continue;
        };
        let st = state.entry(key).or_default();
        let counts = report.tracks.entry(key).or_default();
        let mut problems = Vec::new();
        if let Some(prev) = st.last_time {
            let back = prev.after(ts);
            if !back.is_empty() {
                problems.push(format!("time goes back under {back:?}"));
            }
        }
        st.last_time = Some(ts);
        match ph.as_str() {
            "B" => {
                let prev_end = match st.stack.last() {
                    Some(parent) => parent.last_child_end,
                    None => st.last_end,
                };
                if let Some(prev_end) = prev_end {
                    let over = prev_end.after(ts);
                    if !over.is_empty() {
                        problems.push(format!("'{name}' begins before its predecessor ends under {over:?}"));
                    }
                }
                st.stack.push(Open { name, args, start: ts, last_child_end: None, children_end: None });
                counts.max_depth = counts.max_depth.max(st.stack.len() - 1);
            }
            "E" => match st.stack.pop() {
                None => problems.push(format!("end of '{name}' with nothing open")),
                Some(open) => {
                    if open.name != name || open.args != args {
                        problems.push(format!("end '{name}' {args} closes '{}' {}", open.name, open.args));
                    }
                    if let Some(c) = open.children_end {
                        let over = c.after(ts);
                        if !over.is_empty() {
                            problems.push(format!("a child of '{name}' outlives it under {over:?}"));
                        }
                    }
                    let back = open.start.after(ts);
                    if !back.is_empty() {
                        problems.push(format!("'{name}' ends before it begins under {back:?}"));
                    }
                    counts.slices += 1;
                    match st.stack.last_mut() {
                        Some(parent) => {
                            parent.last_child_end = Some(ts);
                            parent.children_end = Some(ts);
                        }
                        None => st.last_end = Some(ts),
                    }
                }
            },
            "i" => counts.instants += 1,
            "X" => {
                // The older encoding, kept readable so the tests can show what it did wrong.
                let end = ts.plus(ev.get("dur").map_or(Time([0.0; N]), |d| Time::read(d.get())));
                if let Some(prev_end) = st.last_end {
                    let over = prev_end.after(ts);
                    if !over.is_empty() {
                        problems.push(format!("'{name}' begins before its predecessor ends under {over:?}"));
                    }
                }
                st.last_end = Some(end);
                st.last_time = Some(ts);
                counts.slices += 1;
            }
            other => problems.push(format!("unexpected phase {other}")),
        }
        for p in problems {
            report.problem(format!("pid {} tid {} line {}: {p}", key.0, key.1, n + 1));
        }
    }
    for (key, st) in &state {
        if !st.stack.is_empty() {
            report.problem(format!("pid {} tid {}: {} slices never end", key.0, key.1, st.stack.len()));
        }
    }
    if flow_starts != flow_ends || flow_starts.values().any(|&n| n != 1) {
        report.problem(format!("flows do not pair: {} starts, {} finishes", flow_starts.len(), flow_ends.len()));
    }
    report.flows = flow_starts.len();
    report
}
