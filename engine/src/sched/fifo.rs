//! FIFO (Chronaki et al.'s task-based runtime): one central ready queue, first come first served, any idle core, width 1;
//! a task pinned to a place (by the scenario, or an application's serial section on its master thread) waits for a core of it.

use std::collections::VecDeque;

use super::common::PinnedTasks;
use super::{Candidate, Decision, Explanation, Place, TaskScheduler, View};

/// One central queue shared by every core, and the pinned tasks in the order they became ready.
#[derive(Default)]
pub struct Fifo {
    ready: VecDeque<u32>,
    pinned: PinnedTasks,
    /// (deciding core, place, tasks left waiting, pinned) of the last `Run`, for [`TaskScheduler::explain_last`].
    last: Option<(usize, Place, usize, bool)>,
}

impl TaskScheduler for Fifo {
    fn name(&self) -> &'static str {
        "fifo"
    }

    fn on_ready(&mut self, view: &mut View, task: u32, _releasing_core: Option<usize>) {
        match view.graph.pinned_place(task) {
            Some((leader, width)) => self.pinned.push(task, Place { leader, width }),
            None => self.ready.push_back(task),
        }
    }

    fn on_idle(&mut self, view: &mut View, core: usize) -> Decision {
        let (task, place, pinned) = match self.pinned.take(core, false) {
            Some((task, place)) => (task, place, true),
            None => match self.ready.pop_front() {
                Some(task) => (task, Place::single(core), false),
                None => return Decision::Sleep,
            },
        };
        self.last = Some((core, place, self.ready.len(), pinned));
        Decision::Run { task, place, overhead_ns: view.costs.dispatch_ns }
    }

    fn has_ready(&self) -> bool {
        !self.ready.is_empty() || !self.pinned.is_empty()
    }

    fn can_serve(&self, core: usize) -> bool {
        !self.ready.is_empty() || self.pinned.serves(core, false)
    }

    fn explain_last(&self) -> Option<Explanation> {
        let (core, place, waiting, pinned) = self.last?;
        let text = if pinned {
            format!(
                "Core {core} took a task pinned to its place (a serial section on its application's master thread, or a \
                 task the scenario pins); {waiting} tasks still wait in the central ready queue."
            )
        } else {
            format!(
                "Core {core} was idle and took the oldest task of the central ready queue ({waiting} still waiting). \
                 FIFO ignores core type, priority and the PTT: the task runs alone on the core that asked."
            )
        };
        Some(Explanation::plain(vec![Candidate::place(place, true)], text))
    }
}
