// The promise-based Engine interface the UI talks to. The only
// implementation in the app is `engine-client.ts` (a Web Worker proxy).
import type { Cell, CellRow, ClaimResult, DecisionLog, PaperInfo, PlatformInfo, PresetInfo, PttHistory, RunSummary } from "./engine-types";
import type { OsCatalog, SweepGrid } from "../types/os-lab";
import type { SimProgress } from "./worker-protocol";

export type { SimProgress } from "./worker-protocol";

/**
 * Segment columns of one run, grouped by lane and sorted by start time
 * within each lane. Segments of lane `c` are `laneOffsets[c] .. laneOffsets[c+1]`.
 * What a lane, an item and a group are is in `RunSummary.record` (core; task, loop
 * instance or thread; task type, loop activity or application).
 */
export interface SegmentColumns {
  readonly count: number;
  readonly lane: Uint32Array;
  readonly item: Uint32Array;
  readonly group: Uint32Array;
  readonly priority: Uint8Array;
  readonly leader: Uint32Array;
  readonly width: Uint32Array;
  readonly kind: Uint8Array;
  readonly startNs: Float64Array;
  readonly endNs: Float64Array;
  /** Loop level only (empty otherwise): first iteration of each segment's chunk (NO_ITEM when not one chunk). */
  readonly chunkFirst: Uint32Array;
  /** Loop level only (empty otherwise): iterations of each segment's chunk or merged block. */
  readonly chunkIters: Uint32Array;
  /** Length n_lanes + 1. */
  readonly laneOffsets: Uint32Array;
  /** Longest segment per lane (ns), so bisection on start finds overlaps. */
  readonly maxDurNs: Float64Array;
}

/** The scenario's task graph (task level) in CSR form: task i's successors are `succ[succStart[i] .. succStart[i + 1]]`. */
export interface TaskGraphEdges {
  readonly succStart: Uint32Array;
  readonly succ: Uint32Array;
}

export interface SimResult {
  readonly summary: RunSummary;
  /** One entry per `summary.runs[i]`. */
  readonly segments: readonly SegmentColumns[];
  /** The task graph shared by every run (task level only), for dependency arrows. */
  readonly graph?: TaskGraphEdges;
  /** Wall time the engine took to simulate, in ms. */
  readonly simMs: number;
  /** Identifies the worker's session of this result, for `Engine.decisions`. */
  readonly sessionId?: number;
}

export interface Engine {
  listPresets(): Promise<PresetInfo[]>;
  /** The four source papers with their full citations (`list_papers()`). */
  listPapers(): Promise<PaperInfo[]>;
  presetScenario(name: string): Promise<string>;
  listPlatforms(): Promise<PlatformInfo[]>;
  platformPreset(name: string): Promise<string>;
  listSchedulers(): Promise<string[]>;
  /**
   * Simulates every scheduler of the scenario. A newer call supersedes an
   * older one: the older promise rejects with `SupersededError`. A long run
   * reports `onProgress` every million events or so.
   */
  simulate(scenarioJson: string, onProgress?: (progress: SimProgress) => void): Promise<SimResult>;
  /** Stops the simulation in flight (its promise rejects with `CancelledError`); the engine stays usable. */
  cancelSimulation(): void;
  /** OS level: applications, mixes, configurations, methods and figure sweeps. */
  osCatalog(): Promise<OsCatalog>;
  /** The cells of a custom OS sweep grid, in index order. */
  sweepCells(grid: SweepGrid): Promise<Cell[]>;
  /** The cells of a preset's claims (the union over their grids and seeds). */
  claimCells(preset: string): Promise<Cell[]>;
  /** Runs one cell (one call per cell, so callers can show progress). */
  runCell(cell: Cell): Promise<CellRow>;
  /** Evaluates a preset's claims on the rows of its claim cells. */
  evaluateClaims(preset: string, rows: readonly CellRow[]): Promise<ClaimResult[]>;
  /**
   * The claims one run measures (the "paper vs simulated" rows), from its summary: the module that draws the first chart
   * has no catalogue and leaves `summary.claims` empty, so the page asks for them once the chart is drawn.
   */
  claimsOnRun(summary: RunSummary): Promise<ClaimResult[]>;
  /**
   * The decision log of run `run` of the result with `sessionId` (rejects once a newer simulation replaced it).
   * A plain simulation records none: the worker runs that one scheduler again with its decisions recorded.
   */
  decisions(sessionId: number, run: number): Promise<DecisionLog>;
  /** The PTT of run `run` over time (the summary holds only the final table); null when it is not a task run. Like `decisions`, recorded on request. */
  pttHistory(sessionId: number, run: number): Promise<PttHistory | null>;
  /** Chrome Trace Event JSON of every run of the result with `sessionId`, from the engine's one exporter. */
  exportChrome(sessionId: number): Promise<string>;
  /** The registered schedulers that accept this scenario's workload (the scenario must parse). */
  schedulersFor(scenarioJson: string): Promise<string[]>;
  dispose(): void;
}

/** Rejection of a simulate() call that `cancelSimulation` stopped. */
export class CancelledError extends Error {
  constructor() {
    super("the simulation was cancelled");
    this.name = "CancelledError";
  }
}

/** Rejection of a simulate() call that a newer call replaced. */
export class SupersededError extends Error {
  constructor() {
    super("superseded by a newer simulation");
    this.name = "SupersededError";
  }
}
