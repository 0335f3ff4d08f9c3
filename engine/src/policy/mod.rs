//! Custom task schedulers written by users: a policy is a small [Rhai](https://rhai.rs) script run in a sandbox behind the same
//! [`TaskScheduler`](crate::sched::TaskScheduler) trait as the built-in policies (docs/custom-policies.md).
//!
//! ```text
//!  scenario.custom_schedulers[i] = {name, level, source} ──compile (sandbox.rs)──▶ AST
//!  registry::task_in(name) ──▶ ScriptScheduler (task.rs) ──hooks──▶ on_ready(task, core) · on_idle(core) · on_done(task, place, ns)
//!                                      │                                   │ reads the view through host.rs, queues.rs
//!                                      └── validates every decision (decision.rs): an invalid one is an error naming the policy and line
//! ```
//!
//! The sandbox sees nothing but what `host.rs` registers (the view of the run: time, DAG, speeds, places, PTT, costs and the
//! run's seeded generator); it has no I/O, no clock, no modules and no `eval`. An operation budget per call and per run
//! stops endless loops, and size limits on strings, arrays, maps, variables, call depth and queues bound its memory.
//! Floats go through `libm` (Rhai's `no_std` build), so a policy computes the same bits natively and in Wasm.

#[cfg(feature = "full")]
mod decision;
pub mod examples;
#[cfg(feature = "full")]
mod host;
#[cfg(feature = "full")]
mod queues;
#[cfg(feature = "full")]
mod sandbox;
#[cfg(feature = "full")]
mod task;

use serde::{Deserialize, Serialize};

use crate::error::{InputError, InputResult};
use crate::sched::common::SchedOptions;
use crate::sched::TaskScheduler;

#[cfg(feature = "full")]
pub use sandbox::Limits;
#[cfg(feature = "full")]
pub use task::ScriptScheduler;

/// Largest policy source accepted, in bytes (a link carries it, so it stays small).
pub const MAX_SOURCE_BYTES: usize = 16 * 1024;

/// Longest custom scheduler name.
pub const MAX_NAME_CHARS: usize = 40;

/// One user-written scheduler of a scenario: `{"name", "level", "source"}`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CustomScheduler {
    /// Name listed in the scenario's `schedulers`, beside the built-in names.
    pub name: String,
    /// The level it schedules: `tasks` (the only level custom policies support so far).
    pub level: String,
    /// The policy, in Rhai.
    pub source: String,
}

/// Checks one definition at `path` (`custom_schedulers[i]`) and compiles its source; `is_builtin` says whether a name is taken.
pub fn check(def: &CustomScheduler, path: &str, is_builtin: impl Fn(&str) -> bool) -> InputResult<()> {
    check_name(&def.name, &format!("{path}.name"), is_builtin)?;
    if def.level != "tasks" {
        return Err(InputError::new(
            format!("{path}.level"),
            format!("'{}': custom schedulers run at the task level only so far (level \"tasks\")", def.level),
        ));
    }
    #[cfg(feature = "full")]
    return sandbox::compile(def, &format!("{path}.source")).map(|_| ());
    #[cfg(not(feature = "full"))]
    Ok(())
}

fn check_name(name: &str, path: &str, is_builtin: impl Fn(&str) -> bool) -> InputResult<()> {
    let ok_chars = name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
    if name.is_empty() || name.chars().count() > MAX_NAME_CHARS || !ok_chars || !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return Err(InputError::new(
            path,
            format!("'{name}': a custom scheduler's name is 1 to {MAX_NAME_CHARS} letters, digits, '-', '_' or '.', starting with a letter or digit"),
        ));
    }
    if is_builtin(name) {
        return Err(InputError::new(path, format!("'{name}' is the name of a built-in scheduler; give the custom one another name")));
    }
    Ok(())
}

/// Builds the task scheduler of definition `index` (`def`), for a run with `options`.
pub fn task_scheduler(def: &CustomScheduler, index: usize, options: &SchedOptions) -> InputResult<Box<dyn TaskScheduler>> {
    let path = format!("custom_schedulers[{index}].source");
    #[cfg(feature = "full")]
    return Ok(Box::new(ScriptScheduler::new(def, &path, options, Limits::default())?));
    #[cfg(not(feature = "full"))]
    {
        let _ = (def, options);
        Err(InputError::new(path, "this engine module runs the built-in schedulers only; custom policies run in the full module"))
    }
}
