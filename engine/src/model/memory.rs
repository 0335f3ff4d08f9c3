//! The memory side of a migration (docs/model-reference.md §3c): clusters have private L2 caches (on the Exynos 5422 of the
//! Odroid-XU3, 2 MB shared by the four A15s and 512 KB by the four A7s, Chronaki et al. §2), so a thread that moves to
//! another cluster finds that cluster's L2 cold and refills it from DRAM before it runs at full speed again.
//! The refill is charged as time: the thread's share of the destination's L2 (its size over its cores, the part one
//! thread's working set can hold when every core is busy) over the platform's peak DRAM bandwidth (`dram_gbs`, bytes
//! per ns), a lower bound since sustained bandwidth is below the peak. Platforms that give no bandwidth charge nothing extra.
//!
//! The same bandwidth is shared by everything that runs ([`Contention`], docs/model-reference.md §1 Memory): on the Exynos 5422
//! both clusters reach the LPDDR3 through one memory controller (Chronaki et al. §2), so memory-bound threads slow each
//! other when many run at once.

use crate::model::{Platform, WorkClass};
use crate::sim::TimeNs;

/// Fluid sharing of a platform's DRAM bandwidth among the work running on its cores (docs/model-reference.md §1 Memory).
///
/// A class of memory intensity `m` spends the fraction `m` of its time alone waiting on memory and draws
/// `m · s · T` GB/s at speed `s`, `T` the platform's `dram_traffic_gbs`. While the running work's total demand `D` exceeds the
/// bandwidth `B`, memory accesses queue: every access takes `L > 1` times as long, with `L` the one value at which the
/// traffic the stretched work still draws fits the bandwidth, `Σ dᵢ / (1 − mᵢ + mᵢ·L) = B·L`; a class then runs at
/// `1 / (1 − m + m·L)` of its speed. Compute-bound work (m = 0) is untouched; below the bandwidth nothing slows.
#[derive(Clone, Debug)]
pub struct Contention {
    capacity_gbs: f64,
    /// GB/s per unit of speed, per class.
    traffic: Vec<f64>,
    /// Memory fraction per class.
    mem: Vec<f64>,
    /// The class running on each core.
    running: Vec<Option<usize>>,
    /// Current memory stretch `L` (1: no contention).
    stretch: f64,
    /// Something changed since the last settle.
    dirty: bool,
}

impl Contention {
    /// The sharing for `classes` on `platform`; `None` when the platform gives no bandwidth or traffic, or no class draws any.
    pub fn new(platform: &Platform, classes: &[WorkClass]) -> Option<Self> {
        let capacity_gbs = platform.dram_gbs.filter(|&b| b > 0.0)?;
        let per_intensity = platform.dram_traffic_gbs.filter(|&t| t > 0.0)?;
        let mem: Vec<f64> = classes.iter().map(|k| k.mem_intensity.clamp(0.0, 1.0)).collect();
        if mem.iter().all(|&m| m <= 0.0) {
            return None;
        }
        Some(Contention {
            capacity_gbs,
            traffic: mem.iter().map(|m| m * per_intensity).collect(),
            mem,
            running: vec![None; platform.n_cores()],
            stretch: 1.0,
            dirty: false,
        })
    }

    /// The fraction of its speed alone at which `class` runs under the current sharing.
    pub fn factor(&self, class: usize) -> f64 {
        let m = self.mem.get(class).copied().unwrap_or(0.0);
        1.0 / (1.0 - m + m * self.stretch)
    }

    /// The current memory stretch `L`.
    pub fn stretch(&self) -> f64 {
        self.stretch
    }

    /// `core` now runs `class` (or nothing).
    pub fn set_running(&mut self, core: usize, class: Option<usize>) {
        if let Some(slot) = self.running.get_mut(core) {
            if *slot != class {
                *slot = class;
                self.dirty = true;
            }
        }
    }

    /// Marks the sharing for recomputation (a running core's speed changed).
    pub fn touch(&mut self) {
        self.dirty = true;
    }

    /// Recomputes `L` from the running work's speeds alone (`speed_alone(core, class)`); true when it changed.
    pub fn settle(&mut self, speed_alone: impl Fn(usize, usize) -> f64) -> bool {
        if !self.dirty {
            return false;
        }
        self.dirty = false;
        // Demand per class at the speeds alone.
        let mut demand = vec![0.0; self.traffic.len()];
        for (core, class) in self.running.iter().enumerate() {
            if let Some(k) = *class {
                if let Some(d) = demand.get_mut(k) {
                    *d += speed_alone(core, k) * self.traffic[k];
                }
            }
        }
        let total: f64 = demand.iter().sum();
        let drawn = |l: f64| -> f64 { demand.iter().zip(&self.mem).map(|(d, m)| d / (1.0 - m + m * l)).sum() };
        let stretch = if total <= self.capacity_gbs {
            1.0
        } else {
            // drawn(L) − B·L falls from total − B > 0 at L = 1 to at most 0 at L = total / B: bisect.
            let (mut lo, mut hi) = (1.0, total / self.capacity_gbs);
            for _ in 0..60 {
                let mid = 0.5 * (lo + hi);
                if drawn(mid) > self.capacity_gbs * mid {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
            0.5 * (lo + hi)
        };
        let changed = (stretch - self.stretch).abs() > 1e-12 * self.stretch;
        self.stretch = stretch;
        changed
    }
}

/// Time to refill a thread's share of `cluster`'s L2 from DRAM after it arrives from another cluster; 0 when the platform gives
/// no bandwidth or its clusters share one last-level cache (the data is still there).
pub fn l2_refill_ns(platform: &Platform, cluster: usize) -> TimeNs {
    let (Some(gbs), Some(c)) = (platform.dram_gbs, platform.clusters.get(cluster)) else { return 0 };
    if gbs <= 0.0 || platform.llc == crate::model::Llc::Shared {
        return 0;
    }
    let bytes = c.l2_kb as f64 * 1024.0 / c.cores.max(1) as f64;
    libm::ceil(bytes / gbs) as TimeNs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::platform;


    #[test]
    fn the_stretch_makes_the_stretched_traffic_fit_the_bandwidth() {
        let mut p = platform("odroid-xu3").expect("platform");
        p.dram_traffic_gbs = Some(8.0);
        let mut heavy = WorkClass::named("heavy");
        heavy.mem_intensity = 0.6;
        let mut light = WorkClass::named("light");
        light.mem_intensity = 0.1;
        let classes = [heavy, light, WorkClass::named("compute")];
        let mut c = Contention::new(&p, &classes).expect("contention");
        // Two heavy threads at speed 3 (12 × 0.6 = 7.2… GB/s each: 28.8 in all) and a light one on a little core.
        c.set_running(0, Some(0));
        c.set_running(1, Some(0));
        c.set_running(4, Some(1));
        assert!(c.settle(|core, _| if core < 4 { 3.0 } else { 1.0 }));
        let l = c.stretch();
        let drawn = 2.0 * 3.0 * 0.6 * 8.0 * c.factor(0) + 0.1 * 8.0 * c.factor(1);
        assert!(l > 1.0 && (drawn - 14.93 * l).abs() < 1e-6 * drawn, "L = {l}, drawn {drawn}");
        assert!(c.factor(0) < c.factor(1) && (c.factor(2) - 1.0).abs() < 1e-12, "compute-bound work is untouched");
        // One heavy thread alone fits: no stretch.
        c.set_running(1, None);
        c.set_running(4, None);
        assert!(c.settle(|_, _| 3.0));
        assert_eq!(c.stretch(), 1.0);
        // No traffic given: no contention at all.
        assert!(Contention::new(&platform("odroid-xu3").expect("platform"), &classes).is_none());
    }

    #[test]
    fn odroid_refills_its_l2_at_peak_lpddr3_bandwidth() {
        let p = platform("odroid-xu3").expect("platform");
        // A quarter of 2 MiB over 14.93 GB/s ≈ 35 µs on the A15 cluster; a quarter of 512 KiB ≈ 8.8 µs on the A7 cluster.
        let big = l2_refill_ns(&p, 0);
        let little = l2_refill_ns(&p, 1);
        assert!((34_000..36_000).contains(&big), "{big}");
        assert!((8_500..9_000).contains(&little), "{little}");
        let gem5 = platform("gem5-8l8s").expect("platform");
        assert_eq!(l2_refill_ns(&gem5, 0), 0);
    }
}
