//! The engine's single integration-test binary: one module per behaviour.

mod gen;
mod invariants;
mod os_inputs;
mod os_papers;
mod tidy;
