//! Event queue: a binary heap ordered by (time, insertion sequence), so equal times pop in the order they were pushed.

use std::cmp::Ordering;
use std::collections::BinaryHeap;

use super::TimeNs;

struct Entry<E> {
    t_ns: TimeNs,
    seq: u64,
    event: E,
}

impl<E> PartialEq for Entry<E> {
    fn eq(&self, other: &Self) -> bool {
        self.t_ns == other.t_ns && self.seq == other.seq
    }
}
impl<E> Eq for Entry<E> {}
impl<E> PartialOrd for Entry<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Entry<E> {
    // Reversed so that the max-heap pops the earliest (time, seq) first.
    fn cmp(&self, other: &Self) -> Ordering {
        (other.t_ns, other.seq).cmp(&(self.t_ns, self.seq))
    }
}

/// A priority queue of events keyed by (time, sequence).
pub struct EventQueue<E> {
    heap: BinaryHeap<Entry<E>>,
    next_seq: u64,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E> EventQueue<E> {
    /// An empty queue.
    pub fn new() -> Self {
        EventQueue { heap: BinaryHeap::new(), next_seq: 0 }
    }

    /// Adds `event` at `t_ns`.
    pub fn push(&mut self, t_ns: TimeNs, event: E) {
        let seq = self.next_seq;
        self.next_seq += 1;
        self.heap.push(Entry { t_ns, seq, event });
    }

    /// Removes and returns the earliest event.
    pub fn pop(&mut self) -> Option<(TimeNs, E)> {
        self.heap.pop().map(|entry| (entry.t_ns, entry.event))
    }

    /// The time of the earliest event.
    pub fn peek_time(&self) -> Option<TimeNs> {
        self.heap.peek().map(|entry| entry.t_ns)
    }

    /// Number of pending events.
    pub fn len(&self) -> usize {
        self.heap.len()
    }

    /// True when no event is pending.
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}
