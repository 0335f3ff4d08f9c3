//! Execution places and the Performance Trace Table (seed 001 §4.1.1): predicted time per task type and place, learned online.

use crate::model::Platform;

/// An execution place: `width` consecutive cores from `leader`, inside one cluster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Place {
    /// First core.
    pub leader: u32,
    /// Number of cores.
    pub width: u32,
}

impl Place {
    /// A single-core place.
    pub fn single(core: usize) -> Self {
        Place { leader: core as u32, width: 1 }
    }

    /// The cores of the place.
    pub fn cores(self) -> std::ops::Range<usize> {
        self.leader as usize..(self.leader + self.width) as usize
    }
}

/// Every valid place of a platform: widths are powers of two that fit the cluster, leaders aligned to the width within the cluster.
#[derive(Clone, Debug)]
pub struct Places {
    /// All places, ordered by cluster, then width, then leader.
    pub list: Vec<Place>,
    /// `index[core][log2(width)]` is the index in `list` of the place of that width containing `core`.
    index: Vec<Vec<u32>>,
    /// Cluster of each place.
    pub cluster: Vec<u32>,
}

impl Places {
    /// Enumerates the places of `platform`.
    pub fn new(platform: &Platform) -> Self {
        let mut list = Vec::new();
        let mut cluster_of = Vec::new();
        let mut index = vec![Vec::new(); platform.n_cores()];
        for (ci, (cluster, first)) in platform.clusters.iter().zip(platform.first_cores()).enumerate() {
            let n = cluster.cores as usize;
            let mut width = 1usize;
            while width <= n {
                let mut offset = 0usize;
                while offset + width <= n {
                    let id = list.len() as u32;
                    list.push(Place { leader: (first + offset) as u32, width: width as u32 });
                    cluster_of.push(ci as u32);
                    for slot in &mut index[first + offset..first + offset + width] {
                        slot.push(id);
                    }
                    offset += width;
                }
                width *= 2;
            }
        }
        Places { list, index, cluster: cluster_of }
    }

    /// Index of the place of `width` (a power of two) containing `core`, if it exists.
    pub fn containing(&self, core: usize, width: u32) -> Option<usize> {
        let level = width.trailing_zeros() as usize;
        self.index.get(core)?.get(level).map(|&i| i as usize)
    }

    /// Index of `place`, if it is valid.
    pub fn find(&self, place: Place) -> Option<usize> {
        let i = self.containing(place.leader as usize, place.width)?;
        (self.list[i] == place).then_some(i)
    }

    /// Places containing `core` (one per width), as indices.
    pub fn around(&self, core: usize) -> &[u32] {
        self.index.get(core).map(Vec::as_slice).unwrap_or(&[])
    }
}

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

    /// The row of one task type, one value per place.
    pub fn row(&self, task_type: usize) -> &[f64] {
        &self.values_ns[task_type * self.n_places..(task_type + 1) * self.n_places]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::presets;

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
}
