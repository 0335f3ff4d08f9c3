//! What the memory system charges a loop schedule (docs/model-reference.md §3b): the pool's contended cache line and cache affinity.
//!
//! [`PoolLine`]: libgomp's dynamic and guided schedules (and AID's removals) update one shared counter with an atomic
//! (Saez et al. §4.2). The counter's cache line can be owned by one core at a time, so removals queue for it: each
//! holds the line for a transfer plus the atomic, longer when the line comes from another cluster. With many threads
//! removing small chunks the line, not the cores, sets the pace, which is why dynamic is slowest where iterations are
//! short (CG, IS) and the pool is shared by all eight cores (Saez et al. Fig. 6–7). Dynamic's removal is one
//! fetch-and-add; guided's is a compare-and-swap loop (libgomp `gomp_iter_guided_next`: load `next`, compute the
//! chunk from what remains, CAS, and on failure start again from the value the CAS returned), so a removal that finds
//! other removals queued for the line fails once per removal that changed `next` before its CAS, and holds the line
//! once per attempt ([`PoolLine::compare_and_swap`]).
//!
//! [`Affinity`]: a static schedule gives each thread the same block in every instance of a loop, so the block's data
//! stays in that core's caches; dynamic and guided hand out iterations in arrival order, so a thread often runs
//! iterations whose data another core touched last time ("the non-predictive behavior of this approach tends to
//! degrade data locality", Saez et al. §2, after Ayguadé et al. 2003). Ownership is tracked per granule of at most
//! [`MAX_GRANULES`] per loop, so the bookkeeping stays chunk-level whatever N is.

use crate::sim::TimeNs;

/// The pool's shared cache line: when it is free and which cluster holds it.
#[derive(Clone, Debug, Default)]
pub struct PoolLine {
    free_ns: TimeNs,
    cluster: Option<usize>,
}

impl PoolLine {
    /// A removal by a core of `cluster` reaches the atomic at `arrive_ns`; returns when it completes.
    /// It waits for the line, then holds it `line_ns` (plus `cross_ns` when another cluster held it last).
    pub fn acquire(&mut self, arrive_ns: TimeNs, cluster: usize, line_ns: f64, cross_ns: f64) -> TimeNs {
        if line_ns <= 0.0 && cross_ns <= 0.0 {
            return arrive_ns;
        }
        let cross = self.cluster.is_some_and(|c| c != cluster);
        let hold = (line_ns + if cross { cross_ns } else { 0.0 }).round() as TimeNs;
        let begin = arrive_ns.max(self.free_ns);
        self.free_ns = begin.saturating_add(hold);
        self.cluster = Some(cluster);
        self.free_ns
    }

    /// A compare-and-swap removal (libgomp's guided schedule) reaches the line at `arrive_ns`: the removals already
    /// queued for the line (at most `max_retries`, the other threads) each change `next` before this one's CAS, so
    /// each makes it fail and retry, one more hold of the line per attempt. Returns when the successful CAS completes.
    pub fn compare_and_swap(&mut self, arrive_ns: TimeNs, cluster: usize, line_ns: f64, cross_ns: f64, max_retries: u64) -> TimeNs {
        let nominal = (line_ns + cross_ns / 2.0).max(1.0);
        let queued = (self.free_ns.saturating_sub(arrive_ns) as f64 / nominal).ceil() as u64;
        let mut done = self.acquire(arrive_ns, cluster, line_ns, cross_ns);
        for _ in 0..queued.min(max_retries) {
            done = self.acquire(done, cluster, line_ns, cross_ns);
        }
        done
    }
}

/// Most ownership granules per loop.
pub const MAX_GRANULES: u64 = 4096;
const NOBODY: u32 = u32::MAX;

/// Which thread last touched each granule of one loop's iteration space, in the previous and the current instance.
#[derive(Clone, Debug)]
pub struct Affinity {
    granule: u64,
    prev: Vec<u32>,
    cur: Vec<u32>,
}

impl Affinity {
    /// Ownership of a loop of `n` iterations, with no history.
    pub fn new(n: u64) -> Self {
        let granule = n.div_ceil(MAX_GRANULES).max(1);
        let count = n.div_ceil(granule) as usize;
        Affinity { granule, prev: vec![NOBODY; count], cur: vec![NOBODY; count] }
    }

    /// `thread` runs iterations `start .. start + len`: returns how many of them another thread touched in the
    /// previous instance (cold for this thread), and records `thread` as their owner in this instance.
    pub fn touch(&mut self, start: u64, len: u64, thread: usize) -> u64 {
        let end = start + len;
        let mut cold = 0;
        let mut g = start / self.granule;
        while g * self.granule < end && (g as usize) < self.cur.len() {
            let lo = (g * self.granule).max(start);
            let hi = ((g + 1) * self.granule).min(end);
            let before = self.prev[g as usize];
            if before != NOBODY && before != thread as u32 {
                cold += hi - lo;
            }
            self.cur[g as usize] = thread as u32;
            g += 1;
        }
        cold
    }

    /// The instance ends: what it recorded becomes the history of the next one.
    pub fn end_instance(&mut self) {
        std::mem::swap(&mut self.prev, &mut self.cur);
        self.cur.iter_mut().for_each(|o| *o = NOBODY);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removals_queue_for_the_line() {
        let mut line = PoolLine::default();
        assert_eq!(line.acquire(100, 0, 50.0, 100.0), 150);
        // Arrives while the line is held: waits, and pays the cross-cluster transfer.
        assert_eq!(line.acquire(120, 1, 50.0, 100.0), 300);
        assert_eq!(line.acquire(1_000, 1, 50.0, 100.0), 1_050);
        assert_eq!(PoolLine::default().acquire(7, 0, 0.0, 0.0), 7);
    }

    #[test]
    fn a_compare_and_swap_retries_once_per_removal_queued_ahead() {
        let mut line = PoolLine::default();
        assert_eq!(line.compare_and_swap(100, 0, 50.0, 0.0, 7), 150, "a free line: one attempt");
        // Two fetch-and-add removals arrive at 150 and hold the line until 250.
        line.acquire(150, 0, 50.0, 0.0);
        line.acquire(150, 0, 50.0, 0.0);
        // A CAS arriving at 150 finds two removals ahead: it waits for them, then holds the line three times.
        assert_eq!(line.compare_and_swap(150, 0, 50.0, 0.0, 7), 250 + 3 * 50);
        // The same queue with a fetch-and-add: one hold.
        let mut faa = PoolLine::default();
        faa.acquire(150, 0, 50.0, 0.0);
        faa.acquire(150, 0, 50.0, 0.0);
        assert_eq!(faa.acquire(150, 0, 50.0, 0.0), 300);
        // Retries are bounded by the other threads.
        let mut capped = PoolLine::default();
        for _ in 0..10 {
            capped.acquire(0, 0, 50.0, 0.0);
        }
        assert_eq!(capped.compare_and_swap(0, 0, 50.0, 0.0, 1), 500 + 2 * 50);
        assert_eq!(PoolLine::default().compare_and_swap(7, 0, 0.0, 0.0, 7), 7, "no line cost, no retries");
    }

    #[test]
    fn affinity_counts_iterations_another_thread_ran_last_time() {
        let mut a = Affinity::new(100);
        assert_eq!(a.touch(0, 50, 0), 0, "no history: nothing is cold");
        assert_eq!(a.touch(50, 50, 1), 0);
        a.end_instance();
        assert_eq!(a.touch(0, 50, 0), 0, "same block, same thread");
        assert_eq!(a.touch(40, 20, 1), 10, "ten of thread 0's iterations");
        let mut big = Affinity::new(10_000_000);
        big.touch(0, 5_000_000, 0);
        big.end_instance();
        let cold = big.touch(0, 10_000_000, 1);
        assert!((5_000_000..5_000_000 + 2_442).contains(&cold), "{cold}: within one granule");
    }
}
