//! CATS-like (Chronaki et al., ICS 2015; see Chronaki et al. 2019 §6 and Chen et al. §6): criticality from the DAG itself, by bottom level (the tasks
//! on a longest path are critical, whatever the scenario says); critical tasks wait in a high-priority queue that the
//! statically fastest cluster serves first, the rest in a low-priority queue any core serves. Width 1, no PTT.

use std::collections::VecDeque;

use super::common::fastest_cluster_cores;
use super::{Decision, Place, TaskScheduler, View};

/// Criticality-aware scheduling with a fixed notion of the fast cores.
#[derive(Default)]
pub struct Cats {
    critical: Vec<u8>,
    fast: Vec<bool>,
    high: VecDeque<u32>,
    low: VecDeque<u32>,
}

impl Cats {
    fn prepare(&mut self, view: &View) {
        self.critical = view.graph.critical_by_bottom_level();
        let class = view.graph.class.first().copied().unwrap_or(0) as usize;
        self.fast = vec![false; view.n_cores];
        for c in fastest_cluster_cores(view, class) {
            self.fast[c] = true;
        }
    }
}

impl TaskScheduler for Cats {
    fn name(&self) -> &'static str {
        "cats"
    }

    fn on_ready(&mut self, view: &mut View, task: u32, _releasing_core: Option<usize>) {
        if self.critical.len() != view.graph.len() {
            self.prepare(view);
        }
        if self.critical[task as usize] == 1 {
            self.high.push_back(task);
        } else {
            self.low.push_back(task);
        }
    }

    fn has_ready(&self) -> bool {
        !self.high.is_empty() || !self.low.is_empty()
    }

    fn on_idle(&mut self, view: &mut View, core: usize) -> Decision {
        let fast = self.fast.get(core).copied().unwrap_or(false);
        // Slow cores take critical tasks only when no fast core is online to do it (asked only of a slow core with
        // critical work waiting: this runs at every decision).
        let serves_high = fast || (!self.high.is_empty() && !self.fast.iter().enumerate().any(|(c, &f)| f && !view.speed.is_offline(c)));
        let task = if serves_high { self.high.pop_front().or_else(|| self.low.pop_front()) } else { self.low.pop_front() };
        match task {
            Some(task) => Decision::Run { task, place: Place::single(core), overhead_ns: view.costs.dispatch_ns },
            None => Decision::Sleep,
        }
    }
}
