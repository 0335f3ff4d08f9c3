//! The built-in application profiles: the nine PARSEC applications of Chronaki et al. Table 1 plus freqmine (Zhang et al.),
//! with the structure each execution model runs (docs/model-reference.md §3d).

use crate::model::apps::{AppProfile, Split};

#[allow(clippy::too_many_arguments)]
fn prof(name: &str, kind: &str, ratio: f64, beta: f64, mem: f64, regions: u32, split: Split, serial: f64, tasks: u32, pref: u8, sup: i8) -> AppProfile {
    AppProfile {
        name: name.into(),
        work_ns: 2e9,
        ratio,
        beta,
        mem_intensity: mem,
        regions,
        split,
        // A pipeline's stages pass its work items through queues (Chronaki et al. Table 1: ferret's 3,500 queries,
        // dedup's stream chunks, bodytrack's particles per frame), and its task version follows the same strategy
        // (§4.2), so a pipeline's pool hands out as many items per region as its task version has tasks.
        chunks: if kind == "pipeline" { (tasks / regions.max(1)).max(1) } else { 64 },
        serial_fraction: serial,
        tasks,
        preference: pref,
        supplement: sup,
        kind: kind.into(),
        serial_on_master: false,
        loop_iterations_per_thread: None,
        loop_iteration_ns: None,
        item_cv: DATA_DEPENDENT_ITEM_CV,
    }
}

/// Spread of the work items of an application whose items' costs depend on its data (fluidanimate's cells hold different
/// numbers of particles, ferret's queries and dedup's chunks differ in content, …): a 10% coefficient of variation,
/// an *estimate* (no source gives these spreads; docs/model-reference.md §3d).
const DATA_DEPENDENT_ITEM_CV: f64 = 0.1;

/// `profile` whose work items cost the same by construction: blackscholes prices every option with the same closed-form
/// formula, and swaptions simulates every swaption with the same numbers of trials, time steps and factors.
fn alike_items(profile: AppProfile) -> AppProfile {
    AppProfile { item_cv: 0.0, ..profile }
}

/// `profile` whose loop versions iterate over one block of the data per thread.
fn one_block_per_thread(profile: AppProfile) -> AppProfile {
    AppProfile { loop_iterations_per_thread: Some(1), ..profile }
}

/// `profile` whose loop versions iterate over single options: one option on a little core, 4 µs (*estimate*, the option of
/// the loop level's blackscholes-like program; docs/model-reference.md §3d).
fn one_option_per_iteration(profile: AppProfile) -> AppProfile {
    AppProfile { loop_iteration_ns: Some(4_000.0), ..profile }
}

/// `profile` whose task version runs its serial sections on the master thread after a `taskwait`: PARSECSs's bodytrack
/// (Chasapis et al., ACM TACO 2016; `ParticleFilterOMPSS.h`) waits for each annealing layer's particle tasks and then
/// normalises the weights, builds the CDF and resamples on the thread that created the tasks (docs/model-reference.md §3d).
fn serial_on_master(profile: AppProfile) -> AppProfile {
    AppProfile { serial_on_master: true, ..profile }
}

/// Built-in profiles: the nine PARSEC applications of Chronaki et al. Table 1 (with its big/little ratios) plus freqmine (Zhang et al.).
/// Work (2 s on one little core), β, regions, serial fractions and chunk counts are *estimates* chosen to match the
/// papers' descriptions: barrier-heavy data-parallel codes split evenly, pipelines balance through queues (a pool),
/// and Zhang et al.'s high-preference applications have one fork-join whose serial time is at least the parallel time with 8 threads.
pub fn profiles() -> Vec<AppProfile> {
    use Split::{Even, Pool};
    vec![
        // The OpenMP loop prices one option per iteration (PARSEC's `bs_thread`: `omp parallel for` over `numOptions`).
        one_option_per_iteration(alike_items(prof("blackscholes", "data-parallel", 2.18, 1.0, 0.1, 1, Even, 0.01, 6_400, 3, 0))),
        serial_on_master(prof("bodytrack", "pipeline", 4.16, 1.0, 0.2, 20, Pool, 0.04, 26_100, 6, 0)),
        prof("canneal", "unstructured", 1.73, 0.4, 0.9, 1, Even, 0.15, 6_000, 9, -1),
        prof("dedup", "pipeline", 2.67, 0.7, 0.5, 1, Pool, 0.15, 3_510, 9, -1),
        prof("facesim", "data-parallel", 3.40, 1.0, 0.3, 100, Even, 0.02, 10_000, 6, 0),
        prof("ferret", "pipeline", 3.59, 1.0, 0.3, 1, Pool, 0.01, 3_500, 3, 0),
        // The OpenMP loop version (Chasapis, Barcelona Supercomputing Center) runs each of a frame's phases as
        // `omp for schedule(SCHED_POLICY)` over its `ndivs` grid blocks, "usually ... equal to the number of cores".
        one_block_per_thread(prof("fluidanimate", "data-parallel", 3.32, 1.0, 0.3, 500, Even, 0.01, 128_500, 6, 0)),
        prof("streamcluster", "data-parallel", 3.48, 0.6, 0.6, 200, Even, 0.02, 20_000, 6, 0),
        alike_items(prof("swaptions", "data-parallel", 2.78, 1.0, 0.1, 1, Even, 0.01, 128, 3, 0)),
        prof("freqmine", "data-parallel", 3.0, 1.0, 0.2, 1, Pool, 0.2, 2_000, 9, 1),
    ]
}

/// Where each of the profiles' parameters comes from, per column of `docs/fidelity.md`'s table of them (`claims::parameters`).
pub const PROFILE_SOURCES: &[(&str, &str)] = &[
    ("parallelisation", "Chronaki et al. Table 1; freqmine, which it does not list, has one fork-join, as Zhang et al. §2.2 give every high-preference application."),
    (
        "ratio",
        "the big/little performance ratio of Chronaki et al. Table 1, measured on one A15 at 1.6 GHz against one A7 at 800 MHz; \
         freqmine is not in it, and its 3.0 is an estimate near the table's 3.03 average for a compute-intensive application (Zhang et al. §4.2).",
    ),
    ("β, memory intensity", "estimates: how strongly each follows the clock and slows under memory interference (docs/model-reference.md §1)."),
    (
        "regions",
        "facesim's 100 and fluidanimate's 500 are their native inputs' frames (Chronaki et al. Table 1); the others are estimates, \
         one fork-join for the applications without per-step barriers (docs/model-reference.md §3d).",
    ),
    (
        "split",
        "an even share per thread for the barrier applications, whose pthreads versions divide the work homogeneously (Chronaki et al. §5.1), \
         a pool for the pipelines (queues between stages, bodytrack's ticket dispenser) and freqmine; a pipeline's pool hands out as many \
         items per region as its task version has tasks, other pools 64 chunks (estimate).",
    ),
    (
        "serial fraction",
        "estimates (docs/model-reference.md §3d); freqmine's is at least the 1/9 that Zhang et al. §2.2 ask of a high-preference application \
         with 8 threads.",
    ),
    (
        "tasks",
        "the task versions' task counts: blackscholes' 6,400, swaptions' 128 and fluidanimate's 128,500 (Chronaki et al. §5.3), ferret's 3,500 \
         queries, canneal's 6,000 steps (Table 1); dedup's, bodytrack's, facesim's, streamcluster's and freqmine's are estimates.",
    ),
    ("preference", "Zhang et al. §4.2: 3, 6 or 9 for low, medium and high preference, plus 1 for a compute-intensive and minus 1 for a memory- or communication-intensive application."),
    (
        "item spread",
        "the coefficient of variation of a region's work items: 0 where the program makes them alike (blackscholes' closed-form formula, \
         swaptions' fixed trials and steps), 10% (estimate) where they depend on the data (docs/model-reference.md §3d).",
    ),
    ("work", "2 s on one little core for every profile (estimate: the papers give speedups, not times; docs/model-reference.md §3d)."),
];
