import { describe, expect, it } from "vitest";
import type { SweepRow } from "../types/os-lab";
import { caseStats, linesByConfig, simulatedValue } from "./sweep-stats";

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
  it("computes the gain over a baseline as the papers do", () => {
    expect(simulatedValue(rows, { label: "", value: 0, unit: "%", key: "gain|pbs|linux|mean" })).toBeCloseTo(10, 6);
    expect(simulatedValue(rows, { label: "", value: 0, unit: "%", key: "gain|pbs|linux|max" })).toBeCloseTo(20, 6);
  });
  it("measures the spread over seeds", () => {
    expect(caseStats(rows, "linux", "g", "BF")).toMatchObject({ mean: 120, min: 110, max: 130 });
    expect(simulatedValue(rows, { label: "", value: 0, unit: "%", key: "spread|linux" })).toBeCloseTo(8.3333, 3);
    expect(simulatedValue(rows, { label: "", value: 0, unit: "%", key: "spread|pbs" })).toBe(0);
  });
  it("averages speedups per configuration and percent changes between configurations", () => {
    const s = [row("pinned", "a", "x", 1, 1, 2), row("pinned", "a", "y", 1, 1, 4), row("pinned", "b", "x", 1, 1, 3), row("pinned", "b", "y", 1, 1, 3)];
    expect(linesByConfig(s, ["pinned"], ["a", "b"], "speedup")).toEqual([{ name: "pinned", values: [3, 3] }]);
    expect(simulatedValue(s, { label: "", value: 0, unit: "%", key: "change|energy_j|pinned|a|b" })).toBeCloseTo(0, 6);
    expect(simulatedValue(s, { label: "", value: 0, unit: "×", key: "mean|speedup|*|a" })).toBe(3);
  });
});
