//! Records a loop run as schedule segments: one overhead and one work segment per chunk, or, past a budget, one pair per run of chunks.
//!
//! A loop run's segments have `item` = index of the phase in the unrolled program (the loop instance), `group` = a
//! [`PhaseKind`](super::schedule::PhaseKind) (the thread's activity), and the thread's core as a one-core place.
//! Two columns beside the record, `chunk_first` and `chunk_iters`, give each chunk's first iteration and count.
//! Past [`EXACT_TAKES`] chunks in a run (dynamic with chunk 1 on 10^7 iterations), consecutive chunks of the same
//! phase on a core merge into one block: an overhead segment with their summed removal time, then a work segment;
//! such a block has `chunk_first` = [`NO_CHUNK`] since its iterations need not be contiguous. Totals per core stay exact.

use crate::sim::TimeNs;
use crate::trace::{ScheduleRecord, Segment, SegmentKind};

use super::metrics::NO_CHUNK;

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
    /// First iteration of each segment's chunk.
    chunk_first: Vec<u32>,
    /// Iterations of each segment's chunk.
    chunk_iters: Vec<u32>,
    takes: u64,
    open: Vec<Option<Block>>,
    /// True once the record merged chunks.
    pub coalesced: bool,
}

fn seg(core: usize, item: u32, phase: PhaseKind, kind: SegmentKind, start_ns: TimeNs, end_ns: TimeNs) -> Segment {
    Segment { lane: core as u32, item, group: phase as u32, priority: 0, leader: core as u32, width: 1, kind, start_ns, end_ns }
}

impl Recorder {
    /// A recorder for `n_cores` cores.
    pub fn new(n_cores: usize) -> Self {
        Recorder { record: ScheduleRecord::with_capacity(1024), chunk_first: Vec::new(), chunk_iters: Vec::new(), takes: 0, open: vec![None; n_cores], coalesced: false }
    }

    fn flush(&mut self, core: usize) {
        let Some(b) = self.open[core].take() else { return };
        let first = if b.chunks == 1 { b.first.min(NO_CHUNK as u64 - 1) as u32 } else { NO_CHUNK };
        let iters = b.iters.min(u32::MAX as u64) as u32;
        let work_start = b.start_ns + b.overhead_ns;
        if b.overhead_ns > 0 {
            self.push(seg(core, b.task, b.phase, SegmentKind::Overhead, b.start_ns, work_start), first, iters);
        }
        self.push(seg(core, b.task, b.phase, SegmentKind::Work, work_start, b.end_ns), first, iters);
    }

    fn push(&mut self, segment: Segment, first: u32, iters: u32) {
        self.record.push(segment);
        self.chunk_first.push(first);
        self.chunk_iters.push(iters);
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
            self.push(seg(core, task, phase, kind, start_ns, end_ns), NO_CHUNK, 0);
        }
    }

    /// Flushes every open block and returns the record sorted by lane and start, with its chunk columns in the same order.
    pub fn finish(mut self) -> Recorded {
        for core in 0..self.open.len() {
            self.flush(core);
        }
        let order = self.record.sort_by_lane_and_start();
        crate::trace::permute(&mut self.chunk_first, &order);
        crate::trace::permute(&mut self.chunk_iters, &order);
        Recorded { record: self.record, chunk_first: self.chunk_first, chunk_iters: self.chunk_iters, coalesced: self.coalesced }
    }
}

/// A finished loop record.
pub struct Recorded {
    /// Segments sorted by lane and start (frequencies and interference still to fill).
    pub record: ScheduleRecord,
    /// First iteration of each segment's chunk.
    pub chunk_first: Vec<u32>,
    /// Iterations of each segment's chunk.
    pub chunk_iters: Vec<u32>,
    /// True when consecutive chunks were merged.
    pub coalesced: bool,
}
