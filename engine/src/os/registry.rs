//! OS-level scheduler names: `pinned`, `linux`, `gts`, `cs`, `iks`, `pbs`, `lcss`, the loop variants and `tasks`,
//! with parameters in brackets: `pbs[lb=off]`, `gts[up=700,down=256]`.

use super::cluster_switch::ClusterSwitch;
use super::gts::Gts;
use super::iks::Iks;
use super::lcss::Lcss;
use super::linux::Linux;
use super::pbs::Pbs;
use super::pinned::Pinned;
use super::OsScheduler;
use crate::error::{InputError, InputResult};
use crate::model::apps::{check_thresholds, OsOptions, Split};

/// One registered OS-level method.
pub struct Entry {
    /// Name used in scenarios.
    pub name: &'static str,
    /// Parameters it accepts.
    pub params: &'static str,
    /// One-line description for pickers and tooltips.
    pub description: &'static str,
}

/// Every OS-level method, in the order pickers show them.
pub const OS_SCHEDULERS: &[Entry] = &[
    Entry { name: "pinned", params: "", description: "Static threading (pthreads): thread i pinned to core i; the application's own split decides the balance (seed 000)." },
    Entry { name: "linux", params: "lb", description: "LIN: asymmetry-unaware Linux; random idle core, wake on previous core, balances runnable counts (seed 002)." },
    Entry { name: "gts", params: "lb, up, down", description: "Global Task Scheduling: utilisation tracking, up/down migration thresholds, idle pull by big cores (seed 000)." },
    Entry { name: "cs", params: "lb, up, down", description: "Cluster switching: only one cluster runs at a time, chosen by total utilisation (seed 000 §3.1)." },
    Entry { name: "iks", params: "lb, up, down", description: "In-kernel switcher: big/little pairs seen as one CPU, each on one side by its utilisation (seed 000 §3.1)." },
    Entry { name: "pbs", params: "lb", description: "Preference Based Scheduling: PBA, WPC and PBB; large cores to high-preference applications (seed 002)." },
    Entry { name: "lcss", params: "lb", description: "Large Core Splitting: LCSA, WPC and LCSB; large cores split evenly among applications (seed 002)." },
    Entry { name: "loop-static", params: "", description: "OpenMP parallel loops, schedule(static): even split, threads pinned (seed 000 Fig. 9)." },
    Entry { name: "loop-dynamic", params: "", description: "OpenMP parallel loops, schedule(dynamic): chunks from a shared pool, threads pinned (seed 000 Fig. 9)." },
    Entry { name: "tasks", params: "", description: "Task-based: the profile's tasks under the FIFO runtime with barriers removed (seed 000 §3.3)." },
];

/// What a name builds.
pub enum OsMethod {
    /// Threads under an OS scheduler, optionally with every region's split forced.
    Threads {
        /// The policy.
        sched: Box<dyn OsScheduler>,
        /// Forced split (loop variants).
        split: Option<Split>,
    },
    /// The task-based version under the task runtime.
    Tasks,
}

/// Splits `name[k=v,k=v]` into the name and its parameters.
pub fn parse(spec: &str, path: &str) -> InputResult<(String, Vec<(String, String)>)> {
    let spec = spec.trim();
    let Some(open) = spec.find('[') else { return Ok((spec.to_string(), Vec::new())) };
    let Some(inner) = spec[open + 1..].strip_suffix(']') else {
        return Err(InputError::new(path, format!("'{spec}': parameters go in brackets, as in pbs[lb=off]")));
    };
    let mut params = Vec::new();
    for part in inner.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let Some((k, v)) = part.split_once('=') else {
            return Err(InputError::new(path, format!("'{part}' is not key=value (in '{spec}')")));
        };
        params.push((k.trim().to_string(), v.trim().to_string()));
    }
    Ok((spec[..open].trim().to_string(), params))
}

/// True when `name` (with or without parameters) is an OS-level method.
pub fn is_os_method(spec: &str) -> bool {
    let base = spec.split('[').next().unwrap_or("").trim();
    OS_SCHEDULERS.iter().any(|e| e.name == base) || base == "static" || base == "lin"
}

/// Builds the method called `spec`; `options` gives the default thresholds. Errors name `path`.
pub fn build(spec: &str, options: &OsOptions, path: &str) -> InputResult<OsMethod> {
    let (name, params) = parse(spec, path)?;
    let name = match name.as_str() {
        "static" => "pinned".to_string(),
        "lin" => "linux".to_string(),
        _ => name,
    };
    let Some(entry) = OS_SCHEDULERS.iter().find(|e| e.name == name) else {
        let known: Vec<&str> = OS_SCHEDULERS.iter().map(|e| e.name).collect();
        return Err(InputError::new(path, format!("unknown OS-level scheduler '{name}' (known: {})", known.join(", "))));
    };
    let mut lb = true;
    let mut up = None;
    let mut down = None;
    for (k, v) in &params {
        if !entry.params.split(", ").any(|p| p == k) {
            return Err(InputError::new(path, format!("'{name}' has no parameter '{k}' (it takes: {})", if entry.params.is_empty() { "none" } else { entry.params })));
        }
        match k.as_str() {
            "lb" => {
                lb = match v.as_str() {
                    "on" | "true" | "1" => true,
                    "off" | "false" | "0" => false,
                    _ => return Err(InputError::new(path, format!("lb must be on or off, got '{v}'"))),
                }
            }
            "up" | "down" => {
                let x: u32 = v.parse().ok().filter(|x| *x <= 1024).ok_or_else(|| InputError::new(path, format!("{k} must be a whole number from 0 to 1024, got '{v}'")))?;
                if k == "up" {
                    up = Some(x);
                } else {
                    down = Some(x);
                }
            }
            _ => {}
        }
    }
    if up.is_some() || down.is_some() {
        check_thresholds(path, down.unwrap_or(options.down_threshold), up.unwrap_or(options.up_threshold))?;
    }
    let (up, down) = (up.map(f64::from), down.map(f64::from));
    let threads = |sched: Box<dyn OsScheduler>| OsMethod::Threads { sched, split: None };
    Ok(match name.as_str() {
        "pinned" => threads(Box::new(Pinned)),
        "linux" => threads(Box::new(Linux { lb })),
        "gts" => threads(Box::new(Gts { lb, up, down })),
        "cs" => threads(Box::new(ClusterSwitch { lb, up, down, on_big: false })),
        "iks" => threads(Box::new(Iks::new(lb, up, down))),
        "pbs" => threads(Box::new(Pbs::new(lb))),
        "lcss" => threads(Box::new(Lcss::new(lb))),
        "loop-static" => OsMethod::Threads { sched: Box::new(Pinned), split: Some(Split::Even) },
        "loop-dynamic" => OsMethod::Threads { sched: Box::new(Pinned), split: Some(Split::Pool) },
        _ => OsMethod::Tasks,
    })
}

/// Names of every OS-level method.
pub fn names() -> Vec<&'static str> {
    OS_SCHEDULERS.iter().map(|e| e.name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_parse_with_parameters_and_bad_ones_are_explained() {
        let o = OsOptions::default();
        assert!(matches!(build("pbs[lb=off]", &o, "schedulers[0]"), Ok(OsMethod::Threads { .. })));
        assert!(matches!(build("tasks", &o, "schedulers[0]"), Ok(OsMethod::Tasks)));
        let e = build("gts[up=200,down=700]", &o, "schedulers[1]").err().expect("wrong order");
        assert_eq!(e.path, "schedulers[1]");
        assert!(e.message.contains("down threshold (700) must be below the up threshold (200)"), "{e}");
        let e = build("pbs[up=3]", &o, "schedulers[0]").err().expect("no such parameter");
        assert!(e.message.contains("no parameter 'up'"), "{e}");
        let e = build("pbs[lb=maybe]", &o, "s").err().expect("bad value");
        assert!(e.message.contains("on or off"), "{e}");
        assert!(build("cfs", &o, "s").is_err());
        assert!(is_os_method("lcss[lb=off]") && !is_os_method("rws"));
    }
}
