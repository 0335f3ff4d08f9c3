//! The scheduler registry: every policy by name, so scenarios, the CLI and the UI can list and build them.

use super::common::{PttPolicy, SchedOptions};
use super::{cats::Cats, da, dam_c, dam_p, dheft::Dheft, fa, fam_c, fifo::Fifo, heft::Heft, rws::Rws, rwsm_c, TaskScheduler};
use crate::error::{InputError, InputResult};

/// One registered policy.
pub struct Entry {
    /// Name used in scenarios.
    pub name: &'static str,
    /// One-line description for pickers and tooltips.
    pub description: &'static str,
    build: fn(options: &SchedOptions) -> Box<dyn TaskScheduler>,
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
        build: |o| Box::new(Rws::new(o.n_cores)),
    },
    Entry {
        name: "rwsm-c",
        description: "RWS with moldability: every task molds its width by a local PTT search minimising PTT × width (seed 001).",
        build: |o| Box::new(PttPolicy::new(rwsm_c::RULES, o)),
    },
    Entry {
        name: "fa",
        description: "Fixed asymmetry: priority tasks pinned to the statically fastest cluster, others by RWS (seed 001).",
        build: |o| Box::new(PttPolicy::new(fa::RULES, o)),
    },
    Entry {
        name: "fam-c",
        description: "Fixed asymmetry with moldability: priority tasks on the fastest cluster, width by PTT × width; others as RWSM-C (seed 001).",
        build: |o| Box::new(PttPolicy::new(fam_c::RULES, o)),
    },
    Entry {
        name: "da",
        description: "Dynamic asymmetry: a global PTT search sends priority tasks to the core with the lowest predicted time; others by RWS (seed 001).",
        build: |o| Box::new(PttPolicy::new(da::RULES, o)),
    },
    Entry {
        name: "dam-c",
        description: "Dynamic asymmetry with moldability, parallel cost: priority tasks to the place of lowest PTT × width; others molded locally (seed 001).",
        build: |o| Box::new(PttPolicy::new(dam_c::RULES, o)),
    },
    Entry {
        name: "dam-p",
        description: "Dynamic asymmetry with moldability, performance: priority tasks to the fastest place whatever its width; others molded locally (seed 001).",
        build: |o| Box::new(PttPolicy::new(dam_p::RULES, o)),
    },
    Entry {
        name: "heft",
        description: "Reference baseline: static HEFT plan from the speeds at time 0, each core runs its planned tasks in order (seed 000/001 §6).",
        build: |o| Box::new(Heft::new(o.n_cores)),
    },
    Entry {
        name: "dheft",
        description: "Reference baseline: dynamic HEFT, each ready task to the core with the earliest estimated finish, times learned online (seed 001 §6).",
        build: |o| Box::new(Dheft::new(o.n_cores)),
    },
    Entry {
        name: "cats",
        description: "Reference baseline: CATS-like, bottom-level critical tasks to the statically fastest cluster first (seed 000/001 §6).",
        build: |_| Box::new(Cats::default()),
    },
];

/// Builds the policy called `name` for a platform of `n_cores` with default options; the error lists the known names.
pub fn build(name: &str, n_cores: usize, path: &str) -> InputResult<Box<dyn TaskScheduler>> {
    build_with(name, &SchedOptions::new(n_cores), path)
}

/// Builds the policy called `name` with `options`; the error lists the known names.
pub fn build_with(name: &str, options: &SchedOptions, path: &str) -> InputResult<Box<dyn TaskScheduler>> {
    TASK_SCHEDULERS.iter().find(|e| e.name == name).map(|e| (e.build)(options)).ok_or_else(|| {
        let known: Vec<&str> = TASK_SCHEDULERS.iter().map(|e| e.name).collect();
        InputError::new(path, format!("unknown scheduler '{name}' (known: {})", known.join(", ")))
    })
}

/// Names of every registered policy.
pub fn names() -> Vec<&'static str> {
    TASK_SCHEDULERS.iter().map(|e| e.name).collect()
}
