//! The engine's single integration-test binary: one module per behaviour.

mod gen;
mod dam_paper;
mod invariants;
mod tidy;
