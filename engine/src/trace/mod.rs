//! The schedule record every simulation emits: per-core segments as columns, plus frequency and interference intervals.
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

/// Task id of segments that belong to no task.
pub const NO_TASK: u32 = u32::MAX;

/// A frequency level held by a cluster over an interval.
#[derive(Serialize, Clone, Debug, PartialEq)]
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
pub struct InterferenceInterval {
    /// `cpu`, `memory` or `offline`.
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
    /// Core that ran the segment.
    pub core: Vec<u32>,
    /// Task id, or [`NO_TASK`].
    pub task: Vec<u32>,
    /// Task type index.
    pub task_type: Vec<u32>,
    /// 1 for a high-priority task.
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
    /// Thread migrations (OS level only; the cost shows as an `Overhead` segment whose `task` is the thread).
    pub migrations: Vec<Migration>,
}

/// A thread started running on another core than the one it last ran on (OS level).
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Migration {
    /// When it happened.
    pub t_ns: TimeNs,
    /// Thread id (the segments' `task`).
    pub thread: u32,
    /// Core it last ran on.
    pub from_core: u32,
    /// Core it runs on now.
    pub to_core: u32,
}

/// One segment, as pushed into a record.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Segment {
    /// Core.
    pub core: u32,
    /// Task id or [`NO_TASK`].
    pub task: u32,
    /// Task type index.
    pub task_type: u32,
    /// 1 for high priority.
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
            core: Vec::with_capacity(n),
            task: Vec::with_capacity(n),
            task_type: Vec::with_capacity(n),
            priority: Vec::with_capacity(n),
            leader: Vec::with_capacity(n),
            width: Vec::with_capacity(n),
            kind: Vec::with_capacity(n),
            start_ns: Vec::with_capacity(n),
            end_ns: Vec::with_capacity(n),
            freq: Vec::new(),
            interference: Vec::new(),
            migrations: Vec::new(),
        }
    }

    /// Appends a segment.
    pub fn push(&mut self, s: Segment) {
        self.core.push(s.core);
        self.task.push(s.task);
        self.task_type.push(s.task_type);
        self.priority.push(s.priority);
        self.leader.push(s.leader);
        self.width.push(s.width);
        self.kind.push(s.kind as u8);
        self.start_ns.push(s.start_ns);
        self.end_ns.push(s.end_ns);
    }

    /// Number of segments.
    pub fn len(&self) -> usize {
        self.core.len()
    }

    /// True when there is no segment.
    pub fn is_empty(&self) -> bool {
        self.core.is_empty()
    }

    /// Segment `i` as a row.
    pub fn get(&self, i: usize) -> Segment {
        let kind = match self.kind[i] {
            0 => SegmentKind::Work,
            1 => SegmentKind::Overhead,
            _ => SegmentKind::Idle,
        };
        Segment {
            core: self.core[i],
            task: self.task[i],
            task_type: self.task_type[i],
            priority: self.priority[i],
            leader: self.leader[i],
            width: self.width[i],
            kind,
            start_ns: self.start_ns[i],
            end_ns: self.end_ns[i],
        }
    }

    /// Reorders the segments by (core, start, end), so that each core's segments are contiguous and sorted for bisection.
    /// A stable counting sort by core, then a sort of each core's run only where it is not already in order (it almost always is).
    pub fn sort_by_core_and_start(&mut self) {
        let n_cores = self.core.iter().copied().max().map_or(0, |m| m as usize + 1);
        let mut offsets = vec![0usize; n_cores + 1];
        for &c in &self.core {
            offsets[c as usize + 1] += 1;
        }
        for i in 0..n_cores {
            offsets[i + 1] += offsets[i];
        }
        let mut fill = offsets.clone();
        let mut order = vec![0u32; self.len()];
        for (i, &c) in self.core.iter().enumerate() {
            order[fill[c as usize]] = i as u32;
            fill[c as usize] += 1;
        }
        for core in 0..n_cores {
            let run = &mut order[offsets[core]..offsets[core + 1]];
            let key = |i: &u32| (self.start_ns[*i as usize], self.end_ns[*i as usize]);
            if run.windows(2).any(|w| key(&w[0]) > key(&w[1])) {
                run.sort_by_key(key);
            }
        }
        fn permute<T: Copy>(v: &mut Vec<T>, order: &[u32]) {
            *v = order.iter().map(|&i| v[i as usize]).collect();
        }
        permute(&mut self.core, &order);
        permute(&mut self.task, &order);
        permute(&mut self.task_type, &order);
        permute(&mut self.priority, &order);
        permute(&mut self.leader, &order);
        permute(&mut self.width, &order);
        permute(&mut self.kind, &order);
        permute(&mut self.start_ns, &order);
        permute(&mut self.end_ns, &order);
    }
}
