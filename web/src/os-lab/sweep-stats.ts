// Pure shaping of sweep rows into the papers' chart forms. The papers' numbers are evaluated by the engine (evaluateClaims).
import type { CellRow } from "../engine/engine-types";
import type { SweepRow } from "./os-types";

export type NumericField = "makespan_ns" | "speedup" | "ideal_speedup" | "avg_power_w" | "energy_j" | "edp_js" | "energy_norm" | "edp_norm" | "migrations";

export function mean(values: readonly number[]): number {
  return values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length;
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

/** One line per scheduler: the mean of `field` over workloads and seeds at each configuration (seed 000 Fig. 2, 6, 7). */
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
  return { mean: mean(values), min: Math.min(...values), max: Math.max(...values), values };
}

function num(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** One chart row per scheduler's run of each cell: `metrics` and the OS level's `extras`, with the cell's configuration and workload. */
export function flattenRows(rows: readonly CellRow[]): SweepRow[] {
  return rows.flatMap((row) =>
    row.runs.map((run) => ({
      index: row.cell.index,
      scheduler: run.scheduler,
      config: row.platform,
      workload: row.workload,
      seed: row.cell.seed,
      makespan_ns: num(run.metrics.makespan_ns) ?? NaN,
      speedup: num(run.extras.speedup),
      ideal_speedup: num(run.extras.ideal_speedup),
      avg_power_w: num(run.metrics.avg_power_w) ?? NaN,
      energy_j: num(run.metrics.energy_j) ?? NaN,
      edp_js: num(run.metrics.edp_js) ?? NaN,
      energy_norm: num(run.extras.energy_norm) ?? NaN,
      edp_norm: num(run.extras.edp_norm) ?? NaN,
      migrations: num(run.extras.migrations) ?? 0,
      app_done_ns: Array.isArray(run.extras.app_done_ns) ? (run.extras.app_done_ns as number[]) : [],
    })),
  );
}
