// Types mirroring the wasm API contract of engine/src/api.rs.
// The worker assigns the generated module to `WasmEngineModule`, so the
// typecheck fails if the generated bindings drift from this contract.

/** The subset of `web/src/engine/pkg/engine.js` the worker relies on. */
export interface WasmEngineModule {
  list_presets(): string;
  preset_scenario(name: string): string;
  list_platforms(): string;
  platform_preset(name: string): string;
  list_schedulers(level: string): string;
  scenario_level(scenarioJson: string): string;
  os_catalog(): string;
  sweep_cells(gridJson: string): string;
  run_sweep_cell(cellJson: string): string;
  Session: new (scenarioJson: string) => WasmSession;
}

/** One simulated scenario; every method indexes runs in `RunSummary.runs` order. */
export interface WasmSession {
  run_all(): string;
  seg_count(run: number): number;
  seg_lane(run: number): Uint32Array;
  seg_item(run: number): Uint32Array;
  seg_group(run: number): Uint32Array;
  seg_chunk_first(run: number): Uint32Array;
  seg_chunk_iters(run: number): Uint32Array;
  seg_priority(run: number): Uint8Array;
  seg_leader(run: number): Uint32Array;
  seg_width(run: number): Uint32Array;
  seg_kind(run: number): Uint8Array;
  seg_start_ns(run: number): Float64Array;
  seg_end_ns(run: number): Float64Array;
  decisions_json(run: number): string;
  /** Chrome Trace Event JSON of every run (engine/src/export/chrome.rs; opens in Perfetto UI). */
  export_chrome(): string;
  free(): void;
}

/** An entry of `list_presets()`; the first one is the default scenario. */
export interface PresetInfo {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** Teaching fields of `engine/src/scenario/guides.rs` (optional; see web/src/teach/guide.ts). */
  readonly question?: string;
  readonly figure?: string;
  readonly paper_values?: readonly PaperValue[];
  readonly steps?: readonly GuideStep[];
}

/** A number a paper reports, and how to measure it in a run: `metric(scheduler) × scale [/ over_metric(over)]`. */
export interface PaperValue {
  readonly label: string;
  readonly paper: number;
  readonly unit: string;
  readonly scheduler: string;
  /** Dotted path into the run's `metrics` (`busy_ns_per_core.0`). */
  readonly metric: string;
  readonly scale: number;
  readonly over?: string;
  readonly over_metric?: string;
  readonly note?: string;
}

/** One step of a preset's guided explanation. */
export interface GuideStep {
  readonly title: string;
  readonly text: string;
  readonly scheduler?: string;
  readonly core?: number;
  readonly window_ns?: readonly [number, number];
}

/** An entry of `list_platforms()`. */
export interface PlatformInfo {
  readonly name: string;
  readonly title: string;
}

export interface ClusterSummary {
  readonly name: string;
  readonly core_type: string;
  readonly first_core: number;
  readonly cores: number;
  readonly freqs_mhz: readonly number[];
  readonly freq_mhz: number;
}

export interface PlatformSummary {
  readonly name: string;
  readonly clusters: readonly ClusterSummary[];
  readonly n_cores: number;
}

export interface RunMetrics {
  readonly makespan_ns: number;
  readonly throughput_tasks_per_s: number;
  readonly tasks: number;
  readonly energy_j: number;
  readonly edp_js: number;
  readonly avg_power_w: number;
  readonly busy_ns_per_core: readonly number[];
  readonly idle_ns_per_core: readonly number[];
  readonly overhead_ns_per_core: readonly number[];
  readonly utilisation_per_cluster: readonly number[];
  /** Task-runtime metrics of seed 001 (task-level runs only). */
  readonly task_runtime?: TaskRuntimeMetrics;
  /** Present for loop-program scenarios (engine/src/metrics/loops.rs). */
  readonly loops?: LoopMetrics;
  /** OS level only (applications workloads). */
  readonly os?: OsRunMetrics;
}

/** How many priority tasks ran on one execution place (seed 001 Fig. 5). */
export interface PlaceShare {
  /** The paper's label, "(C2,4)" for leader core 2 and width 4. */
  readonly label: string;
  readonly leader: number;
  readonly width: number;
  readonly tasks: number;
  /** Share of all priority tasks, in [0, 1]. */
  readonly fraction: number;
}

/** The Performance Trace Table at one moment of a run. */
export interface PttSnapshot {
  readonly t_ns: number;
  /** Completed tasks (PTT updates) so far. */
  readonly updates: number;
  /** `[type × places.length + place]`, 0 = not measured yet. */
  readonly values_ns: readonly number[];
}

export interface TaskRuntimeMetrics {
  readonly priority_tasks: number;
  readonly priority_places: readonly PlaceShare[];
  readonly tasks_per_core: readonly number[];
  readonly priority_tasks_per_core: readonly number[];
  readonly ptt: {
    readonly places: readonly { readonly leader: number; readonly width: number }[];
    readonly n_types: number;
    readonly snapshots: readonly PttSnapshot[];
  };
}

/** A value the source paper reports beside the simulated one (figure presets only). */
export interface PaperComparison {
  readonly claim: string;
  readonly paper: number;
  readonly simulated: number | null;
  readonly kind: "throughput_ratio" | "priority_share" | "priority_share_on_core";
}

/** One loop instance of a loop run. */
export interface LoopStat {
  readonly name: string;
  readonly phase: number;
  readonly start_ns: number;
  readonly end_ns: number;
  readonly iterations: number;
  readonly imbalance: number;
  readonly removals: number;
  readonly estimated_sf: number | null;
  readonly true_sf: number;
  readonly iterations_on_fastest: number;
}

/** Loop-level metrics: thread mapping, removals, overhead, per-loop imbalance and SF. */
export interface LoopMetrics {
  readonly schedule: string;
  readonly mapping: string;
  readonly thread_cores: readonly number[];
  readonly completion_ns: number;
  readonly iterations: number;
  readonly pool_removals: number;
  readonly overhead_ns: number;
  readonly mean_imbalance: number;
  /** Every loop instance run; `loops` lists at most the first 10,000. */
  readonly loop_count: number;
  readonly loops: readonly LoopStat[];
  readonly coalesced: boolean;
}

/** `metrics.os` of an applications workload (engine/src/metrics/os.rs). */
export interface OsRunMetrics {
  readonly apps: readonly string[];
  readonly app_done_ns: readonly number[];
  readonly app_speedup: readonly number[];
  readonly app_ideal_speedup: readonly number[];
  readonly speedup?: number;
  readonly ideal_speedup?: number;
  readonly energy_norm: number;
  readonly edp_norm: number;
  readonly baseline: string;
  readonly migrations: number;
  readonly runs: number;
  readonly makespan_mean_ns: number;
  readonly makespan_min_ns: number;
  readonly makespan_max_ns: number;
}

export interface FreqInterval {
  readonly cluster: number;
  readonly start_ns: number;
  readonly end_ns: number;
  readonly freq_mhz: number;
}

export type InterferenceKind = "cpu" | "memory" | "offline";

export interface InterferenceInterval {
  readonly kind: InterferenceKind;
  readonly cores: readonly number[];
  readonly start_ns: number;
  readonly end_ns: number;
  readonly label: string;
}

/** A thread that ran on another core than last time (OS-level runs only). */
export interface Migration {
  readonly t_ns: number;
  readonly thread: number;
  readonly from_core: number;
  readonly to_core: number;
}

export interface RunInfo {
  readonly scheduler: string;
  readonly metrics: RunMetrics;
  readonly freq_intervals: readonly FreqInterval[];
  readonly interference_intervals: readonly InterferenceInterval[];
  /** Present for every run; empty below the OS level. */
  readonly migrations?: readonly Migration[];
}

/** The JSON returned by `Session.run_all()`. */
export interface RunSummary {
  readonly scenario_name: string;
  readonly platform: PlatformSummary;
  readonly task_types: readonly string[];
  readonly runs: readonly RunInfo[];
  /** The paper's values beside the simulated ones, for presets that reproduce a figure. */
  readonly paper?: readonly PaperComparison[];
}

/** A place a policy weighed for one decision (`Session.decisions_json`). */
export interface DecisionCandidate {
  readonly leader: number;
  readonly width: number;
  /** PTT prediction for the task's type on this place; null while unmeasured. */
  readonly ptt_ns: number | null;
  /** The policy's own cost, when it computes one (lower is better). */
  readonly cost: number | null;
  readonly chosen: boolean;
}

export interface DecisionExplanation {
  readonly candidates: readonly DecisionCandidate[];
  readonly reason: string;
}

/** One `Decision::Run` of the task runtime. */
export interface DecisionRecord {
  readonly t_ns: number;
  readonly core: number;
  readonly task: number;
  readonly task_type: number;
  readonly priority: number;
  readonly leader: number;
  readonly width: number;
  readonly overhead_ns: number;
  readonly explanation?: DecisionExplanation;
}

/** The JSON returned by `Session.decisions_json(run)`. */
export interface DecisionLog {
  readonly decisions: readonly DecisionRecord[];
  /** Decisions taken in all (the engine keeps the first 100 000, the first 20 000 with explanations). */
  readonly total: number;
}

/** `seg_task` value for segments that belong to no task. */
export const NO_TASK = 0xffff_ffff;

/** Values of `seg_kind`. */
export const SegKind = { Work: 0, Overhead: 1, Idle: 2 } as const;
