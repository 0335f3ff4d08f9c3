//! The engine's single integration-test binary: one module per behaviour.

mod alloc;
mod budgets;
mod calibrate;
mod catalogue;
mod claims;
mod decisions;
mod export;
mod export_reader;
mod exercises;
mod files;
mod fuzz;
mod fuzz_gen;
mod gen;
mod import;
mod import_dump;
mod invariants;
mod loop_invariants;
mod loop_model;
mod os_inputs;
mod os_model;
mod policies;
mod replay;
mod shared_partitions;
mod task_inputs;
mod tidy;
mod ts_types;
