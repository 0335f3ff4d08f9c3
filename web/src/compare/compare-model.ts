// The comparison table: every metric of every run, the speedup over a
// chosen baseline run, differences from the baseline and the best value per
// column. Pure, unit-tested.
import type { RunSummary } from "../engine/engine-types";
import { toCsv } from "../logic/csv";
import { formatMetric } from "../logic/format";
import { bestRows, buildMetricsTable, type MetricColumn } from "../logic/metrics-table";

export interface CompareTable {
  readonly columns: readonly MetricColumn[];
  readonly rows: readonly { readonly scheduler: string; readonly values: readonly number[] }[];
  readonly best: readonly (readonly number[])[];
  /** Row index of the baseline. */
  readonly baseline: number;
  /** Relative difference from the baseline, per row and column (0 for the baseline itself). */
  readonly diffs: readonly (readonly number[])[];
}

export const SPEEDUP_COLUMN: MetricColumn = {
  key: "speedup",
  label: "Speedup vs baseline (×)",
  title: "Speedup over the baseline: baseline makespan ÷ this run's makespan (higher is better)",
  better: "higher",
  format: (v) => formatMetric(v, 3),
};

/** Builds the table; `baseline` is a scheduler name (the first run when absent or unknown). */
export function buildCompareTable(summary: RunSummary, baseline: string | null): CompareTable {
  const base = buildMetricsTable(summary);
  const baseIndex = Math.max(0, base.rows.findIndex((r) => r.scheduler === baseline));
  const makespanCol = base.columns.findIndex((c) => c.key === "makespan");
  const baseMakespan = base.rows[baseIndex]?.values[makespanCol] ?? Number.NaN;
  // Speedup goes right after makespan.
  const at = makespanCol + 1;
  const columns = [...base.columns.slice(0, at), SPEEDUP_COLUMN, ...base.columns.slice(at)];
  const rows = base.rows.map((r) => ({
    scheduler: r.scheduler,
    values: [...r.values.slice(0, at), baseMakespan / r.values[makespanCol], ...r.values.slice(at)],
  }));
  const best = columns.map((c, j) => bestRows(rows.map((r) => r.values[j]), c.better));
  const diffs = rows.map((r) => r.values.map((v, j) => relativeDiff(v, rows[baseIndex]?.values[j] ?? Number.NaN)));
  return { columns, rows, best, baseline: baseIndex, diffs };
}

export function relativeDiff(value: number, baseline: number): number {
  if (!Number.isFinite(value) || !Number.isFinite(baseline) || baseline === 0) return Number.NaN;
  return (value - baseline) / Math.abs(baseline);
}

/** "+12.3%", "−4.0%", "±0%" or "" for NaN. */
export function formatDiff(diff: number): string {
  if (!Number.isFinite(diff)) return "";
  if (Math.abs(diff) < 0.0005) return "±0%";
  const pct = (diff * 100).toFixed(Math.abs(diff) < 0.1 ? 1 : 0);
  return diff > 0 ? `+${pct}%` : `−${pct.slice(1)}%`;
}

/** Whether a difference is an improvement for a column. */
export function isBetter(diff: number, better: "lower" | "higher"): boolean {
  return better === "lower" ? diff < 0 : diff > 0;
}

/** CSV of the table (one row per run, plain numbers). */
export function compareCsv(table: CompareTable): string {
  return toCsv(["scheduler", ...table.columns.map((c) => c.label)], table.rows.map((r) => [r.scheduler, ...r.values]));
}
