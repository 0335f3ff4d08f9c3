//! RWS (seed 001 Table 1): per-core work-stealing deques; the owner pops its newest task, an idle core steals the oldest task of a random victim.

use std::collections::VecDeque;

use super::{Decision, Place, TaskScheduler, View};

/// Random work stealing with width-1 places.
pub struct Rws {
    deques: Vec<VecDeque<u32>>,
    queued: usize,
    next_initial: usize,
}

impl Rws {
    /// Deques for `n_cores` cores.
    pub fn new(n_cores: usize) -> Self {
        Rws { deques: vec![VecDeque::new(); n_cores.max(1)], queued: 0, next_initial: 0 }
    }
}

/// Pushes a ready task to the releasing core's deque, or round-robin for initial tasks.
pub fn push_ready(deques: &mut [VecDeque<u32>], next_initial: &mut usize, task: u32, releasing_core: Option<usize>) {
    let core = releasing_core.unwrap_or_else(|| {
        let c = *next_initial % deques.len();
        *next_initial += 1;
        c
    });
    deques[core].push_back(task);
}

/// Steals the oldest task of a random victim other than `core`; None when the victim's deque is empty.
pub fn steal_random(deques: &mut [VecDeque<u32>], view: &mut View, core: usize) -> Option<u32> {
    let n = deques.len();
    if n < 2 {
        return None;
    }
    let mut victim = view.rng.below(n as u64 - 1) as usize;
    if victim >= core {
        victim += 1;
    }
    deques[victim].pop_front()
}

impl TaskScheduler for Rws {
    fn name(&self) -> &'static str {
        "rws"
    }

    fn on_ready(&mut self, _view: &mut View, task: u32, releasing_core: Option<usize>) {
        push_ready(&mut self.deques, &mut self.next_initial, task, releasing_core);
        self.queued += 1;
    }

    fn on_idle(&mut self, view: &mut View, core: usize) -> Decision {
        if let Some(task) = self.deques[core].pop_back() {
            self.queued -= 1;
            return Decision::Run { task, place: Place::single(core), overhead_ns: view.costs.dispatch_ns };
        }
        if self.queued == 0 {
            return Decision::Sleep;
        }
        match steal_random(&mut self.deques, view, core) {
            Some(task) => {
                self.queued -= 1;
                Decision::Run { task, place: Place::single(core), overhead_ns: view.costs.steal_ns + view.costs.dispatch_ns }
            }
            None => Decision::Retry { after_ns: view.costs.steal_ns.max(1) },
        }
    }
}
