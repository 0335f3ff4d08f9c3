//! RWS (Chen et al. Table 1): per-core work-stealing deques; the owner pops its newest task, an idle core steals the oldest task of a random victim.

use std::collections::VecDeque;

use super::{Candidate, Decision, Explanation, Place, TaskScheduler, View};

/// Random work stealing with width-1 places.
pub struct Rws {
    deques: Vec<VecDeque<u32>>,
    queued: usize,
    next_initial: usize,
    /// How the last `Run` got its task, for [`TaskScheduler::explain_last`].
    last: Option<Origin>,
}

/// Where the task of the last `Run` came from.
#[derive(Clone, Copy)]
enum Origin {
    Own { core: usize },
    Stolen { core: usize, victim: usize },
}

impl Rws {
    /// Deques for `n_cores` cores.
    pub fn new(n_cores: usize) -> Self {
        Rws { deques: vec![VecDeque::new(); n_cores.max(1)], queued: 0, next_initial: 0, last: None }
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
    steal_random_from(deques, view, core).map(|(task, _)| task)
}

/// Like [`steal_random`], also returning the victim core.
pub fn steal_random_from(deques: &mut [VecDeque<u32>], view: &mut View, core: usize) -> Option<(u32, usize)> {
    let n = deques.len();
    if n < 2 {
        return None;
    }
    let mut victim = view.rng.below(n as u64 - 1) as usize;
    if victim >= core {
        victim += 1;
    }
    deques[victim].pop_front().map(|task| (task, victim))
}

impl TaskScheduler for Rws {
    fn name(&self) -> &'static str {
        "rws"
    }

    fn on_ready(&mut self, _view: &mut View, task: u32, releasing_core: Option<usize>) {
        push_ready(&mut self.deques, &mut self.next_initial, task, releasing_core);
        self.queued += 1;
    }

    fn has_ready(&self) -> bool {
        self.queued > 0
    }

    fn on_idle(&mut self, view: &mut View, core: usize) -> Decision {
        if let Some(task) = self.deques[core].pop_back() {
            self.queued -= 1;
            self.last = Some(Origin::Own { core });
            return Decision::Run { task, place: Place::single(core), overhead_ns: view.costs.dispatch_ns };
        }
        if self.queued == 0 {
            return Decision::Sleep;
        }
        match steal_random_from(&mut self.deques, view, core) {
            Some((task, victim)) => {
                self.queued -= 1;
                self.last = Some(Origin::Stolen { core, victim });
                Decision::Run { task, place: Place::single(core), overhead_ns: view.costs.steal_ns + view.costs.dispatch_ns }
            }
            None => Decision::Retry { after_ns: view.costs.steal_ns.max(1) },
        }
    }

    fn explain_last(&self) -> Option<Explanation> {
        let (core, reason) = match self.last? {
            Origin::Own { core } => (core, format!(
                "Core {core} popped the newest task of its own deque (LIFO keeps the cache warm). \
                 RWS ignores core type, priority and the PTT: the task runs alone on core {core}."
            )),
            Origin::Stolen { core, victim } => (core, format!(
                "Core {core}'s own deque was empty, so it stole the oldest task of core {victim}'s deque (a random victim). \
                 RWS ignores core type, priority and the PTT: the task runs alone on core {core}."
            )),
        };
        Some(Explanation::plain(vec![Candidate::place(Place::single(core), true)], reason))
    }
}
