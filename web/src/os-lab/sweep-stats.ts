// Pure shaping of sweep rows into the papers' chart forms. The papers' numbers are evaluated by the engine (evaluateClaims);
// rows come from the engine's cells through `logic/sweep-rows.ts`.
import { extent, mean as d3mean } from "d3-array";
import type { SweepRow } from "../types/os-lab";

export type NumericField = "makespan_ns" | "speedup" | "ideal_speedup" | "avg_power_w" | "energy_j" | "edp_js" | "energy_norm" | "edp_norm" | "migrations";

export function mean(values: readonly number[]): number {
  return d3mean(values) ?? NaN;
}

function valueOf(row: SweepRow, field: NumericField): number | null {
  const v = row[field];
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

/** Mean of `field` over the rows matching the filter (null fields skipped). */
export function meanWhere(rows: readonly SweepRow[], field: NumericField, keep: (r: SweepRow) => boolean): number {
  const values: number[] = [];
  for (const r of rows) {
    if (!keep(r)) continue;
    const v = valueOf(r, field);
    if (v !== null) values.push(v);
  }
  return mean(values);
}

/** One line per scheduler: the mean of `field` over workloads and seeds at each configuration (Chronaki et al. Fig. 2, 6, 7). */
export function linesByConfig(rows: readonly SweepRow[], schedulers: readonly string[], configs: readonly string[], field: NumericField): { name: string; values: number[] }[] {
  return schedulers.map((s) => ({ name: s, values: configs.map((c) => meanWhere(rows, field, (r) => r.scheduler === s && r.config === c)) }));
}

export interface CaseStats {
  readonly mean: number;
  readonly min: number;
  readonly max: number;
  readonly values: readonly number[];
}

/** Makespan statistics over seeds for one (scheduler, config, workload) case. */
export function caseStats(rows: readonly SweepRow[], scheduler: string, config: string, workload: string): CaseStats {
  const values = rows.filter((r) => r.scheduler === scheduler && r.config === config && r.workload === workload).map((r) => r.makespan_ns);
  const [lo, hi] = extent(values);
  return { mean: mean(values), min: lo ?? NaN, max: hi ?? NaN, values };
}

