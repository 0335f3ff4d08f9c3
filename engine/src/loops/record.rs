//! Records a loop run as schedule segments: one overhead and one work segment per chunk, or, past a budget, one pair per run of chunks.
//!
//! For loop runs the record's columns mean: `task` = index of the phase in the unrolled program, `task_type` = a
//! [`PhaseKind`](super::schedule::PhaseKind), `leader` = first iteration of the chunk, `width` = its iteration count.
//! Past [`EXACT_TAKES`] chunks in a run (dynamic with chunk 1 on 10^7 iterations), consecutive chunks of the same
//! phase on a core merge into one block: an overhead segment with their summed removal time, then a work segment;
//! such a block has `leader` = [`NO_TASK`] since its iterations need not be contiguous. Totals per core stay exact.

use crate::sim::TimeNs;
use crate::trace::{ScheduleRecord, Segment, SegmentKind, NO_TASK};

use super::schedule::PhaseKind;

/// Chunks recorded one by one before the record starts merging.
pub const EXACT_TAKES: u64 = 400_000;

#[derive(Clone, Copy)]
struct Block {
    task: u32,
    phase: PhaseKind,
    start_ns: TimeNs,
    overhead_ns: TimeNs,
    end_ns: TimeNs,
    first: u64,
    iters: u64,
    chunks: u32,
}

/// The recorder of one run.
pub struct Recorder {
    /// The record being built.
    pub record: ScheduleRecord,
    takes: u64,
    open: Vec<Option<Block>>,
    /// True once the record merged chunks.
    pub coalesced: bool,
}

#[allow(clippy::too_many_arguments)]
fn seg(core: usize, task: u32, phase: PhaseKind, leader: u32, width: u32, kind: SegmentKind, start_ns: TimeNs, end_ns: TimeNs) -> Segment {
    Segment { core: core as u32, task, task_type: phase as u32, priority: 0, leader, width, kind, start_ns, end_ns }
}

impl Recorder {
    /// A recorder for `n_cores` cores.
    pub fn new(n_cores: usize) -> Self {
        Recorder { record: ScheduleRecord::with_capacity(1024), takes: 0, open: vec![None; n_cores], coalesced: false }
    }

    fn flush(&mut self, core: usize) {
        let Some(b) = self.open[core].take() else { return };
        let leader = if b.chunks == 1 { b.first.min(NO_TASK as u64 - 1) as u32 } else { NO_TASK };
        let width = b.iters.min(u32::MAX as u64) as u32;
        let work_start = b.start_ns + b.overhead_ns;
        if b.overhead_ns > 0 {
            self.record.push(seg(core, b.task, b.phase, leader, width, SegmentKind::Overhead, b.start_ns, work_start));
        }
        self.record.push(seg(core, b.task, b.phase, leader, width, SegmentKind::Work, work_start, b.end_ns));
    }

    /// A finished chunk: removal from `start_ns` to `work_start_ns`, work until `end_ns`.
    #[allow(clippy::too_many_arguments)]
    pub fn chunk(&mut self, core: usize, task: u32, phase: PhaseKind, start_ns: TimeNs, work_start_ns: TimeNs, end_ns: TimeNs, first: u64, iters: u64) {
        self.takes += 1;
        let overhead_ns = work_start_ns - start_ns;
        if self.takes > EXACT_TAKES {
            self.coalesced = true;
            if let Some(b) = self.open[core].as_mut() {
                if b.task == task && b.phase == phase && b.end_ns == start_ns {
                    b.overhead_ns += overhead_ns;
                    b.end_ns = end_ns;
                    b.iters += iters;
                    b.chunks += 1;
                    return;
                }
            }
        }
        self.flush(core);
        self.open[core] = Some(Block { task, phase, start_ns, overhead_ns, end_ns, first, iters, chunks: 1 });
        if self.takes <= EXACT_TAKES {
            self.flush(core);
        }
    }

    /// A segment that is not a chunk (barrier, barrier wait).
    pub fn other(&mut self, core: usize, task: u32, phase: PhaseKind, kind: SegmentKind, start_ns: TimeNs, end_ns: TimeNs) {
        self.flush(core);
        if end_ns > start_ns {
            self.record.push(seg(core, task, phase, NO_TASK, 0, kind, start_ns, end_ns));
        }
    }

    /// Flushes every open block and returns the record.
    pub fn finish(mut self) -> (ScheduleRecord, bool) {
        for core in 0..self.open.len() {
            self.flush(core);
        }
        (self.record, self.coalesced)
    }
}
