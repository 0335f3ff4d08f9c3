//! DAM-C (seed 001 Algorithm 1): priority tasks take the place of lowest PTT × width over the whole platform (global search), not stealable; other tasks mold their width by local search on PTT × width.

use super::common::{PriorityRule, PttPolicy, Rules, SchedOptions};
use super::{Decision, TaskScheduler, View};

/// The rules of DAM-C.
pub const RULES: Rules = Rules { name: "dam-c", priority: PriorityRule::Global { moldable: true, cost: true }, moldable: true };

/// DAM-C, built on the shared [`PttPolicy`].
pub struct DamC(PttPolicy);

impl DamC {
    /// The policy for a platform described by `options`.
    pub fn new(options: &SchedOptions) -> Self {
        DamC(PttPolicy::new(RULES, options))
    }
}

impl TaskScheduler for DamC {
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
