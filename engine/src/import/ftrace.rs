//! Linux ftrace text, as the kernel's `trace` file and `trace-cmd report` print it: sched_switch, sched_wakeup, cpu_frequency, cpu_idle, and atrace `B`/`E` slices from tracing_mark_write or print.
//!
//! A line looks like `comm-pid (tgid) [cpu] flags seconds.micros: event: payload`; the `(tgid)` and flags columns are optional.
//! Running threads become work slices on CPU lanes, idle states idle slices on CPU lanes, and `B`/`E` marks slices on per-thread lanes.

use std::collections::HashMap;

use crate::trace::{SegmentKind, NO_ITEM};

use super::builder::{Builder, Location};
use super::lines::{LineParser, Lines};

/// The fixed columns of one event line.
#[derive(Debug, PartialEq, Eq)]
pub struct EventLine<'a> {
    /// Command of the current task.
    pub comm: &'a [u8],
    /// Its pid.
    pub pid: u32,
    /// CPU number.
    pub cpu: u32,
    /// Timestamp in nanoseconds.
    pub t_ns: i64,
    /// Event name (`sched_switch`).
    pub event: &'a [u8],
    /// Everything after `event: `.
    pub payload: &'a [u8],
}

fn trim(s: &[u8]) -> &[u8] {
    let start = s.iter().position(|c| !c.is_ascii_whitespace()).unwrap_or(s.len());
    let end = s.iter().rposition(|c| !c.is_ascii_whitespace()).map_or(start, |e| e + 1);
    &s[start..end.max(start)]
}

/// Parses an unsigned decimal number; `None` for anything else (or overflow).
pub fn parse_u64(s: &[u8]) -> Option<u64> {
    if s.is_empty() || s.len() > 19 {
        return None;
    }
    let mut v = 0u64;
    for &c in s {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + (c - b'0') as u64;
    }
    Some(v)
}

/// Parses `seconds.fraction` (any number of fraction digits) or a bare integer (nanoseconds) into nanoseconds.
pub fn parse_seconds(s: &[u8]) -> Option<i64> {
    let Some(dot) = memchr::memchr(b'.', s) else {
        return parse_u64(s).and_then(|v| i64::try_from(v).ok());
    };
    let secs = parse_u64(&s[..dot])?;
    let frac = &s[dot + 1..];
    if frac.is_empty() || frac.len() > 18 {
        return None;
    }
    let digits = frac.len().min(9);
    let mut ns = parse_u64(&frac[..digits])?;
    if frac.len() > 9 {
        parse_u64(&frac[9..])?;
    }
    for _ in digits..9 {
        ns *= 10;
    }
    i64::try_from(secs).ok()?.checked_mul(1_000_000_000)?.checked_add(ns as i64)
}

/// Splits an event line into its columns; `None` if it is not one.
pub fn parse_line(line: &[u8]) -> Option<EventLine<'_>> {
    // The CPU column: the first `[digits]` preceded by a space.
    let mut from = 0;
    let (open, close, cpu) = loop {
        let open = from + memchr::memchr(b'[', &line[from..])?;
        let rest = &line[open + 1..];
        let close = memchr::memchr(b']', rest)?;
        if open > 0 && line[open - 1] == b' ' {
            if let Some(cpu) = parse_u64(&rest[..close]) {
                break (open, open + 1 + close, u32::try_from(cpu).ok()?);
            }
        }
        from = open + 1;
    };
    // Task column: `comm-pid`, optionally followed by `(tgid)`.
    let mut task = trim(&line[..open]);
    if task.last() == Some(&b')') {
        if let Some(p) = task.iter().rposition(|&c| c == b'(') {
            task = trim(&task[..p]);
        }
    }
    let dash = task.iter().rposition(|&c| c == b'-')?;
    let pid = u32::try_from(parse_u64(&task[dash + 1..])?).ok()?;
    let comm = &task[..dash];
    // After the CPU: optional flags, then `timestamp:`.
    let mut rest = &line[close + 1..];
    let t_ns = loop {
        rest = &rest[rest.iter().position(|c| *c != b' ').unwrap_or(rest.len())..];
        let end = rest.iter().position(|c| *c == b' ').unwrap_or(rest.len());
        let token = &rest[..end];
        rest = &rest[end..];
        if token.is_empty() {
            return None;
        }
        if let Some(ts) = token.strip_suffix(b":") {
            break parse_seconds(ts)?;
        }
    };
    let rest = &rest[rest.iter().position(|c| *c != b' ').unwrap_or(rest.len())..];
    let colon = memchr::memchr(b':', rest)?;
    let event = &rest[..colon];
    if event.is_empty() || event.contains(&b' ') {
        return None;
    }
    let payload = trim(&rest[colon + 1..]);
    Some(EventLine { comm, pid, cpu, t_ns, event, payload })
}

/// Value of `key=` in a `key=value key2=value2` payload, up to the next ` ` (or to `until` when given, for values with spaces).
fn field<'a>(payload: &'a [u8], key: &[u8]) -> Option<&'a [u8]> {
    let mut from = 0;
    loop {
        let at = from + memchr::memmem::find(&payload[from..], key)?;
        if at == 0 || payload[at - 1] == b' ' {
            let v = &payload[at + key.len()..];
            let end = memchr::memchr(b' ', v).unwrap_or(v.len());
            return Some(&v[..end]);
        }
        from = at + 1;
    }
}

/// A comm that may contain spaces: from `key` to the next ` next_key`.
fn spaced<'a>(payload: &'a [u8], key: &[u8], next_key: &[u8]) -> Option<&'a [u8]> {
    let at = memchr::memmem::find(payload, key)? + key.len();
    let v = &payload[at..];
    let end = memchr::memmem::find(v, next_key)?;
    Some(&v[..end])
}

/// A sched_switch: (prev comm, prev pid, next comm, next pid).
fn parse_switch(p: &[u8]) -> Option<(&[u8], u32, &[u8], u32)> {
    if let Some(prev_comm) = spaced(p, b"prev_comm=", b" prev_pid=") {
        let prev_pid = parse_u64(field(p, b"prev_pid=")?)? as u32;
        let next_comm = spaced(p, b"next_comm=", b" next_pid=")?;
        let next_pid = parse_u64(field(p, b"next_pid=")?)? as u32;
        return Some((prev_comm, prev_pid, next_comm, next_pid));
    }
    // trace-cmd's form: `prev:pid [prio] state ==> next:pid [prio]`.
    let arrow = memchr::memmem::find(p, b" ==> ")?;
    fn side(s: &[u8]) -> Option<(&[u8], u32)> {
        let s = trim(s);
        let bracket = memchr::memmem::find(s, b" [").unwrap_or(s.len());
        let task = &s[..bracket];
        let colon = task.iter().rposition(|&c| c == b':')?;
        Some((&task[..colon], parse_u64(&task[colon + 1..])? as u32))
    }
    let (prev_comm, prev_pid) = side(&p[..arrow])?;
    let (next_comm, next_pid) = side(&p[arrow + 5..])?;
    Some((prev_comm, prev_pid, next_comm, next_pid))
}

/// A frequency (`cpu_frequency[_devlib]: state=kHz cpu_id=N`) or capacity (`cpu_capacity: cpu=N capacity=C`) event.
fn power_event(b: &mut Builder, event: &[u8], payload: &[u8], t_ns: i64, at: Location) {
    if event == b"cpu_capacity" {
        let cpu = field(payload, b"cpu=").or_else(|| field(payload, b"cpu_id=")).and_then(parse_u64);
        match (cpu, field(payload, b"capacity=").and_then(parse_u64)) {
            (Some(cpu), Some(cap)) if cpu < 4096 && cap > 0 && cap < u32::MAX as u64 => b.capacity(cpu as u32, cap as u32),
            _ => b.diag(at, "cpu_capacity without cpu= and capacity=".into()),
        }
        return;
    }
    let state = field(payload, b"state=").and_then(parse_u64);
    let cpu = field(payload, b"cpu_id=").and_then(parse_u64);
    match (state, cpu) {
        (Some(khz), Some(cpu)) if cpu < 4096 && khz < u32::MAX as u64 => b.freq(cpu as u32, t_ns, khz as u32),
        _ => b.diag(at, format!("{} without state= and cpu_id=", String::from_utf8_lossy(event))),
    }
}

/// Who runs on a CPU since when.
#[derive(Clone, Copy)]
struct Running {
    thread: u32,
    name: u32,
    pid: u32,
    start_ns: i64,
}

/// Streaming ftrace text parser.
pub struct FtraceParser {
    lines: Lines,
    pids: HashMap<u32, u32>,
    pid_lane: HashMap<u32, u32>,
    running: Vec<Option<Running>>,
    idle: Vec<Option<(u32, i64)>>,
    bad_lines: u64,
}

/// Lines that are headers rather than events.
fn is_header(line: &[u8]) -> bool {
    let t = trim(line);
    t.is_empty()
        || t[0] == b'#'
        || t.starts_with(b"cpus=")
        || t.starts_with(b"version =")
        || t.starts_with(b"CPU ")
        || t.starts_with(b"tracer:")
        || t.starts_with(b"trace-cmd")
        || t.starts_with(b"<script")
        || t.starts_with(b"</script")
}

impl Default for FtraceParser {
    fn default() -> Self {
        Self::new()
    }
}

impl FtraceParser {
    /// A parser at line 1.
    pub fn new() -> Self {
        FtraceParser { lines: Lines::new(), pids: HashMap::new(), pid_lane: HashMap::new(), running: Vec::new(), idle: Vec::new(), bad_lines: 0 }
    }

    /// Feeds a chunk of text.
    pub fn push(&mut self, b: &mut Builder, data: &[u8]) {
        self.push_lines(b, data);
    }

    /// Ends the input: threads still running and idle states still open end at the trace's last timestamp.
    pub fn finish(mut self, b: &mut Builder) {
        self.finish_lines(b);
        self.close_all(b);
    }

    /// Closes every open CPU slice at the last timestamp seen.
    pub fn close_all(&mut self, b: &mut Builder) {
        let end = b.last_ns();
        for cpu in 0..self.running.len() {
            if let Some(r) = self.running[cpu].take() {
                let lane = b.cpu_lane(cpu as u32);
                b.slice(lane, r.thread, r.name, SegmentKind::Work, r.start_ns, end, Location::None);
            }
        }
        for cpu in 0..self.idle.len() {
            if let Some((state, start)) = self.idle[cpu].take() {
                self.idle_slice(b, cpu as u32, state, start, end);
            }
        }
        if self.bad_lines > 0 {
            b.diag(Location::None, format!("{} lines were not ftrace events and were skipped", self.bad_lines));
        }
    }

    fn thread(&mut self, b: &mut Builder, pid: u32, comm: &[u8]) -> u32 {
        if let Some(&t) = self.pids.get(&pid) {
            // A task column with an unknown comm prints `<pid>` or `<...>`; a real name seen later replaces it.
            if !comm.starts_with(b"<") && b.threads.get(t as usize).is_some_and(|l| l.starts_with('<')) {
                b.set_thread_label(t, format!("{} {pid}", String::from_utf8_lossy(comm)));
            }
            return t;
        }
        let t = b.add_thread(format!("{} {pid}", String::from_utf8_lossy(comm)));
        self.pids.insert(pid, t);
        t
    }

    fn idle_slice(&mut self, b: &mut Builder, cpu: u32, state: u32, start: i64, end: i64) {
        let lane = b.cpu_lane(cpu);
        let name = b.name(&format!("idle state {state}"));
        b.slice(lane, NO_ITEM, name, SegmentKind::Idle, start, end, Location::None);
    }

    /// Handles one line of ftrace text (line numbers are 1-based).
    pub fn line(&mut self, b: &mut Builder, line: &[u8], no: u64) {
        let Some(ev) = parse_line(line) else {
            if !is_header(line) {
                self.bad_lines += 1;
                if self.bad_lines <= 20 {
                    let shown: String = String::from_utf8_lossy(&line[..line.len().min(80)]).into_owned();
                    b.diag(Location::Line(no), format!("not an ftrace event line: {shown:?}"));
                }
            }
            return;
        };
        b.saw_time(ev.t_ns);
        b.count_event(ev.event);
        let at = Location::Line(no);
        match ev.event {
            b"sched_switch" => self.switch(b, &ev, at),
            b"cpu_idle" => self.cpu_idle(b, &ev, at),
            b"cpu_frequency" | b"cpu_frequency_devlib" => power_event(b, ev.event, ev.payload, ev.t_ns, at),
            b"cpu_capacity" => power_event(b, ev.event, ev.payload, ev.t_ns, at),
            b"tracing_mark_write" | b"print" => self.mark(b, &ev, at),
            b"sched_wakeup" | b"sched_wakeup_new" => self.wakeup(b, &ev),
            _ => {}
        }
    }

    fn switch(&mut self, b: &mut Builder, ev: &EventLine<'_>, at: Location) {
        let Some((_prev_comm, prev_pid, next_comm, next_pid)) = parse_switch(ev.payload) else {
            b.diag(at, "sched_switch without prev and next tasks".into());
            return;
        };
        self.sched_switch(b, ev.cpu, ev.t_ns, prev_pid, next_pid, next_comm, at);
    }

    /// A `sched_switch` on `cpu` at `t_ns` from `prev_pid` to `next_pid` (named `next_comm`); pid 0 is the idle task.
    /// Shared with the Perfetto protobuf importer.
    #[allow(clippy::too_many_arguments)]
    pub fn sched_switch(&mut self, b: &mut Builder, cpu: u32, t_ns: i64, prev_pid: u32, next_pid: u32, next_comm: &[u8], at: Location) {
        b.saw_time(t_ns);
        let lane_cpu = cpu;
        let cpu = cpu as usize;
        if cpu >= 4096 {
            b.diag(at, format!("CPU {cpu} is out of range"));
            return;
        }
        if self.running.len() <= cpu {
            self.running.resize(cpu + 1, None);
        }
        let lane = b.cpu_lane(lane_cpu);
        if let Some(r) = self.running[cpu].take() {
            if r.pid != prev_pid {
                b.diag(at, format!("sched_switch from pid {prev_pid} but pid {} was running on CPU {cpu}", r.pid));
            }
            b.slice(lane, r.thread, r.name, SegmentKind::Work, r.start_ns, t_ns, at);
        }
        // The first switch on a CPU: the previous task's start is unknown, so it is not drawn.
        if next_pid != 0 {
            let thread = self.thread(b, next_pid, next_comm);
            let name = b.name(&String::from_utf8_lossy(next_comm));
            self.running[cpu] = Some(Running { thread, name, pid: next_pid, start_ns: t_ns });
        }
    }

    fn wakeup(&mut self, b: &mut Builder, ev: &EventLine<'_>) {
        // Kernel form `comm=x pid=N …`, trace-cmd form `comm:N [prio] …`.
        let woken = match spaced(ev.payload, b"comm=", b" pid=") {
            Some(comm) => field(ev.payload, b"pid=").and_then(parse_u64).map(|pid| (comm, pid)),
            None => {
                let task = &ev.payload[..memchr::memmem::find(ev.payload, b" [").unwrap_or(ev.payload.len())];
                let colon = task.iter().rposition(|&c| c == b':');
                colon.and_then(|c| Some((&task[..c], parse_u64(&task[c + 1..])?)))
            }
        };
        let Some((comm, pid)) = woken else { return };
        let Ok(pid) = u32::try_from(pid) else { return };
        let (wakee, waker) = self.wake_threads(b, (ev.pid, ev.comm), (pid, comm));
        b.wakeup(ev.t_ns, waker, wakee);
    }

    /// The threads of a wake-up: (wakee, waker or `NO_ITEM` when the idle task or an interrupt woke it). Shared with the
    /// Perfetto protobuf importer, which gives `<...>` for a waker whose name it has not seen yet.
    pub fn wake_threads(&mut self, b: &mut Builder, waker: (u32, &[u8]), wakee: (u32, &[u8])) -> (u32, u32) {
        let wakee = self.thread(b, wakee.0, wakee.1);
        let waker = if waker.0 == 0 { NO_ITEM } else { self.thread(b, waker.0, waker.1) };
        (wakee, waker)
    }

    fn cpu_idle(&mut self, b: &mut Builder, ev: &EventLine<'_>, at: Location) {
        let state = field(ev.payload, b"state=").and_then(parse_u64);
        let cpu = field(ev.payload, b"cpu_id=").and_then(parse_u64);
        let (Some(state), Some(cpu)) = (state, cpu) else {
            b.diag(at, "cpu_idle without state= and cpu_id=".into());
            return;
        };
        self.idle_state(b, cpu, state, ev.t_ns, at);
    }

    /// A `cpu_idle` event: `cpu` enters idle `state` at `t_ns` (4294967295: leaves idle). Shared with the Perfetto importer.
    pub fn idle_state(&mut self, b: &mut Builder, cpu: u64, state: u64, t_ns: i64, at: Location) {
        b.saw_time(t_ns);
        if cpu >= 4096 {
            b.diag(at, format!("CPU {cpu} is out of range"));
            return;
        }
        let cpu = cpu as usize;
        if self.idle.len() <= cpu {
            self.idle.resize(cpu + 1, None);
        }
        if let Some((old, start)) = self.idle[cpu].take() {
            self.idle_slice(b, cpu as u32, old, start, t_ns);
        }
        // 4294967295 (-1 as u32) means "leaves idle".
        if state != u32::MAX as u64 && state != u64::MAX {
            self.idle[cpu] = Some((state.min(u32::MAX as u64 - 1) as u32, t_ns));
        }
    }

    fn mark(&mut self, b: &mut Builder, ev: &EventLine<'_>, at: Location) {
        let mut text = ev.payload;
        // devlib / LISA write frequencies and capacities into the marker: `[tracing_mark_write: ]cpu_frequency_devlib: state=… cpu_id=…`.
        if !text.starts_with(b"B|") {
            for event in [&b"cpu_frequency_devlib:"[..], b"cpu_frequency:", b"cpu_capacity:"] {
                if let Some(p) = memchr::memmem::find(text, event).filter(|&p| p == 0 || text[p - 1] == b' ') {
                    let name = &event[..event.len() - 1];
                    b.count_event(name);
                    power_event(b, name, trim(&text[p + event.len()..]), ev.t_ns, at);
                    return;
                }
            }
        }
        // `print: tracing_mark_write: B|…` and `print: 0xffff…s: B|…` carry a prefix.
        if !(text.starts_with(b"B|") || text.starts_with(b"E")) {
            if let Some(p) = memchr::memmem::find(text, b": ") {
                text = trim(&text[p + 2..]);
            }
        }
        if let Some(rest) = text.strip_prefix(b"B|") {
            let bar = memchr::memchr(b'|', rest);
            let name = match bar {
                Some(i) => &rest[i + 1..],
                None => b"(unnamed)".as_slice(),
            };
            let lane = self.thread_lane(b, ev.pid, ev.comm);
            let thread = self.thread(b, ev.pid, ev.comm);
            let name = b.name(&String::from_utf8_lossy(name));
            b.begin(lane, thread, name, ev.t_ns);
        } else if text == b"E" || text.starts_with(b"E|") {
            let lane = self.thread_lane(b, ev.pid, ev.comm);
            b.end(lane, ev.t_ns, at);
        }
    }

    fn thread_lane(&mut self, b: &mut Builder, pid: u32, comm: &[u8]) -> u32 {
        if let Some(&lane) = self.pid_lane.get(&pid) {
            return lane;
        }
        let label = format!("{} {pid}", String::from_utf8_lossy(comm));
        let lane = b.keyed_lane(&format!("pid {pid}"), || label, None);
        self.pid_lane.insert(pid, lane);
        lane
    }
}


super::lines::line_parser!(FtraceParser);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kernel_and_trace_cmd_lines_parse() {
        let k = parse_line(b"kworker/u17:1-959   (  959) [006] d..3   538.064659: sched_switch: prev_comm=a b prev_pid=959").expect("kernel");
        assert_eq!((k.comm, k.pid, k.cpu, k.t_ns, k.event), (&b"kworker/u17:1"[..], 959, 6, 538_064_659_000, &b"sched_switch"[..]));
        let t = parse_line(b"  <idle>-0     [001]  3340.602735123: cpu_idle:  state=1 cpu_id=1").expect("trace-cmd");
        assert_eq!((t.comm, t.pid, t.cpu, t.t_ns), (&b"<idle>"[..], 0, 1, 3_340_602_735_123));
        assert_eq!(t.payload, b"state=1 cpu_id=1");
        assert!(parse_line(b"# tracer: nop").is_none());
        assert!(parse_line(b"garbage [12").is_none());
        let sw = parse_switch(b"swapper/0:0 [120] R ==> trace-cmd:2390 [120]").expect("trace-cmd switch");
        assert_eq!(sw, (&b"swapper/0"[..], 0, &b"trace-cmd"[..], 2390));
        let sw = parse_switch(b"prev_comm=POSIX timer 0 prev_pid=7 prev_prio=120 prev_state=S ==> next_comm=x y next_pid=9 next_prio=1").expect("spaces");
        assert_eq!(sw, (&b"POSIX timer 0"[..], 7, &b"x y"[..], 9));
    }
}
