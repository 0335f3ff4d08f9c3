//! The engine's single integration-test binary: one module per behaviour.

mod decisions;
mod gen;
mod invariants;
mod tidy;
