//! Task-DAG workloads (docs/model-reference.md §3a): the layered synthetic generator of Chen et al. and DAGs given as JSON, built into a compact [`TaskGraph`].

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

use crate::error::{InputError, InputResult};
use crate::model::WorkClass;
use super::workload_check::class_index;
use crate::sim::Rng;

pub use super::graph::TaskGraph;

/// Synthetic kernels of Chen et al. §4.2.2.
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

    /// Working set of one task, KiB: 2.5 tiles of 4-byte elements for matmul (so that, as Chen et al. §5.3 states, tile 32 fits
    /// a 32 KB L1, tiles 64 and 80 fit only Denver's 64 KB, 96 fits neither; *estimate*), two tiles for copy and stencil.
    pub fn working_set_kb(self, tile: u32) -> f64 {
        let tile_kb = tile as f64 * tile as f64 * 4.0 / 1024.0;
        match self {
            KernelKind::Matmul => 2.5 * tile_kb,
            KernelKind::Copy | KernelKind::Stencil => 2.0 * tile_kb,
        }
    }

    /// Default slowdown (time factor) of a partition whose working set misses the core's L1: 1, no effect, so that
    /// L1 fit is opt-in per workload (`l1_miss_factor`; Chen et al.'s presets set 1.4 for matmul, see the `tx2` class set).
    pub fn default_l1_miss_factor(self) -> f64 {
        1.0
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

/// An execution place written in a scenario: `width` cores from `leader`, inside one cluster.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct PlaceSpec {
    /// First core.
    pub leader: u32,
    /// Number of cores: a power of two that fits the cluster.
    pub width: u32,
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
    /// Run exactly here (not stealable). Honoured by the PTT-based schedulers (RWSM-C … DAM-P); FIFO and RWS ignore it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<PlaceSpec>,
}

/// Layered synthetic DAG: `parallelism` tasks per layer, the first one critical; the critical task releases the next layer.
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
    /// Working set of one task in KiB; defaults from kernel and tile. A partition of width `w` touches `working_set_kb / w`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub working_set_kb: Option<f64>,
    /// Time factor (≥ 1) of a partition whose working set exceeds its core's L1; defaults per kernel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub l1_miss_factor: Option<f64>,
}

/// How the tasks of an explicit DAG get their priority.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
#[serde(rename_all = "snake_case")]
pub enum Criticality {
    /// As each task says.
    #[default]
    Given,
    /// High for the tasks on a longest path (top level + bottom level = critical path length, by work), as CATS does.
    BottomLevel,
}

/// An explicit DAG.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Dag {
    /// Tasks; dependencies refer to indices in this list.
    pub tasks: Vec<DagTask>,
    /// Where priorities come from.
    #[serde(default, skip_serializing_if = "is_given")]
    pub criticality: Criticality,
}

fn is_given(c: &Criticality) -> bool {
    *c == Criticality::Given
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

impl Workload {
    /// The level of the workload kind named `kind` in a scenario's JSON (`layered`, `dag`, `loop_program`, `applications`).
    pub fn level_of_kind(kind: &str) -> Option<super::Level> {
        match kind {
            "layered" | "dag" => Some(super::Level::Tasks),
            "loop_program" => Some(super::Level::Loops),
            "applications" => Some(super::Level::Os),
            _ => None,
        }
    }

    /// Tasks of a task-level workload before it is built (layered: whole layers; 0 at the other levels).
    pub fn task_count(&self) -> u64 {
        match self {
            Workload::Layered(l) => layered_tasks(l.parallelism, l.tasks),
            Workload::Dag(d) => d.tasks.len() as u64,
            Workload::LoopProgram(_) | Workload::Applications(_) => 0,
        }
    }

    /// The level whose schedulers run this workload.
    pub fn level(&self) -> super::Level {
        match self {
            Workload::Layered(_) | Workload::Dag(_) => super::Level::Tasks,
            Workload::LoopProgram(_) => super::Level::Loops,
            Workload::Applications(_) => super::Level::Os,
        }
    }
}

/// Most tasks a workload may have.
pub const MAX_TASKS: u32 = 5_000_000;

/// Tasks of a layered DAG: `tasks` rounded up to whole layers of `parallelism`.
pub fn layered_tasks(parallelism: u32, tasks: u32) -> u64 {
    (tasks as u64).div_ceil(parallelism.max(1) as u64) * parallelism as u64
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

impl Workload {
    /// Parses a workload from its raw JSON, naming the bad field with its full path; no intermediate tree is built.
    pub fn from_raw(raw: &crate::error::RawValue, path: &str) -> InputResult<Workload> {
        let (kind, rest) = crate::error::split_kind_raw(raw, path)?;
        match kind.as_str() {
            "layered" => Ok(Workload::Layered(rest.into(path)?)),
            "dag" => Ok(Workload::Dag(rest.into(path)?)),
            #[cfg(feature = "full")]
            "loop_program" => Ok(Workload::LoopProgram(rest.into(path)?)),
            #[cfg(feature = "full")]
            "applications" => Ok(Workload::Applications(rest.into(path)?)),
            #[cfg(not(feature = "full"))]
            "loop_program" | "applications" => Err(InputError::new(format!("{path}.kind"), format!("'{kind}' workloads are simulated by the engine's full module, not its core module"))),
            other => Err(InputError::new(format!("{path}.kind"), format!("unknown workload kind '{other}' (known: layered, dag, loop_program, applications)"))),
        }
    }

    /// Validates and builds the DAG; `rng` draws work jitter.
    pub fn build(&self, classes: &[WorkClass], rng: &mut Rng, path: &str) -> InputResult<TaskGraph> {
        self.validate_tasks(classes, path)?;
        let mut b = Builder { graph: TaskGraph::default(), edges: Vec::new(), type_index: HashMap::new() };
        match self {
            Workload::Layered(Layered { kernel, parallelism, tasks, tile, work_ns, jitter_cv, class, working_set_kb, l1_miss_factor }) => {
                let tile = tile.unwrap_or(kernel.default_tile());
                let work = work_ns.unwrap_or_else(|| kernel.work_ns(tile));
                let class_name = class.clone().unwrap_or_else(|| kernel.name().to_string());
                let k = class_index(classes, &class_name, &format!("{path}.class"))?;
                let ty = b.type_id(kernel.name());
                let ws = working_set_kb.unwrap_or_else(|| kernel.working_set_kb(tile));
                let factor = l1_miss_factor.unwrap_or_else(|| kernel.default_l1_miss_factor());
                b.graph.type_working_set_kb = vec![ws];
                b.graph.type_l1_miss_factor = vec![factor];
                let p = *parallelism;
                let layers = tasks.div_ceil(p);
                let mut prev_critical: Option<u32> = None;
                for _ in 0..layers {
                    // The layer's first task is its critical one, made first and so the first successor of the previous critical
                    // task (XiTAO's benchmarks/syntheticDAGs/synthdag.cxx: `j == 0`), which decides whose deque end it lands at.
                    let mut critical = 0;
                    for pos in 0..p {
                        let w = if *jitter_cv > 0.0 {
                            // Uniform jitter with the requested coefficient of variation, kept positive.
                            let u = rng.unit_f64() * 2.0 - 1.0;
                            (work * (1.0 + u * jitter_cv * 3f64.sqrt())).max(work * 0.01)
                        } else {
                            work
                        };
                        let prio = if pos == 0 { Priority::High } else { Priority::Low };
                        let id = b.task(w, k, ty, prio);
                        if pos == 0 {
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
            Workload::Dag(Dag { tasks, .. }) => {
                for (i, t) in tasks.iter().enumerate() {
                    let k = class_index(classes, &t.class, &format!("{path}.tasks[{i}].class"))?;
                    let ty = b.type_id(t.task_type.as_deref().unwrap_or(&t.class));
                    let id = b.task(t.work_ns, k, ty, t.priority);
                    if let Some(place) = t.place {
                        b.graph.pinned.push((id, place.leader, place.width));
                    }
                    b.edges.extend(t.deps.iter().map(|&d| (d, i as u32)));
                }
            }
            Workload::LoopProgram(_) => {
                return Err(InputError::new(format!("{path}.kind"), "a loop program is not a task DAG; run it with loop schedules"));
            }
        }
        let mut graph = b.finish();
        // A generated DAG's edges go forward, which rules out a cycle without searching for one.
        if !graph.edges_go_forward() {
            if let Err(t) = graph.topological_order() {
                return Err(InputError::new(format!("{path}.tasks[{t}].deps"), format!("dependency cycle through task {t}")));
            }
        }
        if let Workload::Dag(Dag { criticality: Criticality::BottomLevel, .. }) = self {
            graph.mark_critical_by_bottom_level();
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
            working_set_kb: None,
            l1_miss_factor: None,
        });
        let g = w.build(&classes(), &mut Rng::new(3), "workload").expect("valid");
        assert_eq!(g.len(), 12);
        assert_eq!(g.priority.iter().filter(|&&p| p == 1).count(), 3);
        assert_eq!(g.n_preds[0..4], [0, 0, 0, 0]);
        assert!(g.n_preds[4..].iter().all(|&n| n == 1));
        // The first task of each layer is the critical one (XiTAO's synthdag.cxx).
        assert_eq!(g.priority, [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]);
        assert_eq!(g.successors(0), &[4, 5, 6, 7]);
    }

    #[test]
    fn cycles_and_bad_references_are_named() {
        let t = |deps: Vec<u32>| DagTask { task_type: None, class: "copy".into(), work_ns: 1.0, priority: Priority::Low, deps, place: None };
        let cyc = Workload::Dag(Dag { tasks: vec![t(vec![1]), t(vec![0])], criticality: Criticality::Given });
        let e = cyc.build(&classes(), &mut Rng::new(1), "workload").expect_err("cycle");
        assert!(e.to_string().contains("cycle"), "{e}");
        let bad = Workload::Dag(Dag { tasks: vec![t(vec![5])], criticality: Criticality::Given });
        let e = bad.build(&classes(), &mut Rng::new(1), "workload").expect_err("dangling");
        assert_eq!(e.path, "workload.tasks[0].deps[0]");
        let mut nan = t(vec![]);
        nan.work_ns = f64::NAN;
        let e = Workload::Dag(Dag { tasks: vec![nan], criticality: Criticality::Given }).build(&classes(), &mut Rng::new(1), "workload").expect_err("nan");
        assert_eq!(e.path, "workload.tasks[0].work_ns");
        let mut unknown = t(vec![]);
        unknown.class = "fft".into();
        let e = Workload::Dag(Dag { tasks: vec![unknown], criticality: Criticality::Given }).build(&classes(), &mut Rng::new(1), "workload").expect_err("class");
        assert_eq!(e.path, "workload.tasks[0].class");
    }

    /// A DAG whose edges go forward takes the shortcut (`0..n` as its order, no cycle search); the same DAG numbered
    /// backwards takes the search; both give the same critical path and the same ranks, bit for bit.
    #[test]
    fn forward_numbering_shortcut_gives_what_the_search_gives() {
        let n = 400u32;
        let mut rng = Rng::new(11);
        let t = |work_ns: f64, deps: Vec<u32>| DagTask { task_type: None, class: "copy".into(), work_ns, priority: Priority::Low, deps, place: None };
        let mut forward = Vec::new();
        for i in 0..n {
            let deps: Vec<u32> = (0..3).filter(|_| i > 0).map(|_| rng.below(i as u64) as u32).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
            forward.push(t(1.0 + rng.below(1000) as f64 * 0.37, deps));
        }
        // Task i becomes task n − 1 − i: every edge now goes from a higher index to a lower one.
        let flip = |i: u32| n - 1 - i;
        let mut backward: Vec<DagTask> = forward.clone();
        for (i, task) in forward.iter().enumerate() {
            backward[flip(i as u32) as usize] = t(task.work_ns, task.deps.iter().map(|&d| flip(d)).collect());
        }
        let build = |tasks: Vec<DagTask>| {
            Workload::Dag(Dag { tasks, criticality: Criticality::BottomLevel }).build(&classes(), &mut Rng::new(1), "workload").expect("valid")
        };
        let (f, b) = (build(forward), build(backward));
        assert!(f.edges_go_forward() && !b.edges_go_forward());
        let (rank_f, rank_b) = (f.upward_rank(&f.work_ns), b.upward_rank(&b.work_ns));
        for i in 0..n {
            assert_eq!(f.priority[i as usize], b.priority[flip(i) as usize], "task {i}");
            assert_eq!(rank_f[i as usize].to_bits(), rank_b[flip(i) as usize].to_bits(), "task {i}");
        }
        assert!(f.priority.iter().filter(|&&p| p == 1).count() >= 2);
    }

    #[test]
    fn bottom_level_marks_the_longest_path() {
        // 0 → 1 → 3 and 0 → 2 → 3, with 2 heavier: the critical path is 0, 2, 3.
        let t = |work_ns: f64, deps: Vec<u32>| DagTask { task_type: None, class: "copy".into(), work_ns, priority: Priority::Low, deps, place: None };
        let dag = Workload::Dag(Dag {
            tasks: vec![t(10.0, vec![]), t(5.0, vec![0]), t(50.0, vec![0]), t(10.0, vec![1, 2])],
            criticality: Criticality::BottomLevel,
        });
        let g = dag.build(&classes(), &mut Rng::new(1), "workload").expect("valid");
        assert_eq!(g.priority, vec![1, 0, 1, 1]);
    }

    #[test]
    fn matmul_working_sets_fit_l1_as_the_paper_states() {
        let ws = |tile| KernelKind::Matmul.working_set_kb(tile);
        assert!(ws(32) <= 32.0, "tile 32 fits the A57's 32 KB");
        assert!(ws(64) > 32.0 && ws(64) <= 64.0, "tile 64 fits only Denver's 64 KB");
        assert!(ws(80) > 32.0 && ws(80) <= 64.0, "tile 80 fits only Denver's 64 KB");
        assert!(ws(96) > 64.0, "tile 96 fits neither");
    }
}
