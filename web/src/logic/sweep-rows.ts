// One chart row per scheduler's run of each cell the engine ran (`claims::Row`): metrics and the OS level's extras,
// with the cell's configuration and workload. Pure; no React.
import type { CellRow } from "../engine/engine-types";
import type { SweepRow } from "../types/os-lab";

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
