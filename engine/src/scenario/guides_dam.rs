//! Guides of the seed 001 presets (`dam-…`, `presets_dam.rs`): their paper numbers travel in `summary.paper`, so these guides add none.

use super::guides::{at, on, step, Guide};

/// Rows of the Jetson TX2: 0–1 Denver, 2–5 A57.
const PLATFORM: &str = "Rows 0–1 are the Denver cores, rows 2–5 the A57 cores. The run has every scheduler of seed 001's Table 1, from random work stealing (RWS) to DAM-P.";

/// The paper table of the run summary.
const TABLE: &str = "The paper table under the Gantts gives seed 001's numbers for this figure beside the simulated ones; they come from the preset itself (summary.paper), so this guide lists none of its own.";

const FIG4_MATMUL: Guide = Guide {
    question: "When a co-runner takes half of one fast core, which schedulers notice and keep the critical tasks off it?",
    figure: "Reproduces seed 001 Fig. 4(a) at P = 2 (matmul, co-runner on Denver core 0)",
    paper_values: &[],
    steps: &[
        step("The set-up", PLATFORM),
        at(
            "Core 0 is shared",
            "A CPU-bound co-runner runs on Denver core 0 for the whole run, so each matmul block there takes about twice as long as the same block on core 1.",
            "rws",
            0,
            [0, 20_000_000],
        ),
        on(
            "Fixed asymmetry is not enough",
            "FA sends the tasks to the Denver cores because they are statically the fastest, but it does not know core 0 is shared: core 0 is busy about 16 s against 8 s on core 1, and the run takes 16 s against RWS's 18 s.",
            "fa",
            0,
        ),
        on(
            "The PTT sees the interference",
            "DA and DAM-C time every task in the Performance Trace Table, find core 0 slow and send every critical task to Denver core 1 alone; the makespan halves to about 8.1 s.",
            "dam-c",
            1,
        ),
        step("Paper versus simulation", TABLE),
    ],
};

const FIG4_COPY: Guide = Guide {
    question: "Does steering critical tasks away from an interfered core also pay off for memory-bound copy?",
    figure: "Reproduces seed 001 Fig. 4(b) at P = 2 (copy, CPU and memory co-runner on the Denver cluster)",
    paper_values: &[],
    steps: &[
        step("The set-up", PLATFORM),
        at(
            "Two kinds of interference",
            "The co-runner takes half of core 0's time and also loads the Denver cluster's memory, so copy blocks on core 0 are the longest in the Gantt.",
            "rws",
            0,
            [0, 40_000_000],
        ),
        on(
            "FA beats random stealing, a little",
            "FA keeps copy tasks on the Denver cores, 3× faster than an A57 on copy, so it finishes about 10% sooner than RWS even though half of its critical tasks wait on core 0.",
            "fa",
            0,
        ),
        on(
            "DAM-C halves the makespan",
            "The PTT-based schedulers run every critical task on Denver core 1 and let the A57s and core 0 take the rest: about 7.4 s against 14.7 s for FA.",
            "dam-c",
            1,
        ),
        step("Paper versus simulation", TABLE),
    ],
};

const FIG4_STENCIL: Guide = Guide {
    question: "Is the gain of dynamic asymmetry scheduling specific to one kernel?",
    figure: "Reproduces seed 001 Fig. 4(c) at P = 2 (stencil, co-runner on Denver core 0)",
    paper_values: &[],
    steps: &[
        step("The set-up", PLATFORM),
        at(
            "Stencil blocks on the shared core",
            "Stencil tasks are 3× faster on Denver; on core 0, shared with the co-runner, each block takes about twice as long as on core 1.",
            "rws",
            0,
            [0, 40_000_000],
        ),
        step(
            "Same ranking as matmul and copy",
            "RWS and RWSM-C take about 37.6 s, FA and FAM-C about 32 s, and DA, DAM-C and DAM-P about 16 s: the order of Fig. 4(a) and 4(b) holds for a third kernel.",
        ),
        on(
            "Where DAM-C puts the critical tasks",
            "Core 1 carries the critical task of every layer; the A57 rows fill with the non-critical ones.",
            "dam-c",
            1,
        ),
        step("Paper versus simulation", TABLE),
    ],
};

const FIG5: Guide = Guide {
    question: "On which execution places do the priority tasks end up under each scheduler?",
    figure: "Reproduces seed 001 Fig. 5 (priority-task places) and Fig. 6 (work time per core), matmul at P = 2 with a co-runner on core 0",
    paper_values: &[],
    steps: &[
        step(
            "Pies and bars",
            "Each pie splits one scheduler's priority tasks by execution place: (C1,1) is core 1 alone, (C0,2) the two Denver cores together. The bars give each core's work time (Fig. 6).",
        ),
        on(
            "RWS spreads them everywhere",
            "Random stealing puts about a fifth of the priority tasks on each Denver core and the rest on the A57s; core 0 does the most work time for few tasks, because of the co-runner.",
            "rws",
            0,
        ),
        on(
            "FA splits them half and half",
            "FA puts exactly half on (C0,1) and half on (C1,1), as in Fig. 5(c): it cannot tell the interfered core from the free one.",
            "fa",
            0,
        ),
        on(
            "DA, DAM-C and DAM-P pick core 1",
            "The PTT schedulers put every priority task on (C1,1); the paper reports 92% for DAM-P, with a few on wider places that this model never finds faster.",
            "dam-p",
            1,
        ),
        step("Paper versus simulation", TABLE),
    ],
};

const FIG7_COPY: Guide = Guide {
    question: "Which schedulers follow the Denver cluster when its frequency drops to a sixth every 5 s?",
    figure: "Reproduces seed 001 Fig. 7(b) at P = 2 (copy, Denver DVFS 2035 ↔ 345 MHz, 5 s + 5 s)",
    paper_values: &[],
    steps: &[
        step("The set-up", PLATFORM),
        at(
            "The wave",
            "The frequency strip over the Denver rows drops from 2035 to 345 MHz at 5 s; at the low frequency a copy block on Denver is slower than on an A57.",
            "fa",
            0,
            [4_000_000_000, 6_000_000_000],
        ),
        on(
            "FA keeps using Denver",
            "FA pins the tasks to Denver whatever its frequency, so it crawls through every low phase.",
            "fa",
            1,
        ),
        on(
            "DAM-P moves with the wave",
            "DAM-P learns the slow-down in the PTT and widens critical tasks over both Denver cores, or over the four A57s when Denver is slow: it finishes in about 6.9 s, against 10.1 s for DAM-C and 16.5 s for RWS.",
            "dam-p",
            2,
        ),
        step("Paper versus simulation", TABLE),
    ],
};

const FIG7_MATMUL: Guide = Guide {
    question: "Is compute-bound matmul hurt more by the DVFS wave than copy, and who adapts?",
    figure: "Reproduces seed 001 Fig. 7(a) at P = 2 (matmul, Denver DVFS 2035 ↔ 345 MHz, 5 s + 5 s)",
    paper_values: &[],
    steps: &[
        step("The set-up", PLATFORM),
        at(
            "Matmul follows the frequency",
            "Matmul is compute-bound (β = 1), so when the strip drops to 345 MHz at 5 s the Denver blocks stretch by the full factor of 5.9.",
            "rws",
            0,
            [4_500_000_000, 5_500_000_000],
        ),
        step(
            "Three groups",
            "RWS and RWSM-C take about 21 s, FA and FAM-C about 12 s, DA and DAM-C about 11.3 s, and DAM-P about 10.3 s.",
        ),
        on(
            "DAM-P widens the critical tasks",
            "About two thirds of DAM-P's priority tasks run on both Denver cores at once, (C0,2), and most of the rest on the four A57s, (C2,4), when Denver is slow.",
            "dam-p",
            2,
        ),
        step("Paper versus simulation", TABLE),
    ],
};

const FIG9_HASWELL: Guide = Guide {
    question: "Does dynamic asymmetry scheduling still help on a symmetric machine when one socket is shared?",
    figure: "Reproduces seed 001 Fig. 9(a) (Haswell 2×10, co-runner on socket 0 from 100 to 400 ms)",
    paper_values: &[],
    steps: &[
        step(
            "A symmetric platform",
            "Rows 0–9 are socket 0, rows 10–19 socket 1, all identical cores. FA and FAM-C are left out: with no static asymmetry they have nothing to go on.",
        ),
        at(
            "Socket 0 is shared for 300 ms",
            "From 100 to 400 ms a CPU-bound co-runner time-shares every core of socket 0, so its blocks take about twice as long in that window.",
            "rws",
            0,
            [50_000_000, 450_000_000],
        ),
        on(
            "DA moves the critical tasks",
            "DA and DAM-C run about 86% of the critical tasks on a socket 1 core, (C10,1); RWS spreads them over all twenty cores.",
            "dam-c",
            10,
        ),
        on(
            "DAM-P is fastest",
            "DAM-P runs most critical tasks (about 82%) on eight cores of socket 1 at once, (C10,8), and finishes in about 584 ms against 805 ms for RWS.",
            "dam-p",
            10,
        ),
        step("Paper versus simulation", TABLE),
    ],
};

const FIG8: Guide = Guide {
    question: "How much should one new measurement move the PTT when tasks are small and noisy?",
    figure: "Reproduces one point of seed 001 Fig. 8 (DAM-C, PTT weight 1/5, tile 32, co-runner on core 0)",
    paper_values: &[],
    steps: &[
        step(
            "One scheduler, one point",
            "This preset runs DAM-C alone with the paper's update weight 1/5 (new value = 1/5 measurement + 4/5 old) on small 32 × 32 matmul tiles whose work varies by 50%.",
        ),
        at(
            "Noisy small tasks",
            "Zoom in on the first 20 ms: block lengths vary a lot from task to task, which is the noise the weighted update has to smooth.",
            "dam-c",
            1,
            [0, 20_000_000],
        ),
        on(
            "Critical tasks stay on core 1",
            "Despite the noise, nearly all priority tasks run on Denver core 1 alone, away from the co-runner on core 0.",
            "dam-c",
            1,
        ),
        step(
            "Sweep it yourself",
            "Fig. 8 finds 1/5 best at tile 32, about 36% above the worst weight, and the weight nearly irrelevant at larger tiles. That needs a sweep over runtime.ptt_weight and workload.tile, so this preset carries no paper value; edit both in the scenario JSON and compare throughputs.",
        ),
    ],
};

/// The guide of seed 001 preset `name`, if it has one.
pub fn guide(name: &str) -> Option<&'static Guide> {
    match name {
        "dam-fig4-matmul" => Some(&FIG4_MATMUL),
        "dam-fig4-copy" => Some(&FIG4_COPY),
        "dam-fig4-stencil" => Some(&FIG4_STENCIL),
        "dam-fig5" => Some(&FIG5),
        "dam-fig7-copy" => Some(&FIG7_COPY),
        "dam-fig7-matmul" => Some(&FIG7_MATMUL),
        "dam-fig9-haswell" => Some(&FIG9_HASWELL),
        "dam-fig8" => Some(&FIG8),
        _ => None,
    }
}
