import { describe, expect, it } from "vitest";
import type { SweepRow } from "../types/os-lab";
import type { CellRow } from "../engine/engine-types";
import { flattenRows } from "../logic/sweep-rows";
import { caseStats, linesByConfig } from "./sweep-stats";

function row(scheduler: string, config: string, workload: string, seed: number, makespan: number, speedup: number | null = null): SweepRow {
  return {
    index: 0, scheduler, config, workload, seed, makespan_ns: makespan, speedup, ideal_speedup: speedup === null ? null : 10,
    avg_power_w: 1, energy_j: makespan / 100, edp_js: 1, energy_norm: 1, edp_norm: 1, migrations: 0, app_done_ns: [makespan],
  };
}

describe("sweep statistics", () => {
  const rows = [
    row("pbs", "g", "BF", 1, 100), row("pbs", "g", "BF", 2, 100), row("linux", "g", "BF", 1, 110), row("linux", "g", "BF", 2, 130),
    row("pbs", "g", "BS", 1, 200), row("linux", "g", "BS", 1, 200),
  ];
  it("gives each case's makespan over seeds", () => {
    expect(caseStats(rows, "linux", "g", "BF")).toMatchObject({ mean: 120, min: 110, max: 130 });
    expect(caseStats(rows, "pbs", "g", "BS")).toMatchObject({ mean: 200, min: 200, max: 200 });
  });
  it("averages speedups per configuration", () => {
    const s = [row("pinned", "a", "x", 1, 1, 2), row("pinned", "a", "y", 1, 1, 4), row("pinned", "b", "x", 1, 1, 3), row("pinned", "b", "y", 1, 1, 3)];
    expect(linesByConfig(s, ["pinned"], ["a", "b"], "speedup")).toEqual([{ name: "pinned", values: [3, 3] }]);
  });
  it("flattens cell rows into one chart row per scheduler's run", () => {
    const cell: CellRow = {
      cell: { index: 3, preset: "maturity-fig3", set: { workload: "facesim" }, seed: 2 },
      platform: "odroid-xu3:2+2",
      workload: "facesim",
      runs: [
        { scheduler: "pinned", metrics: { makespan_ns: 500, avg_power_w: 1.5, energy_j: 2, edp_js: 1 }, extras: { level: "os", speedup: 5, ideal_speedup: 10, energy_norm: 1.1, edp_norm: 0.9, migrations: 0, app_done_ns: [500] } },
        { scheduler: "gts", metrics: { makespan_ns: 400, avg_power_w: 2, energy_j: 2.5, edp_js: 1 }, extras: { level: "os", energy_norm: 1.2, edp_norm: 0.8, migrations: 7, app_done_ns: [400] } },
      ],
    };
    const flat = flattenRows([cell]);
    expect(flat.map((r) => [r.index, r.scheduler, r.config, r.workload, r.seed, r.makespan_ns, r.speedup, r.migrations])).toEqual([
      [3, "pinned", "odroid-xu3:2+2", "facesim", 2, 500, 5, 0],
      [3, "gts", "odroid-xu3:2+2", "facesim", 2, 400, null, 7],
    ]);
  });
});
