// The wasm API contract of engine/src/api.rs. The JSON shapes the engine returns are generated from its Rust types
// (./generated/engine-types.ts, checked current by `cargo test --features ts`) and re-exported here; the worker
// assigns the wasm-bindgen module to `WasmEngineModule`, so the typecheck fails if the bindings drift from this contract.

/**
 * The subset of `web/src/engine/pkg-core/engine.js` (the task level's simulation, loaded first) the worker relies on. It
 * has no catalogue: the worker reads presets, platforms and papers from `pkg-core/catalogue.json` (`PageCatalogue`).
 */
export interface WasmCoreModule {
  list_schedulers(level: string): string;
  scenario_level(scenarioJson: string): string;
  Session: new (scenarioJson: string) => WasmSession;
}

/** The subset of `web/src/engine/pkg/engine.js` (feature `full`, loaded on first use) the worker relies on. */
export interface WasmEngineModule extends Omit<WasmCoreModule, "Session"> {
  list_presets(): string;
  list_papers(): string;
  preset_scenario(name: string): string;
  list_platforms(): string;
  platform_preset(name: string): string;
  /** The claims of a run (a JSON array), from its summary JSON: the core module leaves the summary's `claims` empty. */
  claims_on_summary(summaryJson: string): string;
  os_catalog(): string;
  sweep_cells(gridJson: string): string;
  claim_cells(preset: string): string;
  run_cell(cellJson: string): string;
  evaluate_claims(preset: string, rowsJson: string): string;
  Session: new (scenarioJson: string) => WasmFullSession;
}

/**
 * `pkg-core/catalogue.json`, written by the build (`asymlab catalogue`): what the full module's `list_presets` and
 * `list_platforms` return, and `preset_scenario` of the first (default) preset: what the first chart needs.
 */
export interface PageCatalogue {
  readonly presets: PresetInfo[];
  readonly platforms: PlatformInfo[];
  readonly default_scenario: string;
}

/** `pkg-core/catalogue-texts.json`, fetched on first use: `list_papers`, and every `preset_scenario` and `platform_preset`. */
export interface PageCatalogueTexts {
  readonly papers: PaperInfo[];
  /** Preset name → its scenario JSON text. */
  readonly scenarios: Readonly<Record<string, string>>;
  /** Platform preset name → its platform JSON text. */
  readonly platform_presets: Readonly<Record<string, string>>;
}

/** A session of the full module, which also exports. */
export interface WasmFullSession extends WasmSession {
  /** Chrome Trace Event JSON of every run (engine/src/export/chrome.rs; opens in Perfetto UI). */
  export_chrome(): string;
}

/** One simulated scenario; every method indexes runs in `RunSummary.runs` order. */
export interface WasmSession {
  run_all(): string;
  /** Like run_all, calling `onProgress(events, expectedEvents)` every million events or so (false cancels). */
  run_all_with_progress(onProgress: (events: number, expectedEvents: number) => boolean | undefined): string;
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
  /** Task level: start of each task's successor list in `graph_succ()` (CSR, length n_tasks + 1); empty at other levels. */
  graph_succ_start(): Uint32Array;
  /** Task level: the task graph's successor lists (task ids as in `seg_item`). */
  graph_succ(): Uint32Array;
  /** Re-runs run `run` with its decisions recorded (plain runs record none). */
  decisions_json(run: number): string;
  /** Re-runs run `run` with its PTT history recorded; `null` JSON for a run that is not a task run. */
  ptt_json(run: number): string;
  free(): void;
}

/** An entry of `list_presets()` (engine/catalogue/presets/); the first one is the default scenario. */
export interface PresetInfo {
  readonly name: string;
  /** The level its workload runs at (`tasks`, `loops`, `os`); the worker simulates and expands only `tasks` presets with the core module. */
  readonly level?: string | null;
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
  /** The papers' claims measured on the preset, by id and label (their numbers and verdicts: `ClaimResult`). */
  readonly claims?: readonly { readonly id: string; readonly label: string }[];
  /** For an exercise (a goal for the user's policy, checked after each run): its goal; null otherwise. */
  readonly exercise?: string | null;
}

/** An entry of `list_papers()` (engine/catalogue/papers.json): one of the four source papers. */
export interface PaperInfo {
  readonly id: string;
  /** "Chen et al." */
  readonly cite: string;
  readonly year: number;
  readonly authors: string;
  readonly title: string;
  readonly venue: string;
  /** What the explorer takes from the paper and what it estimates. */
  readonly summary: string;
  /** The ids of the claims that carry its headline effects (the results it leads with), in order. */
  readonly headline?: readonly string[];
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

export type {
  Candidate as DecisionCandidate,
  Cell,
  ClaimInfo,
  ClaimResult,
  ClusterSummary,
  DecisionLog,
  DecisionRecord,
  Explanation as DecisionExplanation,
  Extras,
  FreqInterval,
  InterferenceInterval,
  Level,
  LoopExtras,
  LoopMetrics,
  LoopStat,
  Metrics as RunMetrics,
  Migration,
  OsMetrics as OsRunMetrics,
  PlaceShare,
  PlatformSummary,
  PttHistory,
  PttSnapshot,
  RecordLabels,
  RunInfo,
  RunSummary,
  ExerciseVerdict,
  SchedulerInfo,
  TaskExtras,
} from "./generated/engine-types";

import type { InterferenceInterval, LoopExtras, OsMetrics, Row, RunInfo, TaskExtras } from "./generated/engine-types";

/** One scheduler's run in a cell's row, as the engine writes it (`claims::adapter::run_values`). */
export interface CellRun {
  readonly scheduler: string;
  readonly metrics: Readonly<Record<string, unknown>>;
  readonly extras: Readonly<Record<string, unknown>>;
}

/** What running a cell gave (`claims::Row`), its runs typed. */
export type CellRow = Omit<Row, "runs"> & { readonly runs: readonly CellRun[] };

export type InterferenceKind = InterferenceInterval["kind"];

/**
 * What a Gantt draws of a run: a simulated `RunInfo`, or an imported trace seen as one (no extras, no migrations).
 */
export type GanttRun = Pick<RunInfo, "scheduler" | "freq_intervals" | "interference_intervals"> & {
  readonly metrics: Pick<RunInfo["metrics"], "makespan_ns">;
  readonly extras?: RunInfo["extras"];
  readonly migrations?: RunInfo["migrations"];
};

/** The task runtime's extras of a run (priority places, PTT history), or null for another level. */
export function taskExtras(run: RunInfo): TaskExtras | null {
  return run.extras.level === "tasks" ? run.extras : null;
}

/** The loop level's extras of a run (mapping, removals, per-loop SF), or null for another level. */
export function loopExtras(run: RunInfo): LoopExtras | null {
  return run.extras.level === "loops" ? run.extras : null;
}

/** The OS level's metrics of a run (speedups, normalised energy, migrations), or null for another level. */
export function osExtras(run: RunInfo): OsMetrics | null {
  return run.extras.level === "os" ? run.extras : null;
}

/** `seg_item` value (and `chunkFirst` value) for segments that belong to no item. */
export const NO_ITEM = 0xffff_ffff;

/** Values of `seg_kind`. */
export const SegKind = { Work: 0, Overhead: 1, Idle: 2 } as const;
