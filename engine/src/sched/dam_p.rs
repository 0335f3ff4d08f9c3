//! DAM-P (Chen et al. Algorithm 1): priority tasks take the place of lowest predicted time over the whole platform (global search, whatever its cost), not stealable; other tasks mold their width by local search on PTT × width.

use super::common::{PriorityRule, Rules};

/// The rules of DAM-P.
pub const RULES: Rules = Rules { name: "dam-p", priority: PriorityRule::Global { moldable: true, cost: false }, moldable: true };
