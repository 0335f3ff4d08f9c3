//! Loop programs (docs/model-reference.md §3b, Saez et al.): serial phases run by the master thread and parallel loops with per-iteration cost profiles.
//!
//! A program is data; [`LoopProgram::build`] validates it against the platform and classes and turns every loop's
//! cost profile into an [`IterCosts`] that sums the cost of any iteration range in O(1) (closed forms, or prefix
//! sums over blocks), so that a simulator can work with chunks instead of single iterations.

use serde::{Deserialize, Serialize};

use crate::error::{in_range, InputError, InputResult};
use crate::model::{Platform, WorkClass};
use crate::sim::Rng;

/// Cost of one iteration as a function of its index, in reference nanoseconds (time on a core of ratio 1).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum CostProfile {
    /// Every iteration costs `iter_ns`.
    Uniform {
        /// Cost of one iteration.
        iter_ns: f64,
    },
    /// Cost grows (or shrinks) linearly from `first_ns` to `last_ns` (particlefilter's heavier last iterations).
    Ramp {
        /// Cost of iteration 0.
        first_ns: f64,
        /// Cost of iteration N − 1.
        last_ns: f64,
    },
    /// Random costs around `mean_ns`, uniform with coefficient of variation `cv` (clipped at 1% of the mean), drawn from the scenario's seed.
    /// With `length` > 1 the variation is correlated: a cost is drawn every `length` iterations and the iterations in
    /// between are interpolated linearly, so neighbouring iterations cost about the same and a contiguous block's mean
    /// cost drifts from the loop's mean (docs/model-reference.md §3b).
    Random {
        /// Mean cost.
        mean_ns: f64,
        /// Coefficient of variation of the drawn costs (0: uniform).
        cv: f64,
        /// Correlation length in iterations (1: independent costs).
        #[serde(default = "one_u64", skip_serializing_if = "is_one")]
        length: u64,
    },
    /// One cost per iteration; the loop's `iterations` must equal the array's length.
    Explicit {
        /// Costs.
        iter_ns: Vec<f64>,
    },
}

/// A serial phase: the master thread (thread 0) works, the others wait.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SerialPhase {
    /// Display name.
    #[serde(default)]
    pub name: Option<String>,
    /// Work in reference nanoseconds.
    pub work_ns: f64,
    /// Work class (so its speed per core type).
    pub class: String,
}

/// A parallel loop (`omp parallel for`) with an implicit barrier at its end.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ParallelLoop {
    /// Display name.
    #[serde(default)]
    pub name: Option<String>,
    /// Number of iterations N.
    pub iterations: u64,
    /// Work class: gives the loop its big-to-small speedup factor (SF).
    pub class: String,
    /// Per-iteration cost profile.
    pub cost: CostProfile,
    /// Chunk of dynamic and guided schedules when the schedule names none (OpenMP's default is 1).
    #[serde(default = "one_u64")]
    pub chunk: u64,
}

fn one_u64() -> u64 {
    1
}

fn is_one(v: &u64) -> bool {
    *v == 1
}

/// One phase of a program, tagged by `kind` in JSON.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Phase {
    /// See [`SerialPhase`].
    Serial(SerialPhase),
    /// See [`ParallelLoop`].
    Loop(ParallelLoop),
}

/// Runtime costs of the OpenMP runtime (*estimates*, docs/model-reference.md §3b).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields, default)]
pub struct LoopCosts {
    /// One removal from the shared iteration pool (atomic fetch-and-add) on the fastest core type with one thread.
    /// Slower core types pay it scaled by their speed: 0.2 µs big gives 0.5 µs on a core 2.5× slower.
    pub removal_ns: f64,
    /// Contention: each removal costs `1 + removal_growth × (T − 1)` times more with T threads.
    pub removal_growth: f64,
    /// Cost every thread pays at each loop's implicit barrier, after the last thread arrives.
    pub barrier_ns: u64,
    /// The pool's shared counter is one cache line: each removal holds it this long (the line's transfer to the
    /// removing core plus the atomic), and removals queue for it, so contending threads serialise (0: no queue).
    pub line_ns: f64,
    /// Extra hold when the line comes from a core of another cluster (a cross-cluster coherence transfer).
    pub cross_cluster_ns: f64,
    /// Cache affinity: an iteration whose data another thread touched in the previous instance of the same loop costs
    /// `1 + cold_factor × memory_intensity(class)` times as much (static keeps each thread on its block; 0: off).
    pub cold_factor: f64,
}

impl Default for LoopCosts {
    fn default() -> Self {
        LoopCosts { removal_ns: 200.0, removal_growth: 0.05, barrier_ns: 2_000, line_ns: 0.0, cross_cluster_ns: 0.0, cold_factor: 0.0 }
    }
}

/// A note of a figure a paper reports for this program. Accepted so that older links still open; the papers' numbers are
/// claims of the catalogue's presets, evaluated by `crate::claims`.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct PaperFigure {
    /// What is compared, e.g. "AID-hybrid vs AID-static".
    pub label: String,
    /// The reported value, e.g. "+10.5%".
    pub value: String,
    /// Where the paper says it, e.g. "Saez et al. §4.2, Fig. 4".
    #[serde(default)]
    pub source: String,
}

/// A loop program: `threads` threads bound one per core run `phases`, `repeat` times over.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LoopProgram {
    /// Number of threads T (one per core); defaults to every core.
    #[serde(default)]
    pub threads: Option<u32>,
    /// How many times the phase list runs (an outer time-step loop).
    #[serde(default = "one_u32")]
    pub repeat: u32,
    /// Runtime costs.
    #[serde(default)]
    pub costs: LoopCosts,
    /// Serial phases and parallel loops, in order.
    pub phases: Vec<Phase>,
    /// Notes of figures a paper reports (older links carry them; nothing shows them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paper: Vec<PaperFigure>,
}

fn one_u32() -> u32 {
    1
}

/// Most iterations one loop may have.
pub const MAX_ITERATIONS: u64 = 1 << 32;
/// Most phases a program may run (after `repeat`).
pub const MAX_PHASES: u64 = 200_000;
const BLOCK: u64 = 256;

/// Summable per-iteration costs of one loop.
#[derive(Clone, Debug)]
pub enum IterCosts {
    /// Constant cost.
    Uniform(f64),
    /// `first + slope · i`.
    Ramp {
        /// Cost of iteration 0.
        first: f64,
        /// Increase per iteration.
        slope: f64,
    },
    /// Counter-based random costs with prefix sums over blocks of 256 iterations.
    Random {
        /// Mean.
        mean: f64,
        /// Spread factor `cv · √3`.
        spread: f64,
        /// Per-loop key drawn from the scenario's generator.
        key: u64,
        /// Correlation length: drawn every `length` iterations, interpolated in between.
        length: u64,
        /// `block_prefix[b]` = cost of iterations `0 .. b·256`.
        block_prefix: Vec<f64>,
    },
    /// Prefix sums of an explicit array.
    Prefix(Vec<f64>),
}

fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl IterCosts {
    fn random_one(mean: f64, spread: f64, key: u64, i: u64) -> f64 {
        let u = (mix(key ^ i.wrapping_mul(0x9E37_79B9_7F4A_7C15)) >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
        (mean * (1.0 + spread * (2.0 * u - 1.0))).max(mean * 0.01)
    }

    /// Cost of iteration `i` of a random profile: drawn at multiples of `length`, linear in between.
    fn random_at(mean: f64, spread: f64, key: u64, length: u64, i: u64) -> f64 {
        if length <= 1 {
            return Self::random_one(mean, spread, key, i);
        }
        let (j, r) = (i / length, i % length);
        let a = Self::random_one(mean, spread, key, j);
        if r == 0 {
            return a;
        }
        let b = Self::random_one(mean, spread, key, j + 1);
        a + (b - a) * r as f64 / length as f64
    }

    /// Cost of iteration `i`.
    pub fn one(&self, i: u64) -> f64 {
        self.range(i, 1)
    }

    /// Total cost of iterations `start .. start + len`.
    pub fn range(&self, start: u64, len: u64) -> f64 {
        match self {
            IterCosts::Uniform(c) => c * len as f64,
            IterCosts::Ramp { first, slope } => {
                // Σ_{i=start}^{start+len−1} (first + slope·i) = len·first + slope·(len·start + len(len−1)/2).
                let l = len as f64;
                l * first + slope * (l * start as f64 + l * (l - 1.0) / 2.0)
            }
            IterCosts::Random { mean, spread, key, length, block_prefix } => {
                let at = |i: u64| Self::random_at(*mean, *spread, *key, *length, i);
                let sum_to = |end: u64| -> f64 {
                    let b = end / BLOCK;
                    let mut s = block_prefix.get(b as usize).copied().unwrap_or(0.0);
                    for i in b * BLOCK..end {
                        s += at(i);
                    }
                    s
                };
                if len <= 2 * BLOCK {
                    return (start..start + len).map(at).sum();
                }
                sum_to(start + len) - sum_to(start)
            }
            IterCosts::Prefix(p) => {
                let a = p.get(start as usize).copied().unwrap_or(0.0);
                let b = p.get((start + len) as usize).copied().unwrap_or(a);
                b - a
            }
        }
    }
}

/// One phase, validated and ready to simulate.
#[derive(Clone, Debug)]
pub enum BuiltPhase {
    /// Serial work of `work_ns` in class `class`.
    Serial {
        /// Display name.
        name: String,
        /// Work.
        work_ns: f64,
        /// Class index.
        class: usize,
    },
    /// A parallel loop.
    Loop {
        /// Display name.
        name: String,
        /// N.
        iterations: u64,
        /// Class index.
        class: usize,
        /// Default chunk.
        chunk: u64,
        /// Costs.
        costs: IterCosts,
    },
}

/// A validated program with the repeat unrolled (phases share their cost tables through indices).
#[derive(Clone, Debug)]
pub struct BuiltProgram {
    /// Threads T.
    pub threads: usize,
    /// Costs.
    pub costs: LoopCosts,
    /// Distinct phases.
    pub phases: Vec<BuiltPhase>,
    /// The sequence run: indices into `phases`.
    pub order: Vec<u32>,
}

fn class_index(classes: &[WorkClass], name: &str, path: &str) -> InputResult<usize> {
    classes.iter().position(|k| k.name == name).ok_or_else(|| {
        let known: Vec<&str> = classes.iter().map(|k| k.name.as_str()).collect();
        InputError::new(path, format!("unknown class '{name}' (the scenario's classes are {known:?})"))
    })
}

impl LoopProgram {
    /// Checks every field against the platform and classes; the error names the first bad one.
    pub fn validate(&self, platform: &Platform, classes: &[WorkClass], path: &str) -> InputResult<()> {
        let n_cores = platform.n_cores();
        if let Some(t) = self.threads {
            if t == 0 {
                return Err(InputError::new(format!("{path}.threads"), "must be at least 1"));
            }
            if t as usize > n_cores {
                return Err(InputError::new(
                    format!("{path}.threads"),
                    format!("{t} threads but the platform has {n_cores} cores (threads are bound one per core)"),
                ));
            }
        }
        if self.repeat == 0 {
            return Err(InputError::new(format!("{path}.repeat"), "must be at least 1"));
        }
        if self.phases.is_empty() {
            return Err(InputError::new(format!("{path}.phases"), "needs at least one phase"));
        }
        if self.phases.len() as u64 * self.repeat as u64 > MAX_PHASES {
            return Err(InputError::new(format!("{path}.repeat"), format!("phases × repeat must be at most {MAX_PHASES}")));
        }
        in_range(&format!("{path}.costs.removal_ns"), self.costs.removal_ns, 0.0, 1e9)?;
        in_range(&format!("{path}.costs.removal_growth"), self.costs.removal_growth, 0.0, 1e3)?;
        in_range(&format!("{path}.costs.line_ns"), self.costs.line_ns, 0.0, 1e9)?;
        in_range(&format!("{path}.costs.cross_cluster_ns"), self.costs.cross_cluster_ns, 0.0, 1e9)?;
        in_range(&format!("{path}.costs.cold_factor"), self.costs.cold_factor, 0.0, 1e3)?;
        for (i, phase) in self.phases.iter().enumerate() {
            let p = format!("{path}.phases[{i}]");
            match phase {
                Phase::Serial(s) => {
                    crate::model::work_ns(&format!("{p}.work_ns"), s.work_ns, true)?;
                    class_index(classes, &s.class, &format!("{p}.class"))?;
                }
                Phase::Loop(l) => {
                    if l.iterations == 0 {
                        return Err(InputError::new(format!("{p}.iterations"), "must be at least 1 (N = 0 is not a loop)"));
                    }
                    if l.iterations > MAX_ITERATIONS {
                        return Err(InputError::new(format!("{p}.iterations"), format!("at most {MAX_ITERATIONS}")));
                    }
                    if l.chunk == 0 {
                        return Err(InputError::new(format!("{p}.chunk"), "must be at least 1"));
                    }
                    class_index(classes, &l.class, &format!("{p}.class"))?;
                    let c = format!("{p}.cost");
                    match &l.cost {
                        CostProfile::Uniform { iter_ns } => {
                            crate::model::work_ns(&format!("{c}.iter_ns"), *iter_ns, true)?;
                        }
                        CostProfile::Ramp { first_ns, last_ns } => {
                            crate::model::work_ns(&format!("{c}.first_ns"), *first_ns, true)?;
                            crate::model::work_ns(&format!("{c}.last_ns"), *last_ns, true)?;
                        }
                        CostProfile::Random { mean_ns, cv, length } => {
                            crate::model::work_ns(&format!("{c}.mean_ns"), *mean_ns, true)?;
                            in_range(&format!("{c}.cv"), *cv, 0.0, 10.0)?;
                            if *length == 0 {
                                return Err(InputError::new(format!("{c}.length"), "must be at least 1"));
                            }
                            if l.iterations > 100_000_000 {
                                return Err(InputError::new(format!("{p}.iterations"), "random profiles allow at most 10^8 iterations"));
                            }
                        }
                        CostProfile::Explicit { iter_ns } => {
                            if iter_ns.len() as u64 != l.iterations {
                                return Err(InputError::new(
                                    format!("{c}.iter_ns"),
                                    format!("has {} costs but the loop has {} iterations", iter_ns.len(), l.iterations),
                                ));
                            }
                            for (j, &v) in iter_ns.iter().enumerate() {
                                crate::model::work_ns(&format!("{c}.iter_ns[{j}]"), v, true)?;
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Validates and builds the program; `rng` draws the random profiles' keys.
    pub fn build(&self, platform: &Platform, classes: &[WorkClass], rng: &mut Rng, path: &str) -> InputResult<BuiltProgram> {
        self.validate(platform, classes, path)?;
        let mut phases = Vec::with_capacity(self.phases.len());
        let mut n_loops = 0;
        for (i, phase) in self.phases.iter().enumerate() {
            let p = format!("{path}.phases[{i}]");
            phases.push(match phase {
                Phase::Serial(s) => BuiltPhase::Serial {
                    name: s.name.clone().unwrap_or_else(|| format!("serial {i}")),
                    work_ns: s.work_ns,
                    class: class_index(classes, &s.class, &format!("{p}.class"))?,
                },
                Phase::Loop(l) => {
                    n_loops += 1;
                    BuiltPhase::Loop {
                        name: l.name.clone().unwrap_or_else(|| format!("loop {n_loops}")),
                        iterations: l.iterations,
                        class: class_index(classes, &l.class, &format!("{p}.class"))?,
                        chunk: l.chunk,
                        costs: build_costs(&l.cost, l.iterations, rng),
                    }
                }
            });
        }
        let n = self.phases.len() as u32;
        let order = (0..self.repeat).flat_map(|_| 0..n).collect();
        let threads = self.threads.map_or(platform.n_cores(), |t| t as usize);
        Ok(BuiltProgram { threads, costs: self.costs.clone(), phases, order })
    }
}

fn build_costs(profile: &CostProfile, n: u64, rng: &mut Rng) -> IterCosts {
    match profile {
        CostProfile::Uniform { iter_ns } => IterCosts::Uniform(*iter_ns),
        CostProfile::Ramp { first_ns, last_ns } => {
            let slope = if n > 1 { (last_ns - first_ns) / (n - 1) as f64 } else { 0.0 };
            IterCosts::Ramp { first: *first_ns, slope }
        }
        CostProfile::Random { mean_ns, cv, length } => {
            let key = rng.next_u64();
            let length = (*length).max(1);
            let spread = cv * 3f64.sqrt();
            if *cv == 0.0 {
                return IterCosts::Uniform(*mean_ns);
            }
            let n_blocks = n / BLOCK;
            let mut block_prefix = Vec::with_capacity(n_blocks as usize + 1);
            let mut sum = 0.0;
            block_prefix.push(0.0);
            for b in 0..n_blocks {
                for i in b * BLOCK..(b + 1) * BLOCK {
                    sum += IterCosts::random_at(*mean_ns, spread, key, length, i);
                }
                block_prefix.push(sum);
            }
            IterCosts::Random { mean: *mean_ns, spread, key, length, block_prefix }
        }
        CostProfile::Explicit { iter_ns } => {
            let mut prefix = Vec::with_capacity(iter_ns.len() + 1);
            let mut sum = 0.0;
            prefix.push(0.0);
            for &c in iter_ns {
                sum += c;
                prefix.push(sum);
            }
            IterCosts::Prefix(prefix)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn range_sums_match_iteration_by_iteration_sums() {
        let mut rng = Rng::new(5);
        for profile in [
            CostProfile::Uniform { iter_ns: 3.0 },
            CostProfile::Ramp { first_ns: 1.0, last_ns: 100.0 },
            CostProfile::Random { mean_ns: 50.0, cv: 0.4, length: 1 },
            CostProfile::Random { mean_ns: 50.0, cv: 0.4, length: 300 },
            CostProfile::Explicit { iter_ns: (0..2000).map(|i| (i % 7) as f64).collect() },
        ] {
            let c = build_costs(&profile, 2000, &mut rng);
            for (start, len) in [(0u64, 2000u64), (3, 1), (255, 700), (1000, 999), (1999, 1)] {
                let slow: f64 = (start..start + len).map(|i| c.one(i)).sum();
                let fast = c.range(start, len);
                assert!((slow - fast).abs() <= 1e-9 * slow.abs().max(1.0), "{profile:?} {start}+{len}: {slow} vs {fast}");
            }
        }
    }
}
