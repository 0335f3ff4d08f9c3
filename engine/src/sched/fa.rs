//! FA (seed 001 Table 1): a fixed notion of asymmetry; priority tasks are pinned, in turn, to the cores of the statically fastest cluster and are not stealable; other tasks as RWS.

use super::common::{PriorityRule, PttPolicy, Rules, SchedOptions};
use super::{Decision, TaskScheduler, View};

/// The rules of FA.
pub const RULES: Rules = Rules { name: "fa", priority: PriorityRule::FastestCluster { moldable: false }, moldable: false };

/// FA, built on the shared [`PttPolicy`].
pub struct Fa(PttPolicy);

impl Fa {
    /// The policy for a platform described by `options`.
    pub fn new(options: &SchedOptions) -> Self {
        Fa(PttPolicy::new(RULES, options))
    }
}

impl TaskScheduler for Fa {
    fn name(&self) -> &'static str {
        self.0.name()
    }

    fn on_ready(&mut self, view: &mut View, task: u32, releasing_core: Option<usize>) {
        self.0.on_ready(view, task, releasing_core);
    }

    fn on_idle(&mut self, view: &mut View, core: usize) -> Decision {
        self.0.on_idle(view, core)
    }
}
