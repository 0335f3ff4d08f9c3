//! Forwarding to `crate::catalogue` for the modules that still name `scenario::presets` (the OS level's reference little
//! cluster and a few unit tests of lower layers); new code uses the catalogue directly.

use crate::model::WorkClass;

pub use crate::catalogue::{platform, DEFAULT_SCENARIO};

/// A preset's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PresetName {
    /// The name.
    pub name: &'static str,
}

/// The platform presets, in order, iterable by value (`for p in PLATFORMS`).
#[derive(Clone, Copy, Debug)]
pub struct Platforms;

/// The platform presets.
pub const PLATFORMS: Platforms = Platforms;

impl IntoIterator for Platforms {
    type Item = PresetName;
    type IntoIter = std::vec::IntoIter<PresetName>;

    fn into_iter(self) -> Self::IntoIter {
        crate::catalogue::platforms().iter().map(|p| PresetName { name: p.name.as_str() }).collect::<Vec<_>>().into_iter()
    }
}

/// Every scenario preset, in gallery order.
pub fn all_scenarios() -> Vec<PresetName> {
    crate::catalogue::presets().iter().map(|p| PresetName { name: p.name.as_str() }).collect()
}

/// The scenario preset called `name`.
pub fn scenario(name: &str) -> Option<crate::Scenario> {
    crate::catalogue::scenario(name)
}

/// The work classes of the synthetic kernels (class set `kernels`).
pub fn kernel_classes() -> Vec<WorkClass> {
    crate::catalogue::class_set("kernels").map(|s| s.classes.clone()).unwrap_or_default()
}
