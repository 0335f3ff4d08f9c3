// Generated from the engine's Rust types by ts-rs (engine/tests/it/ts_types.rs); do not edit.
// Refresh: UPDATE_EXPECT=1 cargo test --release --features ts ts_types

/**
 * Which kind of scheduler runs a workload.
 */
export type Level = "tasks" | "loops" | "os";

/**
 * What the CLI and the page list about a scheduler.
 */
export type SchedulerInfo = { 
/**
 * Name used in scenarios.
 */
name: string, 
/**
 * Its level.
 */
level: Level, 
/**
 * Parameters it accepts, as `key=default` separated by commas.
 */
params: string, 
/**
 * One line.
 */
description: string, };

/**
 * What `Session.run_all()` returns: the level, the platform layout, what the columns mean, and every run.
 */
export type RunSummary = { 
/**
 * The scenario's display name.
 */
scenario_name: string, 
/**
 * The level every run belongs to.
 */
level: Level, 
/**
 * The simulated platform.
 */
platform: PlatformSummary, 
/**
 * What lanes, items and groups are at this level.
 */
record: RecordLabels, 
/**
 * Names behind the records' `group` column.
 */
groups: Array<string>, 
/**
 * One per listed scheduler, in order.
 */
runs: Array<RunInfo>, 
/**
 * The papers' claims this run measures, with their verdicts, when the scenario is a preset (empty otherwise).
 */
claims: Array<ClaimResult>, 
/**
 * The check of the scenario's exercise on its first custom policy, when it has both.
 */
exercise: ExerciseVerdict | null, };

/**
 * The simulated platform's layout.
 */
export type PlatformSummary = { 
/**
 * Display name.
 */
name: string, 
/**
 * Clusters in core order.
 */
clusters: Array<ClusterSummary>, 
/**
 * Number of cores (lanes).
 */
n_cores: number, };

/**
 * One cluster of the simulated platform, as the page lays out its lanes.
 */
export type ClusterSummary = { 
/**
 * Display name.
 */
name: string, 
/**
 * Core type (`A15`, `Denver` …).
 */
core_type: string, 
/**
 * Global index of its first core.
 */
first_core: number, 
/**
 * Number of cores.
 */
cores: number, 
/**
 * Frequency levels.
 */
freqs_mhz: Array<number>, 
/**
 * Frequency at time 0.
 */
freq_mhz: number, };

/**
 * What the record's columns stand for in this result, in words for tooltips and legends.
 */
export type RecordLabels = { 
/**
 * A lane (`core`).
 */
lane: string, 
/**
 * An item (`task`, `loop instance`, `thread`).
 */
item: string, 
/**
 * A group (`task type`, `activity`, `application`).
 */
group: string, };

/**
 * One run in the summary: the common metrics, the level's extras and the intervals drawn over its lanes.
 */
export type RunInfo = { 
/**
 * Scheduler spec as listed in the scenario.
 */
scheduler: string, 
/**
 * What every level reports.
 */
metrics: Metrics, 
/**
 * What this level adds (tagged by `level`).
 */
extras: Extras, 
/**
 * Kernel events handled.
 */
events_handled: number, 
/**
 * Frequency of every cluster over the run.
 */
freq_intervals: Array<FreqInterval>, 
/**
 * Interference and offline intervals.
 */
interference_intervals: Array<InterferenceInterval>, 
/**
 * Thread migrations (OS level; empty otherwise).
 */
migrations: Array<Migration>, };

/**
 * The metrics every run reports.
 */
export type Metrics = { 
/**
 * Time the last item finished.
 */
makespan_ns: number, 
/**
 * Number of items completed: tasks (task runtime), iterations (loops), threads (OS level).
 */
tasks: number, 
/**
 * Items per second of simulated time.
 */
throughput_tasks_per_s: number, 
/**
 * Energy of the whole platform over the run, joules.
 */
energy_j: number, 
/**
 * Energy × makespan, joule-seconds.
 */
edp_js: number, 
/**
 * Energy / makespan, watts.
 */
avg_power_w: number, 
/**
 * Time each core spent running work.
 */
busy_ns_per_core: Array<number>, 
/**
 * Time each core spent on scheduling overhead (steals, searches, dispatch, pool removals, barriers, migrations).
 */
overhead_ns_per_core: Array<number>, 
/**
 * Time each core was idle.
 */
idle_ns_per_core: Array<number>, 
/**
 * Busy time over capacity, per cluster, in [0, 1].
 */
utilisation_per_cluster: Array<number>, };

/**
 * What one run adds to the common metrics, by level. Serialised with a `level` tag: `{"level":"tasks", …}`.
 */
export type Extras = { "level": "tasks" } & TaskExtras | { "level": "loops" } & LoopExtras | { "level": "os" } & OsMetrics;

/**
 * The extras of a task-level run: [`TaskMetrics`] (serialised) and the decision log (recorded on request, fetched on demand).
 */
export type TaskExtras = { 
/**
 * Number of high-priority tasks.
 */
priority_tasks: number, 
/**
 * Places priority tasks ran on (Fig. 5), in the engine's place order, places never used left out.
 */
priority_places: Array<PlaceShare>, 
/**
 * Task partitions each core ran.
 */
tasks_per_core: Array<number>, 
/**
 * Partitions of priority tasks each core ran.
 */
priority_tasks_per_core: Array<number>, 
/**
 * The PTT over time.
 */
ptt: PttHistory, };

/**
 * Metrics of a task-level run beyond the common ones.
 */
export type TaskMetrics = { 
/**
 * Number of high-priority tasks.
 */
priority_tasks: number, 
/**
 * Places priority tasks ran on (Fig. 5), in the engine's place order, places never used left out.
 */
priority_places: Array<PlaceShare>, 
/**
 * Task partitions each core ran.
 */
tasks_per_core: Array<number>, 
/**
 * Partitions of priority tasks each core ran.
 */
priority_tasks_per_core: Array<number>, 
/**
 * The PTT over time.
 */
ptt: PttHistory, };

/**
 * How many priority tasks ran on one execution place.
 */
export type PlaceShare = { 
/**
 * The paper's label: `(C{leader},{width})`, e.g. `(C2,4)` for cores 2–5.
 */
label: string, 
/**
 * First core.
 */
leader: number, 
/**
 * Number of cores.
 */
width: number, 
/**
 * Priority tasks that ran there.
 */
tasks: number, 
/**
 * Share of all priority tasks, in [0, 1].
 */
fraction: number, };

/**
 * One execution place, a column of the PTT.
 */
export type PlaceRef = { 
/**
 * First core.
 */
leader: number, 
/**
 * Number of cores.
 */
width: number, };

/**
 * The PTT's layout and its snapshots over the run.
 */
export type PttHistory = { 
/**
 * Columns of each snapshot's rows: every execution place, in the engine's order.
 */
places: Array<PlaceRef>, 
/**
 * Number of task types in each snapshot (rows of `places.len()` values each): the first ones, at most 64
 * (`sched::ptt::MAX_PTT_ROWS`), so that the history stays small whatever the number of task types.
 */
n_types: number, 
/**
 * Snapshots by time; the last is the final table.
 */
snapshots: Array<PttSnapshot>, 
/**
 * True when `snapshots` follow the table over the run; false when a plain run kept only the final table
 * (the run's detail, `Session.ptt_json(run)`, has the history).
 */
history: boolean, };

/**
 * The PTT at one moment of a run, for playback.
 */
export type PttSnapshot = { 
/**
 * When it was taken.
 */
t_ns: number, 
/**
 * PTT updates (completed tasks) so far.
 */
updates: number, 
/**
 * Values, task type by task type (`[type × n_places + place]`), 0 = unexplored.
 */
values_ns: Array<number>, };

/**
 * The extras of a loop-level run: [`LoopMetrics`] (serialised) and two columns aligned with the record's segments.
 */
export type LoopExtras = { 
/**
 * Loop schedule name as given.
 */
schedule: string, 
/**
 * Thread mapping used: `SB`, `BS` or `core-order`.
 */
mapping: string, 
/**
 * Core of each thread (thread i runs on `thread_cores[i]`).
 */
thread_cores: Array<number>, 
/**
 * Completion time of the whole program.
 */
completion_ns: number, 
/**
 * Total iterations run.
 */
iterations: number, 
/**
 * Removals from the shared pools, all loops.
 */
pool_removals: number, 
/**
 * Thread time spent in pool removals and barriers, all threads.
 */
overhead_ns: number, 
/**
 * Mean of the per-loop imbalance, over every loop instance.
 */
mean_imbalance: number, 
/**
 * Number of loop instances run.
 */
loop_count: number, 
/**
 * Per-loop statistics, in program order: the first [`MAX_LOOP_STATS`] loop instances.
 */
loops: Array<LoopStat>, 
/**
 * True when the record merges runs of consecutive chunks per thread (very long runs), so segments are blocks, not chunks.
 */
coalesced: boolean, };

/**
 * What a loop run reports on top of the base metrics.
 */
export type LoopMetrics = { 
/**
 * Loop schedule name as given.
 */
schedule: string, 
/**
 * Thread mapping used: `SB`, `BS` or `core-order`.
 */
mapping: string, 
/**
 * Core of each thread (thread i runs on `thread_cores[i]`).
 */
thread_cores: Array<number>, 
/**
 * Completion time of the whole program.
 */
completion_ns: number, 
/**
 * Total iterations run.
 */
iterations: number, 
/**
 * Removals from the shared pools, all loops.
 */
pool_removals: number, 
/**
 * Thread time spent in pool removals and barriers, all threads.
 */
overhead_ns: number, 
/**
 * Mean of the per-loop imbalance, over every loop instance.
 */
mean_imbalance: number, 
/**
 * Number of loop instances run.
 */
loop_count: number, 
/**
 * Per-loop statistics, in program order: the first [`MAX_LOOP_STATS`] loop instances.
 */
loops: Array<LoopStat>, 
/**
 * True when the record merges runs of consecutive chunks per thread (very long runs), so segments are blocks, not chunks.
 */
coalesced: boolean, };

/**
 * One loop instance of a run.
 */
export type LoopStat = { 
/**
 * Loop name.
 */
name: string, 
/**
 * Index of the phase in the unrolled program (the record's `item` column).
 */
phase: number, 
/**
 * When the loop started.
 */
start_ns: number, 
/**
 * When the last thread reached the barrier.
 */
end_ns: number, 
/**
 * Iterations N.
 */
iterations: number, 
/**
 * Latest thread finish / mean thread finish, both measured from the loop's start (1 = perfectly balanced).
 */
imbalance: number, 
/**
 * Removals from the shared iteration pool.
 */
removals: number, 
/**
 * Big-to-small speedup factor the schedule worked with (sampled, or given offline); null for schedules that use none.
 */
estimated_sf: number | null, 
/**
 * True SF at the loop's start: speed of the fastest thread's core over the slowest's, for the loop's class.
 */
true_sf: number, 
/**
 * Iterations run by threads on the fastest core type.
 */
iterations_on_fastest: number, };

/**
 * Metrics of one OS-level run (one scheduler on one platform and mix).
 */
export type OsMetrics = { 
/**
 * Application names, in mix order.
 */
apps: Array<string>, 
/**
 * When each application finished.
 */
app_done_ns: Array<number>, 
/**
 * Speedup of each application over its own run on one little core with the same method (Eq. 1).
 */
app_speedup: Array<number>, 
/**
 * Ideal speedup of each application: Σ over cores of its speed relative to one little core, `B·ratio + L` (Eq. 4).
 */
app_ideal_speedup: Array<number>, 
/**
 * Speedup of a single-application mix (Eq. 1); absent for multi-application mixes.
 */
speedup?: number, 
/**
 * Its ideal bound (Eq. 4).
 */
ideal_speedup?: number, 
/**
 * Makespan of the whole mix.
 */
makespan_ns: number, 
/**
 * Average power over the run, watts.
 */
avg_power_w: number, 
/**
 * Energy over the baseline run's energy (Eq. 2).
 */
energy_norm: number, 
/**
 * EDP over the baseline run's EDP (Eq. 3).
 */
edp_norm: number, 
/**
 * The baseline: scheduler and cores.
 */
baseline: string, 
/**
 * Threads that ran on another core than last time.
 */
migrations: number, 
/**
 * Runs behind the spread (the scenario's `repeat`).
 */
runs: number, 
/**
 * Mean makespan over the runs.
 */
makespan_mean_ns: number, 
/**
 * Shortest makespan over the runs.
 */
makespan_min_ns: number, 
/**
 * Longest makespan over the runs.
 */
makespan_max_ns: number, };

/**
 * A frequency level held by a cluster over an interval.
 */
export type FreqInterval = { 
/**
 * Cluster index.
 */
cluster: number, 
/**
 * Start.
 */
start_ns: number, 
/**
 * End.
 */
end_ns: number, 
/**
 * Frequency.
 */
freq_mhz: number, };

/**
 * An interference or offline interval, for overlays.
 */
export type InterferenceInterval = { 
/**
 * `cpu`, `memory` or `offline`.
 */
kind: "cpu" | "memory" | "offline", 
/**
 * Affected cores.
 */
cores: Array<number>, 
/**
 * Start.
 */
start_ns: number, 
/**
 * End.
 */
end_ns: number, 
/**
 * Human-readable description.
 */
label: string, };

/**
 * A thread started running on another core than the one it last ran on (OS level).
 */
export type Migration = { 
/**
 * When it happened.
 */
t_ns: number, 
/**
 * Thread id (the segments' `item`).
 */
thread: number, 
/**
 * Core it last ran on.
 */
from_core: number, 
/**
 * Core it runs on now.
 */
to_core: number, };

/**
 * The decisions of one run, in the order they were taken.
 */
export type DecisionLog = { 
/**
 * Recorded decisions (at most [`DecisionLog::CAP`]).
 */
decisions: Array<DecisionRecord>, 
/**
 * Decisions taken in all, recorded or not (counted even when the run records no log).
 */
total: number, };

/**
 * One `Decision::Run`.
 */
export type DecisionRecord = { 
/**
 * When the core decided.
 */
t_ns: number, 
/**
 * The core that asked and decided.
 */
core: number, 
/**
 * The task it chose.
 */
task: number, 
/**
 * The task's type index (into the run's type names).
 */
task_type: number, 
/**
 * 1 for a high-priority task.
 */
priority: number, 
/**
 * Leader of the chosen place.
 */
leader: number, 
/**
 * Width of the chosen place.
 */
width: number, 
/**
 * Scheduling overhead charged to the deciding core before dispatch.
 */
overhead_ns: number, 
/**
 * Why, when the policy explains itself.
 */
explanation?: Explanation, };

/**
 * The explanation of one `Decision::Run`.
 */
export type Explanation = { 
/**
 * Places the policy weighed, in the order it weighed them.
 */
candidates: Array<Candidate>, 
/**
 * One or two sentences: where the task came from and why this place.
 */
reason: string, };

/**
 * One execution place the policy considered.
 */
export type Candidate = { 
/**
 * First core of the place.
 */
leader: number, 
/**
 * Number of cores.
 */
width: number, 
/**
 * The PTT prediction for the task's type on this place (None: not measured yet); filled by the runtime.
 */
ptt_ns: number | null, 
/**
 * The number the policy's rule compares for this place (lower wins), when the place is measured: predicted time × width
 * (local searches, DAM-C) or predicted time (DAM-P, DA); filled by the runtime from the PTT per [`Explanation::compares`].
 */
cost: number | null, 
/**
 * Whether this is the place the policy chose.
 */
chosen: boolean, };

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
 * The mechanism the model lacks, for a known gap.
 */
gap?: string, 
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
 * The mechanism the model lacks, for a known gap.
 */
gap?: string, 
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
 * The simulated value: mean, min and max over seeds of the per-seed values.
 */
export type Stats = { 
/**
 * Mean over seeds.
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
 * Per seed, seeds 1 … n.
 */
per_seed: Array<number>, };

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
seed: number, };

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

