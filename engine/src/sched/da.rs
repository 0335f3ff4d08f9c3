//! DA (seed 001 Table 1): dynamic asymmetry without moldability; a global PTT search sends each priority task to the single core with the lowest predicted time, not stealable; other tasks as RWS.

use super::common::{PriorityRule, PttPolicy, Rules, SchedOptions};
use super::{Decision, TaskScheduler, View};

/// The rules of DA.
pub const RULES: Rules = Rules { name: "da", priority: PriorityRule::Global { moldable: false, cost: false }, moldable: false };

/// DA, built on the shared [`PttPolicy`].
pub struct Da(PttPolicy);

impl Da {
    /// The policy for a platform described by `options`.
    pub fn new(options: &SchedOptions) -> Self {
        Da(PttPolicy::new(RULES, options))
    }
}

impl TaskScheduler for Da {
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
