// Rows and columns of the metrics table, with the best run per column.
// Pure, unit-tested.
import { max, min } from "d3-array";
import { type RunSummary, osExtras } from "../engine/engine-types";
import { formatMetric, formatPercent } from "./format";

export interface MetricColumn {
  readonly key: string;
  readonly label: string;
  /** Explanation shown as a tooltip on the header. */
  readonly title: string;
  readonly better: "lower" | "higher";
  readonly format: (value: number) => string;
}

export interface MetricsTable {
  readonly columns: readonly MetricColumn[];
  readonly rows: readonly { readonly scheduler: string; readonly values: readonly number[] }[];
  /** For each column, the indices of the rows holding the best value. */
  readonly best: readonly (readonly number[])[];
}

export function buildMetricsTable(summary: RunSummary): MetricsTable {
  const columns: MetricColumn[] = [
    { key: "makespan", label: "Makespan (ms)", title: "Time until the last task finished", better: "lower", format: (v) => formatMetric(v) },
    { key: "throughput", label: "Throughput (tasks/s)", title: "Tasks completed per second of simulated time", better: "higher", format: (v) => formatMetric(v) },
    { key: "energy", label: "Energy (J)", title: "Energy consumed by all cores", better: "lower", format: (v) => formatMetric(v) },
    { key: "edp", label: "EDP (J·s)", title: "Energy-delay product: energy × makespan (lower is better)", better: "lower", format: (v) => formatMetric(v) },
    { key: "power", label: "Avg power (W)", title: "Average power: energy / makespan", better: "lower", format: (v) => formatMetric(v) },
  ];
  summary.platform.clusters.forEach((cluster) => {
    columns.push({
      key: `util-${cluster.name}`,
      label: `Util ${cluster.name} (%)`,
      title: `Share of the ${cluster.name} cluster's core time spent on work (${cluster.core_type})`,
      better: "higher",
      format: formatPercent,
    });
  });
  const rows: { scheduler: string; values: number[] }[] = summary.runs.map((run) => {
    const m = run.metrics;
    return {
      scheduler: run.scheduler,
      values: [
        m.makespan_ns / 1e6,
        m.throughput_tasks_per_s,
        m.energy_j,
        m.edp_js,
        m.avg_power_w,
        ...summary.platform.clusters.map((_, c) => m.utilisation_per_cluster[c] ?? Number.NaN),
      ],
    };
  });
  addOsColumns(summary, columns, rows);
  const best = columns.map((column, c) => bestRows(rows.map((r) => r.values[c]), column.better));
  return { columns, rows, best };
}

/** Indices of the best finite values (ties all win); none when fewer than two rows. */
export function bestRows(values: readonly number[], better: "lower" | "higher"): number[] {
  const finite = values.filter(Number.isFinite);
  if (finite.length < 2) return [];
  const target = (better === "lower" ? min(finite) : max(finite)) ?? Number.NaN;
  const tolerance = Math.abs(target) * 1e-9;
  return values.flatMap((v, i) => (Number.isFinite(v) && Math.abs(v - target) <= tolerance ? [i] : []));
}

/** OS level: speedup over one little core with its ideal bound (Chronaki et al. Eq. 1, 4), normalised energy and EDP (Eq. 2–3), migrations. */
function addOsColumns(summary: RunSummary, columns: MetricColumn[], rows: { values: number[] }[]): void {
  const os = summary.runs.map((run) => osExtras(run) ?? undefined);
  if (os.length === 0 || os.some((o) => o === undefined)) return;
  const single = os.every((o) => o?.speedup !== undefined);
  const add = (column: MetricColumn, value: (i: number) => number) => {
    columns.push(column);
    rows.forEach((row, i) => row.values.push(value(i)));
  };
  if (single) {
    add({ key: "speedup", label: "Speedup (×)", title: "Speedup over the same method on one little core (Chronaki et al. Eq. 1)", better: "higher", format: (v) => formatMetric(v, 3) }, (i) => os[i]?.speedup ?? NaN);
    add({ key: "ideal", label: "Ideal (×)", title: "Ideal speedup B·ratio + L (Chronaki et al. Eq. 4): no run can beat it", better: "higher", format: (v) => formatMetric(v, 3) }, (i) => os[i]?.ideal_speedup ?? NaN);
  }
  const base = os[0]?.baseline ?? "the baseline";
  add({ key: "energy-norm", label: "Energy (norm)", title: `Energy over ${base} (Chronaki et al. Eq. 2)`, better: "lower", format: (v) => formatMetric(v, 3) }, (i) => os[i]?.energy_norm ?? NaN);
  add({ key: "edp-norm", label: "EDP (norm)", title: `EDP over ${base} (Chronaki et al. Eq. 3)`, better: "lower", format: (v) => formatMetric(v, 3) }, (i) => os[i]?.edp_norm ?? NaN);
  add({ key: "migrations", label: "Migrations", title: "Times a thread ran on another core than last time (50 µs each)", better: "lower", format: (v) => String(v) }, (i) => os[i]?.migrations ?? NaN);
}
