// Generated from the engine's Rust types by ts-rs (engine/tests/it/ts_types.rs); do not edit.
// Refresh: UPDATE_EXPECT=1 cargo test --release --features ts ts_types


/**
 * One claim, evaluated.
 */
export type ClaimResult = { 
/**
 * Its preset.
 */
preset: string, 
/**
 * The band as numbers.
 */
bounds: Bounds, 
/**
 * The band in words.
 */
band_text: string, 
/**
 * `grid` (evaluated over its grid and seeds) or `run` (on one run of the preset, one cell of the grid).
 */
scope: string, 
/**
 * Cells run.
 */
cells: number, 
/**
 * The simulated value, if it could be measured.
 */
simulated: Stats | null, 
/**
 * The verdict, if measured.
 */
verdict: Verdict | null, 
/**
 * Why it could not be measured.
 */
error?: string, 
/**
 * Unique id.
 */
id: string, 
/**
 * Id of the paper.
 */
paper: string, 
/**
 * Where in the paper.
 */
figure: string, 
/**
 * A few words.
 */
label: string, 
/**
 * The paper's words.
 */
claim: string, 
/**
 * How the preset relates to what the paper measured.
 */
note?: string, 
/**
 * Unit of the value.
 */
unit: string, 
/**
 * The paper's number.
 */
value: number, 
/**
 * Whether the model reproduces it today.
 */
status: Status, 
/**
 * For a known gap, one sentence: what the model gives instead and why.
 */
gap_summary?: string, 
/**
 * The mechanism the model lacks, for a known gap, with what was measured.
 */
gap?: string, 
/**
 * For a known gap, the id of the mechanism it points to among its paper's (`lacks` in the fidelity JSON).
 */
lacks?: string, 
/**
 * Seeds of every cell.
 */
seeds: number, };

/**
 * Whether the user's policy meets the exercise's goal, with the numbers behind it.
 */
export type ExerciseVerdict = { 
/**
 * The goal, as the exercise states it.
 */
goal: string, 
/**
 * The path of the compared number (`metrics.makespan_ns`).
 */
metric: string, 
/**
 * Whether a smaller value is better.
 */
lower_is_better: boolean, 
/**
 * The user's policy that was checked (the first custom scheduler listed).
 */
policy: string, 
/**
 * The scheduler to beat.
 */
baseline: string, 
/**
 * The policy's value.
 */
mine: number, 
/**
 * The baseline's value.
 */
baseline_value: number, 
/**
 * The value the policy must reach (the baseline's, less or more the margin).
 */
required: number, 
/**
 * Whether `mine` meets `required`.
 */
passed: boolean, };

/**
 * What the UI and reports show of a claim: everything but how to measure it.
 */
export type ClaimInfo = { 
/**
 * Unique id.
 */
id: string, 
/**
 * Id of the paper.
 */
paper: string, 
/**
 * Where in the paper.
 */
figure: string, 
/**
 * A few words.
 */
label: string, 
/**
 * The paper's words.
 */
claim: string, 
/**
 * How the preset relates to what the paper measured.
 */
note?: string, 
/**
 * Unit of the value.
 */
unit: string, 
/**
 * The paper's number.
 */
value: number, 
/**
 * Whether the model reproduces it today.
 */
status: Status, 
/**
 * For a known gap, one sentence: what the model gives instead and why.
 */
gap_summary?: string, 
/**
 * The mechanism the model lacks, for a known gap, with what was measured.
 */
gap?: string, 
/**
 * For a known gap, the id of the mechanism it points to among its paper's (`lacks` in the fidelity JSON).
 */
lacks?: string, 
/**
 * Seeds of every cell.
 */
seeds: number, };

/**
 * Whether the model reproduces the claim today.
 */
export type Status = "holds" | "known_gap";

/**
 * The band as numbers.
 */
export type Bounds = { 
/**
 * Lower end, if any.
 */
min: number | null, 
/**
 * Upper end, if any.
 */
max: number | null, 
/**
 * The lower end itself is outside.
 */
min_strict: boolean, 
/**
 * The upper end itself is outside.
 */
max_strict: boolean, };

/**
 * The simulated value: mean, min and max over seeds of the per-seed values (for a pooled claim `mean` is the value of
 * the runs averaged over the seeds, which is what its verdict judges).
 */
export type Stats = { 
/**
 * Mean over seeds (pooled claims: the value of the averaged runs).
 */
mean: number, 
/**
 * Smallest seed.
 */
min: number, 
/**
 * Largest seed.
 */
max: number, 
/**
 * Per random stream, in the order run (streams 1 … n unless asked otherwise).
 */
per_seed: Array<number>, 
/**
 * `mean` is the value of the runs averaged over the seeds (a `pooled` claim), which may lie outside `min` … `max`.
 */
pooled: boolean, };

/**
 * Whether the simulated value falls in the band.
 */
export type Verdict = { 
/**
 * In the band.
 */
holds: boolean, 
/**
 * Simulated over paper − 1, in percent (absent when the paper's value is 0).
 */
off_by_pct: number | null, 
/**
 * `holds`, `off by +12%`, `off by −3.1 %`.
 */
text: string, };

/**
 * One full scenario to run.
 */
export type Cell = { 
/**
 * Position in its list (progress, shards).
 */
index: number, 
/**
 * The preset it starts from; none for a bare applications scenario whose `set` names platform, workload and schedulers.
 */
preset: string | null, 
/**
 * Overrides: dotted scenario path → value.
 */
set: { [key in string]: JsonValue }, 
/**
 * Seed of the run.
 */
seed: number, 
/**
 * Only these of the scenario's schedulers run (the ones the cell's claims read; runs are independent of each other,
 * so the others would change nothing): every listed one when absent or when none of these is listed.
 */
schedulers?: Array<string>, };

/**
 * What running a cell gave.
 */
export type Row = { 
/**
 * The cell.
 */
cell: Cell, 
/**
 * The platform it ran, by configuration name when it was named (`odroid-xu3:4+4`).
 */
platform: string, 
/**
 * The workload it ran, by name when it was named (an application, a mix, a program).
 */
workload: string, 
/**
 * Each scheduler's run: `{"scheduler", "metrics", "extras"}`.
 */
runs: Array<JsonValue>, };

export type JsonValue = number | string | boolean | Array<JsonValue> | { [key in string]: JsonValue } | null;

