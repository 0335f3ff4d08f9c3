//! The schedule record every simulation and every imported trace produces: segments as columns, plus frequency and interference intervals.
//!
//! A segment is one stretch of time on one **lane** doing one thing. Its columns mean the same at every level:
//! - `lane`: where it ran — a core of the simulated platform (a CPU or a track of an imported trace);
//! - `item`: the unit of work the scheduler handed out — a task (task runtime), a loop instance of the unrolled program
//!   (loop level), a thread (OS level, imported traces) — or [`NO_ITEM`];
//! - `group`: what the item belongs to, an index into the result's `groups` names — a task type, a loop activity
//!   (serial, static, sampling, barrier …), an application, or a slice name of an imported trace;
//! - `priority`: 1 for a priority (critical) item; `leader`/`width`: the execution place, `width` consecutive lanes from `leader`
//!   (a single lane is `(lane, 1)`); `kind`: work, overhead or idle; `start_ns`/`end_ns`.
//!
//! Columns (struct of arrays) keep a segment at about 30 bytes and cross the Wasm boundary as typed arrays without copying row by row.

use serde::Serialize;

use crate::sim::TimeNs;

/// What a segment shows a core doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum SegmentKind {
    /// Running a task's partition.
    Work = 0,
    /// Scheduler overhead: a steal attempt, a PTT search, a dispatch.
    Overhead = 1,
    /// Explicitly idle (most records leave idle time implicit).
    Idle = 2,
}

/// Item id of segments that belong to no item (scheduler overhead, idle states).
pub const NO_ITEM: u32 = u32::MAX;

/// A frequency level held by a cluster over an interval.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FreqInterval {
    /// Cluster index.
    pub cluster: u32,
    /// Start.
    pub start_ns: TimeNs,
    /// End.
    pub end_ns: TimeNs,
    /// Frequency.
    pub freq_mhz: u32,
}

/// An interference or offline interval, for overlays.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct InterferenceInterval {
    /// `cpu`, `memory` or `offline`.
    #[cfg_attr(feature = "ts", ts(type = "\"cpu\" | \"memory\" | \"offline\""))]
    pub kind: &'static str,
    /// Affected cores.
    pub cores: Vec<u32>,
    /// Start.
    pub start_ns: TimeNs,
    /// End.
    pub end_ns: TimeNs,
    /// Human-readable description.
    pub label: String,
}

/// The columns of a run's schedule, one entry per segment.
#[derive(Clone, Debug, Default)]
pub struct ScheduleRecord {
    /// Lane (core) that ran the segment.
    pub lane: Vec<u32>,
    /// Item id, or [`NO_ITEM`].
    pub item: Vec<u32>,
    /// Group index (into the result's group names).
    pub group: Vec<u32>,
    /// 1 for a priority item.
    pub priority: Vec<u8>,
    /// Execution place leader.
    pub leader: Vec<u32>,
    /// Execution place width.
    pub width: Vec<u32>,
    /// [`SegmentKind`] as a byte.
    pub kind: Vec<u8>,
    /// Start of the segment.
    pub start_ns: Vec<TimeNs>,
    /// End of the segment.
    pub end_ns: Vec<TimeNs>,
    /// Frequency intervals of every cluster over the whole run.
    pub freq: Vec<FreqInterval>,
    /// Interference intervals clipped to the run.
    pub interference: Vec<InterferenceInterval>,
    /// Thread migrations (OS level only; the cost shows as an `Overhead` segment whose `item` is the thread).
    pub migrations: Vec<Migration>,
    /// Per lane, the energy its busy power above idle drew while its work waited on memory (docs/model-reference.md §1 Power: every
    /// stall when the platform gives `stall_power`, else only the wait DRAM contention adds), nJ; empty when nothing was
    /// counted. The metrics charge only `model::stallpower::stall_share` of it.
    pub stall_nj: Vec<f64>,
}

/// A thread started running on another core than the one it last ran on (OS level).
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Migration {
    /// When it happened.
    pub t_ns: TimeNs,
    /// Thread id (the segments' `item`).
    pub thread: u32,
    /// Core it last ran on.
    pub from_core: u32,
    /// Core it runs on now.
    pub to_core: u32,
}

/// One segment, as pushed into a record.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// Lane (core).
    pub lane: u32,
    /// Item id or [`NO_ITEM`].
    pub item: u32,
    /// Group index.
    pub group: u32,
    /// 1 for a priority item.
    pub priority: u8,
    /// Place leader.
    pub leader: u32,
    /// Place width.
    pub width: u32,
    /// Kind.
    pub kind: SegmentKind,
    /// Start.
    pub start_ns: TimeNs,
    /// End.
    pub end_ns: TimeNs,
}

impl ScheduleRecord {
    /// An empty record with room for `n` segments.
    pub fn with_capacity(n: usize) -> Self {
        ScheduleRecord {
            lane: Vec::with_capacity(n),
            item: Vec::with_capacity(n),
            group: Vec::with_capacity(n),
            priority: Vec::with_capacity(n),
            leader: Vec::with_capacity(n),
            width: Vec::with_capacity(n),
            kind: Vec::with_capacity(n),
            start_ns: Vec::with_capacity(n),
            end_ns: Vec::with_capacity(n),
            freq: Vec::new(),
            interference: Vec::new(),
            migrations: Vec::new(),
            stall_nj: Vec::new(),
        }
    }

    /// Appends a segment.
    pub fn push(&mut self, s: Segment) {
        self.lane.push(s.lane);
        self.item.push(s.item);
        self.group.push(s.group);
        self.priority.push(s.priority);
        self.leader.push(s.leader);
        self.width.push(s.width);
        self.kind.push(s.kind as u8);
        self.start_ns.push(s.start_ns);
        self.end_ns.push(s.end_ns);
    }

    /// Number of segments.
    pub fn len(&self) -> usize {
        self.lane.len()
    }

    /// True when there is no segment.
    pub fn is_empty(&self) -> bool {
        self.lane.is_empty()
    }

    /// Segment `i` as a row.
    pub fn get(&self, i: usize) -> Segment {
        let kind = match self.kind[i] {
            0 => SegmentKind::Work,
            1 => SegmentKind::Overhead,
            _ => SegmentKind::Idle,
        };
        Segment {
            lane: self.lane[i],
            item: self.item[i],
            group: self.group[i],
            priority: self.priority[i],
            leader: self.leader[i],
            width: self.width[i],
            kind,
            start_ns: self.start_ns[i],
            end_ns: self.end_ns[i],
        }
    }

    /// Reorders the segments by (lane, start, end), so that each lane's segments are contiguous and sorted for bisection,
    /// and returns the permutation applied (`new[i] = old[order[i]]`) so that callers can reorder columns of their own.
    /// A stable counting sort by lane, then a sort of each lane's run only where it is not already in order (it almost always is).
    pub fn sort_by_lane_and_start(&mut self) -> Vec<u32> {
        let n_lanes = self.lane.iter().copied().max().map_or(0, |m| m as usize + 1);
        let mut offsets = vec![0usize; n_lanes + 1];
        for &c in &self.lane {
            offsets[c as usize + 1] += 1;
        }
        for i in 0..n_lanes {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut order = vec![0u32; self.len()];
        for (i, &c) in self.lane.iter().enumerate() {
            order[fill[c as usize]] = i as u32;
            fill[c as usize] += 1;
        }
        for lane in 0..n_lanes {
            let run = &mut order[offsets[lane]..offsets[lane + 1]];
            let key = |i: &u32| (self.start_ns[*i as usize], self.end_ns[*i as usize]);
            if run.windows(2).any(|w| key(&w[0]) > key(&w[1])) {
                run.sort_by_key(key);
            }
        }
        permute(&mut self.lane, &order);
        permute(&mut self.item, &order);
        permute(&mut self.group, &order);
        permute(&mut self.priority, &order);
        permute(&mut self.leader, &order);
        permute(&mut self.width, &order);
        permute(&mut self.kind, &order);
        permute(&mut self.start_ns, &order);
        permute(&mut self.end_ns, &order);
        order
    }
}

/// Reorders `column` by `order` (`new[i] = old[order[i]]`), as returned by [`ScheduleRecord::sort_by_lane_and_start`].
pub fn permute<T: Copy>(column: &mut Vec<T>, order: &[u32]) {
    if column.len() == order.len() {
        *column = order.iter().map(|&i| column[i as usize]).collect();
    }
}
