// A sweep's rows as CSV (through logic/csv.ts, the app's one CSV writer). Pure, unit-tested.
import { toCsv } from "../logic/csv";
import type { SweepRow } from "../types/os-lab";

export const SWEEP_CSV_COLUMNS = ["index", "scheduler", "config", "workload", "seed", "makespan_ns", "speedup", "ideal_speedup", "avg_power_w", "energy_j", "edp_js", "energy_norm", "edp_norm", "migrations"] as const;

export function sweepCsv(rows: readonly SweepRow[]): string {
  return toCsv(SWEEP_CSV_COLUMNS, rows.map((r) => SWEEP_CSV_COLUMNS.map((c) => r[c])));
}
