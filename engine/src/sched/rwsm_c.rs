//! RWSM-C (seed 001 Table 1): random work stealing where every task molds its width by a local PTT search minimising PTT × width; priorities are ignored.

use super::common::{PriorityRule, PttPolicy, Rules, SchedOptions};
use super::{Decision, TaskScheduler, View};

/// The rules of RWSM-C.
pub const RULES: Rules = Rules { name: "rwsm-c", priority: PriorityRule::AsOthers, moldable: true };

/// RWSM-C, built on the shared [`PttPolicy`].
pub struct RwsmC(PttPolicy);

impl RwsmC {
    /// The policy for a platform described by `options`.
    pub fn new(options: &SchedOptions) -> Self {
        RwsmC(PttPolicy::new(RULES, options))
    }
}

impl TaskScheduler for RwsmC {
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
