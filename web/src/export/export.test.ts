import { describe, expect, it } from "vitest";
import type { SimResult } from "../engine/engine";
import type { RunSummary } from "../engine/engine-types";
import { LIGHT } from "../logic/palette";
import { denseCore, makeSegments } from "../logic/test-fixtures";
import { TimeScale } from "../timeline/time-scale";
import { chromeTraceFromResult } from "./chrome-trace";
import { ganttSvg } from "./gantt-svg";

const SUMMARY: RunSummary = {
  scenario_name: "demo <1>",
  platform: { name: "p", n_cores: 2, clusters: [{ name: "big", core_type: "A15", first_core: 0, cores: 2, freqs_mhz: [500, 1000], freq_mhz: 1000 }] },
  task_types: ["matmul"],
  runs: [
    {
      scheduler: "fifo",
      metrics: { makespan_ns: 3000, throughput_tasks_per_s: 1, tasks: 2, energy_j: 1, edp_js: 1, avg_power_w: 1, busy_ns_per_core: [], idle_ns_per_core: [], overhead_ns_per_core: [], utilisation_per_cluster: [] },
      freq_intervals: [{ cluster: 0, start_ns: 0, end_ns: 3000, freq_mhz: 1000 }],
      interference_intervals: [{ kind: "cpu", cores: [1], start_ns: 100, end_ns: 200, label: "1 co-runner" }],
    },
  ],
};

describe("Chrome trace export", () => {
  it("has one thread per core, X events in µs, counters and names", () => {
    const seg = makeSegments([{ core: 0, start: 0, end: 2000, task: 7 }, { core: 1, start: 500, end: 3000, task: 8, kind: 1 }], 2);
    const trace = chromeTraceFromResult({ summary: SUMMARY, segments: [seg], simMs: 1 });
    const json = JSON.parse(JSON.stringify(trace)) as typeof trace;
    const x = json.traceEvents.filter((e) => e.ph === "X" && e.cat !== "interference:cpu");
    expect(x).toHaveLength(2);
    expect(x[0]).toMatchObject({ name: "T7", pid: 1, tid: 0, ts: 0, dur: 2, cat: "matmul" });
    expect(x[1]).toMatchObject({ name: "scheduler overhead", tid: 1, ts: 0.5, dur: 2.5 });
    expect(json.traceEvents.filter((e) => e.name === "thread_name").map((e) => e.tid)).toEqual([0, 1]);
    expect(json.traceEvents.find((e) => e.ph === "C")).toMatchObject({ args: { MHz: 1000 } });
    expect(json.traceEvents.find((e) => e.name === "process_name")?.args).toEqual({ name: "fifo (demo <1>)" });
  });
});

describe("Gantt SVG export", () => {
  it("merges sub-pixel segments like the canvas and escapes text", () => {
    const seg = denseCore(100_000, 10, 0, 2);
    const result: SimResult = { summary: SUMMARY, segments: [seg], simMs: 1 };
    const svg = ganttSvg(result, new TimeScale({ t0Ns: 0, t1Ns: 1_000_000 }, 500), LIGHT);
    const rects = svg.match(/<rect /g)?.length ?? 0;
    expect(rects).toBeGreaterThan(1);
    expect(rects).toBeLessThan(600);
    expect(svg).toContain("demo &lt;1&gt;");
    expect(svg).toContain("<title>1000 MHz</title>");
    expect(svg).toContain("<title>1 co-runner</title>");
    expect(svg.startsWith("<svg")).toBe(true);
  });
});
