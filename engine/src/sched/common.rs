//! Shared machinery of the PTT-driven schedulers of Chen et al. (RWSM-C, FA, FAM-C, DA, DAM-C, DAM-P): deques, PTT searches, exploration.
//!
//! Each policy file only fills in a [`Rules`] value (how priority tasks are placed, whether low-priority tasks mold their width);
//! [`PttPolicy`] does the rest, so that the seven policies differ exactly where docs/model-reference.md §4a's table says they do.
//!
//! ```text
//!  on_ready(task) ─┬─ low priority / RWS-like ─▶ releasing core's deque (stealable, place chosen when popped or stolen)
//!                  └─ priority (FA, DA, DAM-*) ─▶ search (fixed cluster or global) ─▶ pinned to its place, NOT stealable
//!  on_idle(core)  ─▶ oldest pinned task whose place contains the core ─▶ else pop own newest
//!                 ─▶ else steal oldest stealable of a random victim ─▶ local search
//! ```
//!
//! A pinned task may be started by any core of its place, not only its leader: its partitions go to every member's
//! assembly queue anyway, and this keeps a sibling released at the same instant from slipping in front of it.
//! ```text
//! ```

use std::collections::VecDeque;

use super::ptt_explain::{explain, How, Last, Pick};
use super::{Decision, Explanation, Place, Places, TaskScheduler, View};

/// Options every scheduler is built with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SchedOptions {
    /// Number of cores.
    pub n_cores: usize,
    /// XiTAO's exploration: one local search in this many picks a random place containing the core (0 = never).
    pub explore_one_in: u32,
    /// Only a place's leader takes a priority task held for the place (Chen et al. §4.1.2: the task waits in its leader's
    /// work-stealing queue); off, as in XiTAO's sources: the first idle member hands it to every member.
    pub leader_takes_priority: bool,
}

impl SchedOptions {
    /// Defaults for `n_cores` cores: exploration one in ten (XiTAO's `refresh_frequency`), any member takes a priority task.
    pub fn new(n_cores: usize) -> Self {
        SchedOptions { n_cores, explore_one_in: 10, leader_takes_priority: false }
    }
}

/// A task waiting in a deque.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Task id.
    pub task: u32,
    /// Place chosen when the task became ready (priority tasks), or None to choose when it is popped.
    pub place: Option<Place>,
    /// False for priority tasks that must run where they were placed.
    pub stealable: bool,
}

/// Tasks held for a place, oldest first: any core of the place takes the oldest it may (only the place's leader with
/// `by_leader`). Chen et al.'s searched priority tasks, and tasks the graph pins (a scenario's places, an application's
/// serial sections on its master thread) under every policy that honours pins.
#[derive(Default)]
pub struct PinnedTasks(VecDeque<(u32, Place)>);

impl PinnedTasks {
    /// Holds `task` for `place`.
    pub fn push(&mut self, task: u32, place: Place) {
        self.0.push_back((task, place));
    }

    fn takes(place: Place, core: usize, by_leader: bool) -> bool {
        if by_leader {
            place.leader as usize == core
        } else {
            place.cores().contains(&core)
        }
    }

    /// The oldest task `core` may take, removed, with its place.
    pub fn take(&mut self, core: usize, by_leader: bool) -> Option<(u32, Place)> {
        let i = self.0.iter().position(|&(_, p)| Self::takes(p, core, by_leader))?;
        self.0.remove(i)
    }

    /// Whether `core` may take one of the held tasks.
    pub fn serves(&self, core: usize, by_leader: bool) -> bool {
        self.0.iter().any(|&(_, p)| Self::takes(p, core, by_leader))
    }

    /// No task held.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Per-core work-stealing deques: the owner pops its newest entry, thieves take the oldest stealable one.
pub struct Deques {
    queues: Vec<VecDeque<Entry>>,
    /// Entries in all deques.
    queued: usize,
    stealable: usize,
    next_initial: usize,
}

impl Deques {
    /// Empty deques for `n_cores` cores.
    pub fn new(n_cores: usize) -> Self {
        Deques { queues: vec![VecDeque::new(); n_cores.max(1)], queued: 0, stealable: 0, next_initial: 0 }
    }

    /// The core an initial task (released by no core) goes to: round robin.
    pub fn initial_core(&mut self) -> usize {
        let core = self.next_initial % self.queues.len();
        self.next_initial += 1;
        core
    }

    /// Pushes `entry` on `core`'s deque.
    pub fn push(&mut self, core: usize, entry: Entry) {
        let core = core.min(self.queues.len() - 1);
        self.stealable += usize::from(entry.stealable);
        self.queued += 1;
        self.queues[core].push_back(entry);
    }

    /// The owner's pop: its newest entry, or with `priority_first` its newest pinned (priority) entry if it has one.
    pub fn pop_own(&mut self, core: usize, priority_first: bool) -> Option<Entry> {
        let q = self.queues.get_mut(core)?;
        let pos = if priority_first { q.iter().rposition(|e| !e.stealable) } else { None };
        let entry = match pos {
            Some(i) => q.remove(i)?,
            None => q.pop_back()?,
        };
        self.queued -= 1;
        self.stealable -= usize::from(entry.stealable);
        Some(entry)
    }

    /// True when no deque holds an entry.
    pub fn is_empty(&self) -> bool {
        self.queued == 0
    }

    /// True when some deque holds a stealable entry.
    pub fn has_stealable(&self) -> bool {
        self.stealable > 0
    }

    /// Steals the oldest stealable entry of a random victim other than `core`; None when that victim has none.
    pub fn steal(&mut self, view: &mut View, core: usize) -> Option<Entry> {
        let n = self.queues.len();
        if n < 2 {
            return None;
        }
        let mut victim = view.rng.below(n as u64 - 1) as usize;
        if victim >= core {
            victim += 1;
        }
        let q = &mut self.queues[victim];
        let i = q.iter().position(|e| e.stealable)?;
        let entry = q.remove(i)?;
        self.queued -= 1;
        self.stealable -= 1;
        Some(entry)
    }
}

/// True when every core of the place at index `i` is online.
fn usable(view: &View, i: usize) -> bool {
    view.places.list[i].cores().all(|c| !view.speed.is_offline(c))
}

/// The value a search minimises: PTT, or PTT × width when `cost`. An unexplored entry (0) always wins.
fn score(view: &View, task_type: usize, i: usize, cost: bool) -> f64 {
    let t = view.ptt.get(task_type, i);
    if cost {
        t * view.places.list[i].width as f64
    } else {
        t
    }
}

/// Local search (Chen et al. Algorithm 1): keeps `core`'s cluster and molds only the width, minimising PTT × width.
pub fn local_search(view: &View, task_type: usize, core: usize) -> Place {
    let mut best: Option<(f64, usize)> = None;
    for &i in view.places.around(core) {
        let i = i as usize;
        if !usable(view, i) {
            continue;
        }
        let s = score(view, task_type, i, true);
        if best.is_none_or(|(b, _)| s < b) {
            best = Some((s, i));
        }
    }
    best.map_or(Place::single(core), |(_, i)| view.places.list[i])
}

/// Local search with XiTAO's exploration: one search in `one_in` picks a random usable place containing `core`.
pub fn local_search_exploring(view: &mut View, task_type: usize, core: usize, one_in: u32) -> Place {
    local_search_picking(view, task_type, core, one_in).0
}

/// [`local_search_exploring`], also saying how the place was picked (for the explanation).
fn local_search_picking(view: &mut View, task_type: usize, core: usize, one_in: u32) -> (Place, Pick) {
    if one_in > 0 && view.rng.below(one_in as u64) == 0 {
        let candidates: Vec<usize> = view.places.around(core).iter().map(|&i| i as usize).filter(|&i| usable(view, i)).collect();
        if !candidates.is_empty() {
            let pick = candidates[view.rng.below(candidates.len() as u64) as usize];
            return (view.places.list[pick], Pick::Explored);
        }
    }
    let place = local_search(view, task_type, core);
    (place, searched_pick(view, task_type, place))
}

/// How a search's winner `place` won: unmeasured (its PTT entry is still 0) or by the lowest value.
fn searched_pick(view: &View, task_type: usize, place: Place) -> Pick {
    match view.places.find(place) {
        Some(i) if view.ptt.get(task_type, i) <= 0.0 => Pick::Unmeasured,
        _ => Pick::Lowest,
    }
}

/// Global search over every usable place (width 1 only unless `moldable`), minimising PTT × width (`cost`) or PTT.
pub fn global_search(view: &View, task_type: usize, moldable: bool, cost: bool) -> Option<Place> {
    let mut best: Option<(f64, usize)> = None;
    for i in 0..view.places.list.len() {
        if (!moldable && view.places.list[i].width != 1) || !usable(view, i) {
            continue;
        }
        let s = score(view, task_type, i, cost);
        if best.is_none_or(|(b, _)| s < b) {
            best = Some((s, i));
        }
    }
    best.map(|(_, i)| view.places.list[i])
}

/// Online cores of the statically fastest cluster for `class` (highest ratio at reference frequency; ties go to the first).
pub fn fastest_cluster_cores(view: &View, class: usize) -> Vec<usize> {
    let n_clusters = (0..view.n_cores).map(|c| view.speed.cluster_of(c) + 1).max().unwrap_or(0);
    let mut best = 0;
    for cluster in 1..n_clusters {
        if view.speed.base_ratio(cluster, class) > view.speed.base_ratio(best, class) {
            best = cluster;
        }
    }
    (0..view.n_cores).filter(|&c| view.speed.cluster_of(c) == best && !view.speed.is_offline(c)).collect()
}

/// Where a scheduler puts priority (critical) tasks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PriorityRule {
    /// Like every other task (RWS, RWSM-C).
    AsOthers,
    /// Pinned to the statically fastest cluster, cores taken in turn (FA; FAM-C molds the width by local search there).
    FastestCluster {
        /// Mold the width by local search on PTT × width.
        moldable: bool,
    },
    /// Global search over the PTT, pinned (DA: single cores; DAM-C: PTT × width; DAM-P: PTT).
    Global {
        /// Consider every width, not only single cores.
        moldable: bool,
        /// Minimise PTT × width (parallel cost) rather than PTT (performance).
        cost: bool,
    },
}

/// What distinguishes one policy of the family from another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Registry name.
    pub name: &'static str,
    /// Priority-task placement.
    pub priority: PriorityRule,
    /// Low-priority tasks mold their width by local search on PTT × width (otherwise width 1 on the popping core).
    pub moldable: bool,
}

/// A work-stealing policy following [`Rules`].
pub struct PttPolicy {
    rules: Rules,
    deques: Deques,
    explore_one_in: u32,
    leader_takes_priority: bool,
    next_fast: usize,
    /// Priority tasks waiting for their place, oldest first.
    pinned: PinnedTasks,
    /// Entries whose place came from a search whose cost is still to be charged, with how the search picked it.
    searched: Vec<Option<Pick>>,
    /// The last `Run` decision, for [`TaskScheduler::explain_last`].
    last: Option<Last>,
    /// The platform's places (copied once), to list the candidates of an explanation.
    places: Option<Places>,
}

/// Chen et al.'s policies are [`PttPolicy`] values with their own [`Rules`] (one `RULES` constant per scheduler file).
impl TaskScheduler for PttPolicy {
    fn name(&self) -> &'static str {
        PttPolicy::name(self)
    }

    fn on_ready(&mut self, view: &mut View, task: u32, releasing_core: Option<usize>) {
        PttPolicy::on_ready(self, view, task, releasing_core);
    }

    fn on_idle(&mut self, view: &mut View, core: usize) -> Decision {
        PttPolicy::on_idle(self, view, core)
    }

    fn has_ready(&self) -> bool {
        !self.pinned.is_empty() || !self.deques.is_empty()
    }

    fn explain_last(&self) -> Option<Explanation> {
        Some(explain(self.rules.name, self.last.as_ref()?, self.places.as_ref()?))
    }
}

impl PttPolicy {
    /// A policy following `rules`.
    pub fn new(rules: Rules, options: &SchedOptions) -> Self {
        PttPolicy { rules, deques: Deques::new(options.n_cores), explore_one_in: options.explore_one_in, leader_takes_priority: options.leader_takes_priority, next_fast: 0, pinned: PinnedTasks::default(), searched: Vec::new(), last: None, places: None }
    }

    /// Registry name.
    pub fn name(&self) -> &'static str {
        self.rules.name
    }

    fn mark_searched(&mut self, task: u32, pick: Pick) {
        let t = task as usize;
        if self.searched.len() <= t {
            self.searched.resize(t + 1, None);
        }
        self.searched[t] = Some(pick);
    }

    /// Places a ready task: priority tasks are searched and pinned, the rest go to the releasing core's deque.
    pub fn on_ready(&mut self, view: &mut View, task: u32, releasing_core: Option<usize>) {
        let t = task as usize;
        let core = releasing_core.unwrap_or_else(|| self.deques.initial_core());
        let local = Entry { task, place: None, stealable: true };
        if let Some((leader, width)) = view.graph.pinned_place(task) {
            self.pinned.push(task, Place { leader, width });
            return;
        }
        if view.graph.priority[t] == 0 {
            self.deques.push(core, local);
            return;
        }
        let task_type = view.graph.task_type[t] as usize;
        let place = match self.rules.priority {
            PriorityRule::AsOthers => None,
            PriorityRule::FastestCluster { moldable } => {
                let fast = fastest_cluster_cores(view, view.graph.class[t] as usize);
                if fast.is_empty() {
                    None
                } else {
                    let leader = fast[self.next_fast % fast.len()];
                    self.next_fast += 1;
                    if moldable {
                        let (place, pick) = local_search_picking(view, task_type, leader, self.explore_one_in);
                        self.mark_searched(task, pick);
                        Some(place)
                    } else {
                        Some(Place::single(leader))
                    }
                }
            }
            PriorityRule::Global { moldable, cost } => {
                let place = global_search(view, task_type, moldable, cost);
                if let Some(p) = place {
                    self.mark_searched(task, searched_pick(view, task_type, p));
                }
                place
            }
        };
        match place {
            Some(p) => self.pinned.push(task, p),
            None => self.deques.push(core, local),
        }
    }

    /// Pops (priority first when the policy knows priorities) or steals, then chooses the place of an unplaced task.
    pub fn on_idle(&mut self, view: &mut View, core: usize) -> Decision {
        let own = match self.pinned.take(core, self.leader_takes_priority) {
            Some((task, place)) => Some(Entry { task, place: Some(place), stealable: false }),
            None => self.deques.pop_own(core, false),
        };
        let (entry, stolen) = match own {
            Some(e) => (e, false),
            None if !self.deques.has_stealable() => return Decision::Sleep,
            None => match self.deques.steal(view, core) {
                Some(e) => (e, true),
                None => return Decision::Retry { after_ns: view.costs.steal_ns.max(1) },
            },
        };
        let mut overhead_ns = view.costs.dispatch_ns + if stolen { view.costs.steal_ns } else { 0 };
        let t = entry.task as usize;
        let (place, how) = match entry.place {
            Some(p) => {
                let pick = self.searched.get_mut(t).and_then(Option::take);
                if pick.is_some() {
                    overhead_ns += view.costs.ptt_search_ns;
                }
                (p, How::Pinned(self.rules.priority, pick))
            }
            None if self.rules.moldable => {
                overhead_ns += view.costs.ptt_search_ns;
                let task_type = view.graph.task_type[t] as usize;
                let (p, pick) = local_search_picking(view, task_type, core, self.explore_one_in);
                (p, How::Local(pick))
            }
            None => (Place::single(core), How::Single),
        };
        if self.places.is_none() {
            self.places = Some(view.places.clone());
        }
        self.last = Some(Last { core, task: entry.task, stolen, place, how });
        Decision::Run { task: entry.task, place, overhead_ns }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{SpeedState, TaskGraph};
    use crate::catalogue as presets;
    use crate::sched::{Costs, Places, Ptt};
    use crate::sim::Rng;

    #[test]
    fn searches_pick_unexplored_then_cheapest_or_fastest() {
        let platform = presets::platform("jetson-tx2").expect("preset");
        let classes = presets::class_set("kernels").map(|s| s.classes.clone()).unwrap_or_default();
        let speed = SpeedState::new(&platform, &classes);
        let places = Places::new(&platform);
        let mut ptt = Ptt::new(1, places.list.len(), 0.2);
        let graph = TaskGraph::default();
        let costs = Costs { steal_ns: 1, ptt_search_ns: 1, dispatch_ns: 1 };
        let mut rng = Rng::new(1);
        // Everything measured: (1,1) = 100, (2,4) = 60 (fastest), (0,2) = 70, the rest 200.
        for (i, p) in places.list.iter().enumerate() {
            let v = match (p.leader, p.width) {
                (1, 1) => 100.0,
                (2, 4) => 60.0,
                (0, 2) => 70.0,
                _ => 200.0,
            };
            ptt.update(0, i, v);
        }
        let view = View { now_ns: 0, graph: &graph, speed: &speed, places: &places, ptt: &ptt, costs: &costs, rng: &mut rng, n_cores: 6 };
        assert_eq!(global_search(&view, 0, true, false), Some(Place { leader: 2, width: 4 }), "DAM-P: fastest place");
        assert_eq!(global_search(&view, 0, true, true), Some(Place { leader: 1, width: 1 }), "DAM-C: cheapest place");
        assert_eq!(global_search(&view, 0, false, false), Some(Place { leader: 1, width: 1 }), "DA: fastest core");
        assert_eq!(local_search(&view, 0, 0), Place { leader: 0, width: 2 }, "local: 70×2 < 200×1");
        assert_eq!(local_search(&view, 0, 3), Place { leader: 3, width: 1 }, "local: stays in the A57 cluster, 200×1 < 200×2");
        assert_eq!(fastest_cluster_cores(&view, 0), vec![0, 1], "matmul is fastest on Denver");
    }

    #[test]
    fn pinned_entries_are_not_stolen_and_pop_first() {
        let mut d = Deques::new(2);
        d.push(0, Entry { task: 1, place: None, stealable: true });
        d.push(0, Entry { task: 2, place: Some(Place::single(0)), stealable: false });
        d.push(0, Entry { task: 3, place: None, stealable: true });
        assert_eq!(d.pop_own(0, true).map(|e| e.task), Some(2));
        assert_eq!(d.pop_own(0, false).map(|e| e.task), Some(3));
        assert!(d.has_stealable());
        d.pop_own(0, false);
        assert!(!d.has_stealable());
    }
}
