//! Uneven work items: a parallel region of an application profile is a row of `tasks / regions` items whose costs vary
//! (uniformly, with the profile's coefficient of variation), drawn for each run from its seed and the application's name,
//! so that the pthreads version's even shares, the pools' chunks, the loops' iterations and the task version's tasks of
//! one run are all cut from the same items (docs/model-reference.md §3d).

use crate::model::apps::{AppRun, Phase, MAX_ITEM_CV};
use crate::sim::Rng;

/// The cumulative cost of a region's items, normalised to the region's work: `prefix[k]` is the share of the first `k`.
#[derive(Clone, Debug, PartialEq)]
pub struct Items {
    prefix: Vec<f64>,
}

impl Items {
    /// The items of phase `phase` of the application `name` in the run seeded by `seed`: `n` of them, each costing
    /// `1 + u` times the mean with `u` uniform in ±√3·`cv` (so its coefficient of variation is `cv`; at most
    /// [`MAX_ITEM_CV`], so every item costs something).
    pub fn new(seed: u64, name: &str, phase: usize, n: u32, cv: f64) -> Items {
        let n = n.max(1) as usize;
        let half_width = 3f64.sqrt() * cv.clamp(0.0, MAX_ITEM_CV);
        let mut rng = Rng::new(seed ^ name_key(name) ^ (phase as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut prefix = Vec::with_capacity(n + 1);
        prefix.push(0.0);
        let mut sum = 0.0;
        for _ in 0..n {
            sum += 1.0 + half_width * (2.0 * rng.unit_f64() - 1.0);
            prefix.push(sum);
        }
        for p in &mut prefix {
            *p /= sum;
        }
        Items { prefix }
    }

    /// Number of items.
    pub fn len(&self) -> u32 {
        (self.prefix.len() - 1) as u32
    }

    /// Whether there are no items (never: a region has at least one).
    pub fn is_empty(&self) -> bool {
        self.prefix.len() <= 1
    }

    /// The share of the region's work in part `i` of `parts` equal runs of items (fractional items split linearly).
    pub fn part(&self, i: u32, parts: u32) -> f64 {
        let n = self.len() as f64;
        let parts = parts.max(1) as f64;
        self.at(n * (i as f64 + 1.0) / parts) - self.at(n * i as f64 / parts)
    }

    /// The cumulative share at item position `x` (0 … n), linear within an item.
    fn at(&self, x: f64) -> f64 {
        let n = self.len() as usize;
        let x = x.clamp(0.0, n as f64);
        let k = (x.floor() as usize).min(n.saturating_sub(1));
        let f = x - k as f64;
        self.prefix[k] + f * (self.prefix[k + 1] - self.prefix[k])
    }
}

/// The work items of each phase of `app` in the run seeded by `seed`: `Some` for a parallel region when the profile's items
/// are uneven (`item_cv` > 0), with as many items as the task version has tasks there; `None` where they are alike.
pub fn region_items(app: &AppRun, seed: u64) -> Vec<Option<Items>> {
    let cv = app.profile.item_cv;
    app.phases
        .iter()
        .enumerate()
        .map(|(i, p)| match p {
            Phase::Parallel { .. } if cv > 0.0 => Some(Items::new(seed, &app.name, i, app.tasks_per_region(), cv)),
            _ => None,
        })
        .collect()
}

/// The share of a region's work in part `i` of `parts` equal runs of its items: from `items` when the profile's items are
/// uneven, else `1 / parts`.
pub fn share(items: Option<&Items>, i: u32, parts: u32) -> f64 {
    match items {
        Some(items) => items.part(i, parts),
        None => 1.0 / parts.max(1) as f64,
    }
}

/// A 64-bit key of an application's name (FNV-1a), so the same application draws the same items alone and in a mix.
fn name_key(name: &str) -> u64 {
    name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_cover_the_region_and_follow_the_items() {
        let items = Items::new(7, "facesim", 2, 100, 0.2);
        assert_eq!(items.len(), 100);
        for parts in [1u32, 3, 8, 100, 250] {
            let sum: f64 = (0..parts).map(|i| items.part(i, parts)).sum();
            assert!((sum - 1.0).abs() < 1e-12, "{parts} parts sum to {sum}");
        }
        // Four even shares of 100 items are the sums of their 25 items each.
        for i in 0..4 {
            let by_item: f64 = (25 * i..25 * (i + 1)).map(|j| items.part(j, 100)).sum();
            assert!((items.part(i, 4) - by_item).abs() < 1e-12);
        }
        let costs: Vec<f64> = (0..100).map(|j| items.part(j, 100) * 100.0).collect();
        let mean = costs.iter().sum::<f64>() / 100.0;
        let cv = (costs.iter().map(|c| (c - mean).powi(2)).sum::<f64>() / 100.0).sqrt() / mean;
        assert!((0.12..0.28).contains(&cv), "item cv {cv}");
        assert!(costs.iter().all(|&c| c > 0.6 && c < 1.4), "uniform within ±√3·0.2 of the mean");
    }

    #[test]
    fn the_items_follow_the_seed_the_application_and_the_phase() {
        let a = Items::new(1, "facesim", 0, 64, 0.1);
        assert_eq!(a, Items::new(1, "facesim", 0, 64, 0.1));
        assert_ne!(a, Items::new(2, "facesim", 0, 64, 0.1));
        assert_ne!(a, Items::new(1, "streamcluster", 0, 64, 0.1));
        assert_ne!(a, Items::new(1, "facesim", 2, 64, 0.1));
    }

    #[test]
    fn alike_items_split_evenly() {
        let items = Items::new(3, "blackscholes", 0, 10, 0.0);
        for i in 0..7 {
            assert!((items.part(i, 7) - 1.0 / 7.0).abs() < 1e-12);
        }
    }
}
