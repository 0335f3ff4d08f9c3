// Generated from the engine's Rust types by ts-rs (engine/tests/it/ts_types.rs); do not edit.
// Refresh: UPDATE_EXPECT=1 cargo test --release --features ts ts_types


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
 * True SF at the loop's end: speed of the fastest thread's core over the slowest's, for the loop's class, each core
 * running alone (no shared-L2 pressure), as Saez et al. Fig. 2 measure it with one thread.
 */
true_sf: number, 
/**
 * The same ratio with every thread of the run busy on the loop's class, so that each cluster's busy cores share its
 * L2 and all of them the DRAM (the platform's `l2_share_stall` and `dram_traffic_gbs`, docs/model-reference.md §1):
 * the SF the threads meet while they all run, which a sampling phase sees (Saez et al. §5C). Equal to `true_sf` on
 * platforms with neither.
 */
shared_sf: number, 
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

