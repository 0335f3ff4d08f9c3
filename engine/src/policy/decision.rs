//! The decisions a policy returns from `on_idle`: `run(task, core)`, `run(task, place)`, `run(task, leader, width)`,
//! `retry(ns)` and `sleep()`, with `.with_overhead(ns)` and `.because(text)`; and their validation into a
//! [`Decision`](crate::sched::Decision), where an invalid one becomes an error naming the policy and the line.

use rhai::{Dynamic, Engine, EvalAltResult, NativeCallContext, INT};

use super::host::place_arg;
use super::sandbox::host_error;
use crate::sched::{Decision, Place, Places};
use crate::sim::TimeNs;

/// Longest overhead or retry delay a decision may ask for: one hour.
pub const MAX_DELAY_NS: INT = 3_600_000_000_000;

/// What `on_idle` asked for.
#[derive(Clone, Debug, PartialEq)]
pub enum Kind {
    /// Run `task` on `place`.
    Run {
        /// Task id as the policy gave it.
        task: INT,
        /// Where.
        place: Place,
    },
    /// Ask again after `after_ns`.
    Retry {
        /// Delay.
        after_ns: INT,
    },
    /// Sleep until a task becomes ready.
    Sleep,
}

/// A decision as the script built it, before validation.
#[derive(Clone, Debug, PartialEq)]
pub struct ScriptDecision {
    /// What to do.
    pub kind: Kind,
    /// Overhead replacing the default (`dispatch_ns()` for `run`).
    pub overhead_ns: Option<INT>,
    /// The policy's explanation, shown by the step-through.
    pub reason: Option<String>,
    /// The line of the `run`/`retry`/`sleep` call.
    pub line: Option<usize>,
}

impl ScriptDecision {
    fn new(ctx: &NativeCallContext, kind: Kind) -> Self {
        ScriptDecision { kind, overhead_ns: None, reason: None, line: ctx.call_position().line() }
    }
}

fn delay(what: &str, ns: INT) -> Result<INT, Box<EvalAltResult>> {
    if (0..=MAX_DELAY_NS).contains(&ns) {
        Ok(ns)
    } else {
        Err(host_error(format!("{what} must be between 0 and {MAX_DELAY_NS} ns, got {ns}")))
    }
}

/// Registers the decision constructors and methods.
pub fn register(engine: &mut Engine) {
    engine.register_type_with_name::<ScriptDecision>("Decision");
    engine
        .register_fn("run", |ctx: NativeCallContext, task: INT, place: Dynamic| -> Result<ScriptDecision, Box<EvalAltResult>> {
            if place.is_unit() {
                return Err(host_error(format!("run(task {task}, place): the place is () (did a search find no usable place?)")));
            }
            Ok(ScriptDecision::new(&ctx, Kind::Run { task, place: place_arg(&place)? }))
        })
        .register_fn("run", |ctx: NativeCallContext, task: INT, leader: INT, width: INT| -> Result<ScriptDecision, Box<EvalAltResult>> {
            let (Ok(leader), Ok(width)) = (u32::try_from(leader), u32::try_from(width)) else {
                return Err(host_error(format!("run(task {task}, leader {leader}, width {width}): not a place")));
            };
            Ok(ScriptDecision::new(&ctx, Kind::Run { task, place: Place { leader, width } }))
        })
        .register_fn("retry", |ctx: NativeCallContext, after_ns: INT| -> Result<ScriptDecision, Box<EvalAltResult>> {
            Ok(ScriptDecision::new(&ctx, Kind::Retry { after_ns: delay("retry's delay", after_ns)? }))
        })
        .register_fn("sleep", |ctx: NativeCallContext| ScriptDecision::new(&ctx, Kind::Sleep))
        .register_fn("with_overhead", |d: ScriptDecision, ns: INT| -> Result<ScriptDecision, Box<EvalAltResult>> {
            Ok(ScriptDecision { overhead_ns: Some(delay("the overhead", ns)?), ..d })
        })
        .register_fn("because", |d: ScriptDecision, reason: &str| ScriptDecision { reason: Some(reason.chars().take(500).collect()), ..d });
}

/// Why a decision cannot be applied.
pub struct Invalid {
    /// The line of the call that built it.
    pub line: Option<usize>,
    /// What is wrong.
    pub message: String,
}

/// Turns `value` (what `on_idle(core)` returned) into a decision; `ready` says which tasks were handed to `on_ready` and
/// not run yet, and is updated for a `run`.
pub fn validate(value: Dynamic, core: usize, places: &Places, ready: &mut [bool], dispatch_ns: TimeNs) -> Result<(Decision, Option<String>), Invalid> {
    let type_name = value.type_name();
    let Some(d) = value.try_cast::<ScriptDecision>() else {
        return Err(Invalid { line: None, message: format!("on_idle({core}) returned {type_name}; return run(task, core), retry(ns) or sleep()") });
    };
    let fail = |message: String| Invalid { line: d.line, message };
    let overhead = |default: TimeNs| d.overhead_ns.map_or(default, |ns| ns as TimeNs);
    let decision = match d.kind {
        Kind::Sleep => Decision::Sleep,
        Kind::Retry { after_ns } => Decision::Retry { after_ns: overhead(after_ns as TimeNs).max(1) },
        Kind::Run { task, place } => {
            let slot = usize::try_from(task).ok().and_then(|t| ready.get_mut(t));
            let Some(slot) = slot.filter(|s| **s) else {
                let why = if task < 0 || task as u64 >= ready.len() as u64 { "does not exist" } else { "is not ready (never handed to on_ready, or already run)" };
                return Err(fail(format!("on_idle({core}) returned run(task {task}, …) but task {task} {why}")));
            };
            if places.find(place).is_none() {
                return Err(fail(format!(
                    "on_idle({core}) returned run(task {task}, leader {}, width {}), which is not an execution place (width 1, 2, 4… cores inside one cluster, the leader a multiple of the width from the cluster's first core)",
                    place.leader, place.width
                )));
            }
            *slot = false;
            Decision::Run { task: task as u32, place, overhead_ns: overhead(dispatch_ns) }
        }
    };
    Ok((decision, d.reason))
}
