//! Asymmetry Lab's engine: simulates big.LITTLE platforms under schedulers of three levels and records what ran where.
//!
//! Layers, each using only those before it (checked by `tests/it/tidy.rs`; see ARCHITECTURE.md):
//! 1. `sim` (domain-free event kernel), `error` (errors naming a field), `spec` (scheduler specs `name[k=v]`)
//! 2. `trace` (the schedule record), `model` (platform, places, speed, events and their timeline, workloads of every level)
//! 3. `metrics` (what every run reports)
//! 4. the three levels: `sched` (task policies) and `runtime` (the task runtime), `loops` (OpenMP loop level), `os` (OS level)
//! 5. `registry` (every scheduler by name), `scenario` (the versioned input and its validation)
//! 6. `catalogue` (platforms, presets, guides, papers and claims as data files)
//! 7. `run` (runs a scenario: one level-tagged result), `claims` (the one evaluator of the papers' claims, cells and sweeps)
//! 8. `import` (real traces in, calibration), `export` (Chrome Trace JSON out), `summary` (JSON views of results)
//! 9. `api` (the only module that knows wasm-bindgen)

#![deny(clippy::unwrap_used)]

pub mod sim;
pub mod error;
pub mod spec;
pub mod trace;
pub mod model;
pub mod metrics;
pub mod sched;
pub mod runtime;
pub mod loops;
pub mod os;
pub mod registry;
pub mod scenario;
pub mod catalogue;
pub mod run;
pub mod claims;
pub mod import;
pub mod export;
pub mod summary;
pub mod api;

pub use error::{InputError, InputResult};
pub use scenario::Scenario;
