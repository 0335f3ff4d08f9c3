//! Timeline events a user places (docs/model-reference.md §2): DVFS steps and square waves, CPU and memory interference, cores going offline.
//!
//! Each event expands into [`Change`]s applied to a [`SpeedState`](super::SpeedState) at given times.
//! A square wave without an end is expanded lazily by the runtime, one toggle at a time.

use serde::{Deserialize, Serialize};

use crate::error::{at_least, InputError, InputResult};
use crate::model::Platform;
use crate::sim::TimeNs;

/// A DVFS step: set a cluster's frequency at `start_ns`; with `end_ns`, go back to the level it had before.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Dvfs {
    /// Cluster index.
    pub cluster: u32,
    /// New frequency (one of the cluster's levels).
    pub freq_mhz: u32,
    /// When it takes effect.
    pub start_ns: TimeNs,
    /// When the previous level comes back (never, if absent).
    #[serde(default)]
    pub end_ns: Option<TimeNs>,
}

/// A DVFS square wave: `high_ns` at `high_mhz`, then `low_ns` at `low_mhz`, repeatedly (Chen et al. §5.2).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DvfsSquare {
    /// Cluster index.
    pub cluster: u32,
    /// Level of the high half-period.
    pub high_mhz: u32,
    /// Level of the low half-period.
    pub low_mhz: u32,
    /// Length of the high half-period.
    pub high_ns: TimeNs,
    /// Length of the low half-period.
    pub low_ns: TimeNs,
    /// When the first high half-period starts.
    pub start_ns: TimeNs,
    /// When the wave stops and the previous level comes back (never, if absent).
    #[serde(default)]
    pub end_ns: Option<TimeNs>,
    /// The wave is driven from outside the program (Chen et al. §5.2 toggle the Denver frequency with their own 10 s cycle), so
    /// where in its cycle a run starts is arbitrary: with `true` the phase at `start_ns` is drawn uniformly from the run's seeded
    /// generator (the same for every scheduler of a scenario). With `false` (the default) the wave starts with a full high half.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub random_phase: bool,
}

/// `threads` CPU-bound co-runners time-share each listed core: on average the program keeps a share of 1 / (1 + n).
///
/// Without `slice_ns` the share is fluid (every piece of work on the core runs at that share of its speed). With `slice_ns`
/// the OS hands the core out in turns, as Linux's CFS does with equally weighted CPU-bound threads: the program's thread
/// holds the core for one slice (at full speed), then the co-runners hold it for `n` slices, during which the program's
/// thread is descheduled: its running work stalls and it takes no scheduling decision (docs/model-reference.md §2).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CpuInterference {
    /// Affected cores.
    pub cores: Vec<u32>,
    /// Number of co-running threads per core.
    pub threads: u32,
    /// Start.
    pub start_ns: TimeNs,
    /// End (never, if absent).
    #[serde(default)]
    pub end_ns: Option<TimeNs>,
    /// Length of one thread's turn on the core when the OS time-slices (absent: fluid sharing). The turn in which the run
    /// starts is drawn from the run's seeded generator.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slice_ns: Option<TimeNs>,
}

/// A memory-bound co-runner on a cluster slows classes by `intensity × class.mem_intensity`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct MemoryInterference {
    /// Cluster index.
    pub cluster: u32,
    /// Strength in [0, 1].
    pub intensity: f64,
    /// Start.
    pub start_ns: TimeNs,
    /// End (never, if absent).
    #[serde(default)]
    pub end_ns: Option<TimeNs>,
}

/// A core is unplugged: running work stalls and it takes no new work.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct CoreOffline {
    /// Core index.
    pub core: u32,
    /// Start.
    pub start_ns: TimeNs,
    /// When it comes back (never, if absent).
    #[serde(default)]
    pub end_ns: Option<TimeNs>,
}

/// An event on the scenario's timeline, tagged by `kind` in JSON.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum TimelineEvent {
    /// See [`Dvfs`].
    Dvfs(Dvfs),
    /// See [`DvfsSquare`].
    DvfsSquare(DvfsSquare),
    /// See [`CpuInterference`].
    CpuInterference(CpuInterference),
    /// See [`MemoryInterference`].
    MemoryInterference(MemoryInterference),
    /// See [`CoreOffline`].
    CoreOffline(CoreOffline),
}

impl TimelineEvent {
    /// Parses one event, naming the bad field with its full path (serde loses the path inside tagged enums).
    pub fn from_raw(raw: &crate::error::RawValue, path: &str) -> InputResult<TimelineEvent> {
        let (kind, rest) = crate::error::split_kind_raw(raw, path)?;
        Ok(match kind.as_str() {
            "dvfs" => TimelineEvent::Dvfs(rest.into(path)?),
            "dvfs_square" => TimelineEvent::DvfsSquare(rest.into(path)?),
            "cpu_interference" => TimelineEvent::CpuInterference(rest.into(path)?),
            "memory_interference" => TimelineEvent::MemoryInterference(rest.into(path)?),
            "core_offline" => TimelineEvent::CoreOffline(rest.into(path)?),
            other => {
                return Err(InputError::new(
                    format!("{path}.kind"),
                    format!("unknown event kind '{other}' (known: dvfs, dvfs_square, cpu_interference, memory_interference, core_offline)"),
                ))
            }
        })
    }
}

/// Shortest half-period of a square wave, so that a wave cannot flood the event queue.
pub const MIN_SQUARE_HALF_NS: TimeNs = 1_000;

/// An elementary change to the speed state.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// Set a cluster to a frequency level.
    SetFreq { cluster: usize, freq_mhz: u32 },
    /// Add (or remove, if negative) co-running threads on a core.
    CoRunners { core: usize, delta: i32 },
    /// Add (or remove) memory interference on a cluster.
    Memory { cluster: usize, delta: f64 },
    /// Take a core offline (`true`) or back online.
    Offline { core: usize, offline: bool },
    /// Deschedule the program's thread on a core (`true`: a time-sliced co-runner holds it) or give the core back.
    Descheduled { core: usize, descheduled: bool },
}

impl TimelineEvent {
    /// When the event starts.
    pub fn start_ns(&self) -> TimeNs {
        match self {
            TimelineEvent::Dvfs(e) => e.start_ns,
            TimelineEvent::DvfsSquare(e) => e.start_ns,
            TimelineEvent::CpuInterference(e) => e.start_ns,
            TimelineEvent::MemoryInterference(e) => e.start_ns,
            TimelineEvent::CoreOffline(e) => e.start_ns,
        }
    }

    /// When the event ends, if it does.
    pub fn end_ns(&self) -> Option<TimeNs> {
        match self {
            TimelineEvent::Dvfs(e) => e.end_ns,
            TimelineEvent::DvfsSquare(e) => e.end_ns,
            TimelineEvent::CpuInterference(e) => e.end_ns,
            TimelineEvent::MemoryInterference(e) => e.end_ns,
            TimelineEvent::CoreOffline(e) => e.end_ns,
        }
    }

    /// Checks the event against the platform; the error names the bad field.
    pub fn validate(&self, platform: &Platform, path: &str) -> InputResult<()> {
        let n_clusters = platform.clusters.len();
        let n_cores = platform.n_cores();
        let check_cluster = |cluster: u32| -> InputResult<()> {
            if cluster as usize >= n_clusters {
                return Err(InputError::new(
                    format!("{path}.cluster"),
                    format!("cluster {cluster} does not exist (the platform has {n_clusters})"),
                ));
            }
            Ok(())
        };
        let check_level = |cluster: u32, field: &str, freq: u32| -> InputResult<()> {
            if platform.level_of(cluster as usize, freq).is_none() {
                let levels = &platform.clusters[cluster as usize].freqs_mhz;
                return Err(InputError::new(format!("{path}.{field}"), format!("{freq} MHz is not one of the cluster's levels {levels:?}")));
            }
            Ok(())
        };
        let check_core = |field: &str, core: u32| -> InputResult<()> {
            if core as usize >= n_cores {
                return Err(InputError::new(format!("{path}.{field}"), format!("core {core} does not exist (the platform has {n_cores})")));
            }
            Ok(())
        };
        if let Some(end) = self.end_ns() {
            if end <= self.start_ns() {
                return Err(InputError::new(format!("{path}.end_ns"), "must be after start_ns"));
            }
        }
        match self {
            TimelineEvent::Dvfs(Dvfs { cluster, freq_mhz, .. }) => {
                check_cluster(*cluster)?;
                check_level(*cluster, "freq_mhz", *freq_mhz)
            }
            TimelineEvent::DvfsSquare(DvfsSquare { cluster, high_mhz, low_mhz, high_ns, low_ns, .. }) => {
                check_cluster(*cluster)?;
                check_level(*cluster, "high_mhz", *high_mhz)?;
                check_level(*cluster, "low_mhz", *low_mhz)?;
                for (field, v) in [("high_ns", high_ns), ("low_ns", low_ns)] {
                    if *v < MIN_SQUARE_HALF_NS {
                        return Err(InputError::new(format!("{path}.{field}"), format!("must be at least {MIN_SQUARE_HALF_NS} ns")));
                    }
                }
                Ok(())
            }
            TimelineEvent::CpuInterference(CpuInterference { cores, threads, .. }) => {
                if cores.is_empty() {
                    return Err(InputError::new(format!("{path}.cores"), "needs at least one core"));
                }
                for (i, &core) in cores.iter().enumerate() {
                    check_core(&format!("cores[{i}]"), core)?;
                }
                if *threads == 0 || *threads > 1000 {
                    return Err(InputError::new(format!("{path}.threads"), "must be between 1 and 1000"));
                }
                if let TimelineEvent::CpuInterference(CpuInterference { slice_ns: Some(slice), .. }) = self {
                    if *slice < MIN_SQUARE_HALF_NS {
                        return Err(InputError::new(format!("{path}.slice_ns"), format!("must be at least {MIN_SQUARE_HALF_NS} ns")));
                    }
                }
                Ok(())
            }
            TimelineEvent::MemoryInterference(MemoryInterference { cluster, intensity, .. }) => {
                check_cluster(*cluster)?;
                at_least(&format!("{path}.intensity"), *intensity, 0.0)?;
                if *intensity > 1.0 {
                    return Err(InputError::new(format!("{path}.intensity"), "must be at most 1"));
                }
                Ok(())
            }
            TimelineEvent::CoreOffline(CoreOffline { core, .. }) => check_core("core", *core),
        }
    }

    /// The changes this event makes when it starts and when it ends (not for square waves and time-sliced co-runners, which
    /// the runtime toggles).
    pub fn start_and_end_changes(&self) -> (Vec<Change>, Vec<Change>) {
        match self {
            TimelineEvent::Dvfs(_) | TimelineEvent::DvfsSquare(_) => (vec![], vec![]),
            TimelineEvent::CpuInterference(CpuInterference { slice_ns: Some(_), .. }) => (vec![], vec![]),
            TimelineEvent::CpuInterference(CpuInterference { cores, threads, .. }) => {
                let t = *threads as i32;
                (
                    cores.iter().map(|&c| Change::CoRunners { core: c as usize, delta: t }).collect(),
                    cores.iter().map(|&c| Change::CoRunners { core: c as usize, delta: -t }).collect(),
                )
            }
            TimelineEvent::MemoryInterference(MemoryInterference { cluster, intensity, .. }) => (
                vec![Change::Memory { cluster: *cluster as usize, delta: *intensity }],
                vec![Change::Memory { cluster: *cluster as usize, delta: -*intensity }],
            ),
            TimelineEvent::CoreOffline(CoreOffline { core, .. }) => (
                vec![Change::Offline { core: *core as usize, offline: true }],
                vec![Change::Offline { core: *core as usize, offline: false }],
            ),
        }
    }
}
