//! FIFO (Chronaki et al.'s task-based runtime): one central ready queue, first come first served, any idle core, width 1.

use std::collections::VecDeque;

use super::{Candidate, Decision, Explanation, Place, TaskScheduler, View};

/// One central queue shared by every core.
#[derive(Default)]
pub struct Fifo {
    ready: VecDeque<u32>,
    /// (deciding core, tasks left waiting) of the last `Run`, for [`TaskScheduler::explain_last`].
    last: Option<(usize, usize)>,
}

impl TaskScheduler for Fifo {
    fn name(&self) -> &'static str {
        "fifo"
    }

    fn on_ready(&mut self, _view: &mut View, task: u32, _releasing_core: Option<usize>) {
        self.ready.push_back(task);
    }

    fn on_idle(&mut self, view: &mut View, core: usize) -> Decision {
        match self.ready.pop_front() {
            Some(task) => {
                self.last = Some((core, self.ready.len()));
                Decision::Run { task, place: Place::single(core), overhead_ns: view.costs.dispatch_ns }
            }
            None => Decision::Sleep,
        }
    }

    fn has_ready(&self) -> bool {
        !self.ready.is_empty()
    }

    fn explain_last(&self) -> Option<Explanation> {
        let (core, waiting) = self.last?;
        Some(Explanation::plain(
            vec![Candidate::place(Place::single(core), true)],
            format!(
                "Core {core} was idle and took the oldest task of the central ready queue ({waiting} still waiting). \
                 FIFO ignores core type, priority and the PTT: the task runs alone on the core that asked."
            ),
        ))
    }
}
