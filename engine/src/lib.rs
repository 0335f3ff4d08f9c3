//! Asymmetry Lab's engine: simulates big.LITTLE platforms under task schedulers and records what ran where.
//!
//! Layers, each using only those above it:
//! `sim` (domain-free event kernel) → `model` (platform, speed, events, workloads) → `trace` (schedule record)
//! → `sched` (policies) → `runtime` (applies decisions) → `metrics` → `loops` (the OpenMP loop level) → `scenario` (versioned input, running)
//! → `catalogue` (presets, guides and claims as data) → `claims` (the one evaluator of the papers' claims) → `import` (real traces in, calibration) → `export` (Chrome Trace JSON out)
//! → `api` (the only module that knows wasm-bindgen). See ARCHITECTURE.md.

#![deny(clippy::unwrap_used)]

pub mod api;
pub mod catalogue;
pub mod claims;
pub mod error;
pub mod export;
pub mod import;
pub mod loops;
pub mod metrics;
pub mod model;
pub mod os;
pub mod runtime;
pub mod scenario;
pub mod sched;
pub mod sim;
pub mod summary;
pub mod trace;

pub use error::{InputError, InputResult};
pub use scenario::Scenario;
