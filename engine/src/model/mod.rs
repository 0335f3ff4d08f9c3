//! The platform being simulated: clusters and cores, execution places, work classes and the speed function, timeline events
//! and their application during a run, and the workloads of the three levels (task DAGs, loop programs, applications).
//!
//! Everything here is plain data plus pure formulas, except `timeline`, which queues the scenario's events in a run's kernel;
//! nothing here schedules work.

pub mod apps;
pub mod class;
pub mod events;
pub mod level;
pub mod loops;
pub mod memory;
pub mod places;
pub mod platform;
pub mod speed;
pub mod timeline;
pub mod workload;

pub use class::WorkClass;
pub use events::TimelineEvent;
pub use level::Level;
pub use loops::LoopProgram;
pub use places::{Place, Places};
pub use platform::{Cluster, Platform};
pub use speed::SpeedState;
pub use workload::{TaskGraph, Workload};
