//! The memory side of a migration (docs/model.md §3c): clusters have private L2 caches (on the Exynos 5422 of the
//! Odroid-XU3, 2 MB shared by the four A15s and 512 KB by the four A7s, Chronaki et al. §2), so a thread that moves to
//! another cluster finds that cluster's L2 cold and refills it from DRAM before it runs at full speed again.
//! The refill is charged as time: the thread's share of the destination's L2 (its size over its cores, the part one
//! thread's working set can hold when every core is busy) over the platform's peak DRAM bandwidth (`dram_gbs`, bytes
//! per ns), a lower bound since sustained bandwidth is below the peak. Platforms that give no bandwidth charge nothing extra.

use crate::model::Platform;
use crate::sim::TimeNs;

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
