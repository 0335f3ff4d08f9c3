// The scenario and simulation slice of the app store (state/app-store.ts): a pure reducer plus its types.
// Derived things (pixel layout, LOD, colours) are never stored here.
import type { SimProgress, SimResult } from "../engine/engine";
import type { ClaimResult, PaperInfo, PlatformInfo, PresetInfo } from "../engine/engine-types";
import type { ImportedView } from "../logic/imported-trace";
import type { ReplayView } from "../logic/replay-view";
import { clampWindow } from "../logic/viewport";
import type { TimeWindow } from "../types/units";

export interface Hover {
  readonly run: number;
  readonly core: number;
  readonly index: number;
  readonly clientX: number;
  readonly clientY: number;
}

export interface GoodResult {
  readonly scenarioText: string;
  readonly result: SimResult;
}

export interface SimState {
  readonly presets: readonly PresetInfo[];
  readonly platforms: readonly PlatformInfo[];
  /** The source papers (full citations), loaded when a page first needs them. */
  readonly papers: readonly PaperInfo[];
  readonly presetName: string;
  /** Platform picked in the picker, "" while the scenario's own is used. */
  readonly platformName: string;
  /** Editor text; may be invalid. */
  readonly scenarioText: string;
  /** Increments on every scenario change; results carry the revision they ran. */
  readonly revision: number;
  /** Delay before simulating the current revision (editor edits are debounced). */
  readonly debounceMs: number;
  readonly good: GoodResult | null;
  readonly error: string | null;
  readonly simPending: boolean;
  /** How far a long simulation of the current revision has come (null until the engine reports). */
  readonly progress: SimProgress | null;
  readonly bounds: TimeWindow;
  readonly window: TimeWindow;
  readonly hover: Hover | null;
  /** The shared time cursor drawn across every Gantt (hover time or the step-through's decision). */
  readonly cursorNs: number | null;
  /** A task outlined on one run's Gantt (the step-through's current decision). */
  readonly highlight: { readonly run: number; readonly task: number } | null;
  /** A trace imported from a file, shown above the simulated runs on the same time axis. */
  readonly imported: ImportedView | null;
  /** The imported trace's replays, drawn under it on the same axis; a new import clears them. */
  readonly replay: ReplayView | null;
  /** The scenario a calibration replaced, while the calibrated one is on show (a new import restores it). */
  readonly calibrated: { readonly scenarioText: string; readonly previousText: string; readonly presetName: string } | null;
  /** Fit the window to the simulated runs when the current revision's result arrives (after a calibration). */
  readonly fitRuns: boolean;
  /** The Gantts' search: matching tasks are highlighted, the others fade ("" for none). */
  readonly search: string;
  /** A time range selected with Shift+drag, whose per-core statistics are shown; null for none. */
  readonly range: TimeWindow | null;
}

/** Whether `result` comes from a preset with claims and lacks them (the core module leaves them out). */
export function measuresClaims(presets: readonly PresetInfo[], result: SimResult): boolean {
  const { summary } = result;
  if (summary.claims.length > 0) return false;
  return presets.some((p) => p.title === summary.scenario_name && (p.claims?.length ?? 0) > 0);
}

export type SimAction =
  | { type: "catalogLoaded"; presets: PresetInfo[]; platforms: PlatformInfo[] }
  | { type: "papersLoaded"; papers: PaperInfo[] }
  | { type: "scenarioSet"; text: string; debounceMs: number; presetName?: string; platformName?: string; fitRuns?: boolean }
  | { type: "simSucceeded"; revision: number; scenarioText: string; result: SimResult }
  | { type: "claimsArrived"; scenarioText: string; claims: ClaimResult[] }
  | { type: "simFailed"; revision: number; message: string }
  | { type: "simProgress"; revision: number; progress: SimProgress }
  | { type: "fatal"; message: string }
  | { type: "loading" }
  | { type: "setWindow"; window: TimeWindow }
  | { type: "resetWindow" }
  | { type: "hover"; hover: Hover | null }
  | { type: "cursor"; tNs: number | null }
  | { type: "highlight"; highlight: { run: number; task: number } | null }
  | { type: "importLoaded"; imported: ImportedView }
  | { type: "importCleared" }
  | { type: "replayLoaded"; replay: ReplayView | null }
  | { type: "calibrated"; text: string }
  | { type: "search"; query: string }
  | { type: "range"; range: TimeWindow | null };

export const initialSimState: SimState = {
  presets: [],
  platforms: [],
  papers: [],
  presetName: "",
  platformName: "",
  scenarioText: "",
  revision: 0,
  debounceMs: 0,
  good: null,
  error: null,
  simPending: true,
  progress: null,
  bounds: { t0Ns: 0, t1Ns: 1 },
  window: { t0Ns: 0, t1Ns: 1 },
  hover: null,
  cursorNs: null,
  highlight: null,
  imported: null,
  replay: null,
  calibrated: null,
  fitRuns: false,
  search: "",
  range: null,
};

/** The time span covered by a result: 0 to the latest segment end or makespan. */
export function resultBounds(result: SimResult): TimeWindow {
  let end = 0;
  for (const run of result.summary.runs) end = Math.max(end, run.metrics.makespan_ns);
  for (const seg of result.segments) for (let i = 0; i < seg.count; i++) if (seg.endNs[i] > end) end = seg.endNs[i];
  return { t0Ns: 0, t1Ns: Math.max(end, 1) };
}

/** Bounds covering the simulated result, the imported trace and its replays. */
function unionBounds(result: SimResult | null, imported: ImportedView | null, replay: ReplayView | null): TimeWindow {
  const sim = result ? resultBounds(result) : { t0Ns: 0, t1Ns: 1 };
  return { t0Ns: 0, t1Ns: Math.max(sim.t1Ns, imported?.spanNs ?? 0, replay?.spanNs ?? 0, 1) };
}

function sameWindow(a: TimeWindow, b: TimeWindow): boolean {
  return Math.abs(a.t0Ns - b.t0Ns) < 1e-6 && Math.abs(a.t1Ns - b.t1Ns) < 1e-6;
}

export function simReducer(state: SimState, action: SimAction): SimState {
  switch (action.type) {
    case "catalogLoaded":
      return { ...state, presets: action.presets, platforms: action.platforms };
    case "search":
      return { ...state, search: action.query };
    case "range":
      return { ...state, range: action.range };
    case "papersLoaded":
      return { ...state, papers: action.papers };
    case "scenarioSet":
      return {
        ...state,
        scenarioText: action.text,
        revision: state.revision + 1,
        debounceMs: action.debounceMs,
        presetName: action.presetName ?? state.presetName,
        platformName: action.platformName ?? state.platformName,
        simPending: true,
        progress: null,
        fitRuns: action.fitRuns ?? false,
        // Editing the calibrated scenario keeps it: only an untouched calibration is undone by a new import.
        calibrated: state.calibrated && state.calibrated.scenarioText === action.text ? state.calibrated : null,
      };
    case "simSucceeded": {
      if (action.revision !== state.revision) return state;
      const bounds = unionBounds(action.result, state.imported, state.replay);
      // Keep the user's zoom across edits unless they were looking at everything; after a calibration, show its runs.
      const wasFull = state.good === null || sameWindow(state.window, state.bounds);
      const window = state.fitRuns ? resultBounds(action.result) : wasFull ? bounds : clampWindow(state.window, bounds);
      return {
        ...state,
        good: { scenarioText: action.scenarioText, result: action.result },
        error: null,
        simPending: false,
        progress: null,
        bounds,
        window,
        hover: null,
        fitRuns: false,
      };
    }
    case "claimsArrived": {
      // The claims of the result on show (the core module leaves them out); a newer result has its own.
      const good = state.good;
      if (!good || good.scenarioText !== action.scenarioText || action.claims.length === 0) return state;
      const summary = { ...good.result.summary, claims: action.claims };
      return { ...state, good: { ...good, result: { ...good.result, summary } } };
    }
    case "simFailed":
      if (action.revision !== state.revision) return state;
      return { ...state, error: action.message, simPending: false, progress: null };
    case "simProgress":
      if (action.revision !== state.revision || !state.simPending) return state;
      return { ...state, progress: action.progress };
    case "fatal":
      return { ...state, error: action.message, simPending: false };
    case "loading":
      return { ...state, simPending: true };
    case "setWindow":
      return { ...state, window: clampWindow(action.window, state.bounds) };
    case "resetWindow":
      return { ...state, window: state.bounds };
    case "hover":
      return { ...state, hover: action.hover };
    case "cursor":
      return state.cursorNs === action.tNs ? state : { ...state, cursorNs: action.tNs };
    case "highlight":
      return { ...state, highlight: action.highlight };
    case "importLoaded":
    case "importCleared": {
      const imported = action.type === "importLoaded" ? action.imported : null;
      const bounds = unionBounds(state.good?.result ?? null, imported, null);
      return { ...state, imported, replay: null, bounds, window: bounds, hover: null };
    }
    case "replayLoaded": {
      const bounds = unionBounds(state.good?.result ?? null, state.imported, action.replay);
      return { ...state, replay: action.replay, bounds, window: bounds, hover: null };
    }
    case "calibrated":
      return { ...state, calibrated: { scenarioText: action.text, previousText: state.scenarioText, presetName: state.presetName } };
    default: {
      const unreachable: never = action;
      throw new Error(`unknown action ${JSON.stringify(unreachable)}`);
    }
  }
}
