//! Application profiles and multi-application mixes for the OS level (docs/model-reference.md §3c–3d; Chronaki et al. Table 1, Zhang et al. Table 1).
//!
//! One [`AppProfile`] drives every execution model: pthreads static threading (threads over phases with barriers),
//! OpenMP-like loops (the same regions, split statically or dynamically) and tasks (a DAG with the profile's task count).
//! An [`AppMix`] is the OS-level workload: one or several applications started together, plus the OS model's costs.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::error::{at_least, InputError, InputResult};
use crate::model::class::unit_interval;
use crate::model::platform::MAX_CORES;
use crate::model::{Platform, WorkClass};

pub use crate::model::os_options::{check_thresholds, OsOptions};
pub use crate::model::profiles::profiles;

/// How a parallel region divides its work among the application's threads.
#[derive(Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum Split {
    /// Each thread gets `work / T` (pthreads static threading, OpenMP `schedule(static)`).
    Even,
    /// Threads take chunks from a shared pool (the application's own load balancing: pipelines with queues, OpenMP `dynamic`).
    Pool,
}

/// One application: how much work, how it scales on big cores, and how it is structured (Chronaki et al. Table 1, docs/model-reference.md §3d).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AppProfile {
    /// Name (PARSEC benchmark).
    pub name: String,
    /// Total work in reference ns: its run time on one little core at the reference frequency.
    pub work_ns: f64,
    /// Big/little performance ratio measured on the Odroid-XU3 at 1.6 GHz / 800 MHz (Chronaki et al. Table 1).
    pub ratio: f64,
    /// How strongly speed follows frequency, in [0, 1].
    #[serde(default = "one")]
    pub beta: f64,
    /// Memory intensity in [0, 1] (slowdown under memory interference).
    #[serde(default)]
    pub mem_intensity: f64,
    /// Number of parallel regions, each ending in a barrier.
    pub regions: u32,
    /// How regions split their work among threads.
    pub split: Split,
    /// Chunks per region when `split` is `pool`.
    #[serde(default = "default_chunks")]
    pub chunks: u32,
    /// Fraction of the work in serial sections (run by thread 0), in [0, 1).
    #[serde(default)]
    pub serial_fraction: f64,
    /// Tasks of the task-based version (Chronaki et al. §5.3: blackscholes 6 400, swaptions 128, fluidanimate 128 500).
    pub tasks: u32,
    /// PBS preference (Zhang et al. §4.2): 3 low, 6 medium, 9 high.
    pub preference: u8,
    /// Supplement: +1 compute-intensive, −1 memory- or communication-intensive, 0 none.
    #[serde(default)]
    pub supplement: i8,
    /// Parallelisation in Chronaki et al. Table 1 (`data-parallel`, `pipeline`, `unstructured`); a pipeline's task-based
    /// version keeps no barriers (`run::os::task_graph`) unless its serial sections run on the master thread.
    #[serde(default)]
    pub kind: String,
    /// The task-based version runs each serial section on the master thread, the one that creates the tasks, after a
    /// `taskwait` for its region's tasks (PARSECSs's bodytrack), instead of as a task linked to the regions by data
    /// dependencies that any idle core may take (`run::os::task_graph`, docs/model-reference.md §3d).
    #[serde(default, skip_serializing_if = "is_false")]
    pub serial_on_master: bool,
    /// Iterations per region of the OpenMP loop versions, per thread, for a loop over one block of the data per core
    /// (fluidanimate's loops over its `ndivs` grid blocks); unset, a loop has as many iterations per region as the task
    /// version has tasks (docs/model-reference.md §3d).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loop_iterations_per_thread: Option<u32>,
    /// One iteration of the OpenMP loop version's loop in reference ns (its time on a little core at the reference
    /// frequency), for a loop over finer iterations than the profile's work items (blackscholes' single options); unset,
    /// an item is one iteration. `loop-dynamic` then charges each iteration libgomp's removal from the pool (the
    /// `removal_*` costs of [`OsOptions`]; docs/model-reference.md §3d).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub loop_iteration_ns: Option<f64>,
    /// Coefficient of variation of a parallel region's work items, in [0, 0.5] (0, the default: alike). Every version of
    /// the application cuts its shares, chunks, iterations and tasks from the same items (`model::items`, docs/model-reference.md §3d).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub item_cv: f64,
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn one() -> f64 {
    1.0
}

fn default_chunks() -> u32 {
    64
}

/// The default ratio of the Odroid-XU3's big cluster: a profile's `ratio` was measured there.
pub const ODROID_BIG_RATIO: f64 = 3.0;

/// Largest coefficient of variation of a profile's work items: uniform costs of `1 ± √3·cv` times the mean stay positive.
pub const MAX_ITEM_CV: f64 = 0.5;

/// Most threads an application may have.
pub const MAX_THREADS_PER_APP: u32 = 256;

/// Most threads per core over the whole mix (time slicing beyond this is not modelled).
pub const MAX_THREADS_PER_CORE: u32 = 16;

/// Most parallel regions or pool chunks.
pub const MAX_REGIONS: u32 = 100_000;

impl AppProfile {
    /// Checks every field; the error names the first bad one.
    pub fn validate(&self, path: &str) -> InputResult<()> {
        if self.name.is_empty() {
            return Err(InputError::new(format!("{path}.name"), "must not be empty"));
        }
        at_least(&format!("{path}.work_ns"), self.work_ns, 1.0)?;
        crate::model::work_ns(&format!("{path}.work_ns"), self.work_ns, false)?;
        crate::model::ratio(&format!("{path}.ratio"), self.ratio)?;
        unit_interval(&format!("{path}.beta"), self.beta)?;
        unit_interval(&format!("{path}.mem_intensity"), self.mem_intensity)?;
        if self.regions == 0 || self.regions > MAX_REGIONS {
            return Err(InputError::new(format!("{path}.regions"), format!("must be between 1 and {MAX_REGIONS}, got {}", self.regions)));
        }
        if let Some(n) = self.loop_iterations_per_thread {
            if n == 0 || n > MAX_REGIONS {
                return Err(InputError::new(format!("{path}.loop_iterations_per_thread"), format!("must be between 1 and {MAX_REGIONS}, got {n}")));
            }
        }
        if let Some(ns) = self.loop_iteration_ns {
            crate::error::in_range(&format!("{path}.loop_iteration_ns"), ns, 1.0, 1e12)?;
        }
        crate::error::in_range(&format!("{path}.item_cv"), self.item_cv, 0.0, MAX_ITEM_CV)?;
        if self.chunks == 0 || self.chunks > MAX_REGIONS {
            return Err(InputError::new(format!("{path}.chunks"), format!("must be between 1 and {MAX_REGIONS}, got {}", self.chunks)));
        }
        let s = unit_interval(&format!("{path}.serial_fraction"), self.serial_fraction)?;
        if s >= 1.0 {
            return Err(InputError::new(format!("{path}.serial_fraction"), "must be below 1 (some work must be parallel)"));
        }
        if self.tasks == 0 || self.tasks > crate::model::workload::MAX_TASKS {
            return Err(InputError::new(format!("{path}.tasks"), format!("must be between 1 and {}", crate::model::workload::MAX_TASKS)));
        }
        check_preference(&format!("{path}.preference"), self.preference)?;
        check_supplement(&format!("{path}.supplement"), self.supplement)?;
        Ok(())
    }

    /// The application's speed ratio on `cluster`: the Odroid ratio scaled to the cluster's default asymmetry,
    /// `1 + (ratio − 1)·(R − 1)/(3 − 1)` where `R` is the cluster's default ratio (3 on the Odroid's A15s, 2 on gem5's large cores, 1 on little ones).
    pub fn ratio_on(&self, platform: &Platform, cluster: usize) -> f64 {
        let r = platform.clusters.get(cluster).map_or(1.0, |c| c.ratio);
        (1.0 + (self.ratio - 1.0) * (r - 1.0) / (ODROID_BIG_RATIO - 1.0)).max(0.01)
    }

    /// The work class this application runs as on `platform`, with a ratio per core type.
    pub fn class_for(&self, platform: &Platform) -> WorkClass {
        let mut ratio = BTreeMap::new();
        for (i, c) in platform.clusters.iter().enumerate() {
            ratio.insert(c.core_type.clone(), self.ratio_on(platform, i));
        }
        WorkClass { name: self.name.clone(), ratio, beta: self.beta, mem_intensity: self.mem_intensity, parallel_overhead: 0.05, shared_partitions: false }
    }

    /// The preference class Zhang et al. §2.2 derives from the structure with `threads` threads:
    /// several fork-joins → 6; one fork-join with serial time ≥ parallel time → 9; otherwise 3.
    pub fn structural_preference(&self, threads: u32) -> u8 {
        if self.regions > 1 {
            return 6;
        }
        let serial = self.serial_fraction;
        let parallel_time = (1.0 - serial) / threads.max(1) as f64;
        if serial >= parallel_time {
            9
        } else {
            3
        }
    }
}

/// Fails unless `value` is on Zhang et al.'s scale: 3 (low), 6 (medium) or 9 (high).
pub fn check_preference(path: &str, value: u8) -> InputResult<u8> {
    if matches!(value, 3 | 6 | 9) {
        Ok(value)
    } else {
        Err(InputError::new(path, format!("must be 3 (low), 6 (medium) or 9 (high) on Zhang et al.'s scale, got {value}")))
    }
}

/// Fails unless `value` is −1, 0 or +1.
pub fn check_supplement(path: &str, value: i8) -> InputResult<i8> {
    if (-1..=1).contains(&value) {
        Ok(value)
    } else {
        Err(InputError::new(path, format!("must be -1 (memory or communication intensive), 0 or +1 (compute intensive), got {value}")))
    }
}

/// One application of a mix: a built-in profile by name, or an inline profile, with optional overrides.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AppEntry {
    /// Built-in profile name (see [`profiles`]); ignored when `profile` is given.
    #[serde(default)]
    pub app: String,
    /// A full profile instead of a built-in one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub profile: Option<AppProfile>,
    /// Threads; defaults to one per core.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub threads: Option<u32>,
    /// Preference override (3, 6 or 9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preference: Option<u8>,
    /// Supplement override (−1, 0, +1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supplement: Option<i8>,
    /// Scales the profile's work (1 = as profiled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub work_scale: Option<f64>,
}

/// The OS-level workload: applications started together on the platform.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct AppMix {
    /// Display name (a Zhang et al. workload such as `BF`, or an application name).
    #[serde(default)]
    pub name: String,
    /// Applications, in task-queue order (first come, first served).
    pub apps: Vec<AppEntry>,
    /// OS model costs and thresholds.
    #[serde(default)]
    pub os: OsOptions,
    /// Scheduler of the energy/EDP baseline (Eq. 2–3); default `pinned` (static threading).
    #[serde(default = "default_baseline")]
    pub baseline_scheduler: String,
    /// Little cores of the baseline platform (default 4: Chronaki et al. normalises to four little cores).
    #[serde(default = "default_baseline_little")]
    pub baseline_little_cores: u32,
    /// Runs per scheduler with seeds `seed, seed+1, …` for the spread (mean, min, max); the record shows the first.
    #[serde(default = "one_u32")]
    pub repeat: u32,
}

fn default_baseline() -> String {
    "pinned".into()
}

fn default_baseline_little() -> u32 {
    4
}

fn one_u32() -> u32 {
    1
}

/// One phase of an application's program.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// Thread 0 works, the others wait at the barrier.
    Serial {
        /// Work, reference ns.
        work_ns: f64,
    },
    /// Every thread takes part, then a barrier.
    Parallel {
        /// Work of the whole region, reference ns.
        work_ns: f64,
        /// Even split or a pool of `chunks`.
        split: Split,
        /// Chunks when pooled.
        chunks: u32,
    },
}

/// An application resolved for one run: its class index, threads, preference value and program.
#[derive(Clone, Debug, PartialEq)]
pub struct AppRun {
    /// Name.
    pub name: String,
    /// Index into the run's classes.
    pub class: usize,
    /// Threads.
    pub threads: u32,
    /// Preference + supplement (Zhang et al.: 2 … 10).
    pub preference: i32,
    /// The program.
    pub phases: Vec<Phase>,
    /// The profile it came from (after overrides).
    pub profile: AppProfile,
}

impl AppRun {
    /// Tasks per parallel region of the task version (`tasks / regions`).
    pub fn tasks_per_region(&self) -> u32 {
        let regions = self.phases.iter().filter(|p| matches!(p, Phase::Parallel { .. })).count().max(1) as u32;
        (self.profile.tasks / regions).max(1)
    }

    /// Iterations per parallel region of the loop versions: `loop_iterations_per_thread` per thread when the profile
    /// gives it, else as many as the task version has tasks there.
    pub fn loop_iterations(&self) -> u32 {
        match self.profile.loop_iterations_per_thread {
            Some(n) => self.threads.max(1).saturating_mul(n),
            None => self.tasks_per_region(),
        }
    }
}

impl AppMix {
    /// A mix of built-in applications, in order, with default options.
    pub fn of(name: &str, apps: &[&str]) -> AppMix {
        AppMix {
            name: name.into(),
            apps: apps.iter().map(|a| AppEntry { app: a.to_string(), profile: None, threads: None, preference: None, supplement: None, work_scale: None }).collect(),
            os: OsOptions::default(),
            baseline_scheduler: default_baseline(),
            baseline_little_cores: default_baseline_little(),
            repeat: 1,
        }
    }

    /// Checks the mix for `platform`; `path` is the workload's path.
    pub fn validate(&self, platform: &Platform, path: &str) -> InputResult<()> {
        self.resolve(platform, path).map(|_| ())
    }

    /// Resolves every entry into an [`AppRun`] for `platform`, and returns the work classes they run as.
    pub fn resolve(&self, platform: &Platform, path: &str) -> InputResult<(Vec<AppRun>, Vec<WorkClass>)> {
        if self.apps.is_empty() {
            return Err(InputError::new(format!("{path}.apps"), "name at least one application"));
        }
        self.os.validate(&format!("{path}.os"))?;
        if self.repeat == 0 || self.repeat > 100 {
            return Err(InputError::new(format!("{path}.repeat"), format!("must be between 1 and 100, got {}", self.repeat)));
        }
        if self.baseline_little_cores == 0 || self.baseline_little_cores > MAX_CORES {
            return Err(InputError::new(
                format!("{path}.baseline_little_cores"),
                format!("must be between 1 and {MAX_CORES} (the most cores a platform may have), got {}", self.baseline_little_cores),
            ));
        }
        let n_cores = platform.n_cores() as u32;
        let mut runs = Vec::new();
        let mut classes = Vec::new();
        let mut total_threads = 0u32;
        for (i, entry) in self.apps.iter().enumerate() {
            let p = format!("{path}.apps[{i}]");
            let mut profile = match &entry.profile {
                Some(prof) => prof.clone(),
                None => profile(&entry.app).ok_or_else(|| {
                    InputError::new(format!("{p}.app"), format!("unknown application '{}' (known: {})", entry.app, profile_names().join(", ")))
                })?,
            };
            if let Some(pref) = entry.preference {
                profile.preference = check_preference(&format!("{p}.preference"), pref)?;
            }
            if let Some(sup) = entry.supplement {
                profile.supplement = check_supplement(&format!("{p}.supplement"), sup)?;
            }
            if let Some(scale) = entry.work_scale {
                at_least(&format!("{p}.work_scale"), scale, 1e-6)?;
                if scale > 1e6 {
                    return Err(InputError::new(format!("{p}.work_scale"), format!("must be at most 1000000, got {scale}")));
                }
                profile.work_ns *= scale;
            }
            profile.validate(&format!("{p}.profile"))?;
            let threads = entry.threads.unwrap_or(n_cores);
            if threads == 0 || threads > MAX_THREADS_PER_APP {
                return Err(InputError::new(format!("{p}.threads"), format!("must be between 1 and {MAX_THREADS_PER_APP}, got {threads}")));
            }
            total_threads += threads;
            if total_threads > MAX_THREADS_PER_CORE * n_cores {
                return Err(InputError::new(
                    format!("{p}.threads"),
                    format!("the mix has {total_threads} threads on {n_cores} cores; the model allows at most {MAX_THREADS_PER_CORE} per core"),
                ));
            }
            let class = classes.iter().position(|k: &WorkClass| k.name == profile.name).unwrap_or_else(|| {
                classes.push(profile.class_for(platform));
                classes.len() - 1
            });
            runs.push(AppRun {
                name: profile.name.clone(),
                class,
                threads,
                preference: profile.preference as i32 + profile.supplement as i32,
                phases: program(&profile),
                profile,
            });
        }
        Ok((runs, classes))
    }
}

/// The program of a profile: serial sections between (and before) the parallel regions.
/// A serial fraction `s` is split into one section before each region; each region holds `(1 − s)/regions` of the work.
pub fn program(p: &AppProfile) -> Vec<Phase> {
    let mut phases = Vec::new();
    let regions = p.regions.max(1);
    let serial_each = p.work_ns * p.serial_fraction / regions as f64;
    let parallel_each = p.work_ns * (1.0 - p.serial_fraction) / regions as f64;
    for _ in 0..regions {
        if serial_each > 0.0 {
            phases.push(Phase::Serial { work_ns: serial_each });
        }
        phases.push(Phase::Parallel { work_ns: parallel_each, split: p.split, chunks: p.chunks });
    }
    phases
}

/// The built-in profile called `name`.
pub fn profile(name: &str) -> Option<AppProfile> {
    profiles().into_iter().find(|p| p.name == name)
}

/// Names of the built-in profiles.
pub fn profile_names() -> Vec<String> {
    profiles().into_iter().map(|p| p.name).collect()
}

/// The nine applications of Chronaki et al. Table 1.
pub const MATURITY_APPS: &[&str] =
    &["blackscholes", "bodytrack", "canneal", "dedup", "facesim", "ferret", "fluidanimate", "streamcluster", "swaptions"];

/// The barrier-synchronised applications of Chronaki et al. §5.1–5.2.
pub const BARRIER_APPS: &[&str] = &["blackscholes", "facesim", "fluidanimate", "streamcluster", "swaptions"];

/// Names of Zhang et al.'s workloads (Table 1).
pub const MIX_NAMES: &[&str] = &["BF", "BB", "CF", "BS", "DC"];

/// Zhang et al.'s workload `name` (Table 1): two 8-threaded applications in task-queue order, with the table's supplements.
pub fn mix(name: &str) -> Option<AppMix> {
    let entry = |app: &str, sup: i8| AppEntry { app: app.into(), profile: None, threads: Some(8), preference: None, supplement: Some(sup), work_scale: None };
    let apps = match name {
        "BF" => vec![entry("blackscholes", 0), entry("freqmine", 0)],
        "BB" => vec![entry("bodytrack", 0), entry("blackscholes", 0)],
        "CF" => vec![entry("canneal", -1), entry("freqmine", 1)],
        "BS" => vec![entry("blackscholes", 0), entry("swaptions", 0)],
        "DC" => vec![entry("dedup", -1), entry("canneal", -1)],
        _ => return None,
    };
    let mut m = AppMix::of(name, &[]);
    m.apps = apps;
    Some(m)
}

/// A workload by name: a Zhang et al. mix, or a single built-in application with one thread per core.
pub fn workload_by_name(name: &str) -> Option<AppMix> {
    if let Some(m) = mix(name) {
        return Some(m);
    }
    profile(name).map(|_| AppMix::of(name, &[name]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::platform;

    #[test]
    fn profiles_carry_table_1_ratios_and_valid_preferences() {
        let ps = profiles();
        assert_eq!(ps.iter().find(|p| p.name == "bodytrack").map(|p| p.ratio), Some(4.16));
        assert_eq!(ps.iter().find(|p| p.name == "canneal").map(|p| p.ratio), Some(1.73));
        for p in &ps {
            p.validate(&p.name).expect("valid profile");
        }
        for name in MATURITY_APPS {
            assert!(profile(name).is_some(), "{name}");
        }
    }

    #[test]
    fn zhang_preferences_follow_the_fork_join_structure_with_8_threads() {
        for name in ["blackscholes", "freqmine", "bodytrack", "canneal", "swaptions", "dedup"] {
            let p = profile(name).expect("profile");
            assert_eq!(p.structural_preference(8), p.preference, "{name}");
        }
        // CF is weakly asymmetric (difference 2), BS and DC symmetric (Zhang et al. §4.2).
        let pref = |m: &str| {
            let mix = mix(m).expect("mix");
            let (runs, _) = mix.resolve(&platform("gem5-8l8s").expect("p"), "workload").expect("ok");
            runs.iter().map(|r| r.preference).collect::<Vec<_>>()
        };
        assert_eq!(pref("CF"), vec![8, 10]);
        assert_eq!(pref("BS"), vec![3, 3]);
        assert_eq!(pref("DC"), vec![8, 8]);
    }

    #[test]
    fn ratios_scale_with_the_platform_asymmetry() {
        let odroid = platform("odroid-xu3").expect("p");
        let p = profile("bodytrack").expect("p");
        assert!((p.ratio_on(&odroid, 0) - 4.16).abs() < 1e-12);
        assert!((p.ratio_on(&odroid, 1) - 1.0).abs() < 1e-12);
        let gem5 = platform("gem5-8l8s").expect("p");
        assert!((p.ratio_on(&gem5, 0) - 2.58).abs() < 1e-9);
    }

    #[test]
    fn bad_input_names_the_field() {
        let p = platform("gem5-8l8s").expect("p");
        let mut m = mix("BF").expect("mix");
        m.apps[1].preference = Some(7);
        let e = m.validate(&p, "workload").expect_err("scale");
        assert_eq!(e.path, "workload.apps[1].preference");
        assert!(e.message.contains("3 (low), 6 (medium) or 9 (high)"), "{e}");

        let mut m = mix("BF").expect("mix");
        m.apps[0].supplement = Some(2);
        assert_eq!(m.validate(&p, "workload").expect_err("sup").path, "workload.apps[0].supplement");

        let mut m = mix("BF").expect("mix");
        m.apps[0].threads = Some(300);
        assert_eq!(m.validate(&p, "workload").expect_err("threads").path, "workload.apps[0].threads");
        m.apps[0].threads = Some(200);
        m.apps[1].threads = Some(200);
        let e = m.validate(&p, "workload").expect_err("per core");
        assert_eq!(e.path, "workload.apps[1].threads");
        assert!(e.message.contains("at most 16 per core"), "{e}");

        let mut m = mix("BF").expect("mix");
        m.os.down_threshold = 800;
        let e = m.validate(&p, "workload").expect_err("order");
        assert_eq!(e.path, "workload.os.down_threshold");
        assert!(e.message.contains("must be below the up threshold"), "{e}");

        let mut m = mix("BF").expect("mix");
        m.os.migration_ns = u64::MAX;
        assert_eq!(m.validate(&p, "workload").expect_err("huge").path, "workload.os.migration_ns");

        let mut m = mix("BF").expect("mix");
        m.baseline_little_cores = 807_384;
        let e = m.validate(&p, "workload").expect_err("baseline");
        assert_eq!(e.path, "workload.baseline_little_cores");
        assert!(e.message.contains("between 1 and 1024"), "{e}");

        let mut m = mix("BF").expect("mix");
        m.apps[0].app = "doom".into();
        assert_eq!(m.validate(&p, "workload").expect_err("app").path, "workload.apps[0].app");
    }
}
