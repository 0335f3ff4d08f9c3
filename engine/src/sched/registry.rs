//! The scheduler registry: every policy by name, so scenarios, the CLI and the UI can list and build them.

use super::{fifo::Fifo, rws::Rws, TaskScheduler};
use crate::error::{InputError, InputResult};

/// One registered policy.
pub struct Entry {
    /// Name used in scenarios.
    pub name: &'static str,
    /// One-line description for pickers and tooltips.
    pub description: &'static str,
    build: fn(n_cores: usize) -> Box<dyn TaskScheduler>,
}

/// Every task scheduler, in the order pickers show them.
pub const TASK_SCHEDULERS: &[Entry] = &[
    Entry {
        name: "fifo",
        description: "One central ready queue, first come first served, any idle core (seed 000's task-based runtime).",
        build: |_| Box::new(Fifo::default()),
    },
    Entry {
        name: "rws",
        description: "Random work stealing: per-core deques, idle cores steal from a random victim (seed 001).",
        build: |n| Box::new(Rws::new(n)),
    },
];

/// Builds the policy called `name` for a platform of `n_cores`; the error lists the known names.
pub fn build(name: &str, n_cores: usize, path: &str) -> InputResult<Box<dyn TaskScheduler>> {
    TASK_SCHEDULERS.iter().find(|e| e.name == name).map(|e| (e.build)(n_cores)).ok_or_else(|| {
        let known: Vec<&str> = TASK_SCHEDULERS.iter().map(|e| e.name).collect();
        InputError::new(path, format!("unknown scheduler '{name}' (known: {})", known.join(", ")))
    })
}

/// Names of every registered policy.
pub fn names() -> Vec<&'static str> {
    TASK_SCHEDULERS.iter().map(|e| e.name).collect()
}
