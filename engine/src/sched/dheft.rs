//! dHEFT (Chronaki et al., the dynamic reference of CATS, Chen et al. §6): when a task becomes ready it goes to the core with the
//! earliest estimated finish time, from each core's estimated backlog and the task type's time on that core learned online
//! (the PTT's single-core entries). An unmeasured core is estimated optimistically at the best time measured on any core,
//! or the task's reference work before anything is measured, so each core gets tried. No stealing, width 1.

use std::collections::VecDeque;

use super::{Decision, Place, TaskScheduler, View};
use crate::sim::TimeNs;

/// Dynamic HEFT with per-core FIFO queues.
pub struct Dheft {
    queues: Vec<VecDeque<u32>>,
    /// Estimated time each core becomes free.
    free_at_ns: Vec<f64>,
}

impl Dheft {
    /// dHEFT for `n_cores` cores.
    pub fn new(n_cores: usize) -> Self {
        Dheft { queues: vec![VecDeque::new(); n_cores.max(1)], free_at_ns: vec![0.0; n_cores.max(1)] }
    }

    fn estimate_ns(view: &View, task: u32, core: usize) -> f64 {
        let ty = view.graph.task_type[task as usize] as usize;
        let measured = |c: usize| view.places.containing(c, 1).map_or(0.0, |p| view.ptt.get(ty, p));
        let own = measured(core);
        if own > 0.0 {
            return own;
        }
        let best = (0..view.n_cores).map(measured).filter(|&v| v > 0.0).fold(f64::INFINITY, f64::min);
        if best.is_finite() {
            best
        } else {
            view.graph.work_ns[task as usize]
        }
    }
}

impl TaskScheduler for Dheft {
    fn name(&self) -> &'static str {
        "dheft"
    }

    fn on_ready(&mut self, view: &mut View, task: u32, _releasing_core: Option<usize>) {
        let now = view.now_ns as f64;
        let mut best: Option<(f64, usize)> = None;
        for core in 0..self.queues.len() {
            if view.speed.is_offline(core) {
                continue;
            }
            let finish = self.free_at_ns[core].max(now) + Self::estimate_ns(view, task, core);
            if best.is_none_or(|(b, _)| finish < b) {
                best = Some((finish, core));
            }
        }
        let (finish, core) = best.unwrap_or((now, 0));
        self.free_at_ns[core] = finish;
        self.queues[core].push_back(task);
    }

    fn on_idle(&mut self, view: &mut View, core: usize) -> Decision {
        match self.queues.get_mut(core).and_then(VecDeque::pop_front) {
            Some(task) => Decision::Run { task, place: Place::single(core), overhead_ns: view.costs.dispatch_ns + view.costs.ptt_search_ns },
            None => {
                if let Some(f) = self.free_at_ns.get_mut(core) {
                    *f = view.now_ns as f64;
                }
                Decision::Sleep
            }
        }
    }

    /// Only a core with queued tasks has anything to do. An empty-queued sleeping core's `on_idle` would set its free time
    /// to now, which changes no estimate: its free time was set when its last task ended (`on_done`) or when it last went
    /// to sleep, both no later than now, and the estimates read a free time only as `max(free time, now)`.
    fn can_serve(&self, core: usize) -> bool {
        self.queues.get(core).is_some_and(|q| !q.is_empty())
    }

    fn on_done(&mut self, view: &mut View, _task: u32, place: Place, _leader_ns: TimeNs) {
        // The estimate of this core's backlog can only be as early as now.
        let core = place.leader as usize;
        if self.queues.get(core).is_some_and(VecDeque::is_empty) {
            self.free_at_ns[core] = view.now_ns as f64;
        }
    }
}
