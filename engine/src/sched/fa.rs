//! FA (Chen et al. Table 1): a fixed notion of asymmetry; priority tasks are pinned, in turn, to the cores of the statically fastest cluster and are not stealable; other tasks as RWS.

use super::common::{PriorityRule, Rules};

/// The rules of FA.
pub const RULES: Rules = Rules { name: "fa", priority: PriorityRule::FastestCluster { moldable: false }, moldable: false };
