import { describe, expect, it } from "vitest";
import type { RunInfo, RunSummary } from "../engine/engine-types";
import { metricsOf, runOf, summaryOf } from "./test-fixtures";
import { LOOP_PHASES, phaseColor, phaseColorAt, sfRows, speedupOver, threadLabel } from "./loop-phases";

const platform = {
  name: "p",
  n_cores: 4,
  clusters: [
    { name: "big", core_type: "A15", first_core: 0, cores: 2, freqs_mhz: [2000], freq_mhz: 2000 },
    { name: "little", core_type: "A7", first_core: 2, cores: 2, freqs_mhz: [1500], freq_mhz: 1500 },
  ],
};

function run(scheduler: string, makespan: number, cores: number[], est: (number | null)[]): RunInfo {
  return runOf(scheduler, metricsOf({ makespan_ns: makespan, tasks: 10 }), {
    level: "loops",
    schedule: scheduler,
    mapping: "BS",
    thread_cores: cores,
    completion_ns: makespan,
    iterations: 10,
    pool_removals: 0,
    overhead_ns: 0,
    mean_imbalance: 1,
    loop_count: est.length,
    coalesced: false,
    loops: est.map((e, k) => ({ name: `loop ${k + 1}`, phase: k, start_ns: 0, end_ns: 1, iterations: 5, imbalance: 1, removals: 0, estimated_sf: e, true_sf: 2.5, shared_sf: 2.5, iterations_on_fastest: 3 })),
  });
}

const summary: RunSummary = summaryOf([run("static-sb", 200, [2, 3, 0, 1], [null, null]), run("aid-static", 100, [0, 1, 2, 3], [2.4, 2.6])], {
  platform,
  groups: [...LOOP_PHASES],
});

describe("loop phases", () => {
  it("colours phases", () => {
    expect(summary.level).toBe("loops");
    expect(phaseColor("aid")).toBe(phaseColorAt(6));
    expect(phaseColor("matmul")).toBeUndefined();
    expect(new Set(LOOP_PHASES.map((p) => phaseColor(p))).size).toBe(LOOP_PHASES.length);
  });

  it("labels rows with the thread and its core type", () => {
    expect(threadLabel(summary.runs[0], platform, 2)).toBe("T0 · A7");
    expect(threadLabel(summary.runs[1], platform, 2)).toBe("T2 · A7");
    expect(threadLabel(run("x", 1, [0], []), platform, 3)).toBe("core 3 (no thread)");
  });

  it("builds SF rows and speedups", () => {
    const rows = sfRows(summary);
    expect(rows).toHaveLength(2);
    expect(rows[1].estimated).toEqual([null, 2.6]);
    expect(rows[1].trueSf).toBe(2.5);
    expect(rows[1].sharedSf).toBe(2.5);
    expect(speedupOver(summary, "static-sb")).toEqual([1, 2]);
  });
});
