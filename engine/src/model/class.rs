//! Work classes (docs/model-reference.md §1): how fast each core type runs a kind of work, how it follows frequency and how it suffers from interference.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::{at_least, InputError, InputResult};
use crate::model::Platform;

/// A class of work (a kernel, a loop, an application), with its speed ratio per core type.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct WorkClass {
    /// Name that tasks refer to.
    pub name: String,
    /// Speed relative to the reference core type at reference frequencies, per core type name; a missing type uses the cluster's `ratio`.
    #[serde(default, deserialize_with = "crate::error::unique_keys")]
    pub ratio: BTreeMap<String, f64>,
    /// How strongly speed follows frequency, in [0, 1]: 1 compute-bound, 0.2–0.4 memory-bound.
    #[serde(default = "one")]
    pub beta: f64,
    /// How much memory interference slows this class, in [0, 1].
    #[serde(default)]
    pub mem_intensity: f64,
    /// Parallel overhead σ of a moldable task: each partition is stretched by `1 + σ·(width − 1)`.
    #[serde(default = "default_sigma")]
    pub parallel_overhead: f64,
    /// A moldable task's cores draw its work from one shared pool, as XiTAO's kernels take row blocks from an atomic
    /// counter (docs/model-reference.md §3a), instead of each running an even share; σ then applies while members run together.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shared_partitions: bool,
}

fn one() -> f64 {
    1.0
}

fn default_sigma() -> f64 {
    0.05
}

impl WorkClass {
    /// A class with default parameters and no per-type ratios.
    pub fn named(name: &str) -> Self {
        WorkClass { name: name.to_string(), ratio: BTreeMap::new(), beta: 1.0, mem_intensity: 0.0, parallel_overhead: default_sigma(), shared_partitions: false }
    }

    /// Checks the numbers; `platform` is not needed, since a core type the platform lacks is simply unused.
    pub fn validate(&self, path: &str) -> InputResult<()> {
        if self.name.is_empty() {
            return Err(InputError::new(format!("{path}.name"), "must not be empty"));
        }
        for (core_type, &r) in &self.ratio {
            crate::model::ratio(&format!("{path}.ratio.{core_type}"), r)?;
        }
        unit_interval(&format!("{path}.beta"), self.beta)?;
        unit_interval(&format!("{path}.mem_intensity"), self.mem_intensity)?;
        crate::error::in_range(&format!("{path}.parallel_overhead"), self.parallel_overhead, 0.0, 100.0)?;
        Ok(())
    }

    /// Ratio of this class on `cluster`'s core type.
    pub fn ratio_on(&self, platform: &Platform, cluster: usize) -> f64 {
        let Some(c) = platform.clusters.get(cluster) else { return 1.0 };
        self.ratio.get(&c.core_type).copied().unwrap_or(c.ratio)
    }
}

/// Fails unless `value` lies in [0, 1].
pub fn unit_interval(path: &str, value: f64) -> InputResult<f64> {
    at_least(path, value, 0.0)?;
    if value > 1.0 {
        return Err(InputError::new(path, format!("must be at most 1, got {value}")));
    }
    Ok(value)
}
