//! DAM-P (seed 001 Algorithm 1): priority tasks take the place of lowest predicted time over the whole platform (global search, whatever its cost), not stealable; other tasks mold their width by local search on PTT × width.

use super::common::{PriorityRule, PttPolicy, Rules, SchedOptions};
use super::{Decision, TaskScheduler, View};

/// The rules of DAM-P.
pub const RULES: Rules = Rules { name: "dam-p", priority: PriorityRule::Global { moldable: true, cost: false }, moldable: true };

/// DAM-P, built on the shared [`PttPolicy`].
pub struct DamP(PttPolicy);

impl DamP {
    /// The policy for a platform described by `options`.
    pub fn new(options: &SchedOptions) -> Self {
        DamP(PttPolicy::new(RULES, options))
    }
}

impl TaskScheduler for DamP {
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
