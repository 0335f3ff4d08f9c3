//! Checks of a task-level workload that need no graph: sizes, numbers, classes, dependency indices and pinned places,
//! so that a scenario is refused by field when it is parsed, before anything is built or run.

use crate::error::{in_range, InputError, InputResult};
use crate::model::workload::{layered_tasks, Dag, Layered, PlaceSpec, Workload, MAX_TASKS};
use crate::model::{Platform, WorkClass};

/// Most distinct task types a DAG may have (each is a row of the PTT).
pub const MAX_TASK_TYPES: usize = u16::MAX as usize;

/// Index of the class called `name`, or an error naming the known ones.
pub(crate) fn class_index(classes: &[WorkClass], name: &str, path: &str) -> InputResult<u16> {
    classes.iter().position(|k| k.name == name).map(|i| i as u16).ok_or_else(|| {
        let known: Vec<&str> = classes.iter().take(20).map(|k| k.name.as_str()).collect();
        InputError::new(path, format!("unknown class '{}' (the scenario's classes are {known:?})", crate::error::excerpt(name, 60)))
    })
}

impl Workload {
    /// Checks the sizes and numbers of a layered or explicit DAG (nothing at the other levels).
    pub fn validate_tasks(&self, classes: &[WorkClass], path: &str) -> InputResult<()> {
        match self {
            Workload::Layered(l) => validate_layered(l, classes, path),
            Workload::Dag(d) => validate_dag(d, classes, path),
            Workload::LoopProgram(_) | Workload::Applications(_) => Ok(()),
        }
    }

    /// Checks the places a DAG pins tasks to against `platform`: the error names the task and says what does not fit.
    pub fn check_places(&self, platform: &Platform, path: &str) -> InputResult<()> {
        let Workload::Dag(Dag { tasks, .. }) = self else { return Ok(()) };
        let n_cores = platform.n_cores();
        let cluster_of = platform.cluster_of_cores();
        let first = platform.first_cores();
        for (i, t) in tasks.iter().enumerate() {
            let Some(PlaceSpec { leader, width }) = t.place else { continue };
            let p = format!("{path}.tasks[{i}].place");
            if width == 0 || !width.is_power_of_two() {
                return Err(InputError::new(format!("{p}.width"), format!("must be a power of two (1, 2, 4, …), got {width}")));
            }
            if leader as usize >= n_cores {
                return Err(InputError::new(format!("{p}.leader"), format!("core {leader} does not exist (the platform has {n_cores})")));
            }
            let c = cluster_of[leader as usize];
            let cluster = &platform.clusters[c];
            if width > cluster.cores {
                return Err(InputError::new(
                    format!("{p}.width"),
                    format!("{width} cores do not fit in cluster {c} ({}), which has {}", cluster.name, cluster.cores),
                ));
            }
            let offset = leader as usize - first[c];
            if !offset.is_multiple_of(width as usize) || offset + width as usize > cluster.cores as usize {
                return Err(InputError::new(
                    format!("{p}.leader"),
                    format!("a place of width {width} in cluster {c} ({}) starts at core {} plus a multiple of {width}", cluster.name, first[c]),
                ));
            }
        }
        Ok(())
    }

}

fn validate_layered(l: &Layered, classes: &[WorkClass], path: &str) -> InputResult<()> {
    if l.parallelism == 0 {
        return Err(InputError::new(format!("{path}.parallelism"), "must be at least 1"));
    }
    if l.tasks == 0 || l.tasks > MAX_TASKS {
        return Err(InputError::new(format!("{path}.tasks"), format!("must be between 1 and {MAX_TASKS}, got {}", l.tasks)));
    }
    let total = layered_tasks(l.parallelism, l.tasks);
    if total > MAX_TASKS as u64 {
        return Err(InputError::new(
            format!("{path}.parallelism"),
            format!("{} tasks per layer make {total} tasks in whole layers; at most {MAX_TASKS}", l.parallelism),
        ));
    }
    let tile = l.tile.unwrap_or(l.kernel.default_tile());
    if tile == 0 || tile > 8192 {
        return Err(InputError::new(format!("{path}.tile"), format!("must be between 1 and 8192, got {tile}")));
    }
    if let Some(w) = l.work_ns {
        crate::model::work_ns(&format!("{path}.work_ns"), w, false)?;
    }
    in_range(&format!("{path}.jitter_cv"), l.jitter_cv, 0.0, 10.0)?;
    class_index(classes, l.class.as_deref().unwrap_or(l.kernel.name()), &format!("{path}.class"))?;
    if let Some(v) = l.working_set_kb {
        in_range(&format!("{path}.working_set_kb"), v, 0.0, 1e9)?;
    }
    if let Some(v) = l.l1_miss_factor {
        in_range(&format!("{path}.l1_miss_factor"), v, 1.0, 1e3)?;
    }
    Ok(())
}

fn validate_dag(d: &Dag, classes: &[WorkClass], path: &str) -> InputResult<()> {
    let tasks = &d.tasks;
    if tasks.is_empty() {
        return Err(InputError::new(format!("{path}.tasks"), "needs at least one task"));
    }
    if tasks.len() > MAX_TASKS as usize {
        return Err(InputError::new(format!("{path}.tasks"), format!("at most {MAX_TASKS} tasks, got {}", tasks.len())));
    }
    let mut types = std::collections::HashSet::new();
    for (i, t) in tasks.iter().enumerate() {
        let p = format!("{path}.tasks[{i}]");
        crate::model::work_ns(&format!("{p}.work_ns"), t.work_ns, false)?;
        class_index(classes, &t.class, &format!("{p}.class"))?;
        if types.len() < MAX_TASK_TYPES {
            types.insert(t.task_type.as_deref().unwrap_or(&t.class));
        } else if !types.contains(t.task_type.as_deref().unwrap_or(&t.class)) {
            return Err(InputError::new(format!("{p}.type"), format!("more than {MAX_TASK_TYPES} task types")));
        }
        for (j, &dep) in t.deps.iter().enumerate() {
            if dep as usize >= tasks.len() {
                return Err(InputError::new(format!("{p}.deps[{j}]"), format!("task {dep} does not exist ({} tasks)", tasks.len())));
            }
            if dep as usize == i {
                return Err(InputError::new(format!("{p}.deps[{j}]"), "a task cannot depend on itself"));
            }
        }
    }
    Ok(())
}
