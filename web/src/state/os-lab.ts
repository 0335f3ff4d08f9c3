// The OS lab slice of the app store: the catalog, the chosen figure and pickers, and the sweep (its
// progress and rows). A pure reducer; the store's `runSweep` action drives the engine cell by cell and
// feeds the results in here. Each sweep has an id: rows of a sweep that a newer one replaced are dropped.
import type { CellRow, ClaimResult } from "../engine/engine-types";
import { flattenRows } from "../logic/sweep-rows";
import type { FigureInfo, OsCatalog, SweepRow } from "../types/os-lab";

/** What a sweep runs: every scheduler × configuration × workload, with seeds 1…seeds. */
export interface SweepSelection {
  readonly schedulers: readonly string[];
  readonly configs: readonly string[];
  readonly workloads: readonly string[];
  readonly seeds: number;
}

export interface OsLabState {
  readonly catalog: OsCatalog | null;
  /** The figure whose sweep the pickers hold; "" once the pickers were changed by hand. */
  readonly figureName: string;
  readonly selection: SweepSelection;
  /** Id of the latest sweep (0: none started). */
  readonly sweepId: number;
  /** The selection and figure the shown rows were run with. */
  readonly ran: { readonly selection: SweepSelection; readonly figure: FigureInfo | null } | null;
  /** What the engine returned for each cell run so far, in order. */
  readonly cellRows: readonly CellRow[];
  /** One row per scheduler's run of each cell (the charts' rows). */
  readonly rows: readonly SweepRow[];
  /** The engine's verdicts on the figure's claims, once its cells have all run. */
  readonly claims: readonly ClaimResult[];
  readonly progress: { readonly done: number; readonly total: number } | null;
  readonly error: string | null;
}

export type OsLabAction =
  | { type: "catalogLoaded"; catalog: OsCatalog; preferred?: string }
  | { type: "figurePicked"; name: string }
  | { type: "selectionChanged"; selection: SweepSelection }
  | { type: "sweepStarted"; sweepId: number }
  | { type: "sweepPlanned"; sweepId: number; total: number }
  | { type: "rowDone"; sweepId: number; row: CellRow }
  | { type: "claimsEvaluated"; sweepId: number; claims: ClaimResult[] }
  | { type: "failed"; sweepId: number | null; message: string };

export const initialOsLabState: OsLabState = {
  catalog: null,
  figureName: "",
  selection: { schedulers: [], configs: [], workloads: [], seeds: 1 },
  sweepId: 0,
  ran: null,
  cellRows: [],
  rows: [],
  claims: [],
  progress: null,
  error: null,
};

export function selectionOf(figure: FigureInfo): SweepSelection {
  const { schedulers, configs, workloads, seeds } = figure.sweep;
  return { schedulers, configs, workloads, seeds };
}

/** Cells a selection runs. */
export function cellCount(sel: SweepSelection): number {
  return sel.schedulers.length * sel.configs.length * sel.workloads.length * sel.seeds;
}

export function osLabReducer(state: OsLabState, action: OsLabAction): OsLabState {
  switch (action.type) {
    case "catalogLoaded": {
      // A figure is picked once, when the catalog arrives: the scenario's own (`preferred`, its preset) or the first.
      const first = action.catalog.figures.find((f) => f.name === action.preferred) ?? action.catalog.figures[0];
      return first && state.catalog === null ? { ...state, catalog: action.catalog, figureName: first.name, selection: selectionOf(first) } : { ...state, catalog: action.catalog };
    }
    case "figurePicked": {
      const figure = state.catalog?.figures.find((f) => f.name === action.name);
      return { ...state, figureName: action.name, selection: figure ? selectionOf(figure) : state.selection };
    }
    case "selectionChanged":
      return { ...state, selection: action.selection, figureName: "" };
    case "sweepStarted": {
      const figure = state.catalog?.figures.find((f) => f.name === state.figureName) ?? null;
      return { ...state, sweepId: action.sweepId, error: null, cellRows: [], rows: [], claims: [], ran: { selection: state.selection, figure } };
    }
    case "sweepPlanned":
      return action.sweepId === state.sweepId ? { ...state, progress: { done: 0, total: action.total } } : state;
    case "rowDone": {
      if (action.sweepId !== state.sweepId || state.progress === null) return state;
      const cellRows = [...state.cellRows, action.row];
      return { ...state, cellRows, rows: [...state.rows, ...flattenRows([action.row])], progress: { done: cellRows.length, total: state.progress.total } };
    }
    case "claimsEvaluated":
      return action.sweepId === state.sweepId ? { ...state, claims: action.claims } : state;
    case "failed": {
      return action.sweepId === null || action.sweepId === state.sweepId ? { ...state, error: action.message } : state;
    }
    default: {
      const unreachable: never = action;
      throw new Error(`unknown OS lab action ${JSON.stringify(unreachable)}`);
    }
  }
}
