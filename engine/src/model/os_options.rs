//! The OS model's costs and thresholds (`AppMix::os`): time slices, migrations, ticks, GTS's thresholds, pthreads barrier
//! wake-ups, libgomp's barrier spin and its removals under `loop-dynamic` (docs/model-reference.md §3c–3d, §4c).

use serde::{Deserialize, Serialize};

use crate::error::{InputError, InputResult};
use crate::sim::TimeNs;

/// Costs and thresholds of the OS model (docs/model-reference.md §3c, §4c); `*estimates*` a user can change.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct OsOptions {
    /// Time slice when threads outnumber cores (4 ms).
    pub slice_ns: TimeNs,
    /// Cost of running a thread on another core than last time (50 µs).
    pub migration_ns: TimeNs,
    /// Period of scheduler ticks: utilisation tracking and periodic balancing (4 ms).
    pub tick_ns: TimeNs,
    /// Half-life of the utilisation average (32 ms).
    pub half_life_ns: TimeNs,
    /// GTS up-migration threshold, out of 1024 (700).
    pub up_threshold: u32,
    /// GTS down-migration threshold, out of 1024 (512, the Linaro big.LITTLE MP default); must be below `up_threshold`.
    pub down_threshold: u32,
    /// Wake-up latency of a thread leaving a barrier it slept at (10 µs, *estimate*): `pthread_barrier_wait` blocks its
    /// waiters in the kernel at once, libgomp's barrier spins first, so a loop version's thread pays it only when its
    /// spin (`barrier_spin_ns`) ran out before the barrier released it (docs/model-reference.md §3c).
    pub barrier_wake_ns: TimeNs,
    /// How long libgomp's waiter polls before it sleeps, on the fastest core (500 µs, *estimate*: `GOMP_SPINCOUNT`'s
    /// default 300,000 polls of a few cycles each on an A15 at 1.6 GHz; slower cores take longer in proportion): a loop
    /// version's thread waiting at a barrier or for the next region keeps its core busy that long, then sleeps and owes
    /// `barrier_wake_ns` when released (docs/model-reference.md §3c). 0: it sleeps at once.
    pub barrier_spin_ns: TimeNs,
    /// libgomp's removal of one iteration from a `schedule(dynamic)` pool, the local part on the fastest core (200 ns,
    /// the loop level's estimate; slower cores take longer in proportion): what `loop-dynamic` charges per iteration of
    /// a profile with `loop_iteration_ns` (docs/model-reference.md §3d).
    pub removal_ns: f64,
    /// Each removal's local part costs `1 + removal_growth × (T − 1)` times more with T threads (0.05).
    pub removal_growth: f64,
    /// The hold of the pool's cache line per removal (60 ns) …
    pub line_ns: f64,
    /// … plus this when another cluster held it last (60 ns; taken with the chance that the last holder was a thread of
    /// another cluster).
    pub cross_cluster_ns: f64,
}

impl Default for OsOptions {
    fn default() -> Self {
        // The removal's local part is the loop level's (one libgomp, one cost); the line's hold is the catalogue's
        // loop-level value (60 ns, and 60 ns more across clusters), which `LoopCosts::default` leaves at 0 (no queue).
        let loops = crate::model::loops::LoopCosts::default();
        OsOptions {
            slice_ns: 4_000_000,
            migration_ns: 50_000,
            tick_ns: 4_000_000,
            half_life_ns: 32_000_000,
            up_threshold: 700,
            down_threshold: 512,
            barrier_wake_ns: 10_000,
            barrier_spin_ns: 500_000,
            removal_ns: loops.removal_ns,
            removal_growth: loops.removal_growth,
            line_ns: 60.0,
            cross_cluster_ns: 60.0,
        }
    }
}

impl OsOptions {
    /// Checks ranges and the order of the thresholds.
    pub fn validate(&self, path: &str) -> InputResult<()> {
        for (name, v, min, max) in [
            ("slice_ns", self.slice_ns, 10_000, 10_000_000_000),
            ("tick_ns", self.tick_ns, 100_000, 10_000_000_000),
            ("half_life_ns", self.half_life_ns, 100_000, 100_000_000_000),
            ("migration_ns", self.migration_ns, 0, 1_000_000_000),
            ("barrier_wake_ns", self.barrier_wake_ns, 0, 1_000_000_000),
            ("barrier_spin_ns", self.barrier_spin_ns, 0, 1_000_000_000),
        ] {
            if v < min || v > max {
                return Err(InputError::new(format!("{path}.{name}"), format!("must be between {min} and {max} ns, got {v}")));
            }
        }
        for (name, v, max) in [("removal_ns", self.removal_ns, 1e9), ("removal_growth", self.removal_growth, 1e3), ("line_ns", self.line_ns, 1e9), ("cross_cluster_ns", self.cross_cluster_ns, 1e9)] {
            crate::error::in_range(&format!("{path}.{name}"), v, 0.0, max)?;
        }
        if self.up_threshold > 1024 {
            return Err(InputError::new(format!("{path}.up_threshold"), format!("must be at most 1024, got {}", self.up_threshold)));
        }
        check_thresholds(&format!("{path}.down_threshold"), self.down_threshold, self.up_threshold)
    }
}

/// Fails unless `down < up`.
pub fn check_thresholds(path: &str, down: u32, up: u32) -> InputResult<()> {
    if down >= up {
        return Err(InputError::new(path, format!("the down threshold ({down}) must be below the up threshold ({up})")));
    }
    Ok(())
}
