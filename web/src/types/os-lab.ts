// Shapes of the OS-level catalog and sweeps (engine/src/scenario/presets_os.rs and sweep.rs).

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

export interface PaperNumber {
  readonly label: string;
  readonly value: number;
  readonly unit: string;
  /** How to compute the simulated counterpart; see PaperNumber in presets_os.rs. */
  readonly key: string;
}

export type ChartKind = "speedup" | "power" | "makespan" | "spread";

export interface FigureSweep {
  readonly name: string;
  readonly chart: ChartKind;
  readonly schedulers: readonly string[];
  readonly configs: readonly string[];
  readonly workloads: readonly string[];
  readonly seeds: number;
  readonly paper: readonly PaperNumber[];
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

export interface SweepCell {
  readonly index: number;
  readonly scheduler: string;
  readonly config: string;
  readonly workload: string;
  readonly seed: number;
}

export interface SweepRow extends SweepCell {
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
