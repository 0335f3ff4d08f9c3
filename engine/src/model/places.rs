//! Execution places (docs/model-reference.md §1): `width` consecutive cores from `leader` inside one cluster, as the task runtime, the metrics and the PTT index them.

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
#[derive(Clone, Debug, Default)]
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

