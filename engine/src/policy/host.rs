//! What a policy can read and call: the view of the run (time, DAG, speeds, places, PTT, costs), the run's seeded generator,
//! and the PTT searches of the built-in policies, registered as plain functions of the sandbox.
//!
//! Before each hook the scheduler copies the view into a shared [`Ctx`] (the DAG and the places once, speeds and PTT each
//! call) and lends it the run's generator, so that a policy's random numbers are the engine's and runs stay reproducible.

use std::cell::RefCell;
use std::rc::Rc;

use rhai::{Array, Dynamic, Engine, EvalAltResult, Map, INT};

use super::sandbox::host_error;
use crate::model::{SpeedState, TaskGraph};
use crate::sched::common::{fastest_cluster_cores, global_search, local_search, local_search_exploring};
use crate::sched::{Costs, Place, Places, Ptt, View};
use crate::sim::{Rng, TimeNs};

/// The view of the run a hook sees, shared with the registered functions.
pub struct Ctx {
    /// Current time.
    pub now_ns: TimeNs,
    /// Number of cores.
    pub n_cores: usize,
    /// Scheduling costs.
    pub costs: Costs,
    /// The run's generator, lent for the duration of a hook.
    pub rng: Rng,
    /// The DAG, speeds, places and PTT (None before the first hook).
    pub snap: Option<Snapshot>,
}

/// Copies of the simulation state a policy reads.
pub struct Snapshot {
    /// The workload.
    pub graph: TaskGraph,
    /// Current speeds.
    pub speed: SpeedState,
    /// Valid execution places.
    pub places: Places,
    /// The Performance Trace Table.
    pub ptt: Ptt,
    /// Number of work classes the DAG uses.
    pub n_classes: usize,
}

/// The context shared by the scheduler and the registered functions.
pub type Shared = Rc<RefCell<Ctx>>;

type Res<T> = Result<T, Box<EvalAltResult>>;

impl Ctx {
    /// Copies what changes between hooks from `view` (and, the first time, the DAG and the places), and swaps the run's
    /// generator in; [`Ctx::unload`] swaps it back.
    pub fn load(&mut self, view: &mut View) {
        self.now_ns = view.now_ns;
        self.n_cores = view.n_cores;
        self.costs = *view.costs;
        std::mem::swap(&mut self.rng, view.rng);
        match &mut self.snap {
            Some(s) => {
                s.speed.clone_from(view.speed);
                s.ptt.clone_from(view.ptt);
            }
            None => {
                let n_classes = view.graph.class.iter().map(|&k| k as usize + 1).max().unwrap_or(0);
                let (graph, speed, places, ptt) = (view.graph.clone(), view.speed.clone(), view.places.clone(), view.ptt.clone());
                self.snap = Some(Snapshot { graph, speed, places, ptt, n_classes });
            }
        }
    }

    /// Gives the generator back to the run.
    pub fn unload(&mut self, view: &mut View) {
        std::mem::swap(&mut self.rng, view.rng);
    }
}

/// Runs `f` on a [`View`] rebuilt from the context.
pub fn with_view<R>(ctx: &Shared, f: impl FnOnce(&mut View, usize) -> Res<R>) -> Res<R> {
    let mut guard = ctx.borrow_mut();
    let Ctx { now_ns, n_cores, costs, rng, snap } = &mut *guard;
    let s = snap.as_ref().ok_or_else(|| host_error("the view is available only inside a hook"))?;
    let mut view = View { now_ns: *now_ns, graph: &s.graph, speed: &s.speed, places: &s.places, ptt: &s.ptt, costs, rng, n_cores: *n_cores };
    f(&mut view, s.n_classes)
}

/// `core` as an index, or an error naming the valid range.
pub fn core_of(view: &View, core: INT) -> Res<usize> {
    if core >= 0 && (core as u64) < view.n_cores as u64 {
        Ok(core as usize)
    } else {
        Err(host_error(format!("core {core} does not exist (cores are 0 to {})", view.n_cores.saturating_sub(1))))
    }
}

/// `task` as an index, or an error naming the valid range.
pub fn task_of(view: &View, task: INT) -> Res<usize> {
    if task >= 0 && (task as u64) < view.graph.len() as u64 {
        Ok(task as usize)
    } else {
        Err(host_error(format!("task {task} does not exist (tasks are 0 to {})", view.graph.len().saturating_sub(1))))
    }
}

/// A place as the map `#{leader, width, cluster}` policies see.
pub fn place_map(place: Place, places: &Places) -> Dynamic {
    let mut m = Map::new();
    m.insert("leader".into(), Dynamic::from(place.leader as INT));
    m.insert("width".into(), Dynamic::from(place.width as INT));
    let cluster = places.find(place).map_or(-1, |i| places.cluster[i] as INT);
    m.insert("cluster".into(), Dynamic::from(cluster));
    Dynamic::from_map(m)
}

/// Reads a place from a map `#{leader, width}` (or a core number: that core alone).
pub fn place_arg(value: &Dynamic) -> Res<Place> {
    if let Ok(core) = value.as_int() {
        return u32::try_from(core).map(|c| Place { leader: c, width: 1 }).map_err(|_| host_error(format!("core {core} does not exist")));
    }
    let Some(map) = value.clone().try_cast::<Map>() else {
        return Err(host_error(format!("expected a place #{{leader, width}} or a core number, got {}", value.type_name())));
    };
    let field = |k: &str| -> Res<u32> {
        let v = map.get(k).and_then(|v| v.as_int().ok()).ok_or_else(|| host_error(format!("a place needs an integer '{k}'")))?;
        u32::try_from(v).map_err(|_| host_error(format!("place {k} {v} is out of range")))
    };
    Ok(Place { leader: field("leader")?, width: field("width")? })
}

/// The index of a valid place, or an error listing what a place is.
pub fn place_index(places: &Places, place: Place) -> Res<usize> {
    places.find(place).ok_or_else(|| {
        host_error(format!(
            "(leader {}, width {}) is not an execution place: a place is width 1, 2, 4… cores inside one cluster, its leader a multiple of the width from the cluster's first core",
            place.leader, place.width
        ))
    })
}

/// Registers every view function on `engine`.
pub fn register(engine: &mut Engine, ctx: &Shared) {
    register_time_and_dag(engine, ctx);
    register_platform(engine, ctx);
    register_searches(engine, ctx);
}

macro_rules! view_fn {
    ($engine:ident, $ctx:ident, $name:literal, |$view:ident $(, $arg:ident : $ty:ty)*| $body:expr) => {{
        let c = $ctx.clone();
        $engine.register_fn($name, move |$($arg: $ty),*| with_view(&c, |$view, _n_classes| $body));
    }};
}

fn register_time_and_dag(engine: &mut Engine, ctx: &Shared) {
    view_fn!(engine, ctx, "now", |v| Ok(v.now_ns.min(INT::MAX as u64) as INT));
    view_fn!(engine, ctx, "n_cores", |v| Ok(v.n_cores as INT));
    view_fn!(engine, ctx, "n_tasks", |v| Ok(v.graph.len() as INT));
    view_fn!(engine, ctx, "n_types", |v| Ok(v.graph.type_names.len() as INT));
    view_fn!(engine, ctx, "steal_ns", |v| Ok(v.costs.steal_ns as INT));
    view_fn!(engine, ctx, "dispatch_ns", |v| Ok(v.costs.dispatch_ns as INT));
    view_fn!(engine, ctx, "ptt_search_ns", |v| Ok(v.costs.ptt_search_ns as INT));
    view_fn!(engine, ctx, "task_type", |v, t: INT| Ok(v.graph.task_type[task_of(v, t)?] as INT));
    view_fn!(engine, ctx, "type_name", |v, t: INT| Ok(v.graph.type_names.get(v.graph.task_type[task_of(v, t)?] as usize).cloned().unwrap_or_default()));
    view_fn!(engine, ctx, "priority", |v, t: INT| Ok(v.graph.priority[task_of(v, t)?] as INT));
    view_fn!(engine, ctx, "class_of", |v, t: INT| Ok(v.graph.class[task_of(v, t)?] as INT));
    view_fn!(engine, ctx, "work_ns", |v, t: INT| Ok(v.graph.work_ns[task_of(v, t)?]));
    view_fn!(engine, ctx, "successors", |v, t: INT| {
        let t = task_of(v, t)?;
        Ok(v.graph.successors(t).iter().map(|&s| Dynamic::from(s as INT)).collect::<Array>())
    });
    view_fn!(engine, ctx, "pinned_place", |v, t: INT| {
        let t = task_of(v, t)?;
        Ok(v.graph.pinned_place(t as u32).map_or(Dynamic::UNIT, |(leader, width)| place_map(Place { leader, width }, v.places)))
    });
    view_fn!(engine, ctx, "rand", |v, n: INT| {
        if n < 1 {
            return Err(host_error(format!("rand(n) needs n ≥ 1, got {n}")));
        }
        Ok(v.rng.below(n as u64) as INT)
    });
    view_fn!(engine, ctx, "rand_float", |v| Ok(v.rng.unit_f64()));
}

fn register_platform(engine: &mut Engine, ctx: &Shared) {
    view_fn!(engine, ctx, "n_clusters", |v| Ok((0..v.n_cores).map(|c| v.speed.cluster_of(c) + 1).max().unwrap_or(0) as INT));
    view_fn!(engine, ctx, "cluster_of", |v, core: INT| Ok(v.speed.cluster_of(core_of(v, core)?) as INT));
    view_fn!(engine, ctx, "offline", |v, core: INT| Ok(v.speed.is_offline(core_of(v, core)?)));
    let c = ctx.clone();
    engine.register_fn("speed", move |core: INT, class: INT| {
        with_view(&c, |v, n_classes| {
            let core = core_of(v, core)?;
            if class < 0 || class as u64 >= n_classes as u64 {
                return Err(host_error(format!("class {class} is not used by this workload (classes 0 to {})", n_classes.saturating_sub(1))));
            }
            Ok(v.speed.speed(core, class as usize))
        })
    });
    view_fn!(engine, ctx, "n_places", |v| Ok(v.places.list.len() as INT));
    view_fn!(engine, ctx, "places", |v| Ok(v.places.list.iter().map(|&p| place_map(p, v.places)).collect::<Array>()));
    view_fn!(engine, ctx, "places_of", |v, core: INT| {
        let core = core_of(v, core)?;
        Ok(v.places.around(core).iter().map(|&i| place_map(v.places.list[i as usize], v.places)).collect::<Array>())
    });
    view_fn!(engine, ctx, "single", |v, core: INT| Ok(place_map(Place::single(core_of(v, core)?), v.places)));
    view_fn!(engine, ctx, "place", |v, leader: INT, width: INT| {
        let place = place_arg(&Dynamic::from_map(Map::from([("leader".into(), Dynamic::from(leader)), ("width".into(), Dynamic::from(width))])))?;
        place_index(v.places, place)?;
        Ok(place_map(place, v.places))
    });
    view_fn!(engine, ctx, "ptt", |v, task_type: INT, place: Dynamic| {
        let i = place_index(v.places, place_arg(&place)?)?;
        if task_type < 0 || task_type as u64 >= v.graph.type_names.len().max(1) as u64 {
            return Err(host_error(format!("task type {task_type} does not exist (types are 0 to {})", v.graph.type_names.len().max(1) - 1)));
        }
        Ok(v.ptt.get(task_type as usize, i))
    });
}

/// The task type of task `t`.
fn ty(v: &View, t: INT) -> Res<usize> {
    Ok(v.graph.task_type[task_of(v, t)?] as usize)
}

/// Chen et al.'s global PTT search for task `t`, as a place map (`()` when no place is usable).
fn global(v: &View, t: INT, moldable: bool, cost: bool) -> Res<Dynamic> {
    Ok(global_search(v, ty(v, t)?, moldable, cost).map_or(Dynamic::UNIT, |p| place_map(p, v.places)))
}

fn register_searches(engine: &mut Engine, ctx: &Shared) {
    view_fn!(engine, ctx, "local_place", |v, t: INT, core: INT| {
        let core = core_of(v, core)?;
        Ok(place_map(local_search(v, ty(v, t)?, core), v.places))
    });
    view_fn!(engine, ctx, "explore_place", |v, t: INT, core: INT, one_in: INT| {
        let core = core_of(v, core)?;
        let one_in = u32::try_from(one_in.max(0)).unwrap_or(u32::MAX);
        let task_type = ty(v, t)?;
        Ok(place_map(local_search_exploring(v, task_type, core, one_in), v.places))
    });
    view_fn!(engine, ctx, "fastest_place", |v, t: INT| global(v, t, true, false));
    view_fn!(engine, ctx, "cheapest_place", |v, t: INT| global(v, t, true, true));
    view_fn!(engine, ctx, "fastest_core", |v, t: INT| global(v, t, false, false));
    view_fn!(engine, ctx, "fastest_cluster", |v, t: INT| {
        let class = v.graph.class[task_of(v, t)?] as usize;
        Ok(fastest_cluster_cores(v, class).into_iter().map(|c| Dynamic::from(c as INT)).collect::<Array>())
    });
}
