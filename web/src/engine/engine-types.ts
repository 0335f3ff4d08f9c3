// The wasm API contract of engine/src/api.rs. The JSON shapes the engine returns are generated from its Rust types
// (./generated/engine-types.ts, checked current by `cargo test --features ts`) and re-exported here; the worker
// assigns the wasm-bindgen module to `WasmEngineModule`, so the typecheck fails if the bindings drift from this contract.

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
  /** Dotted path into the run's `{metrics, extras}` (`metrics.busy_ns_per_core.0`, `extras.speedup`). */
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

export type {
  Candidate as DecisionCandidate,
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
  PaperComparison,
  PlaceShare,
  PlatformSummary,
  PttSnapshot,
  RecordLabels,
  RunInfo,
  RunSummary,
  SchedulerInfo,
  TaskExtras,
} from "./generated/engine-types";

import type { InterferenceInterval, LoopExtras, OsMetrics, RunInfo, TaskExtras } from "./generated/engine-types";

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
