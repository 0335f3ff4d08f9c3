//! The platform being simulated: clusters and cores, work classes and the speed function, timeline events, and task-DAG workloads.
//!
//! Everything here is plain data plus pure formulas; nothing schedules or steps time.

pub mod apps;
pub mod class;
pub mod events;
pub mod loops;
pub mod platform;
pub mod speed;
pub mod workload;

pub use class::WorkClass;
pub use events::TimelineEvent;
pub use loops::LoopProgram;
pub use platform::{Cluster, Platform};
pub use speed::SpeedState;
pub use workload::{TaskGraph, Workload};
