//! Teaching data for scenario presets: the question a preset answers, the paper figure it reproduces, the paper's numbers with how to measure them in a run, and a short guided explanation.
//!
//! `api::list_presets` merges a preset's [`Guide`] into its JSON entry as the optional fields `question`, `figure`,
//! `paper_values` and `steps`; the web gallery is built from that list alone. The demo presets' guides are here; those of
//! each level live in `guides_dam.rs`, `guides_loops.rs` and `guides_os.rs`, and [`guide`] dispatches on the name's prefix.

use serde::Serialize;

/// A number the paper reports (or derives from its equations), and how to measure the same quantity in a simulated run.
///
/// The simulated value is `metric(scheduler) × scale`, divided by `over_metric(over)` when either of those is set.
/// `metric` is a dotted path into a run's `{"metrics": …, "extras": …}` in the run summary (`metrics.makespan_ns`,
/// `metrics.utilisation_per_cluster.0`, `extras.speedup`, …).
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
pub struct PaperValue {
    /// What is compared, with its source (`Eq. 4`, `Fig. 5(a)`).
    pub label: &'static str,
    /// The paper's number, in `unit`.
    pub paper: f64,
    /// Unit shown after both numbers (`×`, `ms`, `%`), or empty.
    pub unit: &'static str,
    /// Scheduler whose run is measured.
    pub scheduler: &'static str,
    /// Dotted path into that run's metrics.
    pub metric: &'static str,
    /// Factor applied to the metric (unit conversion, or a per-task work to turn throughput into a speedup).
    pub scale: f64,
    /// Scheduler in the denominator, for ratios (no scale; defaults to `scheduler` when only `over_metric` is set).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub over: Option<&'static str>,
    /// Metric in the denominator (defaults to `metric` when only `over` is set).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub over_metric: Option<&'static str>,
    /// How to read the comparison (for example "an upper bound").
    #[serde(skip_serializing_if = "str::is_empty")]
    pub note: &'static str,
}

/// One step of a guided explanation: what to look at, what it shows, and optionally where the page should point.
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// A few words.
    pub title: &'static str,
    /// One to three sentences.
    pub text: &'static str,
    /// Gantt of the run to point at (scheduler name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scheduler: Option<&'static str>,
    /// Core row to highlight in that Gantt (in every Gantt when `scheduler` is absent).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub core: Option<u32>,
    /// Time window to zoom to, `[t0_ns, t1_ns]`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub window_ns: Option<[u64; 2]>,
}

/// The teaching data of one scenario preset.
#[derive(Serialize, Clone, Copy, Debug, PartialEq)]
pub struct Guide {
    /// The question the preset teaches, in a line.
    pub question: &'static str,
    /// The paper and figure it reproduces, or the set-up it borrows (`seed 001 Fig. 5`).
    pub figure: &'static str,
    /// The paper's numbers beside the simulated ones.
    pub paper_values: &'static [PaperValue],
    /// Three to six steps.
    pub steps: &'static [Step],
}

pub(super) const fn step(title: &'static str, text: &'static str) -> Step {
    Step { title, text, scheduler: None, core: None, window_ns: None }
}

/// A step that points at `core` of `scheduler`'s Gantt in the window `[t0_ns, t1_ns]`.
pub(super) const fn at(title: &'static str, text: &'static str, scheduler: &'static str, core: u32, window_ns: [u64; 2]) -> Step {
    Step { title, text, scheduler: Some(scheduler), core: Some(core), window_ns: Some(window_ns) }
}

/// A step that points at `core` of `scheduler`'s Gantt over the whole run.
pub(super) const fn on(title: &'static str, text: &'static str, scheduler: &'static str, core: u32) -> Step {
    Step { title, text, scheduler: Some(scheduler), core: Some(core), window_ns: None }
}

/// The paper's ratio of two runs' makespans: `makespan(slow) / makespan(fast)` (above 1 when `fast` is faster).
pub(super) const fn makespan_ratio(label: &'static str, paper: f64, slow: &'static str, fast: &'static str, note: &'static str) -> PaperValue {
    PaperValue { label, paper, unit: "×", scheduler: slow, metric: "metrics.makespan_ns", scale: 1.0, over: Some(fast), over_metric: None, note }
}

/// Seed 000 Eq. 4 gives the ideal speedup over one little core as B × ratio + L; a layered matmul task is 250 µs of
/// reference work (ratio-1 core at its reference frequency), so throughput × 250 µs is the simulated speedup over one
/// little core.
const MATMUL_TASK_S: f64 = 250e-6;

/// A copy task (tile 256) is 60 µs of reference work.
const COPY_TASK_S: f64 = 60e-6;

const fn speedup(label: &'static str, ideal: f64, scheduler: &'static str) -> PaperValue {
    PaperValue {
        label,
        paper: ideal,
        unit: "×",
        scheduler,
        metric: "metrics.throughput_tasks_per_s",
        scale: MATMUL_TASK_S,
        over: None,
        over_metric: None,
        note: "the ideal is an upper bound: no dependencies, no idle core",
    }
}

const ODROID_MATMUL: Guide = Guide {
    question: "Does a task runtime that ignores asymmetry still use the big cores well?",
    figure: "Set-up of seed 000 §4 (Odroid-XU3, task-based runtime); ideal speedup of seed 000 Eq. 4 / Fig. 2",
    paper_values: &[
        speedup("Speedup over 1 little core, FIFO vs ideal B × ratio + L = 4 × 3 + 4 (seed 000 Eq. 4)", 16.0, "fifo"),
        speedup("Speedup over 1 little core, RWS vs ideal B × ratio + L = 4 × 3 + 4 (seed 000 Eq. 4)", 16.0, "rws"),
    ],
    steps: &[
        step(
            "Two schedulers, one workload",
            "Each Gantt is one run of the same 1,024 matmul tasks: FIFO (one central queue) above, random work stealing (RWS) below. Rows 0–3 are the big A15 cores, rows 4–7 the little A7 cores.",
        ),
        Step {
            title: "Big cores finish tasks three times faster",
            text: "In the first 3 ms, the blocks on big core 0 are about a third as long as those on the little cores, because a matmul tile runs 3× faster on an A15.",
            scheduler: Some("fifo"),
            core: Some(0),
            window_ns: Some([0, 3_000_000]),
        },
        Step {
            title: "Critical tasks land anywhere",
            text: "Dark, outlined blocks are the one critical task per layer that the next layer waits for. Neither scheduler looks at priority, so a critical task often runs on a little core and delays the whole layer.",
            scheduler: Some("rws"),
            core: Some(5),
            window_ns: Some([0, 3_000_000]),
        },
        step(
            "Compare with the ideal",
            "The table under the Gantt compares each run's speedup over one little core with seed 000's ideal B × ratio + L. The gap is what dependencies, idle time and runtime overhead cost.",
        ),
    ],
};

const TX2_MATMUL: Guide = Guide {
    question: "How much of a 2 + 4 core platform can a DAG with only 4 parallel tasks per layer use?",
    figure: "Set-up of seed 001 §5 (Jetson TX2, layered matmul DAG); ideal speedup of seed 000 Eq. 4",
    paper_values: &[
        speedup("Speedup over 1 A57, FIFO vs ideal B × ratio + L = 2 × 1.6 + 4 (seed 000 Eq. 4)", 7.2, "fifo"),
        speedup("Speedup over 1 A57, RWS vs ideal B × ratio + L = 2 × 1.6 + 4 (seed 000 Eq. 4)", 7.2, "rws"),
    ],
    steps: &[
        step(
            "The platform",
            "Rows 0–1 are the two Denver cores, 1.6× faster on matmul; rows 2–5 the four A57 cores. The shaded strip above each cluster is its frequency.",
        ),
        Step {
            title: "Only four tasks per layer",
            text: "Each layer has 4 tasks and the next layer waits for its critical task, so at most about 4 cores are busy at once: look for idle gaps on the A57 rows.",
            scheduler: Some("fifo"),
            core: Some(4),
            window_ns: Some([0, 4_000_000]),
        },
        step(
            "Parallelism, not cores, is the limit",
            "The simulated speedup stays well under the ideal 7.2 of Eq. 4, which assumes every core is busy all the time. Raise workload.parallelism in the scenario JSON and watch the gap close.",
        ),
    ],
};

const TX2_DVFS: Guide = Guide {
    question: "What happens to a schedule when the fast cores' frequency drops every 20 ms?",
    figure: "Set-up of seed 001 Fig. 7 (Denver DVFS square wave, 2035 ↔ 345 MHz), scaled down to 20 ms periods",
    paper_values: &[
        PaperValue { scale: COPY_TASK_S, ..speedup("Speedup over 1 A57, FIFO vs ideal 2 × 1.2 + 4 with Denver always at 2035 MHz (seed 000 Eq. 4)", 6.4, "fifo") },
        PaperValue { scale: COPY_TASK_S, ..speedup("Speedup over 1 A57, RWS vs ideal 2 × 1.2 + 4 with Denver always at 2035 MHz (seed 000 Eq. 4)", 6.4, "rws") },
    ],
    steps: &[
        Step {
            title: "The frequency strip",
            text: "The strip above the Denver rows steps between 2035 and 345 MHz every 20 ms; the A57 strip stays flat.",
            scheduler: Some("fifo"),
            core: Some(0),
            window_ns: None,
        },
        Step {
            title: "Slow phases stretch the blocks",
            text: "Around the low phase from 20 to 40 ms, copy blocks on the Denver cores get longer. Copy is memory-bound (β = 0.3), so they stretch far less than the 5.9× frequency drop.",
            scheduler: Some("fifo"),
            core: Some(1),
            window_ns: Some([15_000_000, 45_000_000]),
        },
        step(
            "Nobody adapts",
            "FIFO and RWS place tasks without measuring core speed, so critical tasks keep landing on Denver during slow phases. Seed 001's DAM schedulers learn this from the PTT; compare them in the dam-fig7 presets.",
        ),
    ],
};

const TX2_CORUNNER: Guide = Guide {
    question: "What does a co-running thread on one fast core do to a schedule that ignores it?",
    figure: "Set-up of seed 001 Fig. 4 and 5 (co-runner on Denver core 0), shortened to 150 ms",
    paper_values: &[PaperValue {
        label: "Busy time on interfered Denver core 0 over Denver core 1 under RWS (seed 001 Fig. 6: core 0 does more work time for fewer tasks)",
        paper: 1.0,
        unit: "×",
        scheduler: "rws",
        metric: "metrics.busy_ns_per_core.0",
        scale: 1.0,
        over: None,
        over_metric: Some("metrics.busy_ns_per_core.1"),
        note: "the paper shows bars, not a number; above 1 agrees with it",
    }],
    steps: &[
        Step {
            title: "The interference band",
            text: "The tinted band on core 0 marks the co-running thread: for the first 150 ms core 0 gets only half of its time.",
            scheduler: Some("fifo"),
            core: Some(0),
            window_ns: None,
        },
        Step {
            title: "Longer blocks on core 0",
            text: "Between 100 and 110 ms, matmul blocks on core 0 take about twice as long as those on core 1; the band ends at 150 ms.",
            scheduler: Some("fifo"),
            core: Some(0),
            window_ns: Some([100_000_000, 110_000_000]),
        },
        step(
            "Critical tasks still go there",
            "With P = 2 every layer waits for one critical task; when it lands on core 0 the layer takes twice as long. Seed 001's DA and DAM schedulers steer critical tasks away from interfered cores (dam-fig5).",
        ),
    ],
};

const TX2_BENCH: Guide = Guide {
    question: "How fast is the simulator on a paper-sized DAG?",
    figure: "The 32,000-task matmul DAG of seed 001 §5 (benchmark)",
    paper_values: &[speedup("Speedup over 1 A57, RWS vs ideal B × ratio + L = 2 × 1.6 + 4 (seed 000 Eq. 4)", 7.2, "rws")],
    steps: &[
        step("A big run", "32,000 tasks under RWS; the status line shows how long the engine took to simulate them."),
        Step {
            title: "Level of detail",
            text: "Zoomed out, blocks narrower than a pixel are merged; zoom in with the wheel or W and every task block appears.",
            scheduler: Some("rws"),
            core: Some(0),
            window_ns: Some([0, 2_000_000]),
        },
        step("The same limits", "As in the 2,000-task preset, four tasks per layer keep the speedup well under the ideal of Eq. 4."),
    ],
};

/// The guide of scenario preset `name`, if it has one.
pub fn guide(name: &str) -> Option<&'static Guide> {
    match name {
        "odroid-xu3-matmul" => Some(&ODROID_MATMUL),
        "tx2-matmul" => Some(&TX2_MATMUL),
        "tx2-dvfs-square" => Some(&TX2_DVFS),
        "tx2-corunner" => Some(&TX2_CORUNNER),
        "tx2-matmul-32000" => Some(&TX2_BENCH),
        n if n.starts_with("dam-") => super::guides_dam::guide(n),
        n if n.starts_with("aid-") => super::guides_loops::guide(n),
        n if n.starts_with("maturity-") || n.starts_with("pbs-") => super::guides_os::guide(n),
        _ => None,
    }
}

#[cfg(test)]
#[allow(clippy::expect_used, clippy::unwrap_used)]
mod tests {
    use super::*;
    use crate::scenario::presets::{all_scenarios, scenario};

    #[test]
    fn every_preset_has_a_guide_that_points_at_its_own_schedulers_cores_and_times() {
        for info in all_scenarios() {
            let g = guide(info.name).unwrap_or_else(|| panic!("{} has no guide", info.name));
            assert!((3..=6).contains(&g.steps.len()), "{}: {} steps", info.name, g.steps.len());
            assert!(!g.question.is_empty() && !g.figure.is_empty(), "{}", info.name);
            let s = scenario(info.name).expect("preset builds");
            let known = |name: &str| s.schedulers.iter().any(|x| x == name);
            for v in g.paper_values {
                assert!(known(v.scheduler), "{}: {} not in the preset", info.name, v.scheduler);
                assert!(v.over.is_none_or(known), "{}: {:?} not in the preset", info.name, v.over);
                assert!(v.paper.is_finite() && v.scale.is_finite(), "{}", info.name);
                assert!(!v.metric.is_empty() && !v.label.is_empty(), "{}", info.name);
            }
            let n_cores: u32 = s.platform.clusters.iter().map(|c| c.cores).sum();
            for st in g.steps {
                assert!(!st.title.is_empty() && !st.text.is_empty(), "{}: empty step", info.name);
                assert!(st.scheduler.is_none_or(known), "{}: step scheduler {:?}", info.name, st.scheduler);
                assert!(st.core.is_none_or(|c| c < n_cores), "{}: step core {:?}", info.name, st.core);
                assert!(st.window_ns.is_none_or(|[a, b]| a < b), "{}: step window", info.name);
            }
        }
    }

    /// Runs each preset that is quick to simulate and checks that every paper value's metric paths exist in the run and
    /// that every window starts inside the makespan of the run it points at.
    #[test]
    fn paper_value_paths_and_windows_fit_the_runs() {
        let lookup = |metrics: &serde_json::Value, path: &str| {
            path.split('.').try_fold(metrics, |v, key| match key.parse::<usize>() {
                Ok(i) => v.get(i),
                Err(_) => v.get(key),
            })
            .and_then(serde_json::Value::as_f64)
        };
        for info in all_scenarios() {
            let Some(g) = guide(info.name) else { continue };
            let s = scenario(info.name).expect("preset builds");
            // The seed 001 figure presets and the 32,000-task benchmark take seconds each in debug builds.
            if cfg!(debug_assertions) && (info.name.starts_with("dam-") || info.name == "tx2-matmul-32000") {
                continue;
            }
            let result = crate::run::run(&s).expect("runs");
            let metrics_of = |name: &str| {
                let run = result.runs.iter().find(|r| r.scheduler == name).expect("run");
                crate::summary::run_value(&run.metrics, &run.extras)
            };
            for v in g.paper_values {
                let m = metrics_of(v.scheduler);
                assert!(lookup(&m, v.metric).is_some(), "{}: no metric {}", info.name, v.metric);
                if v.over.is_some() || v.over_metric.is_some() {
                    let d = metrics_of(v.over.unwrap_or(v.scheduler));
                    let path = v.over_metric.unwrap_or(v.metric);
                    assert!(lookup(&d, path).is_some_and(|x| x > 0.0), "{}: no metric {path}", info.name);
                }
            }
            for st in g.steps {
                let Some([t0, _]) = st.window_ns else { continue };
                let makespan = |name: &str| result.runs.iter().find(|r| r.scheduler == name).map(|r| r.metrics.makespan_ns);
                let end = match st.scheduler {
                    Some(name) => makespan(name).expect("run"),
                    None => result.runs.iter().map(|r| r.metrics.makespan_ns).max().unwrap_or(0),
                };
                assert!(t0 < end, "{}: window starts at {t0} after the makespan {end}", info.name);
            }
        }
    }
}
