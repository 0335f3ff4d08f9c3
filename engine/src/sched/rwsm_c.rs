//! RWSM-C (Chen et al. Table 1): random work stealing where every task molds its width by a local PTT search minimising PTT × width; priorities are ignored.

use super::common::{PriorityRule, Rules};

/// The rules of RWSM-C.
pub const RULES: Rules = Rules { name: "rwsm-c", priority: PriorityRule::AsOthers, moldable: true };
