import { csvParseRows } from "d3-dsv";
import { describe, expect, it } from "vitest";
import type { RunMetrics, RunSummary } from "../engine/engine-types";
import { runOf, summaryOf } from "../logic/test-fixtures";
import { buildCompareTable, compareCsv, formatDiff, relativeDiff } from "./compare-model";

function run(scheduler: string, makespanMs: number, energy: number): RunSummary["runs"][number] {
  const metrics: RunMetrics = {
    makespan_ns: makespanMs * 1e6,
    throughput_tasks_per_s: 1000 / makespanMs,
    tasks: 100,
    energy_j: energy,
    edp_js: energy * makespanMs * 1e-3,
    avg_power_w: energy / (makespanMs * 1e-3),
    busy_ns_per_core: [1],
    idle_ns_per_core: [0],
    overhead_ns_per_core: [0],
    utilisation_per_cluster: [0.5],
  };
  return runOf(scheduler, metrics);
}

const SUMMARY: RunSummary = summaryOf([run("fifo", 20, 2), run("rws", 10, 3), run("dam", 16, 1)], {
  scenario_name: "t",
  platform: { name: "p", n_cores: 1, clusters: [{ name: "big", core_type: "A15", first_core: 0, cores: 1, freqs_mhz: [1], freq_mhz: 1 }] },
  groups: ["x"],
});

describe("comparison table", () => {
  it("adds the speedup over the chosen baseline and marks the best", () => {
    const t = buildCompareTable(SUMMARY, "fifo");
    const s = t.columns.findIndex((c) => c.key === "speedup");
    expect(t.columns[s - 1].key).toBe("makespan");
    expect(t.rows.map((r) => r.values[s])).toEqual([1, 2, 1.25]);
    expect(t.best[s]).toEqual([1]);
    const e = t.columns.findIndex((c) => c.key === "energy");
    expect(t.best[e]).toEqual([2]);
    expect(t.diffs[1][e]).toBeCloseTo(0.5);
    expect(t.diffs[0][e]).toBe(0);
  });

  it("follows the baseline and falls back to the first run", () => {
    expect(buildCompareTable(SUMMARY, "rws").baseline).toBe(1);
    expect(buildCompareTable(SUMMARY, "gone").baseline).toBe(0);
    const t = buildCompareTable(SUMMARY, "rws");
    expect(t.rows[0].values[t.columns.findIndex((c) => c.key === "speedup")]).toBe(0.5);
  });

  it("formats differences and writes CSV", () => {
    expect(formatDiff(0.1234)).toBe("+12%");
    expect(formatDiff(-0.04)).toBe("−4.0%");
    expect(formatDiff(0)).toBe("±0%");
    expect(relativeDiff(1, 0)).toBeNaN();
    const csv = compareCsv(buildCompareTable(SUMMARY, null)).trim().split("\n");
    expect(csv).toHaveLength(4);
    expect(csv[0]).toMatch(/^scheduler,Makespan \(ms\),Speedup vs baseline \(×\)/);
    expect(csv[2].startsWith("rws,10,2,")).toBe(true);
  });

  it("keeps a parameterised scheduler name in one CSV field", () => {
    const odd = { ...SUMMARY, runs: [run("gts[up=700,down=256]", 20, 2), run('say "hi"', 10, 3)] };
    const rows = csvParseRows(compareCsv(buildCompareTable(odd, null)).trimEnd());
    expect(rows.map((r) => r[0])).toEqual(["scheduler", "gts[up=700,down=256]", 'say "hi"']);
    expect(new Set(rows.map((r) => r.length)).size).toBe(1);
  });
});
