//! What every importer fills: lanes, names, threads, slices (with begin/end matching) and frequency changes; `finish` rebases time, sorts, and computes nesting depth.
//!
//! Lanes that end with neither a slice nor (for CPUs) a frequency change are dropped, so an export re-imports to the same lanes.

use std::collections::HashMap;

use crate::trace::{ScheduleRecord, Segment, SegmentKind, NO_ITEM};

use super::{Diagnostic, Format, FreqChange, ImportedTrace, LaneInfo};

/// Most diagnostics kept word for word; the rest are only counted.
pub const MAX_DIAGNOSTICS: usize = 200;

/// Most slices, open slices, frequency changes and wake-ups one trace keeps (about 40 bytes each while building, and
/// as much again in the record): the rest of a larger trace is counted as dropped and reported once.
pub const MAX_KEPT: usize = 6_000_000;

/// CPU numbers below this get a lane by index; larger ones (a damaged line, a CPU id of 4 billion) are keyed by name,
/// so that no table is sized by a number read from the file.
pub const MAX_CPU_INDEX: u32 = 4096;

/// A slice before time is rebased.
#[derive(Clone, Copy, Debug)]
struct Row {
    lane: u32,
    task: u32,
    name: u32,
    kind: SegmentKind,
    start_ns: i64,
    end_ns: i64,
    seq: u32,
}

/// A begun slice waiting for its end.
#[derive(Clone, Copy, Debug)]
struct Open {
    task: u32,
    name: u32,
    kind: SegmentKind,
    start_ns: i64,
}

/// Accumulates one trace; importers call it as they parse.
#[derive(Default)]
pub struct Builder {
    lanes: Vec<LaneInfo>,
    lane_index: HashMap<String, u32>,
    cpu_lane: Vec<Option<u32>>,
    names: Vec<String>,
    name_index: HashMap<String, u32>,
    /// Thread labels; the record's `task` column indexes them.
    pub threads: Vec<String>,
    rows: Vec<Row>,
    open: HashMap<u32, Vec<Open>>,
    freq: Vec<(u32, i64, u32)>,
    diagnostics: Vec<Diagnostic>,
    diagnostics_total: usize,
    min_ns: i64,
    max_ns: i64,
    seen_time: bool,
    /// Counts of event kinds seen, for the summary.
    pub events: Vec<(String, u64)>,
    wakeups: Vec<(i64, u32, u32)>,
    capacities: Vec<(u32, u32)>,
    open_count: usize,
    dropped: u64,
    thread_index: HashMap<String, u32>,
}

impl Builder {
    /// An empty builder.
    pub fn new() -> Self {
        Builder::default()
    }

    /// Notes a timestamp so that the trace's span covers it.
    pub fn saw_time(&mut self, t_ns: i64) {
        if !self.seen_time {
            self.min_ns = t_ns;
            self.max_ns = t_ns;
            self.seen_time = true;
        } else if t_ns < self.min_ns {
            self.min_ns = t_ns;
        } else if t_ns > self.max_ns {
            self.max_ns = t_ns;
        }
    }

    /// Latest timestamp seen so far (0 before any).
    pub fn last_ns(&self) -> i64 {
        self.max_ns
    }

    /// Counts one event of kind `name`.
    pub fn count_event(&mut self, name: &[u8]) {
        if let Some(e) = self.events.iter_mut().find(|(n, _)| n.as_bytes() == name) {
            e.1 += 1;
        } else if self.events.len() < 256 {
            self.events.push((String::from_utf8_lossy(name).into_owned(), 1));
        }
    }

    /// The lane of CPU `cpu`, created on first use.
    pub fn cpu_lane(&mut self, cpu: u32) -> u32 {
        if cpu >= MAX_CPU_INDEX {
            return self.keyed_lane(&format!("\u{1}cpu {cpu}"), || format!("CPU {cpu}"), Some(cpu));
        }
        let i = cpu as usize;
        if let Some(Some(lane)) = self.cpu_lane.get(i) {
            return *lane;
        }
        if self.cpu_lane.len() <= i {
            self.cpu_lane.resize(i + 1, None);
        }
        let lane = self.lanes.len() as u32;
        self.lanes.push(LaneInfo { label: format!("CPU {cpu}"), cpu: Some(cpu) });
        self.cpu_lane[i] = Some(lane);
        lane
    }

    /// The lane with key `key` (a thread, a worker, a pid/tid pair), created with `label` and `cpu` on first use.
    pub fn keyed_lane(&mut self, key: &str, label: impl FnOnce() -> String, cpu: Option<u32>) -> u32 {
        if let Some(&lane) = self.lane_index.get(key) {
            return lane;
        }
        let lane = self.lanes.len() as u32;
        self.lanes.push(LaneInfo { label: label(), cpu });
        self.lane_index.insert(key.to_string(), lane);
        lane
    }

    /// The lane with key `key`, if it exists.
    pub fn find_lane(&self, key: &str) -> Option<u32> {
        self.lane_index.get(key).copied()
    }

    /// Renames lane `lane`.
    pub fn set_lane_label(&mut self, lane: u32, label: String) {
        if let Some(l) = self.lanes.get_mut(lane as usize) {
            l.label = label;
        }
    }

    /// Index of slice or thread name `name`, interned.
    pub fn name(&mut self, name: &str) -> u32 {
        if let Some(&i) = self.name_index.get(name) {
            return i;
        }
        let i = self.names.len() as u32;
        self.names.push(name.to_string());
        self.name_index.insert(name.to_string(), i);
        i
    }

    /// Adds a thread label and returns its index.
    pub fn add_thread(&mut self, label: String) -> u32 {
        self.threads.push(label);
        (self.threads.len() - 1) as u32
    }

    /// The thread labelled `label`, added on first use (a hash lookup, not a scan of every thread).
    pub fn thread_named(&mut self, label: &str) -> u32 {
        if let Some(&t) = self.thread_index.get(label) {
            return t;
        }
        let t = self.add_thread(label.to_string());
        self.thread_index.insert(label.to_string(), t);
        t
    }

    /// Whether one more slice, open slice, frequency change or wake-up fits under [`MAX_KEPT`]; the first time it does
    /// not, says so in a diagnostic.
    fn room(&mut self) -> bool {
        if self.rows.len() + self.open_count + self.freq.len() + self.wakeups.len() < MAX_KEPT {
            return true;
        }
        self.dropped += 1;
        if self.dropped == 1 {
            self.diag(Location::None, format!("the trace has more than {MAX_KEPT} slices, frequency changes and wake-ups; the rest are dropped"));
        }
        false
    }

    /// Renames thread `thread`.
    pub fn set_thread_label(&mut self, thread: u32, label: String) {
        if let Some(t) = self.threads.get_mut(thread as usize) {
            *t = label;
        }
    }

    /// A finished slice; an end before the start is reported at `at` and clamped.
    #[allow(clippy::too_many_arguments)]
    pub fn slice(&mut self, lane: u32, task: u32, name: u32, kind: SegmentKind, start_ns: i64, end_ns: i64, at: Location) {
        let end_ns = if end_ns < start_ns {
            self.diag(at, format!("slice ends {} ns before it starts; kept with zero length", start_ns - end_ns));
            start_ns
        } else {
            end_ns
        };
        self.saw_time(start_ns);
        self.saw_time(end_ns);
        if !self.room() {
            return;
        }
        let seq = self.rows.len() as u32;
        self.rows.push(Row { lane, task, name, kind, start_ns, end_ns, seq });
    }

    /// Opens a work slice on `lane` (a `B` event).
    pub fn begin(&mut self, lane: u32, task: u32, name: u32, t_ns: i64) {
        self.begin_kind(lane, task, name, SegmentKind::Work, t_ns);
    }

    /// Opens a slice of kind `kind` on `lane`; false when the trace is past [`MAX_KEPT`] and the slice was dropped.
    pub fn begin_kind(&mut self, lane: u32, task: u32, name: u32, kind: SegmentKind, t_ns: i64) -> bool {
        self.saw_time(t_ns);
        if !self.room() {
            return false;
        }
        self.open_count += 1;
        self.open.entry(lane).or_default().push(Open { task, name, kind, start_ns: t_ns });
        true
    }

    /// Closes the innermost open slice on `lane` (an `E` event); an end with nothing open is reported at `at`.
    pub fn end(&mut self, lane: u32, t_ns: i64, at: Location) {
        self.saw_time(t_ns);
        match self.open.get_mut(&lane).and_then(Vec::pop) {
            Some(o) => {
                self.open_count -= 1;
                self.slice(lane, o.task, o.name, o.kind, o.start_ns, t_ns, at)
            }
            None => self.diag(at, "end (E) with no open slice on this lane; ignored".to_string()),
        }
    }

    /// A CPU's capacity (`cpu_capacity`, 1024 = the fastest CPU at its top frequency); the last value seen counts.
    pub fn capacity(&mut self, cpu: u32, capacity: u32) {
        self.capacities.retain(|c| c.0 != cpu);
        self.capacities.push((cpu, capacity));
    }

    /// A frequency change of CPU `cpu`.
    pub fn freq(&mut self, cpu: u32, t_ns: i64, freq_khz: u32) {
        self.saw_time(t_ns);
        if !self.room() {
            return;
        }
        self.cpu_lane(cpu);
        self.freq.push((cpu, t_ns, freq_khz));
    }

    /// A wake-up of thread `wakee` by thread `waker` (or `NO_ITEM`).
    pub fn wakeup(&mut self, t_ns: i64, waker: u32, wakee: u32) {
        self.saw_time(t_ns);
        if !self.room() {
            return;
        }
        self.wakeups.push((t_ns, waker, wakee));
    }

    /// Records a problem at `at`; beyond [`MAX_DIAGNOSTICS`] they are only counted.
    pub fn diag(&mut self, at: Location, message: String) {
        self.diagnostics_total += 1;
        if self.diagnostics.len() < MAX_DIAGNOSTICS {
            let (line, offset) = match at {
                Location::Line(l) => (Some(l), None),
                Location::Offset(o) => (None, Some(o)),
                Location::None => (None, None),
            };
            self.diagnostics.push(Diagnostic { line, offset, message });
        }
    }

    /// Rebases time to the earliest timestamp, orders lanes (CPUs by number, then the rest by label), sorts each lane's slices and computes their nesting depth.
    pub fn finish(mut self, format: Format, bytes: u64) -> ImportedTrace {
        let end_ns = self.max_ns;
        let mut open: Vec<(u32, Vec<Open>)> = std::mem::take(&mut self.open).into_iter().collect();
        open.sort_by_key(|(lane, _)| *lane);
        self.open_count = 0;
        let mut n_open = 0;
        for (lane, stack) in open {
            for o in stack {
                n_open += 1;
                self.slice(lane, o.task, o.name, o.kind, o.start_ns, end_ns, Location::None);
            }
        }
        if n_open > 0 {
            self.diag(Location::None, format!("{n_open} slices were still open at the end of the trace; closed at its end"));
        }
        // Time 0 and the span follow what was kept (slices and frequency changes), not every line read.
        let kept_min = self.rows.iter().map(|r| r.start_ns).chain(self.freq.iter().map(|f| f.1)).min();
        let kept_max = self.rows.iter().map(|r| r.end_ns).chain(self.freq.iter().map(|f| f.1)).max();
        let origin_ns = kept_min.unwrap_or(0);
        let rel = |t: i64| (t.saturating_sub(origin_ns)).max(0) as u64;

        // Lanes that ended up with no slice (a CPU that only changed frequency, a thread that only had metadata) are dropped.
        let mut used = vec![false; self.lanes.len()];
        for r in &self.rows {
            used[r.lane as usize] = true;
        }
        for &(cpu, _, _) in &self.freq {
            if let Some(Some(lane)) = self.cpu_lane.get(cpu as usize) {
                used[*lane as usize] = true;
            } else if let Some(&lane) = self.lane_index.get(&format!("\u{1}cpu {cpu}")) {
                used[lane as usize] = true;
            }
        }
        let mut order: Vec<u32> = (0..self.lanes.len() as u32).filter(|&l| used[l as usize]).collect();
        // A CPU lane is plain when it is *the* lane of its CPU; keyed CPU lanes (a second process's CPUs) follow, by label.
        let plain = |lane: u32, cpu: u32| self.cpu_lane.get(cpu as usize).copied().flatten() == Some(lane);
        order.sort_by(|&a, &b| {
            let (la, lb) = (&self.lanes[a as usize], &self.lanes[b as usize]);
            match (la.cpu, lb.cpu) {
                (Some(x), Some(y)) => match (plain(a, x), plain(b, y)) {
                    (true, true) => x.cmp(&y),
                    (true, false) => std::cmp::Ordering::Less,
                    (false, true) => std::cmp::Ordering::Greater,
                    (false, false) => natural_cmp(&la.label, &lb.label).then(x.cmp(&y)).then(a.cmp(&b)),
                },
                (Some(_), None) => std::cmp::Ordering::Less,
                (None, Some(_)) => std::cmp::Ordering::Greater,
                (None, None) => natural_cmp(&la.label, &lb.label).then(a.cmp(&b)),
            }
        });
        let mut new_index = vec![0u32; self.lanes.len()];
        for (new, &old) in order.iter().enumerate() {
            new_index[old as usize] = new as u32;
        }
        let lanes: Vec<LaneInfo> = order.iter().map(|&old| self.lanes[old as usize].clone()).collect();
        for r in &mut self.rows {
            r.lane = new_index[r.lane as usize];
        }
        self.rows.sort_by(|a, b| {
            a.lane.cmp(&b.lane).then(a.start_ns.cmp(&b.start_ns)).then(b.end_ns.cmp(&a.end_ns)).then(a.seq.cmp(&b.seq))
        });
        let mut record = ScheduleRecord::with_capacity(self.rows.len());
        let mut depth = Vec::with_capacity(self.rows.len());
        let mut stack: Vec<i64> = Vec::new();
        let mut current_lane = u32::MAX;
        for r in &self.rows {
            if r.lane != current_lane {
                stack.clear();
                current_lane = r.lane;
            }
            while stack.last().is_some_and(|&e| e <= r.start_ns) {
                stack.pop();
            }
            depth.push(stack.len().min(u16::MAX as usize) as u16);
            stack.push(r.end_ns);
            record.push(Segment {
                lane: r.lane,
                item: r.task,
                group: r.name,
                priority: 0,
                leader: r.lane,
                width: 1,
                kind: r.kind,
                start_ns: rel(r.start_ns),
                end_ns: rel(r.end_ns),
            });
        }
        self.freq.sort_by_key(|&(cpu, t, _)| (cpu, t));
        let freq = self.freq.iter().map(|&(cpu, t, khz)| FreqChange { cpu, t_ns: rel(t), freq_khz: khz }).collect();
        let span_ns = kept_max.map_or(0, rel);
        ImportedTrace {
            format,
            bytes,
            record,
            depth,
            lanes,
            names: self.names,
            threads: self.threads,
            freq,
            span_ns,
            origin_ns,
            diagnostics: self.diagnostics,
            diagnostics_total: self.diagnostics_total,
            events: self.events,
            capacities: { let mut c = self.capacities; c.sort_unstable(); c },
            wakeups: self.wakeups.iter().filter(|w| w.0 >= origin_ns).map(|&(t, waker, wakee)| super::Wakeup { t_ns: rel(t), waker, wakee }).collect(),
        }
    }
}

/// Where a diagnostic points: a 1-based line, a byte offset, or nowhere in particular.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Location {
    /// 1-based line number.
    Line(u64),
    /// Byte offset in the (decompressed) input.
    Offset(u64),
    /// The file as a whole.
    None,
}

/// Task id for slices that belong to no thread.
pub const NO_THREAD: u32 = NO_ITEM;

/// Compares labels with digit runs as numbers, so that `worker 7` comes before `worker 10`.
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    let (mut x, mut y) = (a.as_bytes(), b.as_bytes());
    loop {
        match (x.first(), y.first()) {
            (None, None) => return std::cmp::Ordering::Equal,
            (None, Some(_)) => return std::cmp::Ordering::Less,
            (Some(_), None) => return std::cmp::Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let nx = x.iter().take_while(|c| c.is_ascii_digit()).count();
                let ny = y.iter().take_while(|c| c.is_ascii_digit()).count();
                let (dx, dy) = (&x[..nx], &y[..ny]);
                let tx = &dx[dx.iter().position(|&c| c != b'0').unwrap_or(nx)..];
                let ty = &dy[dy.iter().position(|&c| c != b'0').unwrap_or(ny)..];
                let o = tx.len().cmp(&ty.len()).then(tx.cmp(ty));
                if o != std::cmp::Ordering::Equal {
                    return o;
                }
                x = &x[nx..];
                y = &y[ny..];
            }
            (Some(c), Some(d)) => {
                if c != d {
                    return c.cmp(d);
                }
                x = &x[1..];
                y = &y[1..];
            }
        }
    }
}
