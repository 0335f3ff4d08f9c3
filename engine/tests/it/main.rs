//! The engine's single integration-test binary: one module per behaviour.

mod aid_paper;
mod decisions;
mod gen;
mod dam_paper;
mod invariants;
mod loop_invariants;
mod os_inputs;
mod os_papers;
mod tidy;
