//! Guides of the loop-level presets (`aid-…`, `presets_loops.rs`): seed 003's OpenMP loop schedules, and seed 000 Fig. 9 as loops and as tasks.
//!
//! The programs carry the paper's figures as text (`workload.paper`); where a figure is a ratio of completion times, the
//! guide measures it as a ratio of makespans.

use super::guides::{at, makespan_ratio, on, step, Guide, PaperValue};

/// Rows of Platform A (Odroid-XU4) and Platform B (emulated Xeon).
const ROWS_AB: &str = "Rows 0–3 are the big cores, rows 4–7 the small ones. Under static(SB) thread 0 runs on a small core, under every other schedule on big core 0.";

/// Seed 003 §4.2: AID-hybrid against AID-static on EP, Platform A.
const EP_HYBRID: PaperValue = makespan_ratio(
    "AID-static time over AID-hybrid time on EP, Platform A: +10.5% (seed 003 §4.2, Fig. 4)",
    1.105,
    "aid-static",
    "aid-hybrid",
    "",
);

const EXPLAINED: Guide = Guide {
    question: "Why does an even split of a loop waste the big cores, and how does AID size each thread's share?",
    figure: "Reproduces the idea of seed 003 Fig. 1a and Fig. 3 (static vs AID on one loop, Platform A)",
    paper_values: &[PaperValue { note: "the paper measures EP; this loop has 400 heavy iterations", ..EP_HYBRID }],
    steps: &[
        step("Eight threads, one loop", ROWS_AB),
        at(
            "Static: big cores wait at the barrier",
            "static(BS) gives every thread 50 iterations. The big cores finish theirs after about 10 ms and sit idle until the small cores finish at 26 ms.",
            "static-bs",
            0,
            [8_000_000, 26_186_000],
        ),
        at(
            "AID samples first",
            "AID-static first runs one iteration per thread (vermillion) to estimate the speedup factor (SF); the big cores keep taking iterations (sky blue) while the small ones finish their sample.",
            "aid-static",
            4,
            [0, 3_000_000],
        ),
        on(
            "Then an asymmetric share",
            "With the estimated SF of about 2.5, each big-core thread gets about 2.5 times the iterations of a small-core thread (green), and all cores finish near 15 ms.",
            "aid-static",
            0,
        ),
        at(
            "AID-hybrid ends dynamically",
            "AID-hybrid hands out only part of the loop by the SF and leaves the rest in a shared pool (yellow), which absorbs the sampling error; it is the fastest here at 14.6 ms.",
            "aid-hybrid",
            0,
            [12_000_000, 14_600_000],
        ),
    ],
};

const FIG1_2B2S: Guide = Guide {
    question: "Does adding two big cores speed up a statically scheduled loop?",
    figure: "Reproduces seed 003 Fig. 1a (EP-like loop, static, 2 big + 2 small)",
    paper_values: &[],
    steps: &[
        step("Four threads", "Rows 0–1 are big A15 cores, rows 2–3 small A7 cores; one thread per core."),
        at(
            "Big cores idle for most of the run",
            "Under static(BS) every thread gets a quarter of the 16,384 iterations. The big cores finish after about 95 ms and wait at the barrier until 247 ms.",
            "static-bs",
            0,
            [80_000_000, 247_000_000],
        ),
        on(
            "The mapping does not matter",
            "static(SB) puts thread 0 on a small core instead; with equal shares the small cores still set the pace and the run takes the same 248 ms.",
            "static-sb",
            2,
        ),
        on(
            "Sharing by speed",
            "dynamic and AID-hybrid keep all four cores busy to the end and finish in about 138 ms; AID-static, with a slightly low SF estimate (2.34 against 2.6), takes 148 ms.",
            "aid-hybrid",
            0,
        ),
        step(
            "Compare with 4 small cores",
            "Open aid-fig1-ep-4s: on four small cores static takes 248 ms as well, which is Fig. 1's point. That comparison spans two presets, so this guide lists no paper value.",
        ),
    ],
};

const FIG1_4S: Guide = Guide {
    question: "How long does the same loop take on four small cores only?",
    figure: "Reproduces seed 003 Fig. 1b (EP-like loop, static, 4 small)",
    paper_values: &[],
    steps: &[
        step("A symmetric baseline", "All four rows are small A7 cores; the loop and its 16,384 iterations are those of aid-fig1-ep-2b2s."),
        on(
            "Static is fine here",
            "With identical cores, equal shares finish together: static(BS) takes about 248 ms with almost no idle time.",
            "static-bs",
            0,
        ),
        on(
            "Dynamic gains nothing",
            "dynamic also takes about 249 ms: there is no imbalance to fix, only pool removals to pay.",
            "dynamic",
            3,
        ),
        step(
            "The lesson of Fig. 1",
            "Static on 2 big + 2 small took 247 ms, the same as here: the two big cores bought nothing. The paper states it as nearly equal completion times, which spans two presets, so this guide lists no paper value.",
        ),
    ],
};

const EP_A: Guide = Guide {
    question: "On a long loop of nearly equal iterations, what does each OpenMP schedule cost on Platform A?",
    figure: "Reproduces seed 003 Fig. 4 for an EP-like program (Platform A, Odroid-XU4)",
    paper_values: &[EP_HYBRID],
    steps: &[
        step("Nine schedules, one program", ROWS_AB),
        at(
            "Static leaves the big cores idle",
            "Under static(BS) the big cores finish their equal share at about 48 ms and wait until 124 ms.",
            "static-bs",
            0,
            [40_000_000, 124_000_000],
        ),
        on(
            "Guided's first chunks",
            "guided hands out large chunks first; the small cores that take them (rows 4 and 7) finish long after the others, so guided is barely better than static.",
            "guided",
            4,
        ),
        step(
            "AID-static versus its offline SF",
            "AID-static estimates SF ≈ 2.48 from one iteration per thread (true 2.6) and takes 72 ms; aid-static-offline, given the true SF, takes 69.5 ms.",
        ),
        on(
            "The dynamic tail absorbs the error",
            "AID-hybrid and AID-dynamic finish in about 69 ms, level with dynamic, because they fix the SF error at the end with a shared pool.",
            "aid-hybrid",
            0,
        ),
    ],
};

const EP_B: Guide = Guide {
    question: "How do the loop schedules compare when big cores are at most about 2× faster?",
    figure: "Reproduces seed 003 Table 2 for an EP-like program on Platform B (emulated Xeon)",
    paper_values: &[
        makespan_ratio("static(BS) time over AID-static time, Platform B: +15.93% (seed 003 Table 2)", 1.1593, "static-bs", "aid-static", "the paper's mean over 21 programs; this is one EP-like program"),
        makespan_ratio("static(BS) time over AID-hybrid time, Platform B: +20.08% (seed 003 Table 2)", 1.2008, "static-bs", "aid-hybrid", "the paper's mean over 21 programs; this is one EP-like program"),
        makespan_ratio("dynamic time over AID-dynamic time, Platform B: +22.34% (seed 003 Table 2)", 1.2234, "dynamic", "aid-dynamic", "the paper's gain comes mostly from overhead-bound programs such as CG"),
    ],
    steps: &[
        step("Platform B", "Rows 0–3 are the fast Xeon cores (2.1 GHz), rows 4–7 the slow ones (1.2 GHz, 87.5% duty cycle); this loop's SF is 1.9."),
        at(
            "A smaller gap, still idle time",
            "Under static(BS) the fast cores finish at about 65 ms and wait until 124 ms.",
            "static-bs",
            0,
            [55_000_000, 124_000_000],
        ),
        on(
            "AID closes it",
            "AID-static estimates SF ≈ 1.81 and takes 89 ms; AID-hybrid and AID-dynamic take 86 ms, like dynamic.",
            "aid-static",
            4,
        ),
        step(
            "Paper versus simulation",
            "Table 2 averages 21 programs; on this single EP-like loop AID gains more over static(BS) than the mean, and AID-dynamic gains almost nothing over dynamic because each iteration is long enough to hide the pool removals.",
        ),
    ],
};

const CG_A: Guide = Guide {
    question: "What happens to dynamic scheduling when an iteration costs about as much as taking it from the pool?",
    figure: "Reproduces seed 003 Fig. 6 for a CG/IS-like program (Platform A)",
    paper_values: &[makespan_ratio(
        "dynamic time over static(SB) time on IS, Platform A: 1.93× (seed 003 §5A, Fig. 6)",
        1.93,
        "dynamic",
        "static-sb",
        "the paper measures IS; this is a CG/IS-like program",
    )],
    steps: &[
        step("Many tiny loops", "Five loops of 1,000 iterations of 0.3–1.2 µs each, repeated 25 times: 125 loops in under 13 ms. Rows 0–3 are big cores, rows 4–7 small ones."),
        at(
            "Dynamic pays for every iteration",
            "dynamic removes each iteration from the shared pool, 125,000 removals in all; zoom into the first loops to see the dense removal overhead.",
            "dynamic",
            0,
            [0, 500_000],
        ),
        step(
            "Static is cheaper despite the imbalance",
            "static(SB) and static(BS) take about 8.5 ms with the big cores idle at each barrier; dynamic takes 12.7 ms.",
        ),
        on(
            "AID-static needs few removals",
            "AID-static takes a few thousand removals for sampling and then static shares: 7.2 ms. With the true SFs (aid-static-offline) it reaches 6.7 ms, the best here.",
            "aid-static",
            0,
        ),
    ],
};

const CG_B: Guide = Guide {
    question: "Does the removal overhead of dynamic scheduling hurt as much on Platform B?",
    figure: "Reproduces seed 003 Fig. 7 for a CG/IS-like program (Platform B)",
    paper_values: &[
        makespan_ratio("dynamic time over static(SB) time on CG, Platform B: 2.86× (seed 003 §5A, Fig. 7)", 2.86, "dynamic", "static-sb", "the paper measures CG; this is a CG/IS-like program"),
        makespan_ratio("dynamic time over AID-dynamic time, Platform B: +22% (seed 003 §5A)", 1.22, "dynamic", "aid-dynamic", "the paper's mean over programs"),
    ],
    steps: &[
        step("Same program, Platform B", "The CG/IS-like program of aid-cg-a on the emulated Xeon, where the loops' SFs are only 1.15–1.4."),
        at(
            "Removal overhead again",
            "dynamic takes 13.4 ms against 8.7 ms for static(SB); the first loops show how short each iteration is next to its removal.",
            "dynamic",
            4,
            [0, 500_000],
        ),
        on(
            "AID-dynamic takes bigger chunks",
            "AID-dynamic hands out chunks sized by the SF instead of single iterations, cutting the removals from 125,000 to about 25,000: 8.9 ms.",
            "aid-dynamic",
            0,
        ),
        step(
            "Static stays competitive",
            "With SFs this close to 1, static loses little to imbalance: static(BS) takes 8.5 ms, and aid-static-offline is best at 7.7 ms.",
        ),
    ],
};

const PF_A: Guide = Guide {
    question: "What goes wrong with static scheduling when a loop's last iterations are its heaviest?",
    figure: "Reproduces seed 003 §5A's particlefilter case (Platform A)",
    paper_values: &[],
    steps: &[
        step("A rising cost", "The likelihood loop's iterations grow from 5 µs to 55 µs of work along the index; rows 0–3 are big cores, rows 4–7 small ones."),
        at(
            "static(BS) gives the heaviest block to a small core",
            "Threads get consecutive blocks, so the last thread, on small core 7, gets the heaviest iterations: it is busy 113 ms while big core 0 is busy 12 ms.",
            "static-bs",
            7,
            [0, 30_000_000],
        ),
        on(
            "static(SB) is better",
            "static(SB) maps the last threads to big cores, so they take the heavy end: 64 ms instead of 114 ms.",
            "static-sb",
            3,
        ),
        on(
            "Dynamic balances",
            "dynamic and guided take about 45 ms; AID-static (69 ms) misjudges the shares because one sampled iteration does not show the ramp, and AID-dynamic is fastest at 43 ms.",
            "aid-dynamic",
            0,
        ),
        step(
            "Paper versus simulation",
            "Seed 003 reports this ranking in words (BS slower than SB, dynamic clearly better), with no number to measure, so this guide lists no paper value.",
        ),
    ],
};

const BT_A: Guide = Guide {
    question: "Can one speedup factor fit thirty loops whose SFs range from 1.4× to 7.7×?",
    figure: "Reproduces seed 003 Fig. 2 (per-loop SF of BT) and Table 2 on a BT-like program (Platform A)",
    paper_values: &[
        makespan_ratio("static(BS) time over AID-static time, Platform A: +14.98% (seed 003 Table 2)", 1.1498, "static-bs", "aid-static", "the paper's mean over 21 programs; this is one BT-like program"),
        makespan_ratio("static(BS) time over AID-hybrid time, Platform A: +27.55% (seed 003 Table 2)", 1.2755, "static-bs", "aid-hybrid", "the paper's mean over 21 programs; this is one BT-like program"),
        makespan_ratio("dynamic time over AID-dynamic time, Platform A: +3.12% (seed 003 Table 2)", 1.0312, "dynamic", "aid-dynamic", "the paper's mean over 21 programs"),
    ],
    steps: &[
        step("Thirty loops", ROWS_AB),
        on(
            "Static ignores every SF",
            "static(BS) and static(SB) take 47–49 ms: the big cores are busy only 18 ms of it.",
            "static-bs",
            0,
        ),
        at(
            "AID measures each loop",
            "AID-static samples every loop on entry; its estimates (1.42, 3.51, 1.54 … for the first loops) are close to the true SFs, so each loop gets its own split.",
            "aid-static",
            0,
            [0, 2_000_000],
        ),
        step(
            "A fixed SF falls behind",
            "hybrid-split uses one SF for every loop and takes 36.6 ms, against 26.2 ms for AID-static and 27.2 ms for dynamic.",
        ),
        step(
            "Paper versus simulation",
            "Table 2's gains are means over 21 programs; on this program with very spread SFs AID-static's gain over static is much larger, while AID-dynamic and dynamic stay close, as in the paper.",
        ),
    ],
};

const BT_B: Guide = Guide {
    question: "Does per-loop SF still matter when every loop's SF lies between 1.1× and 2.3×?",
    figure: "Reproduces seed 003 §5A's BT case on Platform B",
    paper_values: &[],
    steps: &[
        step("The same thirty loops", "The BT-like program of aid-bt-a on the emulated Xeon, where the per-loop SFs range from 1.1 to 2.3. Rows 0–3 are fast cores, rows 4–7 slow ones."),
        on(
            "Less idle time under static",
            "The fast cores are busy about 30 of static(BS)'s 47 ms: the imbalance is smaller than on Platform A.",
            "static-bs",
            0,
        ),
        on(
            "AID and dynamic are level",
            "AID-static (37.2 ms), AID-hybrid, AID-dynamic and dynamic (38.0 ms) are within 2% of each other; the offline SF adds almost nothing.",
            "aid-static",
            4,
        ),
        step(
            "A fixed SF still costs",
            "hybrid-split's single SF of 1.83 is too high for the loops whose SF is near 1.1, so it takes 40.7 ms. The paper gives only the SF range here, not a time, so this guide lists no paper value.",
        ),
    ],
};

const BS_A: Guide = Guide {
    question: "Why can a sampled speedup factor beat the one measured offline?",
    figure: "Reproduces seed 003 §5A (static BS vs SB) and §5C, Fig. 9 (AID-static vs offline SF) on a blackscholes-like program (Platform A)",
    paper_values: &[makespan_ratio(
        "static(SB) time over static(BS) time: up to 2.2× (seed 003 §5A)",
        2.2,
        "static-sb",
        "static-bs",
        "the paper's best case over IS, blackscholes, bfs and hotspot3D",
    )],
    steps: &[
        at(
            "The serial start runs on thread 0",
            "The program first reads and initialises the options serially. Under static(SB) thread 0 sits on small core 4, so this phase takes about 60 ms instead of 30 ms on big core 0 under static(BS).",
            "static-sb",
            4,
            [0, 65_000_000],
        ),
        step("Ten parallel loops", "After the serial start come ten loops over 8,000 options whose costs vary by 50%. Rows 0–3 are big cores, rows 4–7 small ones."),
        step(
            "LLC contention lowers the real SF",
            "The preset adds memory interference on the big cluster for the whole run, standing for the LLC misses the paper measures when all threads run. AID-static samples under that contention and estimates SFs of 1.3–1.7, below the single-thread 2.18 that aid-static-offline uses.",
        ),
        on(
            "The sampled SF wins",
            "AID-static (73.0 ms) edges out aid-static-offline (73.8 ms), whose too-high SF overloads the big cores; AID-dynamic is fastest at 68.3 ms.",
            "aid-static-offline",
            1,
        ),
    ],
};

const BS_B: Guide = Guide {
    question: "When is the offline speedup factor better than AID's one-iteration sample?",
    figure: "Reproduces seed 003 §5C, Fig. 9 on a blackscholes-like program (Platform B)",
    paper_values: &[],
    steps: &[
        step("No contention this time", "The program of aid-blackscholes-a on the emulated Xeon, without the LLC interference: the real SF (1.9) is the single-thread one. Rows 0–3 are fast cores, rows 4–7 slow ones."),
        at(
            "Noisy samples",
            "Options vary by 50% in cost, so one sampled iteration per thread gives SFs from 1.63 to 2.14 for different loops.",
            "aid-static",
            0,
            [30_000_000, 40_000_000],
        ),
        on(
            "Offline wins here",
            "aid-static-offline, with the true SF, takes 65.8 ms against 69.5 ms for AID-static, as seed 003 reports for Platform B.",
            "aid-static-offline",
            0,
        ),
        step(
            "Dynamic hides the error",
            "AID-hybrid (66.7 ms) and AID-dynamic (65.7 ms) correct the sampling error with a shared pool. The paper states this case in words, so this guide lists no paper value.",
        ),
    ],
};

const FIG9_LOOPS: Guide = Guide {
    question: "What does one little core add to four big ones under static threading, loop static and loop dynamic?",
    figure: "Reproduces seed 000 Fig. 9 for a blackscholes profile as loops (Odroid-XU3, 4 big + 1 little)",
    paper_values: &[
        makespan_ratio("static threading time over loop dynamic time, 5 cores: up to +54% (seed 000 §5.3, Fig. 9)", 1.54, "pthreads", "dynamic", "the paper averages applications, best on 5 cores; this is one blackscholes profile"),
        makespan_ratio("static threading time over loop static time: +26% on average (seed 000 §5.3)", 1.26, "pthreads", "static-bs", "the paper's average over applications and configurations"),
    ],
    steps: &[
        step("Five cores", "Rows 0–3 are big A15 cores, row 4 the one little A7 core; 6,400 options of equal cost, one thread per core."),
        at(
            "Static threading waits for the little core",
            "pthreads gives each thread 1,280 options: the big cores finish at 235 ms, the little core at 512 ms.",
            "pthreads",
            0,
            [200_000_000, 512_000_000],
        ),
        on(
            "Loop static is no better here",
            "static(BS) also splits evenly and takes the same 512 ms; the paper's +26% is an average over applications and configurations, while on this profile both split the options identically.",
            "static-bs",
            4,
        ),
        on(
            "Loop dynamic uses all five cores",
            "dynamic lets each core take options as it frees up: all five finish together at 264 ms.",
            "dynamic",
            4,
        ),
    ],
};

const FIG9_TASKS: Guide = Guide {
    question: "Does a task-based runtime do as well as loop dynamic on the same options?",
    figure: "Reproduces seed 000 Fig. 9 for a blackscholes profile as tasks (Odroid-XU3, 4 big + 1 little)",
    paper_values: &[],
    steps: &[
        step("Tasks instead of loops", "The 6,400 options of aid-fig9-loops as independent tasks under the FIFO runtime. Rows 0–3 are big A15 cores, row 4 the little A7."),
        on(
            "Every core busy to the end",
            "Each core takes the next task when it frees up, so all five finish together at about 264 ms, the same as loop dynamic.",
            "fifo",
            4,
        ),
        at(
            "Block lengths",
            "Each option takes about 180 µs on a big core and 400 µs on the little one; the little row has fewer, longer blocks.",
            "fifo",
            4,
            [0, 3_000_000],
        ),
        step(
            "Against static threading",
            "Seed 000 reports task-based up to +83% over static threading for blackscholes on 5 cores. Static threading runs in aid-fig9-loops (512 ms), not here, so this guide lists no paper value: compare the two presets' makespans.",
        ),
    ],
};

/// The guide of loop preset `name`, if it has one.
pub fn guide(name: &str) -> Option<&'static Guide> {
    match name {
        "aid-explained" => Some(&EXPLAINED),
        "aid-fig1-ep-2b2s" => Some(&FIG1_2B2S),
        "aid-fig1-ep-4s" => Some(&FIG1_4S),
        "aid-ep-a" => Some(&EP_A),
        "aid-ep-b" => Some(&EP_B),
        "aid-cg-a" => Some(&CG_A),
        "aid-cg-b" => Some(&CG_B),
        "aid-particlefilter-a" => Some(&PF_A),
        "aid-bt-a" => Some(&BT_A),
        "aid-bt-b" => Some(&BT_B),
        "aid-blackscholes-a" => Some(&BS_A),
        "aid-blackscholes-b" => Some(&BS_B),
        "aid-fig9-loops" => Some(&FIG9_LOOPS),
        "aid-fig9-tasks" => Some(&FIG9_TASKS),
        _ => None,
    }
}
