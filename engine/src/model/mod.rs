//! The platform being simulated: clusters and cores, execution places, work classes and the speed function, timeline events
//! and their application during a run, and the workloads of the three levels (task DAGs, loop programs, applications).
//!
//! Everything here is plain data plus pure formulas, except `timeline`, which queues the scenario's events in a run's kernel;
//! nothing here schedules work.

pub mod apps;
pub mod class;
pub mod events;
pub mod l2share;
pub mod level;
pub mod loops;
pub mod memory;
pub mod os_options;
pub mod places;
pub mod profiles;
pub mod platform;
pub mod speed;
pub mod stallpower;
pub mod timeline;
pub mod graph;
pub mod items;
pub mod workload;
pub mod workload_check;

pub use class::WorkClass;
pub use events::TimelineEvent;
pub use level::Level;
pub use loops::LoopProgram;
pub use places::{Place, Places};
pub use platform::{Cluster, Llc, Platform};
pub use speed::SpeedState;
pub use workload::{TaskGraph, Workload};

use crate::error::{in_range, InputResult};

/// Most work one task, serial phase or application may carry, in reference ns (1e15 ns, about 11.6 days): far beyond any
/// paper's workload, and small enough that a makespan summed from millions of them stays exact in integer nanoseconds.
pub const MAX_WORK_NS: f64 = 1e15;

/// Speed ratios (of a cluster, a class on a core type, an application) are kept within [1e-3, 1e3]: a core a million
/// times slower than another is not a big.LITTLE platform, and it would turn seconds of work into years of simulated time.
pub const MIN_RATIO: f64 = 1e-3;
/// See [`MIN_RATIO`].
pub const MAX_RATIO: f64 = 1e3;

/// Fails unless `value` is a work amount in (0, [`MAX_WORK_NS`]] (or [0, …] when `zero_ok`).
pub fn work_ns(path: &str, value: f64, zero_ok: bool) -> InputResult<f64> {
    let min = if zero_ok { 0.0 } else { f64::MIN_POSITIVE };
    in_range(path, value, min, MAX_WORK_NS).map_err(|mut e| {
        if value > MAX_WORK_NS {
            e.message.push_str(" ns (1e15 ns is about 11.6 days)");
        }
        e
    })
}

/// Fails unless `value` is a speed ratio in [[`MIN_RATIO`], [`MAX_RATIO`]].
pub fn ratio(path: &str, value: f64) -> InputResult<f64> {
    in_range(path, value, MIN_RATIO, MAX_RATIO)
}
