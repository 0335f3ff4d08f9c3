//! DAM-C (Chen et al. Algorithm 1): priority tasks take the place of lowest PTT × width over the whole platform (global search), not stealable; other tasks mold their width by local search on PTT × width.

use super::common::{PriorityRule, Rules};

/// The rules of DAM-C.
pub const RULES: Rules = Rules { name: "dam-c", priority: PriorityRule::Global { moldable: true, cost: true }, moldable: true };
