import { describe, expect, it } from "vitest";
import type { SimResult } from "../engine/engine";
import type { RunSummary } from "../engine/engine-types";
import { metricsOf, runOf, summaryOf } from "../logic/test-fixtures";
import { LIGHT } from "../logic/palette";
import { denseCore } from "../logic/test-fixtures";
import { TimeScale } from "../timeline/time-scale";
import { ganttSvg } from "./gantt-svg";

const SUMMARY: RunSummary = summaryOf(
  [
    {
      ...runOf("fifo", metricsOf({ makespan_ns: 3000, throughput_tasks_per_s: 1, tasks: 2, energy_j: 1, edp_js: 1, avg_power_w: 1 })),
      freq_intervals: [{ cluster: 0, start_ns: 0, end_ns: 3000, freq_mhz: 1000 }],
      interference_intervals: [{ kind: "cpu", cores: [1], start_ns: 100, end_ns: 200, label: "1 co-runner" }],
    },
  ],
  {
    scenario_name: "demo <1>",
    platform: { name: "p", n_cores: 2, clusters: [{ name: "big", core_type: "A15", first_core: 0, cores: 2, freqs_mhz: [500, 1000], freq_mhz: 1000 }] },
    groups: ["matmul"],
  },
);

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
