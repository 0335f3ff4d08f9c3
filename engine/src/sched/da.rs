//! DA (Chen et al. Table 1): dynamic asymmetry without moldability; a global PTT search sends each priority task to the single core with the lowest predicted time, not stealable; other tasks as RWS.

use super::common::{PriorityRule, Rules};

/// The rules of DA.
pub const RULES: Rules = Rules { name: "da", priority: PriorityRule::Global { moldable: false, cost: false }, moldable: false };
