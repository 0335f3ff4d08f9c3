import { expect, test } from "vitest";
import type { PresetInfo, RunSummary } from "../engine/engine-types";
import { runOf, summaryOf } from "../logic/test-fixtures";
import { measure, metricAt, paperRows } from "./paper-values";

const metrics = (makespan: number, tput: number) => ({
  makespan_ns: makespan,
  throughput_tasks_per_s: tput,
  tasks: 10,
  energy_j: 1,
  edp_js: 1,
  avg_power_w: 1,
  busy_ns_per_core: [30, 10],
  idle_ns_per_core: [0, 0],
  overhead_ns_per_core: [0, 0],
  utilisation_per_cluster: [1],
});
const summary: RunSummary = summaryOf([runOf("fifo", metrics(200, 1000)), runOf("rws", metrics(100, 2000))], { groups: ["matmul"] });

test("metric paths reach nested arrays and reject non-numbers", () => {
  expect(metricAt(summary.runs[0].metrics, "busy_ns_per_core.0")).toBe(30);
  expect(metricAt(summary.runs[0].metrics, "busy_ns_per_core.9")).toBeNull();
  expect(metricAt(summary.runs[0].metrics, "nope.x")).toBeNull();
});

test("values, scaled values and ratios", () => {
  const base = { label: "", paper: 1, unit: "", scale: 1 };
  expect(measure(summary, { ...base, scheduler: "rws", metric: "metrics.throughput_tasks_per_s", scale: 0.5 })).toBe(1000);
  expect(measure(summary, { ...base, scheduler: "rws", metric: "metrics.throughput_tasks_per_s", over: "fifo" })).toBe(2);
  expect(measure(summary, { ...base, scheduler: "fifo", metric: "metrics.busy_ns_per_core.0", over_metric: "metrics.busy_ns_per_core.1" })).toBe(3);
  expect(measure(summary, { ...base, scheduler: "dam-c", metric: "metrics.makespan_ns" })).toBeNull();
});

test("the engine's own comparison in summary.paper is read too, shares in %", () => {
  const withPaper = {
    ...summary,
    paper: [
      { claim: "RWS over FIFO", paper: 1.5, simulated: 2, kind: "throughput_ratio" },
      { claim: "share", paper: 0.5, simulated: 0.25, kind: "priority_share" },
      { claim: "missing", paper: 0.5, simulated: null, kind: "priority_share_on_core" },
    ],
  } as unknown as RunSummary;
  const preset: PresetInfo = { name: "x", title: "x", description: "" };
  expect(paperRows(preset, withPaper).map((r) => [r.label, r.paper, r.unit, r.simulated])).toEqual([
    ["RWS over FIFO", 1.5, "×", 2],
    ["share", 50, "%", 25],
    ["missing", 50, "%", null],
  ]);
});
