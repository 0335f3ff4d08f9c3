//! Thread tracks of an export and the order of their events.
//!
//! A lane's slices go on one track when they nest. A slice moves to an overflow track of its lane when it overlaps another
//! without nesting (possible in an imported trace, never in a simulated schedule), or when it ends together with an
//! enclosing slice of the same name: speedscope's importer pairs ends by name among equal timestamps and would close the
//! wrong one. On each track, events are listed so that their times never decrease and every end closes the innermost open
//! slice; a zero-length slice is an instant between the ends and the begins at its time.

use crate::trace::ScheduleRecord;

/// One thread track: a lane (`overflow` 0) or its `overflow`-th overflow track, with its slices (record rows) in begin order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Track {
    /// Lane (index into the trace's lanes).
    pub lane: usize,
    /// 0 for the lane's own track, 1, 2, … for overflow tracks.
    pub overflow: u32,
    /// Record rows in begin order.
    pub rows: Vec<usize>,
}

/// One event of a track.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The slice of this record row begins.
    Begin(usize),
    /// The slice of this record row ends.
    End(usize),
    /// The slice of this record row has zero length.
    Instant(usize),
}

/// Begin order of slices on a track: by start, zero-length slices first, then longer ones before shorter (parents before
/// children), then record order.
fn begin_order(r: &ScheduleRecord, rows: &mut [usize]) {
    rows.sort_by(|&a, &b| {
        let zero = |i: usize| r.end_ns[i] > r.start_ns[i];
        r.start_ns[a].cmp(&r.start_ns[b]).then(zero(a).cmp(&zero(b))).then(r.end_ns[b].cmp(&r.end_ns[a])).then(a.cmp(&b))
    });
}

/// Pops the slices of `stack` that end at or before `t_ns`, calling `closed` for each (innermost first).
fn close_until(r: &ScheduleRecord, stack: &mut Vec<usize>, t_ns: u64, mut closed: impl FnMut(usize)) {
    while let Some(&top) = stack.last() {
        if r.end_ns[top] > t_ns {
            break;
        }
        stack.pop();
        closed(top);
    }
}

/// The tracks of a record with `n_lanes` lanes: each lane's own track (only if it has slices), then its overflow tracks.
pub fn tracks(r: &ScheduleRecord, n_lanes: usize) -> Vec<Track> {
    let mut by_lane: Vec<Vec<usize>> = vec![Vec::new(); n_lanes];
    for i in 0..r.len() {
        if let Some(rows) = by_lane.get_mut(r.lane[i] as usize) {
            rows.push(i);
        }
    }
    let mut out = Vec::new();
    for (lane, mut rows) in by_lane.into_iter().enumerate() {
        begin_order(r, &mut rows);
        // One stack of open slices per track of this lane; a slice goes on the first track where it nests or follows.
        let mut stacks: Vec<Vec<usize>> = Vec::new();
        let mut placed: Vec<Vec<usize>> = Vec::new();
        for i in rows {
            if r.end_ns[i] == r.start_ns[i] {
                // An instant overlaps nothing: the lane's own track.
                if placed.is_empty() {
                    stacks.push(Vec::new());
                    placed.push(Vec::new());
                }
                placed[0].push(i);
                continue;
            }
            let fits = |stack: &mut Vec<usize>| {
                close_until(r, stack, r.start_ns[i], |_| {});
                let nests = stack.last().is_none_or(|&top| r.end_ns[top] >= r.end_ns[i]);
                let same_end_same_name =
                    stack.iter().rev().take_while(|&&o| r.end_ns[o] == r.end_ns[i]).any(|&o| r.group[o] == r.group[i]);
                nests && !same_end_same_name
            };
            let k = match stacks.iter_mut().position(fits) {
                Some(k) => k,
                None => {
                    stacks.push(Vec::new());
                    placed.push(Vec::new());
                    stacks.len() - 1
                }
            };
            stacks[k].push(i);
            placed[k].push(i);
        }
        for (k, rows) in placed.into_iter().enumerate() {
            out.push(Track { lane, overflow: k as u32, rows });
        }
    }
    out
}

/// The begin and end events of a track's slices (`rows` in begin order, as [`tracks`] gives them): times never decrease,
/// and every end closes the innermost open slice.
pub fn steps(r: &ScheduleRecord, rows: &[usize]) -> Vec<Step> {
    let mut out = Vec::with_capacity(rows.len() * 2);
    let mut stack = Vec::new();
    for &i in rows {
        close_until(r, &mut stack, r.start_ns[i], |top| out.push(Step::End(top)));
        if r.end_ns[i] == r.start_ns[i] {
            out.push(Step::Instant(i));
        } else {
            out.push(Step::Begin(i));
            stack.push(i);
        }
    }
    while let Some(top) = stack.pop() {
        out.push(Step::End(top));
    }
    out
}

#[cfg(test)]
#[allow(clippy::expect_used, clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::trace::{Segment, SegmentKind};

    fn record(slices: &[(u32, u64, u64)]) -> ScheduleRecord {
        named(&slices.iter().enumerate().map(|(i, &(lane, s, e))| (lane, s, e, i as u32)).collect::<Vec<_>>())
    }

    /// Slices `(lane, start, end, name)`.
    fn named(slices: &[(u32, u64, u64, u32)]) -> ScheduleRecord {
        let mut r = ScheduleRecord::default();
        for &(lane, start_ns, end_ns, group) in slices {
            r.push(Segment { lane, item: 0, group, priority: 0, leader: lane, width: 1, kind: SegmentKind::Work, start_ns, end_ns });
        }
        r
    }

    fn times(r: &ScheduleRecord, steps: &[Step]) -> Vec<u64> {
        steps.iter().map(|s| match *s {
            Step::Begin(i) | Step::Instant(i) => r.start_ns[i],
            Step::End(i) => r.end_ns[i],
        })
        .collect()
    }

    #[test]
    fn back_to_back_slices_end_before_the_next_begins() {
        let r = record(&[(0, 10, 20), (0, 0, 10), (0, 20, 20), (0, 20, 30)]);
        let t = tracks(&r, 1);
        assert_eq!(t.len(), 1);
        let s = steps(&r, &t[0].rows);
        assert_eq!(s, vec![Step::Begin(1), Step::End(1), Step::Begin(0), Step::End(0), Step::Instant(2), Step::Begin(3), Step::End(3)]);
        assert!(times(&r, &s).windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn nested_slices_close_innermost_first_and_overlaps_move_to_overflow_tracks() {
        // 0..100 holds 0..50 and 50..100; 80..120 overlaps 0..100 without nesting.
        let r = record(&[(0, 0, 100), (0, 0, 50), (0, 50, 100), (0, 80, 120), (1, 5, 6)]);
        let t = tracks(&r, 3);
        assert_eq!(t.iter().map(|t| (t.lane, t.overflow, t.rows.clone())).collect::<Vec<_>>(), vec![
            (0, 0, vec![0, 1, 2]),
            (0, 1, vec![3]),
            (1, 0, vec![4]),
        ]);
        let s = steps(&r, &t[0].rows);
        assert_eq!(s, vec![Step::Begin(0), Step::Begin(1), Step::End(1), Step::Begin(2), Step::End(2), Step::End(0)]);
        assert!(times(&r, &s).windows(2).all(|w| w[0] <= w[1]));
    }

    #[test]
    fn a_slice_ending_with_an_enclosing_slice_of_its_name_moves_to_an_overflow_track() {
        // Name 7 holds name 7 up to its end (moves), name 8 inside name 7 up to its end (stays).
        let r = named(&[(0, 0, 100, 7), (0, 50, 100, 7), (0, 0, 100, 9), (0, 10, 100, 8)]);
        let t = tracks(&r, 1);
        assert_eq!(t.iter().map(|t| (t.overflow, t.rows.clone())).collect::<Vec<_>>(), vec![(0, vec![0, 2, 3]), (1, vec![1])]);
    }
}
