//! FAM-C (seed 001 Table 1): FA with moldability; priority tasks go to the statically fastest cluster with their width chosen by local search on PTT × width there; other tasks as RWSM-C.

use super::common::{PriorityRule, PttPolicy, Rules, SchedOptions};
use super::{Decision, TaskScheduler, View};

/// The rules of FAM-C.
pub const RULES: Rules = Rules { name: "fam-c", priority: PriorityRule::FastestCluster { moldable: true }, moldable: true };

/// FAM-C, built on the shared [`PttPolicy`].
pub struct FamC(PttPolicy);

impl FamC {
    /// The policy for a platform described by `options`.
    pub fn new(options: &SchedOptions) -> Self {
        FamC(PttPolicy::new(RULES, options))
    }
}

impl TaskScheduler for FamC {
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
