//! FAM-C (Chen et al. Table 1): FA with moldability; priority tasks go to the statically fastest cluster with their width chosen by local search on PTT × width there; other tasks as RWSM-C.

use super::common::{PriorityRule, Rules};

/// The rules of FAM-C.
pub const RULES: Rules = Rules { name: "fam-c", priority: PriorityRule::FastestCluster { moldable: true }, moldable: true };
