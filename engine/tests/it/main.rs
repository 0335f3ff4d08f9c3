//! The engine's single integration-test binary: one module per behaviour.

mod calibrate;
mod fuzz;
mod gen;
mod import;
mod import_dump;
mod invariants;
mod tidy;
