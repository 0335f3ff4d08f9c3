//! Every scheduler of every level, by name: one table, one `name[k=v]` parser (`crate::spec`), and builders per level.
//!
//! Adding a scheduler is one file in its level's folder (`sched/`, `loops/`, `os/`) plus one [`Entry`] line below.
//! Scenarios, the CLI (`asymlab list schedulers --level L`) and the page (`schedulers_for(level)`) all read this table.

mod custom;
mod entries;

use serde::Serialize;

use crate::error::{InputError, InputResult};
use crate::loops::schedule::LoopSchedule;
use crate::model::apps::OsOptions;
use crate::model::Level;
use crate::os::OsMethod;
use crate::sched::common::SchedOptions;
use crate::sched::AnyTaskScheduler;
use crate::spec::{self, Params};

pub use custom::{check_customs, custom_index, task_in};
pub use entries::SCHEDULERS;

/// How an entry builds its scheduler from the spec's parameters.
#[derive(Clone, Copy)]
pub enum Build {
    /// A task-runtime policy.
    Task(fn(&mut Params, &SchedOptions) -> InputResult<AnyTaskScheduler>),
    /// An OpenMP loop schedule (`None` in the core Wasm module, built without feature `full`: it simulates the task
    /// level only, and the page's worker sends loop and OS-level scenarios to the full module).
    Loop(Option<LoopBuilder>),
    /// An OS-level method; the options give the mix's default thresholds (`None` in the core Wasm module, as for loops).
    Os(Option<OsBuilder>),
}

/// The builder of a loop schedule.
pub type LoopBuilder = fn(&mut Params) -> InputResult<Box<dyn LoopSchedule>>;
/// The builder of an OS-level method.
pub type OsBuilder = fn(&mut Params, &OsOptions) -> InputResult<OsMethod>;

/// The error of anything at `level` (loops, OS) that the core Wasm module leaves out: a builder, a run, an estimate.
pub fn elsewhere(level: Level, path: &str) -> InputError {
    InputError::new(path, format!("the {} level is simulated by the engine's full module, not its core module", level.name()))
}

/// One registered scheduler.
#[derive(Clone, Copy)]
pub struct Entry {
    /// Name used in scenarios.
    pub name: &'static str,
    /// Other names accepted for it (`static` for `static-bs`).
    pub aliases: &'static [&'static str],
    /// Parameters it accepts, as `key=default` separated by commas (empty for none).
    pub params: &'static str,
    /// One-line description for pickers and tooltips.
    pub description: &'static str,
    /// Its builder, which also fixes its level.
    pub build: Build,
}

impl Entry {
    /// The level the scheduler belongs to.
    pub fn level(&self) -> Level {
        match self.build {
            Build::Task(_) => Level::Tasks,
            Build::Loop(_) => Level::Loops,
            Build::Os(_) => Level::Os,
        }
    }

    /// The parameter keys, without defaults.
    fn keys(&self) -> String {
        self.params.split(',').filter_map(|p| p.split('=').next()).map(str::trim).filter(|k| !k.is_empty()).collect::<Vec<_>>().join(", ")
    }
}

/// What the CLI and the page list about a scheduler.
#[derive(Serialize, Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SchedulerInfo {
    /// Name used in scenarios.
    pub name: String,
    /// Its level.
    pub level: Level,
    /// Parameters it accepts, as `key=default` separated by commas.
    pub params: String,
    /// One line.
    pub description: String,
}

/// The schedulers of `level`, in the order pickers show them.
pub fn schedulers_for(level: Level) -> impl Iterator<Item = &'static Entry> {
    SCHEDULERS.iter().filter(move |e| e.level() == level)
}

/// Names of the schedulers of `level`.
pub fn names(level: Level) -> Vec<&'static str> {
    schedulers_for(level).map(|e| e.name).collect()
}

/// [`SchedulerInfo`] of every scheduler of `level` (every level when `None`).
pub fn infos(level: Option<Level>) -> Vec<SchedulerInfo> {
    SCHEDULERS
        .iter()
        .filter(|e| level.is_none_or(|l| e.level() == l))
        .map(|e| SchedulerInfo { name: e.name.into(), level: e.level(), params: e.params.into(), description: e.description.into() })
        .collect()
}

/// Finds the entry of `level` named by `spec` and its parameters; the error names `path` and lists the level's names.
fn lookup(level: Level, spec_text: &str, path: &str) -> InputResult<(&'static Entry, spec::Spec)> {
    let spec = spec::parse(spec_text, path)?;
    let found = schedulers_for(level).find(|e| e.name == spec.name || e.aliases.contains(&spec.name.as_str()));
    let Some(entry) = found else {
        let elsewhere = SCHEDULERS.iter().find(|e| e.name == spec.name).map(|e| e.level());
        let hint = match elsewhere {
            Some(other) => format!(" ('{}' is a {} scheduler; this workload runs at the {} level)", spec.name, other.name(), level.name()),
            None => String::new(),
        };
        return Err(InputError::new(path, format!("unknown scheduler '{}'{hint} (known: {})", spec.name, names(level).join(", "))));
    };
    Ok((entry, spec))
}

/// Runs `entry`'s builder over the spec's parameters, then rejects parameters it did not take.
fn with_params<T>(entry: &Entry, spec: spec::Spec, path: &str, build: impl FnOnce(&mut Params) -> InputResult<T>) -> InputResult<T> {
    let mut params = Params::new(entry.name, path, spec.params);
    let built = build(&mut params)?;
    params.done(&entry.keys())?;
    Ok(built)
}

/// Builds the task-runtime policy `spec`.
pub fn task(spec: &str, options: &SchedOptions, path: &str) -> InputResult<AnyTaskScheduler> {
    let (entry, parsed) = lookup(Level::Tasks, spec, path)?;
    let Build::Task(build) = entry.build else { return Err(InputError::new(path, "not a task scheduler")) };
    with_params(entry, parsed, path, |p| build(p, options))
}

/// Builds the loop schedule `spec`.
pub fn loop_schedule(spec: &str, path: &str) -> InputResult<Box<dyn LoopSchedule>> {
    let (entry, parsed) = lookup(Level::Loops, spec, path)?;
    let Build::Loop(build) = entry.build else { return Err(InputError::new(path, "not a loop schedule")) };
    let build = build.ok_or_else(|| elsewhere(Level::Loops, path))?;
    with_params(entry, parsed, path, build)
}

/// Builds the OS-level method `spec`; `options` gives the default thresholds.
pub fn os_method(spec: &str, options: &OsOptions, path: &str) -> InputResult<OsMethod> {
    let (entry, parsed) = lookup(Level::Os, spec, path)?;
    let Build::Os(build) = entry.build else { return Err(InputError::new(path, "not an OS-level scheduler")) };
    let build = build.ok_or_else(|| elsewhere(Level::Os, path))?;
    with_params(entry, parsed, path, |p| build(p, options))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loop_err(spec: &str) -> String {
        loop_schedule(spec, "schedulers[2]").err().map(|e| e.to_string()).unwrap_or_default()
    }

    #[test]
    fn every_entry_builds_with_defaults_and_names_are_unique_per_level() {
        let o = SchedOptions::new(8);
        for level in Level::ALL {
            let names = names(level);
            assert!(!names.is_empty(), "{level:?}");
            for (i, name) in names.iter().enumerate() {
                assert!(!names[..i].contains(name), "{name} twice at {level:?}");
                let ok = match level {
                    Level::Tasks => task(name, &o, "s").is_ok(),
                    Level::Loops => loop_schedule(name, "s").is_ok(),
                    Level::Os => os_method(name, &OsOptions::default(), "s").is_ok(),
                };
                assert!(ok, "{name}");
            }
        }
    }

    #[test]
    fn bad_specs_are_named_with_the_field_scheduler_and_parameter() {
        assert_eq!(loop_err("dynamic[chunk=0]"), "schedulers[2]: dynamic: chunk must be at least 1, got 0");
        assert!(loop_err("aid-hybrid[p=0]").contains("p must be in (0, 1]"));
        assert!(loop_err("aid-hybrid[p=1.5]").contains("p must be in (0, 1]"));
        assert!(loop_err("aid-dynamic[m=6,M=5]").contains("must not exceed the major chunk M"));
        assert!(loop_err("aid-static[q=1]").contains("unknown parameter 'q' (it takes: m)"));
        assert!(loop_err("magic").contains("unknown scheduler 'magic'"));
        assert!(loop_err("rws").contains("'rws' is a tasks scheduler; this workload runs at the loops level"));
        assert!(loop_err("dynamic[chunk").contains("brackets"));
        assert!(loop_schedule("aid-hybrid[p=1,chunk=4,m=2]", "s").is_ok());
        assert!(loop_schedule("static", "s").is_ok(), "alias of static-bs");

        let o = OsOptions::default();
        assert!(matches!(os_method("pbs[lb=off]", &o, "s"), Ok(OsMethod::Threads { .. })));
        assert!(matches!(os_method("tasks", &o, "s"), Ok(OsMethod::Tasks)));
        assert!(matches!(os_method("lin", &o, "s"), Ok(OsMethod::Threads { .. })), "alias of linux");
        let e = os_method("gts[up=200,down=700]", &o, "schedulers[1]").err().expect("wrong order");
        assert_eq!(e.path, "schedulers[1]");
        assert!(e.message.contains("down threshold (700) must be below the up threshold (200)"), "{e}");
        let e = os_method("pbs[up=3]", &o, "s").err().expect("no such parameter");
        assert!(e.message.contains("unknown parameter 'up' (it takes: lb)"), "{e}");
        assert!(os_method("pbs[lb=maybe]", &o, "s").err().expect("bad value").message.contains("on or off"));
        assert!(os_method("cfs", &o, "s").is_err());
        let e = task("magic", &SchedOptions::new(4), "schedulers[1]").err().expect("unknown");
        assert_eq!(e.path, "schedulers[1]");
        assert!(e.message.contains("unknown scheduler 'magic'") && e.message.contains("fifo, rws"), "{e}");
    }
}
