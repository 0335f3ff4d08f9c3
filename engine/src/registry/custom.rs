//! Custom schedulers beside the built-in ones: a scenario's `custom_schedulers` (`policy/`) resolve by name before the table.

use super::{task, SCHEDULERS};
use crate::error::{InputError, InputResult};
use crate::policy::{self, CustomScheduler};
use crate::sched::common::SchedOptions;
use crate::sched::AnyTaskScheduler;
use crate::spec;

/// Checks every definition of `defs` (at `custom_schedulers[i]`): names free and unique, level, source compiles.
pub fn check_customs(defs: &[CustomScheduler]) -> InputResult<()> {
    let is_builtin = |name: &str| SCHEDULERS.iter().any(|e| e.name == name || e.aliases.contains(&name));
    for (i, def) in defs.iter().enumerate() {
        let path = format!("custom_schedulers[{i}]");
        policy::check(def, &path, is_builtin)?;
        if defs[..i].iter().any(|d| d.name == def.name) {
            return Err(InputError::new(format!("{path}.name"), format!("custom scheduler '{}' is defined twice", def.name)));
        }
    }
    Ok(())
}

/// The index of the custom scheduler `spec` names, if any (custom schedulers take no parameters).
pub fn custom_index(defs: &[CustomScheduler], spec_text: &str, path: &str) -> InputResult<Option<usize>> {
    let parsed = spec::parse(spec_text, path)?;
    let Some(i) = defs.iter().position(|d| d.name == parsed.name) else { return Ok(None) };
    if !parsed.params.is_empty() {
        return Err(InputError::new(path, format!("'{}' is a custom scheduler and takes no parameters", parsed.name)));
    }
    Ok(Some(i))
}

/// Builds the task scheduler `spec`: a custom one of `defs`, or a built-in one.
pub fn task_in(spec_text: &str, options: &SchedOptions, defs: &[CustomScheduler], path: &str) -> InputResult<AnyTaskScheduler> {
    match custom_index(defs, spec_text, path)? {
        Some(i) => policy::task_scheduler(&defs[i], i, options).map(AnyTaskScheduler::from),
        None => task(spec_text, options, path).map_err(|e| with_custom_names(e, defs)),
    }
}

/// Adds the custom names to an "unknown scheduler" error's list of known names.
fn with_custom_names(mut e: InputError, defs: &[CustomScheduler]) -> InputError {
    if !defs.is_empty() && e.message.starts_with("unknown scheduler") {
        let names: Vec<&str> = defs.iter().map(|d| d.name.as_str()).collect();
        e.message = format!("{}; custom: {}", e.message, names.join(", "));
    }
    e
}
