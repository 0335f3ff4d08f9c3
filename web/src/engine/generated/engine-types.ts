// Generated from the engine's Rust types by ts-rs (engine/tests/it/ts_types.rs); do not edit.
// Refresh: UPDATE_EXPECT=1 cargo test --release --features ts ts_types
// The engine's types, in three files of one part each.
export type * from "./run-types";
export type * from "./level-types";
export type * from "./claim-types";
