//! Task-DAG workloads (MODEL.md §3a): the layered synthetic generator of seed 001 and DAGs given as JSON, built into a compact [`TaskGraph`].

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::error::{at_least, InputError, InputResult};
use crate::model::WorkClass;
use crate::sim::Rng;

/// Synthetic kernels of seed 001 §4.2.2.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum KernelKind {
    /// Compute-bound tiled matrix multiplication.
    Matmul,
    /// Memory-bound copy.
    Copy,
    /// Cache-bound stencil.
    Stencil,
}

impl KernelKind {
    /// Name used as task type and default class.
    pub fn name(self) -> &'static str {
        match self {
            KernelKind::Matmul => "matmul",
            KernelKind::Copy => "copy",
            KernelKind::Stencil => "stencil",
        }
    }

    /// Default tile edge.
    pub fn default_tile(self) -> u32 {
        match self {
            KernelKind::Matmul => 64,
            KernelKind::Copy | KernelKind::Stencil => 256,
        }
    }

    /// Work of one task on the reference core at reference frequency, for a `tile × tile` tile.
    /// Matmul grows with tile³ (250 µs at 64), copy and stencil with tile² (60 µs and 150 µs at 256); *estimates*.
    pub fn work_ns(self, tile: u32) -> f64 {
        let t = tile as f64;
        match self {
            KernelKind::Matmul => 250_000.0 * (t / 64.0) * (t / 64.0) * (t / 64.0),
            KernelKind::Copy => 60_000.0 * (t / 256.0) * (t / 256.0),
            KernelKind::Stencil => 150_000.0 * (t / 256.0) * (t / 256.0),
        }
    }
}

/// High or low priority (critical or not).
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Priority {
    /// On the critical path.
    High,
    /// Everything else.
    #[default]
    Low,
}

/// One task of a DAG given in the scenario.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DagTask {
    /// Task type: which PTT it trains. Defaults to the class name.
    #[serde(rename = "type", default)]
    pub task_type: Option<String>,
    /// Work class (one of the scenario's classes).
    pub class: String,
    /// Work in reference nanoseconds.
    pub work_ns: f64,
    /// Priority.
    #[serde(default)]
    pub priority: Priority,
    /// Indices of the tasks this one waits for.
    #[serde(default)]
    pub deps: Vec<u32>,
}

/// Layered synthetic DAG: `parallelism` tasks per layer, one critical; the critical task releases the next layer.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Layered {
    /// Kernel of every task.
    pub kernel: KernelKind,
    /// Tasks per layer (P).
    pub parallelism: u32,
    /// Total tasks (rounded up to whole layers).
    pub tasks: u32,
    /// Tile edge; defaults per kernel.
    #[serde(default)]
    pub tile: Option<u32>,
    /// Work per task in reference ns; defaults from kernel and tile.
    #[serde(default)]
    pub work_ns: Option<f64>,
    /// Coefficient of variation of per-task work (0: all equal).
    #[serde(default)]
    pub jitter_cv: f64,
    /// Class name; defaults to the kernel name.
    #[serde(default)]
    pub class: Option<String>,
}

/// An explicit DAG.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Dag {
    /// Tasks; dependencies refer to indices in this list.
    pub tasks: Vec<DagTask>,
}

/// The scenario's workload, tagged by `kind` in JSON.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Workload {
    /// See [`Layered`].
    Layered(Layered),
    /// See [`Dag`].
    Dag(Dag),
    /// A loop program (OpenMP level); see [`crate::model::loops::LoopProgram`].
    LoopProgram(crate::model::loops::LoopProgram),
    /// OS level: applications started together (see [`crate::model::apps::AppMix`]).
    Applications(crate::model::apps::AppMix),
}

/// Most tasks a workload may have.
pub const MAX_TASKS: u32 = 5_000_000;

/// A DAG in struct-of-arrays form with successors in compressed rows: about 30 bytes per task.
#[derive(Clone, Debug, Default)]
pub struct TaskGraph {
    /// Work per task, reference ns.
    pub work_ns: Vec<f64>,
    /// Class index per task.
    pub class: Vec<u16>,
    /// Task type index per task.
    pub task_type: Vec<u16>,
    /// 1 for high priority.
    pub priority: Vec<u8>,
    /// Number of predecessors per task.
    pub n_preds: Vec<u32>,
    /// `succ[succ_start[i]..succ_start[i + 1]]` are task i's successors.
    pub succ_start: Vec<u32>,
    /// Successor lists.
    pub succ: Vec<u32>,
    /// Task type names.
    pub type_names: Vec<String>,
}

impl TaskGraph {
    /// Number of tasks.
    pub fn len(&self) -> usize {
        self.work_ns.len()
    }

    /// True when there are no tasks.
    pub fn is_empty(&self) -> bool {
        self.work_ns.is_empty()
    }

    /// Successors of task `i`.
    pub fn successors(&self, i: usize) -> &[u32] {
        &self.succ[self.succ_start[i] as usize..self.succ_start[i + 1] as usize]
    }

    /// A topological order, or the index of a task on a cycle.
    pub fn topological_order(&self) -> Result<Vec<u32>, u32> {
        let mut remaining = self.n_preds.clone();
        let mut order: Vec<u32> = (0..self.len() as u32).filter(|&i| remaining[i as usize] == 0).collect();
        let mut head = 0;
        while head < order.len() {
            let t = order[head] as usize;
            head += 1;
            for &s in self.successors(t) {
                remaining[s as usize] -= 1;
                if remaining[s as usize] == 0 {
                    order.push(s);
                }
            }
        }
        if order.len() == self.len() {
            Ok(order)
        } else {
            Err(remaining.iter().position(|&r| r > 0).unwrap_or(0) as u32)
        }
    }
}

struct Builder {
    graph: TaskGraph,
    edges: Vec<(u32, u32)>,
    type_index: HashMap<String, u16>,
}

impl Builder {
    fn type_id(&mut self, name: &str) -> u16 {
        if let Some(&i) = self.type_index.get(name) {
            return i;
        }
        let i = self.graph.type_names.len() as u16;
        self.graph.type_names.push(name.to_string());
        self.type_index.insert(name.to_string(), i);
        i
    }

    fn task(&mut self, work_ns: f64, class: u16, task_type: u16, priority: Priority) -> u32 {
        let g = &mut self.graph;
        g.work_ns.push(work_ns);
        g.class.push(class);
        g.task_type.push(task_type);
        g.priority.push(u8::from(priority == Priority::High));
        g.n_preds.push(0);
        (g.work_ns.len() - 1) as u32
    }

    fn finish(mut self) -> TaskGraph {
        let n = self.graph.work_ns.len();
        let mut counts = vec![0u32; n + 1];
        for &(from, to) in &self.edges {
            counts[from as usize + 1] += 1;
            self.graph.n_preds[to as usize] += 1;
        }
        for i in 0..n {
            counts[i + 1] += counts[i];
        }
        let mut fill = counts.clone();
        let mut succ = vec![0u32; self.edges.len()];
        for &(from, to) in &self.edges {
            succ[fill[from as usize] as usize] = to;
            fill[from as usize] += 1;
        }
        self.graph.succ_start = counts;
        self.graph.succ = succ;
        self.graph
    }
}

fn class_index(classes: &[WorkClass], name: &str, path: &str) -> InputResult<u16> {
    classes.iter().position(|k| k.name == name).map(|i| i as u16).ok_or_else(|| {
        let known: Vec<&str> = classes.iter().map(|k| k.name.as_str()).collect();
        InputError::new(path, format!("unknown class '{name}' (the scenario's classes are {known:?})"))
    })
}

impl Workload {
    /// Parses a workload, naming the bad field with its full path.
    pub fn from_value(value: serde_json::Value, path: &str) -> InputResult<Workload> {
        let (kind, rest) = crate::error::split_kind(value, path)?;
        match kind.as_str() {
            "layered" => Ok(Workload::Layered(crate::error::from_value(rest, path)?)),
            "dag" => Ok(Workload::Dag(crate::error::from_value(rest, path)?)),
            "loop_program" => Ok(Workload::LoopProgram(crate::error::from_value(rest, path)?)),
            "applications" => Ok(Workload::Applications(crate::error::from_value(rest, path)?)),
            other => Err(InputError::new(format!("{path}.kind"), format!("unknown workload kind '{other}' (known: layered, dag, loop_program, applications)"))),
        }
    }

    /// Validates and builds the DAG; `rng` draws critical positions and work jitter.
    pub fn build(&self, classes: &[WorkClass], rng: &mut Rng, path: &str) -> InputResult<TaskGraph> {
        let mut b = Builder { graph: TaskGraph::default(), edges: Vec::new(), type_index: HashMap::new() };
        match self {
            Workload::Layered(Layered { kernel, parallelism, tasks, tile, work_ns, jitter_cv, class }) => {
                if *parallelism == 0 {
                    return Err(InputError::new(format!("{path}.parallelism"), "must be at least 1"));
                }
                if *tasks == 0 || *tasks > MAX_TASKS {
                    return Err(InputError::new(format!("{path}.tasks"), format!("must be between 1 and {MAX_TASKS}")));
                }
                let tile = tile.unwrap_or(kernel.default_tile());
                if tile == 0 || tile > 8192 {
                    return Err(InputError::new(format!("{path}.tile"), "must be between 1 and 8192"));
                }
                let work = match work_ns {
                    Some(w) => at_least(&format!("{path}.work_ns"), *w, f64::MIN_POSITIVE)?,
                    None => kernel.work_ns(tile),
                };
                at_least(&format!("{path}.jitter_cv"), *jitter_cv, 0.0)?;
                let class_name = class.clone().unwrap_or_else(|| kernel.name().to_string());
                let k = class_index(classes, &class_name, &format!("{path}.class"))?;
                let ty = b.type_id(kernel.name());
                let p = *parallelism;
                let layers = tasks.div_ceil(p);
                let mut prev_critical: Option<u32> = None;
                for _ in 0..layers {
                    let critical_pos = rng.below(p as u64) as u32;
                    let mut critical = 0;
                    for pos in 0..p {
                        let w = if *jitter_cv > 0.0 {
                            // Uniform jitter with the requested coefficient of variation, kept positive.
                            let u = rng.unit_f64() * 2.0 - 1.0;
                            (work * (1.0 + u * jitter_cv * 3f64.sqrt())).max(work * 0.01)
                        } else {
                            work
                        };
                        let prio = if pos == critical_pos { Priority::High } else { Priority::Low };
                        let id = b.task(w, k, ty, prio);
                        if pos == critical_pos {
                            critical = id;
                        }
                        if let Some(pc) = prev_critical {
                            b.edges.push((pc, id));
                        }
                    }
                    prev_critical = Some(critical);
                }
            }
            Workload::Applications(_) => {
                return Err(InputError::new(path, "an applications workload runs at the OS level and has no single task graph"));
            }
            Workload::Dag(Dag { tasks }) => {
                if tasks.is_empty() {
                    return Err(InputError::new(format!("{path}.tasks"), "needs at least one task"));
                }
                if tasks.len() > MAX_TASKS as usize {
                    return Err(InputError::new(format!("{path}.tasks"), format!("at most {MAX_TASKS} tasks")));
                }
                for (i, t) in tasks.iter().enumerate() {
                    let p = format!("{path}.tasks[{i}]");
                    at_least(&format!("{p}.work_ns"), t.work_ns, f64::MIN_POSITIVE)?;
                    let k = class_index(classes, &t.class, &format!("{p}.class"))?;
                    let ty_name = t.task_type.clone().unwrap_or_else(|| t.class.clone());
                    let ty = b.type_id(&ty_name);
                    b.task(t.work_ns, k, ty, t.priority);
                    for (j, &d) in t.deps.iter().enumerate() {
                        if d as usize >= tasks.len() {
                            return Err(InputError::new(format!("{p}.deps[{j}]"), format!("task {d} does not exist ({} tasks)", tasks.len())));
                        }
                        if d as usize == i {
                            return Err(InputError::new(format!("{p}.deps[{j}]"), "a task cannot depend on itself"));
                        }
                        b.edges.push((d, i as u32));
                    }
                }
            }
            Workload::LoopProgram(_) => {
                return Err(InputError::new(format!("{path}.kind"), "a loop program is not a task DAG; run it with loop schedules"));
            }
        }
        if b.graph.type_names.len() > u16::MAX as usize {
            return Err(InputError::new(format!("{path}.tasks"), "too many task types"));
        }
        let graph = b.finish();
        if let Err(t) = graph.topological_order() {
            return Err(InputError::new(format!("{path}.tasks[{t}].deps"), format!("dependency cycle through task {t}")));
        }
        Ok(graph)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classes() -> Vec<WorkClass> {
        vec![WorkClass::named("matmul"), WorkClass::named("copy")]
    }

    #[test]
    fn layered_dag_has_one_critical_task_per_layer_releasing_the_next() {
        let w = Workload::Layered(Layered {
            kernel: KernelKind::Matmul,
            parallelism: 4,
            tasks: 12,
            tile: None,
            work_ns: None,
            jitter_cv: 0.0,
            class: None,
        });
        let g = w.build(&classes(), &mut Rng::new(3), "workload").expect("valid");
        assert_eq!(g.len(), 12);
        assert_eq!(g.priority.iter().filter(|&&p| p == 1).count(), 3);
        assert_eq!(g.n_preds[0..4], [0, 0, 0, 0]);
        assert!(g.n_preds[4..].iter().all(|&n| n == 1));
        let critical0 = (0..4).find(|&i| g.priority[i] == 1).expect("one critical");
        assert_eq!(g.successors(critical0), &[4, 5, 6, 7]);
    }

    #[test]
    fn cycles_and_bad_references_are_named() {
        let t = |deps: Vec<u32>| DagTask { task_type: None, class: "copy".into(), work_ns: 1.0, priority: Priority::Low, deps };
        let cyc = Workload::Dag(Dag { tasks: vec![t(vec![1]), t(vec![0])] });
        let e = cyc.build(&classes(), &mut Rng::new(1), "workload").expect_err("cycle");
        assert!(e.to_string().contains("cycle"), "{e}");
        let bad = Workload::Dag(Dag { tasks: vec![t(vec![5])] });
        let e = bad.build(&classes(), &mut Rng::new(1), "workload").expect_err("dangling");
        assert_eq!(e.path, "workload.tasks[0].deps[0]");
        let mut nan = t(vec![]);
        nan.work_ns = f64::NAN;
        let e = Workload::Dag(Dag { tasks: vec![nan] }).build(&classes(), &mut Rng::new(1), "workload").expect_err("nan");
        assert_eq!(e.path, "workload.tasks[0].work_ns");
        let mut unknown = t(vec![]);
        unknown.class = "fft".into();
        let e = Workload::Dag(Dag { tasks: vec![unknown] }).build(&classes(), &mut Rng::new(1), "workload").expect_err("class");
        assert_eq!(e.path, "workload.tasks[0].class");
    }
}
