// Types mirroring the wasm API contract of engine/src/api.rs.
// The worker assigns the generated module to `WasmEngineModule`, so the
// typecheck fails if the generated bindings drift from this contract.

/** The subset of `web/src/engine/pkg/engine.js` the worker relies on. */
export interface WasmEngineModule {
  list_presets(): string;
  preset_scenario(name: string): string;
  list_platforms(): string;
  platform_preset(name: string): string;
  list_schedulers(): string;
  os_catalog(): string;
  sweep_cells(gridJson: string): string;
  claim_cells(preset: string): string;
  run_cell(cellJson: string): string;
  evaluate_claims(preset: string, rowsJson: string): string;
  Session: new (scenarioJson: string) => WasmSession;
}

/** One simulated scenario; every method indexes runs in `RunSummary.runs` order. */
export interface WasmSession {
  run_all(): string;
  seg_count(run: number): number;
  seg_core(run: number): Uint32Array;
  seg_task(run: number): Uint32Array;
  seg_task_type(run: number): Uint32Array;
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

/** An entry of `list_presets()` (engine/catalogue/presets/); the first one is the default scenario. */
export interface PresetInfo {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  /** Id of the paper the preset reproduces, or null for demos. */
  readonly paper?: string | null;
  /** The paper's citation and title (`Chen et al. 2020 · Scheduling …`), when `paper` is set. */
  readonly paper_title?: string | null;
  /** The paper's position among the papers: the gallery's group order. */
  readonly paper_rank?: number | null;
  /** The figure it reproduces, with the paper's citation, or the set-up it borrows. */
  readonly figure?: string;
  /** The question it teaches. */
  readonly question?: string;
  readonly steps?: readonly GuideStep[];
  /** The papers' claims measured on the preset. */
  readonly claims?: readonly ClaimInfo[];
}

/** A claim of one of the papers (engine/src/catalogue/claim.rs `ClaimInfo`). */
export interface ClaimInfo {
  readonly id: string;
  readonly paper: string;
  /** Where in the paper (`Fig. 4(a)`). */
  readonly figure: string;
  /** A few words. */
  readonly label: string;
  /** The paper's words. */
  readonly claim: string;
  /** How the preset relates to what the paper measured. */
  readonly note?: string;
  readonly unit: string;
  /** The paper's number. */
  readonly value: number;
  readonly status: "holds" | "known_gap";
  /** For a known gap: the mechanism the model lacks. */
  readonly gap?: string;
  readonly seeds: number;
}

/** A claim evaluated by the engine (engine/src/claims/evaluate.rs `ClaimResult`): on one run (`scope: "run"`), or over its grid and seeds. */
export interface ClaimResult extends ClaimInfo {
  readonly preset: string;
  readonly bounds: { readonly min: number | null; readonly max: number | null; readonly min_strict: boolean; readonly max_strict: boolean };
  /** The band the paper's words allow, in words (`2.45 – 3.5×`, `< 0 %`). */
  readonly band_text: string;
  readonly scope: "run" | "grid";
  readonly cells: number;
  /** Mean, min and max over seeds (one seed for a run). */
  readonly simulated: { readonly mean: number; readonly min: number; readonly max: number; readonly per_seed: readonly number[] } | null;
  readonly verdict: { readonly holds: boolean; readonly off_by_pct: number | null; readonly text: string } | null;
  /** Why it could not be measured. */
  readonly error?: string;
}

/** One full scenario to run: a preset (or a bare applications scenario) with overrides at scenario paths, and a seed. */
export interface Cell {
  readonly index: number;
  readonly preset: string | null;
  readonly set: Readonly<Record<string, unknown>>;
  readonly seed: number;
}

/** What running a cell gave: each scheduler's run as `{scheduler, metrics, extras}`. */
export interface CellRow {
  readonly cell: Cell;
  /** The platform and workload it ran, by name when they were named (`odroid-xu3:4+4`, `BF`). */
  readonly platform: string;
  readonly workload: string;
  readonly runs: readonly { readonly scheduler: string; readonly metrics: Readonly<Record<string, unknown>>; readonly extras: Readonly<Record<string, unknown>> }[];
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
  /** Task-runtime metrics of Chen et al.'s schedulers (task-level runs only). */
  readonly task_runtime?: TaskRuntimeMetrics;
  /** Present for loop-program scenarios (engine/src/metrics/loops.rs). */
  readonly loops?: LoopMetrics;
  /** OS level only (applications workloads). */
  readonly os?: OsRunMetrics;
}

/** How many priority tasks ran on one execution place (Chen et al. Fig. 5). */
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
  /** The papers' claims this run measures, with their verdicts, when the scenario came from a preset. */
  readonly claims?: readonly ClaimResult[];
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
