//! The Performance Trace Table (Chen et al. §4.1.1): predicted time per task type and place, learned online.

use serde::Serialize;

pub use crate::model::places::{Place, Places};
use crate::sim::TimeNs;

/// Predicted execution time per task type and place; 0 means "not measured yet".
#[derive(Clone, Debug)]
pub struct Ptt {
    n_places: usize,
    values_ns: Vec<f64>,
    /// Weight of a new measurement, `w/W` in (0, 1] (1/5 by default: the paper's 1:4).
    pub weight: f64,
}

impl Ptt {
    /// An all-zero table.
    pub fn new(n_types: usize, n_places: usize, weight: f64) -> Self {
        Ptt { n_places, values_ns: vec![0.0; n_types * n_places], weight }
    }

    /// Predicted time of `task_type` on place index `place`.
    pub fn get(&self, task_type: usize, place: usize) -> f64 {
        self.values_ns[task_type * self.n_places + place]
    }

    /// Folds a measurement in: stored as is when the entry is 0, otherwise `(1 − w)·old + w·measured`.
    pub fn update(&mut self, task_type: usize, place: usize, measured_ns: f64) {
        let v = &mut self.values_ns[task_type * self.n_places + place];
        *v = if *v == 0.0 { measured_ns } else { (1.0 - self.weight) * *v + self.weight * measured_ns };
    }

    /// Number of places per task type.
    pub fn n_places(&self) -> usize {
        self.n_places
    }

    /// Every value, task type by task type (`[type × n_places + place]`).
    pub fn values_ns(&self) -> &[f64] {
        &self.values_ns
    }

    /// The row of one task type, one value per place.
    pub fn row(&self, task_type: usize) -> &[f64] {
        &self.values_ns[task_type * self.n_places..(task_type + 1) * self.n_places]
    }
}

/// The PTT at one moment of a run, for playback.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PttSnapshot {
    /// When it was taken.
    pub t_ns: TimeNs,
    /// PTT updates (completed tasks) so far.
    pub updates: u64,
    /// Values, task type by task type (`[type × n_places + place]`), 0 = unexplored.
    pub values_ns: Vec<f64>,
}

/// Keeps a bounded series of PTT snapshots: each of the first [`EARLY_PTT_SNAPSHOTS`] updates (how the table fills in),
/// then one every `every` updates, plus the first state and the last. Whatever the number of task types and places, a
/// run keeps at most [`MAX_PTT_HISTORY_VALUES`] values: the rows of the first [`MAX_PTT_ROWS`] task types, and fewer
/// snapshots when a table is large.
#[derive(Clone, Debug)]
pub struct PttRecorder {
    /// Whether snapshots are taken during the run (otherwise only the final table).
    history: bool,
    every: u64,
    early: u64,
    /// Values per snapshot: the first `rows` task types' rows.
    width: usize,
    updates: u64,
    /// Snapshots so far, by time.
    pub snapshots: Vec<PttSnapshot>,
}

/// Most periodic snapshots a run keeps (plus the early ones and the final state).
pub const MAX_PTT_SNAPSHOTS: u64 = 200;

/// The first updates are each snapshotted, so that playback shows every place being explored.
pub const EARLY_PTT_SNAPSHOTS: u64 = 60;

/// Task types whose rows the history keeps (the first ones; the PTT itself has every type).
pub const MAX_PTT_ROWS: usize = 64;

/// Most PTT values the history of one run keeps, over all its snapshots (2 MiB of `f64`).
pub const MAX_PTT_HISTORY_VALUES: usize = 1 << 18;

impl PttRecorder {
    /// A recorder for a run of `n_tasks` tasks, starting with the all-zero table; with `history` false it keeps only the
    /// final table.
    pub fn new(n_tasks: usize, ptt: &Ptt, history: bool) -> Self {
        let rows = (ptt.values_ns.len() / ptt.n_places.max(1)).min(MAX_PTT_ROWS);
        let width = rows * ptt.n_places;
        let fit = (MAX_PTT_HISTORY_VALUES / width.max(1)) as u64;
        let early = EARLY_PTT_SNAPSHOTS.min(fit / 4);
        let periodic = MAX_PTT_SNAPSHOTS.min(fit.saturating_sub(early + 2)).max(1);
        let every = (n_tasks as u64).div_ceil(periodic).max(1);
        let first = if history { vec![PttSnapshot { t_ns: 0, updates: 0, values_ns: ptt.values_ns[..width].to_vec() }] } else { Vec::new() };
        PttRecorder { history, every, early, width, updates: 0, snapshots: first }
    }

    /// Counts one update made at `t_ns` and snapshots the table when it is time.
    pub fn updated(&mut self, t_ns: TimeNs, ptt: &Ptt) {
        self.updates += 1;
        if self.history && (self.updates <= self.early || self.updates.is_multiple_of(self.every)) {
            self.snapshots.push(PttSnapshot { t_ns, updates: self.updates, values_ns: ptt.values_ns[..self.width].to_vec() });
        }
    }

    /// The snapshots, ending with the final table at `t_ns`.
    pub fn finish(mut self, t_ns: TimeNs, ptt: &Ptt) -> Vec<PttSnapshot> {
        if self.snapshots.last().is_none_or(|s| s.updates != self.updates) {
            self.snapshots.push(PttSnapshot { t_ns, updates: self.updates, values_ns: ptt.values_ns[..self.width].to_vec() });
        }
        self.snapshots
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue as presets;

    #[test]
    fn tx2_places_match_the_paper() {
        let platform = presets::platform("jetson-tx2").expect("preset");
        let places = Places::new(&platform);
        let got: Vec<(u32, u32)> = places.list.iter().map(|p| (p.leader, p.width)).collect();
        assert_eq!(got, vec![(0, 1), (1, 1), (0, 2), (2, 1), (3, 1), (4, 1), (5, 1), (2, 2), (4, 2), (2, 4)]);
        assert_eq!(places.list[places.containing(5, 2).expect("fits")], Place { leader: 4, width: 2 });
        assert_eq!(places.containing(0, 4), None);
    }

    #[test]
    fn ptt_stores_the_first_measurement_then_weights() {
        let mut ptt = Ptt::new(1, 2, 0.2);
        ptt.update(0, 1, 100.0);
        assert_eq!(ptt.get(0, 1), 100.0);
        ptt.update(0, 1, 200.0);
        assert!((ptt.get(0, 1) - 120.0).abs() < 1e-9);
        assert_eq!(ptt.get(0, 0), 0.0);
    }

    #[test]
    fn snapshots_are_bounded_and_end_with_the_final_table() {
        let mut ptt = Ptt::new(1, 1, 0.2);
        let mut rec = PttRecorder::new(10_000, &ptt, true);
        let mut plain = PttRecorder::new(10_000, &ptt, false);
        for i in 0..10_000u64 {
            ptt.update(0, 0, 100.0 + i as f64);
            rec.updated(i, &ptt);
            plain.updated(i, &ptt);
        }
        let snaps = rec.finish(10_000, &ptt);
        assert!(snaps.len() as u64 <= MAX_PTT_SNAPSHOTS + EARLY_PTT_SNAPSHOTS + 2, "{}", snaps.len());
        assert_eq!(snaps[0].values_ns, vec![0.0]);
        assert_eq!(snaps.last().map(|s| s.values_ns[0]), Some(ptt.get(0, 0)));
        // Without history only the final table is kept: the same table and count as the last snapshot of the full history.
        let last = plain.finish(10_000, &ptt);
        assert_eq!(last.len(), 1);
        assert_eq!((&last[0].values_ns, last[0].updates), (&snaps[snaps.len() - 1].values_ns, snaps[snaps.len() - 1].updates));
    }

    #[test]
    fn the_history_is_bounded_whatever_the_number_of_task_types() {
        for (types, places) in [(325, 66), (65_535, 10), (1, 2_047), (64, 2_047)] {
            let mut ptt = Ptt::new(types, places, 0.2);
            let mut rec = PttRecorder::new(100_000, &ptt, true);
            for i in 0..100_000u64 {
                ptt.update((i % types as u64) as usize, (i % places as u64) as usize, 100.0);
                rec.updated(i, &ptt);
            }
            let snaps = rec.finish(100_000, &ptt);
            let values: usize = snaps.iter().map(|s| s.values_ns.len()).sum();
            assert!(values <= MAX_PTT_HISTORY_VALUES + 2 * MAX_PTT_ROWS * places, "{types}×{places}: {values} values");
            assert_eq!(snaps[0].values_ns.len(), types.min(MAX_PTT_ROWS) * places);
            assert!(snaps.len() >= 2 && snaps.last().map(|s| s.updates) == Some(100_000), "{types}×{places}: start and final");
        }
    }
}
