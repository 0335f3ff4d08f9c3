//! The engine's single integration-test binary: one module per behaviour.

mod aid_paper;
mod alloc;
mod budgets;
mod calibrate;
mod dam_paper;
mod decisions;
mod fuzz;
mod fuzz_gen;
mod gen;
mod import;
mod import_dump;
mod invariants;
mod loop_invariants;
mod os_inputs;
mod os_papers;
mod tidy;
mod ts_types;
