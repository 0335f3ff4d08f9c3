//! FIFO (seed 000's task-based runtime): one central ready queue, first come first served, any idle core, width 1.

use std::collections::VecDeque;

use super::{Decision, Place, TaskScheduler, View};

/// One central queue shared by every core.
#[derive(Default)]
pub struct Fifo {
    ready: VecDeque<u32>,
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
            Some(task) => Decision::Run { task, place: Place::single(core), overhead_ns: view.costs.dispatch_ns },
            None => Decision::Sleep,
        }
    }
}
