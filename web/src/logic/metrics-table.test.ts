import { describe, expect, it } from "vitest";
import type { RunMetrics, RunSummary } from "../engine/engine-types";
import { bestRows, buildMetricsTable } from "./metrics-table";
import { runOf, summaryOf } from "./test-fixtures";

function metrics(makespanMs: number, energy: number, util: number[]): RunMetrics {
  return {
    makespan_ns: makespanMs * 1e6,
    throughput_tasks_per_s: 1000 / (makespanMs / 1e3),
    tasks: 1000,
    energy_j: energy,
    edp_js: energy * (makespanMs / 1e3),
    avg_power_w: energy / (makespanMs / 1e3),
    busy_ns_per_core: [],
    idle_ns_per_core: [],
    overhead_ns_per_core: [],
    utilisation_per_cluster: util,
  };
}

const summary: RunSummary = {
  ...summaryOf([]),
  scenario_name: "t",
  platform: {
    name: "p",
    n_cores: 8,
    clusters: [
      { name: "big", core_type: "A15", first_core: 0, cores: 4, freqs_mhz: [1600], freq_mhz: 1600 },
      { name: "LITTLE", core_type: "A7", first_core: 4, cores: 4, freqs_mhz: [1000], freq_mhz: 1000 },
    ],
  },
  groups: ["matmul"],
  runs: [
    runOf("fifo", metrics(20, 5, [0.5, 0.9])),
    runOf("rws", metrics(10, 6, [0.9, 0.4])),
  ],
};

describe("buildMetricsTable", () => {
  const table = buildMetricsTable(summary);
  it("has one row per run and one utilisation column per cluster", () => {
    expect(table.rows.map((r) => r.scheduler)).toEqual(["fifo", "rws"]);
    expect(table.columns.map((c) => c.key)).toEqual(["makespan", "throughput", "energy", "edp", "power", "util-big", "util-LITTLE"]);
    expect(table.rows[1].values[0]).toBe(10);
  });
  it("marks the best run per column", () => {
    const best = Object.fromEntries(table.columns.map((c, i) => [c.key, table.best[i]]));
    expect(best.makespan).toEqual([1]);
    expect(best.throughput).toEqual([1]);
    expect(best.energy).toEqual([0]);
    expect(best.edp).toEqual([1]);
    expect(best["util-big"]).toEqual([1]);
    expect(best["util-LITTLE"]).toEqual([0]);
  });
});

describe("bestRows", () => {
  it("returns all ties and ignores non-finite values", () => {
    expect(bestRows([3, 1, 1, Number.NaN], "lower")).toEqual([1, 2]);
    expect(bestRows([3, 1, Number.NaN], "higher")).toEqual([0]);
  });
  it("marks nothing with a single run", () => {
    expect(bestRows([3], "lower")).toEqual([]);
  });
});

describe("metrics table at the OS level", () => {
  it("adds speedup, ideal, normalised energy and EDP, and migrations when every run has OS metrics", () => {
    const os = (speedup: number, migrations: number) => ({
      level: "os" as const,
      apps: ["facesim"], app_done_ns: [1], app_speedup: [speedup], app_ideal_speedup: [8.8], speedup, ideal_speedup: 8.8,
      makespan_ns: 1, avg_power_w: 1, energy_norm: 1.3, edp_norm: 0.7, baseline: "pinned on 4 little cores", migrations, runs: 1, makespan_mean_ns: 1, makespan_min_ns: 1, makespan_max_ns: 1,
    });
    const s: RunSummary = {
      ...summary,
      runs: [
        runOf("pinned", metrics(500, 1, [0.5, 0.5]), os(4, 0)),
        runOf("gts", metrics(260, 1, [0.9, 0.5]), os(7.5, 398)),
      ],
    };
    const t = buildMetricsTable(s);
    const keys = t.columns.map((c) => c.key);
    expect(keys.slice(-5)).toEqual(["speedup-little", "ideal", "energy-norm", "edp-norm", "migrations"]);
    expect(t.rows[1].values[keys.indexOf("speedup-little")]).toBe(7.5);
    expect(t.best[keys.indexOf("speedup-little")]).toEqual([1]);
    expect(t.best[keys.indexOf("migrations")]).toEqual([0]);
  });
});
