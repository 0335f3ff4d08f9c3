//! What a simulated run adds to its export beyond slices and frequencies: task dependencies and thread migrations as flows
//! (arrows), per-core interference and the PTT's values per execution place as counters, loop chunks as slice arguments.

use std::collections::BTreeMap;

use super::chrome::{Counter, Flow, SliceColumn};
use crate::loops::LoopExtras;
use crate::model::{TaskGraph, TimelineEvent};
use crate::runtime::metrics::PttHistory;
use crate::scenario::Scenario;
use crate::trace::{ScheduleRecord, SegmentKind, NO_ITEM};

/// Prefers, among rows of one task, the one on the task's leader core, then the earlier row.
fn better(r: &ScheduleRecord, candidate: usize, current: usize, key: impl Fn(usize) -> i128) -> bool {
    let on_leader = |i: usize| r.lane[i] == r.leader[i];
    (key(candidate), on_leader(candidate)) > (key(current), on_leader(current))
}

/// One arrow per edge of the DAG, from the work slice that finishes the predecessor to the one that starts the successor.
pub fn dependency_flows(r: &ScheduleRecord, graph: &TaskGraph) -> Vec<Flow> {
    let n = graph.len();
    let mut first = vec![usize::MAX; n];
    let mut last = vec![usize::MAX; n];
    for i in 0..r.len() {
        let task = r.item[i] as usize;
        if r.kind[i] != SegmentKind::Work as u8 || task >= n {
            continue;
        }
        if first[task] == usize::MAX || better(r, i, first[task], |j| -(r.start_ns[j] as i128)) {
            first[task] = i;
        }
        if last[task] == usize::MAX || better(r, i, last[task], |j| r.end_ns[j] as i128) {
            last[task] = i;
        }
    }
    let mut flows = Vec::new();
    for (task, &from) in last.iter().enumerate() {
        if from == usize::MAX {
            continue;
        }
        for &succ in graph.successors(task) {
            if let Some(&to) = first.get(succ as usize).filter(|&&to| to != usize::MAX) {
                flows.push(Flow { from, to, kind: "dependency" });
            }
        }
    }
    flows
}

/// One arrow per thread migration, from the thread's last slice on the core it left to its first on the core it moved to.
pub fn migration_flows(r: &ScheduleRecord) -> Vec<Flow> {
    let mut by_thread: BTreeMap<u32, Vec<usize>> = BTreeMap::new();
    for i in 0..r.len() {
        if r.kind[i] == SegmentKind::Work as u8 && r.item[i] != NO_ITEM {
            by_thread.entry(r.item[i]).or_default().push(i);
        }
    }
    for rows in by_thread.values_mut() {
        rows.sort_by_key(|&i| (r.start_ns[i], i));
    }
    let mut flows = Vec::new();
    for m in &r.migrations {
        let Some(rows) = by_thread.get(&m.thread) else { continue };
        let split = rows.partition_point(|&i| r.start_ns[i] < m.t_ns);
        let from = rows[..split].iter().rev().copied().find(|&i| r.lane[i] == m.from_core && r.end_ns[i] <= m.t_ns);
        let to = rows[split..].iter().copied().find(|&i| r.lane[i] == m.to_core);
        if let (Some(from), Some(to)) = (from, to) {
            flows.push(Flow { from, to, kind: "migration" });
        }
    }
    flows
}

/// Per core touched by interference: `CPU n interference` with the co-running threads, the memory co-runners' intensity
/// and whether it is offline, from time 0 and at every change before the run's end.
pub fn interference_counters(scenario: &Scenario, makespan_ns: u64) -> Vec<Counter> {
    let cluster_of = scenario.platform.cluster_of_cores();
    let active = |start: u64, end: Option<u64>, t: u64| start <= t && end.is_none_or(|e| t < e);
    let touches = |e: &TimelineEvent, core: usize| match e {
        TimelineEvent::CpuInterference(c) => c.cores.contains(&(core as u32)),
        TimelineEvent::MemoryInterference(m) => cluster_of.get(core) == Some(&(m.cluster as usize)),
        TimelineEvent::CoreOffline(o) => o.core as usize == core,
        _ => false,
    };
    let mut counters = Vec::new();
    for core in 0..cluster_of.len() {
        let events: Vec<&TimelineEvent> = scenario.events.iter().filter(|e| touches(e, core) && e.start_ns() < makespan_ns).collect();
        if events.is_empty() {
            continue;
        }
        let mut times: Vec<u64> = vec![0];
        for e in &events {
            times.push(e.start_ns());
            times.extend(e.end_ns().filter(|&t| t < makespan_ns));
        }
        times.sort_unstable();
        times.dedup();
        let points = times
            .into_iter()
            .map(|t| {
                let (mut threads, mut memory, mut offline) = (0.0, 0.0, 0.0);
                for e in events.iter().filter(|e| active(e.start_ns(), e.end_ns(), t)) {
                    match e {
                        TimelineEvent::CpuInterference(c) => threads += c.threads as f64,
                        TimelineEvent::MemoryInterference(m) => memory += m.intensity,
                        TimelineEvent::CoreOffline(_) => offline = 1.0,
                        _ => {}
                    }
                }
                (t, vec![threads, memory, offline])
            })
            .collect();
        counters.push(Counter {
            name: format!("CPU {core} interference"),
            keys: vec!["co_runners".into(), "memory".into(), "offline".into()],
            points,
        });
    }
    counters
}

/// Per task type: `<type> PTT ns`, one value per execution place (`(C2,4)`: cores 2–5) at every snapshot of the run's PTT
/// (0 = not yet measured); nothing when the scheduler keeps no PTT.
pub fn ptt_counters(ptt: &PttHistory, type_names: &[String]) -> Vec<Counter> {
    let n_places = ptt.places.len();
    if n_places == 0 || ptt.snapshots.iter().all(|s| s.values_ns.iter().all(|&v| v == 0.0)) {
        return Vec::new();
    }
    let keys: Vec<String> = ptt.places.iter().map(|p| format!("(C{},{})", p.leader, p.width)).collect();
    (0..ptt.n_types)
        .map(|ty| Counter {
            name: format!("{} PTT ns", type_names.get(ty).map_or("?", String::as_str)),
            keys: keys.clone(),
            points: ptt
                .snapshots
                .iter()
                .map(|s| (s.t_ns, (0..n_places).map(|p| s.values_ns.get(ty * n_places + p).copied().unwrap_or(0.0)).collect()))
                .collect(),
        })
        .collect()
}

/// A loop chunk's first iteration and its number of iterations, for the slices that are one chunk or block.
pub fn chunk_columns(extras: &LoopExtras) -> Vec<SliceColumn> {
    let iters = extras.chunk_iters.iter().map(|&n| if n == 0 { u32::MAX } else { n }).collect();
    vec![SliceColumn { key: "first", values: extras.chunk_first.clone() }, SliceColumn { key: "iters", values: iters }]
}
