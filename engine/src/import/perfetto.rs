//! Perfetto's protobuf trace (`.perfetto-trace`, `.pftrace`, `.pb`; record_android_trace, `perfetto` on a device): the ftrace
//! events it carries, `sched_switch`, `sched_wakeup` / `sched_waking`, `cpu_frequency` and `cpu_idle`, read with a small wire
//! decoder (no generated code) and handed to the ftrace importer's state machine, so a protobuf trace becomes the same lanes,
//! threads, wake-ups and frequencies as its text form.
//!
//! A trace is a stream of `Trace.packet` fields (field 1, length-delimited); a packet's `ftrace_events` (field 1) is a bundle
//! of one CPU's events (`cpu` = 1, `event` = 2), each `FtraceEvent` with `timestamp` = 1, `pid` = 2 (the current task) and one
//! event: `sched_switch` = 4 (`prev_pid` = 2, `next_comm` = 5, `next_pid` = 6), `cpu_frequency` = 11 and `cpu_idle` = 13
//! (`state` = 1, `cpu_id` = 2), `sched_wakeup` = 17 and `sched_waking` = 20 (`comm` = 1, `pid` = 2)
//! (protos/perfetto/trace/ftrace/*.proto). Every other packet and event is skipped by its wire type. Bundles come CPU by CPU,
//! so wake-ups are sorted by time at the end. A malformed field ends the import at its byte offset, keeping what came before.

use super::builder::{Builder, Location};
use super::ftrace::FtraceParser;

/// Largest packet accepted (Perfetto's own writers keep packets far smaller).
const MAX_PACKET_BYTES: u64 = 64 << 20;

/// A decoded field value.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Value<'a> {
    Int(u64),
    Bytes(&'a [u8]),
    Fixed,
}

/// Reads a varint at `*i`; `None` when it runs past the end or beyond 10 bytes.
fn varint(b: &[u8], i: &mut usize) -> Option<u64> {
    let mut v = 0u64;
    for k in 0..10 {
        let byte = *b.get(*i)?;
        *i += 1;
        v |= u64::from(byte & 0x7f) << (7 * k);
        if byte < 0x80 {
            return Some(v);
        }
    }
    None
}

/// The fields of one message, in order; `Err(offset)` at the first malformed one.
fn fields(b: &[u8]) -> impl Iterator<Item = Result<(u64, Value<'_>), usize>> {
    let mut i = 0usize;
    let mut failed = false;
    std::iter::from_fn(move || {
        if failed || i >= b.len() {
            return None;
        }
        let at = i;
        let field = (|| {
            let key = varint(b, &mut i)?;
            let value = match key & 7 {
                0 => Value::Int(varint(b, &mut i)?),
                1 | 5 => {
                    i = i.checked_add(if key & 7 == 1 { 8 } else { 4 }).filter(|&e| e <= b.len())?;
                    Value::Fixed
                }
                2 => {
                    let n = usize::try_from(varint(b, &mut i)?).ok()?;
                    let end = i.checked_add(n).filter(|&e| e <= b.len())?;
                    let bytes = &b[i..end];
                    i = end;
                    Value::Bytes(bytes)
                }
                _ => return None,
            };
            Some((key >> 3, value))
        })();
        if field.is_none() {
            failed = true;
        }
        Some(field.ok_or(at))
    })
}

/// A field's value, as an integer (varint, fixed) or as bytes (length-delimited); `None` where absent.
type FieldValue<'a> = (Option<u64>, Option<&'a [u8]>);

/// The integer and bytes fields of a small message, by number (the last occurrence wins); `None` if malformed.
fn message(b: &[u8]) -> Option<[FieldValue<'_>; 8]> {
    let mut out = [(None, None); 8];
    for f in fields(b) {
        let (n, v) = f.ok()?;
        if let Some(slot) = out.get_mut(n as usize) {
            match v {
                Value::Int(x) => slot.0 = Some(x),
                Value::Bytes(x) => slot.1 = Some(x),
                Value::Fixed => {}
            }
        }
    }
    Some(out)
}

/// Streaming Perfetto protobuf parser.
pub struct PerfettoParser {
    ftrace: FtraceParser,
    /// Bytes of the top-level field being read.
    pending: Vec<u8>,
    /// Input offset of `pending[0]`.
    offset: u64,
    /// (time, waker, wakee) wake-ups, sorted at the end.
    wakeups: Vec<(i64, u32, u32)>,
    stopped: bool,
    compact_sched: bool,
}

impl Default for PerfettoParser {
    fn default() -> Self {
        Self::new()
    }
}

impl PerfettoParser {
    /// A parser at byte 0.
    pub fn new() -> Self {
        PerfettoParser { ftrace: FtraceParser::new(), pending: Vec::new(), offset: 0, wakeups: Vec::new(), stopped: false, compact_sched: false }
    }

    /// Feeds a chunk: every complete top-level field is decoded, the rest waits for the next chunk.
    pub fn push(&mut self, b: &mut Builder, data: &[u8]) {
        if self.stopped {
            return;
        }
        self.pending.extend_from_slice(data);
        let mut used = 0usize;
        while used < self.pending.len() && !self.stopped {
            let buf = &self.pending[used..];
            let mut i = 0usize;
            let Some(key) = varint(buf, &mut i) else {
                if buf.len() >= 10 {
                    self.stop(b, used, "not a protobuf field key");
                }
                break;
            };
            let at = self.offset + used as u64;
            // A varint that is still incomplete after 10 bytes is malformed; a shorter one waits for more input.
            let after_key = i;
            let len = match key & 7 {
                0 => match varint(buf, &mut i) {
                    Some(_) => 0,
                    None if buf.len() - after_key >= 10 => {
                        self.stop(b, used, "a malformed varint");
                        break;
                    }
                    None => break,
                },
                1 => 8,
                5 => 4,
                2 => match varint(buf, &mut i) {
                    Some(n) if n > MAX_PACKET_BYTES => {
                        self.stop(b, used, &format!("a packet of {n} bytes, more than {} MiB", MAX_PACKET_BYTES >> 20));
                        break;
                    }
                    Some(n) => n as usize,
                    None if buf.len() - after_key >= 10 => {
                        self.stop(b, used, "a malformed length");
                        break;
                    }
                    None => break,
                },
                w => {
                    self.stop(b, used, &format!("wire type {w}, which is not protobuf (not a Perfetto trace?)"));
                    break;
                }
            };
            if buf.len() - i < len {
                break;
            }
            if key >> 3 == 1 && key & 7 == 2 {
                let packet = buf[i..i + len].to_vec();
                self.packet(b, &packet, at);
            }
            used += i + len;
        }
        self.pending.drain(..used.min(self.pending.len()));
        self.offset += used as u64;
    }

    fn stop(&mut self, b: &mut Builder, used: usize, what: &str) {
        let at = self.offset + used as u64;
        b.diag(Location::Offset(at), format!("{what}; the trace is read up to here"));
        self.stopped = true;
    }

    /// One `TracePacket`: its ftrace bundles.
    fn packet(&mut self, b: &mut Builder, packet: &[u8], at: u64) {
        for f in fields(packet) {
            match f {
                Ok((1, Value::Bytes(bundle))) => self.bundle(b, bundle, at),
                Ok(_) => {}
                Err(o) => {
                    b.diag(Location::Offset(at + o as u64), "a malformed field in a packet; the rest of the packet is skipped".into());
                    return;
                }
            }
        }
    }

    /// One `FtraceEventBundle`: one CPU's events.
    fn bundle(&mut self, b: &mut Builder, bundle: &[u8], at: u64) {
        let mut cpu = None;
        for f in fields(bundle) {
            match f {
                Ok((1, Value::Int(c))) => cpu = Some(c),
                Ok((4, Value::Bytes(_))) if !self.compact_sched => {
                    self.compact_sched = true;
                    b.diag(Location::Offset(at), "compact sched events are not read: record with ftrace_config.compact_sched.enabled = false".into());
                }
                Err(o) => {
                    b.diag(Location::Offset(at + o as u64), "a malformed ftrace bundle; the rest of it is skipped".into());
                    return;
                }
                _ => {}
            }
        }
        let Some(cpu) = cpu.filter(|&c| c < 4096) else {
            b.diag(Location::Offset(at), "an ftrace bundle without a CPU (or beyond 4096); skipped".into());
            return;
        };
        for f in fields(bundle) {
            if let Ok((2, Value::Bytes(event))) = f {
                self.event(b, cpu as u32, event, at);
            }
        }
    }

    /// One `FtraceEvent`.
    fn event(&mut self, b: &mut Builder, cpu: u32, event: &[u8], at: u64) {
        let (mut t_ns, mut pid, mut body) = (None, 0u32, None);
        for f in fields(event) {
            match f {
                Ok((1, Value::Int(t))) => t_ns = i64::try_from(t).ok(),
                Ok((2, Value::Int(p))) => pid = u32::try_from(p).unwrap_or(0),
                Ok((n @ (4 | 11 | 13 | 17 | 20), Value::Bytes(m))) => body = Some((n, m)),
                Ok(_) => {}
                Err(_) => {
                    b.diag(Location::Offset(at), "a malformed ftrace event; skipped".into());
                    return;
                }
            }
        }
        let (Some(t_ns), Some((kind, m))) = (t_ns, body) else { return };
        let Some(m) = message(m) else {
            b.diag(Location::Offset(at), "a malformed ftrace event body; skipped".into());
            return;
        };
        let int = |n: usize| m[n].0;
        let pid_of = |n: usize| int(n).and_then(|p| u32::try_from(p).ok());
        let text = |n: usize| m[n].1.unwrap_or(b"<...>");
        let at = Location::Offset(at);
        match kind {
            4 => {
                b.count_event(b"sched_switch");
                match (pid_of(2), pid_of(6)) {
                    (Some(prev), Some(next)) => self.ftrace.sched_switch(b, cpu, t_ns, prev, next, text(5), at),
                    _ => b.diag(at, "sched_switch without prev_pid and next_pid".into()),
                }
            }
            11 => {
                b.count_event(b"cpu_frequency");
                match (int(1).and_then(|s| u32::try_from(s).ok()), int(2)) {
                    (Some(khz), Some(c)) if c < 4096 && khz < u32::MAX => b.freq(c as u32, t_ns, khz),
                    _ => b.diag(at, "cpu_frequency without state and cpu_id".into()),
                }
            }
            13 => {
                b.count_event(b"cpu_idle");
                match (int(1), int(2)) {
                    (Some(state), Some(c)) => self.ftrace.idle_state(b, c, state, t_ns, at),
                    _ => b.diag(at, "cpu_idle without state and cpu_id".into()),
                }
            }
            _ => {
                b.count_event(if kind == 17 { b"sched_wakeup" } else { b"sched_waking" });
                let Some(wakee) = pid_of(2) else {
                    b.diag(at, "a wake-up without pid".into());
                    return;
                };
                b.saw_time(t_ns);
                let (wakee, waker) = self.ftrace.wake_threads(b, (pid, b"<...>"), (wakee, text(1)));
                self.wakeups.push((t_ns, waker, wakee));
            }
        }
    }

    /// Ends the input: a cut packet is reported, wake-ups are handed over in time order, open CPU slices close.
    pub fn finish(mut self, b: &mut Builder) {
        if !self.stopped && !self.pending.is_empty() {
            b.diag(Location::Offset(self.offset), format!("the trace ends inside a packet ({} bytes); kept what came before", self.pending.len()));
        }
        self.wakeups.sort_by_key(|w| w.0);
        for &(t, waker, wakee) in &self.wakeups {
            b.wakeup(t, waker, wakee);
        }
        self.ftrace.close_all(b);
    }
}

/// True when `head` starts like a Perfetto trace: a `Trace.packet` field (key 0x0A) whose whole body is in `head` and
/// decodes as protobuf fields to its last byte, followed by the end of `head` or another packet's key. (Text that starts
/// with a newline, 0x0A too, fails the decoding.)
pub fn looks_like(head: &[u8]) -> bool {
    if head.first() != Some(&0x0A) {
        return false;
    }
    let mut i = 1;
    let Some(len) = varint(head, &mut i).and_then(|n| usize::try_from(n).ok()) else { return false };
    let Some(end) = i.checked_add(len).filter(|&e| len > 0 && e <= head.len()) else { return false };
    fields(&head[i..end]).all(|f| f.is_ok()) && head.get(end).is_none_or(|&k| k == 0x0A)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::import::Format;

    /// `v` as a varint (the inverse of [`varint`]).
    fn enc(v: u64) -> Vec<u8> {
        let groups = (1..10).find(|&k| v >> (7 * k) == 0).unwrap_or(10);
        (0..groups).map(|k| ((v >> (7 * k)) & 0x7f) as u8 | if k + 1 < groups { 0x80 } else { 0 }).collect()
    }

    /// A length-delimited field.
    fn field(n: u64, wire: u64, body: &[u8]) -> Vec<u8> {
        [enc(n << 3 | wire), enc(body.len() as u64), body.to_vec()].concat()
    }

    /// A varint field.
    fn int(n: u64, v: u64) -> Vec<u8> {
        [enc(n << 3), enc(v)].concat()
    }

    fn event(t: u64, pid: u64, kind: u64, body: &[u8]) -> Vec<u8> {
        [int(1, t), int(2, pid), field(kind, 2, body)].concat()
    }

    fn packet(cpu: u64, events: &[Vec<u8>]) -> Vec<u8> {
        let bundle: Vec<u8> = [int(1, cpu)].into_iter().chain(events.iter().map(|e| field(2, 2, e))).collect::<Vec<_>>().concat();
        field(1, 2, &[field(1, 2, &bundle), int(8, 1)].concat())
    }

    fn sample() -> Vec<u8> {
        let switch = |prev: u64, next: u64, comm: &[u8]| [int(2, prev), field(5, 2, comm), int(6, next)].concat();
        let cpu0 = packet(0, &[
            event(1_000, 0, 4, &switch(0, 10, b"render")),
            event(1_500, 10, 17, &[field(1, 2, b"logger"), int(2, 20)].concat()),
            event(3_000, 10, 4, &switch(10, 0, b"swapper/0")),
            event(3_000, 0, 11, &[int(1, 1_800_000), int(2, 0)].concat()),
        ]);
        let cpu1 = packet(1, &[event(1_600, 0, 4, &switch(0, 20, b"logger")), event(2_600, 20, 4, &switch(20, 0, b"swapper/1"))]);
        [cpu0, cpu1, field(2, 2, b"a field of another kind")].concat()
    }

    #[test]
    fn ftrace_events_in_protobuf_become_cpu_lanes_wake_ups_and_frequencies_in_any_chunking() {
        let bytes = sample();
        assert!(looks_like(&bytes) && !looks_like(b"\n\nsched_switch") && !looks_like(&[0x0A, 0x00]), "a packet header");
        assert!(!looks_like(b"\n{\"traceEvents\": [{\"name\": \"a\", \"ph\": \"X\", \"ts\": 1, \"dur\": 2, \"pid\": 1, \"tid\": 1}]}"), "JSON after a newline");
        for chunk in [1usize, 3, 7, bytes.len()] {
            let mut importer = crate::import::Importer::new("t.pftrace");
            for c in bytes.chunks(chunk) {
                importer.push(c);
            }
            let trace = importer.finish();
            assert_eq!(trace.format, Format::Perfetto);
            assert!(trace.diagnostics.is_empty(), "{:?}", trace.diagnostics);
            assert_eq!(trace.threads, vec!["render 10".to_string(), "logger 20".to_string()]);
            assert_eq!(trace.record.len(), 2);
            assert_eq!(trace.wakeups.len(), 1);
            assert_eq!((trace.wakeups[0].waker, trace.wakeups[0].wakee), (0, 1));
            assert_eq!(trace.freq.len(), 1);
            assert_eq!(trace.span_ns, 2_000);
        }
    }

    #[test]
    fn a_cut_or_corrupt_trace_keeps_what_came_before_and_names_the_offset() {
        let bytes = sample();
        // Cut inside CPU 1's packet (the last 25 bytes are the other field).
        let cut = crate::import::import_bytes("t.pftrace", &bytes[..bytes.len() - 28]);
        assert!(cut.diagnostics.iter().any(|d| d.message.contains("ends inside a packet") && d.offset.is_some()), "{:?}", cut.diagnostics);
        assert_eq!(cut.record.len(), 1, "CPU 0's packet is kept");
        let mut bad = bytes.clone();
        bad.extend_from_slice(&[0x0F, 1, 2, 3]);
        let bad = crate::import::import_bytes("t.pftrace", &bad);
        assert!(bad.diagnostics.iter().any(|d| d.message.contains("wire type 7") && d.offset == Some(bytes.len() as u64)), "{:?}", bad.diagnostics);
        for junk in [&[0x0Au8, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01][..], &[0x0A, 0x05, 0x0A, 0x10, 1], &[0x0A; 64]] {
            let _ = crate::import::import_bytes("x.pb", junk);
        }
    }
}
