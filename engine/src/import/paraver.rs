//! Paraver traces as BSC's Extrae writes them: the `.prv` records, with state and event names from the `.pcf` and labels from the `.row` when given.
//!
//! Header: `#Paraver (date):end_time[_ns|_us]:nodes(cpus):apps:tasks(threads:node,…)`.
//! Records: `1:cpu:appl:task:thread:begin:end:state` (states), `2:cpu:appl:task:thread:time:type:value[:type:value…]` (events),
//! `3:…` (communications, counted only). CPUs are 1-based in the file; 0 means "no CPU".
//! A running state (1) draws the thread on its CPU's lane; every state also appears on the thread's own lane, and event types
//! that have value names (user functions, MPI or OpenMP calls) become nested slices there: a non-zero value enters, 0 leaves.

use std::collections::{BTreeMap, HashMap};

use crate::trace::SegmentKind;

use super::builder::{Builder, Location};
use super::ftrace::parse_u64;
use super::lines::{LineParser, Lines};

/// Names from a `.pcf`: states, event types and their values.
#[derive(Default, Debug)]
pub struct Pcf {
    /// State number → name.
    pub states: BTreeMap<u64, String>,
    /// Event type → label.
    pub types: BTreeMap<u64, String>,
    /// Event type → value → name.
    pub values: BTreeMap<u64, BTreeMap<u64, String>>,
}

/// Parses a `.pcf` file; unknown sections are skipped.
pub fn parse_pcf(text: &str) -> Pcf {
    let mut pcf = Pcf::default();
    let mut section = "";
    let mut current_types: Vec<u64> = Vec::new();
    let mut types_closed = false;
    for line in text.lines() {
        let t = line.trim();
        if t.is_empty() {
            continue;
        }
        match t {
            "STATES" | "STATES_COLOR" | "VALUES" | "EVENT_TYPE" | "GRADIENT_COLOR" | "GRADIENT_NAMES" | "DEFAULT_OPTIONS" | "DEFAULT_SEMANTIC" => {
                if t == "EVENT_TYPE" && (section == "VALUES" || types_closed) {
                    current_types.clear();
                    types_closed = false;
                }
                if t == "EVENT_TYPE" && section != "EVENT_TYPE" {
                    current_types.clear();
                }
                if t == "VALUES" {
                    types_closed = true;
                }
                section = if t == "STATES" || t == "VALUES" || t == "EVENT_TYPE" { t } else { "other" };
                continue;
            }
            _ => {}
        }
        let mut words = t.split_whitespace();
        match section {
            "STATES" => {
                if let (Some(n), Some(_)) = (words.next().and_then(|w| w.parse().ok()), t.split_whitespace().nth(1)) {
                    let name = t.split_once(char::is_whitespace).map(|x| x.1.trim()).unwrap_or("");
                    pcf.states.insert(n, name.to_string());
                }
            }
            "EVENT_TYPE" => {
                let (Some(_gradient), Some(ty)) = (words.next(), words.next().and_then(|w| w.parse::<u64>().ok())) else { continue };
                let rest: Vec<&str> = words.collect();
                pcf.types.insert(ty, rest.join(" "));
                current_types.push(ty);
            }
            "VALUES" => {
                let Some(v) = words.next().and_then(|w| w.parse::<u64>().ok()) else { continue };
                let rest: Vec<&str> = words.collect();
                for ty in &current_types {
                    pcf.values.entry(*ty).or_default().insert(v, rest.join(" "));
                }
            }
            _ => {}
        }
    }
    pcf
}

/// Parses a `.row` file into level name → labels (`CPU`, `NODE`, `THREAD`, …).
pub fn parse_row(text: &str) -> BTreeMap<String, Vec<String>> {
    let mut levels: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let mut current: Option<(String, usize)> = None;
    for line in text.lines() {
        let t = line.trim();
        if let Some(rest) = t.strip_prefix("LEVEL ") {
            let words: Vec<&str> = rest.split_whitespace().collect();
            let size = words.iter().position(|w| *w == "SIZE").and_then(|p| words.get(p + 1)).and_then(|w| w.parse().ok()).unwrap_or(0);
            let name = words.first().copied().unwrap_or("").to_string();
            levels.entry(name.clone()).or_default();
            current = Some((name, size));
            continue;
        }
        if t.is_empty() {
            continue;
        }
        if let Some((name, size)) = &current {
            let list = levels.entry(name.clone()).or_default();
            if list.len() < *size {
                list.push(t.to_string());
            }
        }
    }
    levels
}

/// Streaming `.prv` parser.
pub struct ParaverParser {
    lines: Lines,
    pcf: Option<Pcf>,
    row: BTreeMap<String, Vec<String>>,
    unit_ns: i64,
    header_seen: bool,
    /// Threads per (application, task), from the header, for `.row` ordinals.
    threads_per_task: Vec<Vec<u64>>,
    threads: HashMap<(u64, u64, u64), (u32, u32, u32)>,
    open: HashMap<(u32, u64), Vec<(u32, i64)>>,
    comms: u64,
    counters: u64,
    bad: u64,
}

impl ParaverParser {
    /// A parser with optional `.pcf` and `.row` texts.
    pub fn new(pcf: Option<&str>, row: Option<&str>) -> Self {
        ParaverParser {
            lines: Lines::new(),
            pcf: pcf.map(parse_pcf),
            row: row.map(parse_row).unwrap_or_default(),
            unit_ns: 1_000,
            header_seen: false,
            threads_per_task: Vec::new(),
            threads: HashMap::new(),
            open: HashMap::new(),
            comms: 0,
            counters: 0,
            bad: 0,
        }
    }

    /// Feeds a chunk.
    pub fn push(&mut self, b: &mut Builder, data: &[u8]) {
        self.push_lines(b, data);
    }

    /// Ends the input; regions still open end at the last timestamp.
    pub fn finish(mut self, b: &mut Builder) {
        self.finish_lines(b);
        if !self.header_seen {
            b.diag(Location::Line(1), "no #Paraver header; times read as microseconds".into());
        }
        let end = b.last_ns();
        let mut open: Vec<_> = std::mem::take(&mut self.open).into_iter().collect();
        open.sort_by_key(|(k, _)| *k);
        let mut n = 0;
        for ((lane, _), stack) in open {
            for (name, start) in stack {
                n += 1;
                let thread = self.threads.values().find(|v| v.1 == lane).map_or(crate::trace::NO_ITEM, |v| v.0);
                b.slice(lane, thread, name, SegmentKind::Work, start, end, Location::None);
            }
        }
        if n > 0 {
            b.diag(Location::None, format!("{n} event regions never ended; closed at the end of the trace"));
        }
        if self.comms > 0 {
            b.diag(Location::None, format!("{} communication records were counted, not drawn", self.comms));
        }
        if self.counters > 0 {
            b.diag(Location::None, format!("{} counter-like event values (types without value names) were not imported", self.counters));
        }
        if self.bad > 20 {
            b.diag(Location::None, format!("{} malformed records in all", self.bad));
        }
    }

    fn header(&mut self, line: &str, b: &mut Builder, no: u64) {
        self.header_seen = true;
        let Some(close) = line.find("):") else {
            b.diag(Location::Line(no), "malformed #Paraver header".into());
            return;
        };
        let rest = &line[close + 2..];
        let fields = split_top(rest);
        if let Some(ftime) = fields.first() {
            self.unit_ns = if ftime.ends_with("_ns") { 1 } else { 1_000 };
        }
        // fields[1] = nodes(cpus), fields[2] = number of applications, then one field per application.
        let n_apps = fields.get(2).and_then(|s| s.parse::<usize>().ok()).unwrap_or(0);
        for app in fields.iter().skip(3).take(n_apps) {
            let inner = app.split_once('(').map(|x| x.1.trim_end_matches(')')).unwrap_or("");
            let counts = inner.split(',').map(|t| t.split(':').next().and_then(|n| n.trim().parse().ok()).unwrap_or(1)).collect();
            self.threads_per_task.push(counts);
        }
    }

    fn thread_label(&self, appl: u64, task: u64, thread: u64) -> String {
        let fallback = format!("THREAD {appl}.{task}.{thread}");
        let Some(labels) = self.row.get("THREAD") else { return fallback };
        let mut ordinal = 0u64;
        for (a, tasks) in self.threads_per_task.iter().enumerate() {
            for (t, &n) in tasks.iter().enumerate() {
                if a as u64 + 1 == appl && t as u64 + 1 == task {
                    return labels.get((ordinal + thread - 1) as usize).cloned().unwrap_or(fallback);
                }
                ordinal += n;
            }
        }
        fallback
    }

    fn thread(&mut self, b: &mut Builder, key: (u64, u64, u64)) -> (u32, u32, u32) {
        if let Some(&v) = self.threads.get(&key) {
            return v;
        }
        let label = self.thread_label(key.0, key.1, key.2);
        let thread = b.add_thread(label.clone());
        let name = b.name(&label);
        let lane = b.keyed_lane(&format!("{}.{}.{}", key.0, key.1, key.2), || label, None);
        self.threads.insert(key, (thread, lane, name));
        (thread, lane, name)
    }

    fn cpu_lane(&self, b: &mut Builder, cpu: u64) -> u32 {
        let lane = b.cpu_lane((cpu - 1) as u32);
        if let Some(label) = self.row.get("CPU").and_then(|l| l.get((cpu - 1) as usize)) {
            b.set_lane_label(lane, label.clone());
        }
        lane
    }

    fn bad(&mut self, b: &mut Builder, no: u64, message: &str) {
        self.bad += 1;
        if self.bad <= 20 {
            b.diag(Location::Line(no), message.to_string());
        }
    }

    fn line(&mut self, b: &mut Builder, line: &[u8], no: u64) {
        if line.is_empty() {
            return;
        }
        if line.starts_with(b"#Paraver") {
            self.header(&String::from_utf8_lossy(line), b, no);
            return;
        }
        if line[0] == b'#' || line[0] == b'c' {
            return;
        }
        let mut fields: [u64; 8] = [0; 8];
        let mut rest: &[u8] = &[];
        let mut n = 0;
        let mut from = 0;
        for (i, part) in line.split(|&c| c == b':').enumerate() {
            if i >= 8 {
                rest = &line[from..];
                break;
            }
            let Some(v) = parse_u64(part) else {
                self.bad(b, no, "record field is not a whole number");
                return;
            };
            fields[i] = v;
            n = i + 1;
            from += part.len() + 1;
        }
        let unit_ns = self.unit_ns;
        let ns = move |v: u64| (v as i64).saturating_mul(unit_ns);
        match fields[0] {
            1 if n == 8 => {
                b.count_event(b"state");
                let [_, cpu, appl, task, thread, begin, end, state] = fields;
                if appl == 0 || task == 0 || thread == 0 || cpu > 4096 {
                    self.bad(b, no, "state record with a zero application, task or thread, or a CPU above 4096");
                    return;
                }
                let (t, lane, tname) = self.thread(b, (appl, task, thread));
                let at = Location::Line(no);
                if state == 1 && cpu > 0 {
                    let cpu_lane = self.cpu_lane(b, cpu);
                    b.slice(cpu_lane, t, tname, SegmentKind::Work, ns(begin), ns(end), at);
                }
                if state != 0 {
                    let label = self.pcf.as_ref().and_then(|p| p.states.get(&state)).cloned().unwrap_or_else(|| format!("state {state}"));
                    let sname = b.name(&label);
                    b.slice(lane, t, sname, SegmentKind::Work, ns(begin), ns(end), at);
                }
            }
            2 if n >= 8 => {
                b.count_event(b"event");
                let [_, _cpu, appl, task, thread, time, ty, value] = fields;
                if appl == 0 || task == 0 || thread == 0 {
                    self.bad(b, no, "event record with a zero application, task or thread");
                    return;
                }
                self.event(b, (appl, task, thread), ns(time), ty, value, no);
                let mut pairs = rest.split(|&c| c == b':');
                while let (Some(ty), Some(value)) = (pairs.next(), pairs.next()) {
                    match (parse_u64(ty), parse_u64(value)) {
                        (Some(ty), Some(value)) => self.event(b, (appl, task, thread), ns(time), ty, value, no),
                        _ => {
                            self.bad(b, no, "event type or value is not a whole number");
                            return;
                        }
                    }
                }
            }
            3 => {
                b.count_event(b"communication");
                self.comms += 1;
            }
            _ => self.bad(b, no, "not a Paraver record (1:, 2: or 3: with enough fields)"),
        }
    }

    fn event(&mut self, b: &mut Builder, key: (u64, u64, u64), t_ns: i64, ty: u64, value: u64, no: u64) {
        let is_region = match &self.pcf {
            Some(p) => p.values.contains_key(&ty),
            None => (50_000_000..70_000_000).contains(&ty),
        };
        if !is_region {
            self.counters += 1;
            return;
        }
        b.saw_time(t_ns);
        let (thread, lane, _) = self.thread(b, key);
        if value == 0 {
            match self.open.get_mut(&(lane, ty)).and_then(Vec::pop) {
                Some((name, start)) => b.slice(lane, thread, name, SegmentKind::Work, start, t_ns, Location::Line(no)),
                None => b.diag(Location::Line(no), format!("event type {ty} ends (value 0) with no open region")),
            }
        } else {
            let label = self
                .pcf
                .as_ref()
                .and_then(|p| p.values.get(&ty)?.get(&value).cloned())
                .unwrap_or_else(|| format!("{ty}:{value}"));
            let name = b.name(&label);
            self.open.entry((lane, ty)).or_default().push((name, t_ns));
        }
    }
}

/// Splits a header tail at `:` outside parentheses.
fn split_top(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    for (i, c) in s.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => depth -= 1,
            ':' if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(&s[start..]);
    out
}

super::lines::line_parser!(ParaverParser);
