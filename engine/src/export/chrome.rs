//! Chrome Trace Event JSON writer: one process per schedule, one thread track per lane (cores first), slices as `X` events,
//! CPU frequency as `C` counter events, names as `M` metadata events. Perfetto UI opens the result.
//!
//! Slices carry `args.cpu` on CPU lanes and `args.thread` when they belong to a thread, and idle states use category `idle`,
//! so that importing the export gives back the same trace (checked by the round-trip test).

use std::fmt::Write;

use crate::import::ImportedTrace;
use crate::trace::{SegmentKind, NO_ITEM};

fn quoted(s: &str) -> String {
    serde_json::to_string(s).unwrap_or_else(|_| "\"?\"".into())
}

/// Nanoseconds as microseconds text with three decimals (exact).
fn micros(t_ns: u64) -> String {
    format!("{}.{:03}", t_ns / 1000, t_ns % 1000)
}

/// One Chrome trace holding every `(process name, trace)` as its own process.
pub fn chrome_json(traces: &[(String, &ImportedTrace)]) -> String {
    let mut out = String::with_capacity(1 << 16);
    out.push_str("{\"displayTimeUnit\":\"ns\",\"otherData\":{\"generator\":\"asymlab\"},\"traceEvents\":[\n");
    let mut first = true;
    let mut emit = |out: &mut String, line: String| {
        if !first {
            out.push_str(",\n");
        }
        first = false;
        out.push_str(&line);
    };
    for (p, (process, trace)) in traces.iter().enumerate() {
        let pid = p + 1;
        emit(&mut out, format!("{{\"ph\":\"M\",\"name\":\"process_name\",\"pid\":{pid},\"tid\":0,\"args\":{{\"name\":{}}}}}", quoted(process)));
        emit(&mut out, format!("{{\"ph\":\"M\",\"name\":\"process_sort_index\",\"pid\":{pid},\"tid\":0,\"args\":{{\"sort_index\":{p}}}}}"));
        for (i, lane) in trace.lanes.iter().enumerate() {
            let tid = i + 1;
            emit(&mut out, format!("{{\"ph\":\"M\",\"name\":\"thread_name\",\"pid\":{pid},\"tid\":{tid},\"args\":{{\"name\":{}}}}}", quoted(&lane.label)));
            emit(&mut out, format!("{{\"ph\":\"M\",\"name\":\"thread_sort_index\",\"pid\":{pid},\"tid\":{tid},\"args\":{{\"sort_index\":{i}}}}}"));
        }
        let r = &trace.record;
        for i in 0..r.len() {
            let lane = r.lane[i] as usize;
            let tid = lane + 1;
            let kind = r.kind[i];
            let name = trace.names.get(r.group[i] as usize).map_or("?", String::as_str);
            let cat = if kind == SegmentKind::Idle as u8 {
                "idle"
            } else if kind == SegmentKind::Overhead as u8 {
                "overhead"
            } else {
                "work"
            };
            let mut args = String::new();
            if let Some(cpu) = trace.lanes.get(lane).and_then(|l| l.cpu) {
                let _ = write!(args, "\"cpu\":{cpu}");
            }
            let task = r.item[i];
            if task != NO_ITEM {
                if !args.is_empty() {
                    args.push(',');
                }
                match trace.threads.get(task as usize) {
                    Some(label) => {
                        let _ = write!(args, "\"thread\":{}", quoted(label));
                    }
                    None => {
                        let _ = write!(args, "\"task\":{task}");
                    }
                }
            }
            let dur = r.end_ns[i].saturating_sub(r.start_ns[i]);
            emit(
                &mut out,
                format!(
                    "{{\"ph\":\"X\",\"pid\":{pid},\"tid\":{tid},\"ts\":{},\"dur\":{},\"name\":{},\"cat\":\"{cat}\",\"args\":{{{args}}}}}",
                    micros(r.start_ns[i]),
                    micros(dur),
                    quoted(name)
                ),
            );
        }
        for f in &trace.freq {
            emit(
                &mut out,
                format!("{{\"ph\":\"C\",\"pid\":{pid},\"tid\":0,\"ts\":{},\"name\":\"CPU {} frequency\",\"args\":{{\"kHz\":{}}}}}", micros(f.t_ns), f.cpu, f.freq_khz),
            );
        }
    }
    out.push_str("\n]}\n");
    out
}
