// Pure aggregation of sweep rows into the papers' chart forms and the simulated counterparts of the papers' numbers.
import { extent, mean as d3mean } from "d3-array";
import type { PaperNumber, SweepRow } from "../types/os-lab";

export type NumericField = "makespan_ns" | "speedup" | "ideal_speedup" | "avg_power_w" | "energy_j" | "edp_js" | "energy_norm" | "edp_norm" | "migrations";

/** The mean (d3-array), NaN for no values. */
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
  const [lo, hi] = extent(values);
  return { mean: mean(values), min: lo ?? NaN, max: hi ?? NaN, values };
}

function cases(rows: readonly SweepRow[], config?: string): [string, string][] {
  const seen = new Set<string>();
  const out: [string, string][] = [];
  for (const r of rows) {
    if (config !== undefined && r.config !== config) continue;
    const k = `${r.config}\u0000${r.workload}`;
    if (!seen.has(k)) {
      seen.add(k);
      out.push([r.config, r.workload]);
    }
  }
  return out;
}

/** The simulated counterpart of a paper number, from its key; NaN when the sweep lacks the rows. */
export function simulatedValue(rows: readonly SweepRow[], paper: PaperNumber): number {
  const parts = paper.key.split("|");
  switch (parts[0]) {
    case "mean": {
      const [, field, sched, config] = parts;
      return meanWhere(rows, field as NumericField, (r) => (sched === "*" || r.scheduler === sched) && r.config === config);
    }
    case "change": {
      const [, field, sched, a, b, only] = parts;
      const keepWorkload = (w: string) => only === undefined || only.split(",").includes(w);
      const va = meanWhere(rows, field as NumericField, (r) => r.scheduler === sched && r.config === a && keepWorkload(r.workload));
      const vb = meanWhere(rows, field as NumericField, (r) => r.scheduler === sched && r.config === b && keepWorkload(r.workload));
      return (vb / va - 1) * 100;
    }
    case "gain": {
      const [, sched, base, how] = parts;
      const list = cases(rows, how === "mean" || how === "max" ? undefined : how);
      const gains = list.map(([c, w]) => caseStats(rows, base, c, w).mean / caseStats(rows, sched, c, w).mean - 1).filter(Number.isFinite);
      if (gains.length === 0) return NaN;
      return (how === "max" ? Math.max(...gains) : mean(gains)) * 100;
    }
    case "spread": {
      const [, sched] = parts;
      let worst = NaN;
      for (const [c, w] of cases(rows)) {
        const st = caseStats(rows, sched, c, w);
        for (const v of st.values) {
          const d = Math.abs(v / st.mean - 1) * 100;
          if (!(worst >= d)) worst = d;
        }
      }
      return worst;
    }
    default:
      return NaN;
  }
}
