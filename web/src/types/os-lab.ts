// Shapes of the OS lab's catalog and sweeps (engine/src/claims/lab.rs).

export interface AppProfile {
  readonly name: string;
  readonly work_ns: number;
  readonly ratio: number;
  readonly regions: number;
  readonly split: "even" | "pool";
  readonly serial_fraction: number;
  readonly tasks: number;
  readonly preference: number;
  readonly supplement: number;
  readonly kind: string;
  /** Coefficient of variation of a region's work items; absent when they are alike. */
  readonly item_cv?: number;
  /** The task version runs its serial sections on the master thread after a taskwait; absent when they are tasks. */
  readonly serial_on_master?: boolean;
}

export interface MixInfo {
  readonly name: string;
  readonly apps: readonly { readonly app: string; readonly threads: number; readonly preference: number }[];
}

export interface OsSchedulerInfo {
  readonly name: string;
  readonly params: string;
  readonly description: string;
}

export type ChartKind = "speedup" | "power" | "makespan" | "spread";

/** The sweep a figure preset's claims run: its schedulers and the configurations, workloads and seeds of their cells. */
export interface FigureSweep {
  readonly chart: ChartKind;
  readonly schedulers: readonly string[];
  readonly configs: readonly string[];
  readonly workloads: readonly string[];
  readonly seeds: number;
}

export interface FigureInfo {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly sweep: FigureSweep;
}

export interface OsCatalog {
  readonly apps: readonly AppProfile[];
  readonly mixes: readonly MixInfo[];
  readonly configs: readonly string[];
  readonly schedulers: readonly OsSchedulerInfo[];
  readonly figures: readonly FigureInfo[];
}

export interface SweepGrid {
  readonly schedulers: readonly string[];
  readonly configs: readonly string[];
  readonly workloads: readonly string[];
  readonly seeds: readonly number[];
}

/** One scheduler's run in one cell of a sweep, flattened for the charts (see `flattenRows`). */
export interface SweepRow {
  readonly index: number;
  readonly scheduler: string;
  readonly config: string;
  readonly workload: string;
  readonly seed: number;
  readonly makespan_ns: number;
  readonly speedup: number | null;
  readonly ideal_speedup: number | null;
  readonly avg_power_w: number;
  readonly energy_j: number;
  readonly edp_js: number;
  readonly energy_norm: number;
  readonly edp_norm: number;
  readonly migrations: number;
  readonly app_done_ns: readonly number[];
}
