// Generated from the engine's Rust types by ts-rs (engine/tests/it/ts_types.rs); do not edit.
// Refresh: UPDATE_EXPECT=1 cargo test --release --features ts ts_types

import type { TaskExtras, LoopExtras, OsMetrics } from "./level-types";
import type { ClaimResult, ExerciseVerdict } from "./claim-types";

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

