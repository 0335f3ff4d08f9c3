import { describe, expect, it } from "vitest";
import type { ReplayResult } from "../engine/import-protocol";
import { buildReplayView, errorText } from "./replay-view";

const result: ReplayResult = {
  trace: { span_ns: 100, busy_ns_per_core: [50, 20, 0] },
  cpus: [1, 2, 0],
  calibration: {},
  labels: ["render 7", "logger 9"],
  clusters: [{ name: "big", cores: 2 }, { name: "LITTLE", cores: 1 }],
  runs: [
    {
      scheduler: "linux",
      wakeups: "recorded",
      sim: { span_ns: 120, busy_ns_per_core: [50, 20, 0] },
      span_error: 0.2,
      busy_error: 0,
      segments: { lane: [1, 0, 0], thread: [1, 0, 0], start_ns: [0, 60, 0], end_ns: [20, 120, 30] },
    },
  ],
};

describe("buildReplayView", () => {
  const view = buildReplayView(result);

  it("lays the replay's CPUs out by its clusters, named by their CPU ids", () => {
    expect(view.platform.clusters.map((c) => [c.name, c.first_core, c.cores])).toEqual([["big · CPUs 1,2", 0, 2], ["LITTLE · CPUs 0", 2, 1]]);
    expect(view.laneLabels).toEqual(["CPU 1", "CPU 2", "CPU 0"]);
  });

  it("sorts each run's segments by core and time, the thread as the group, and spans recording and replays", () => {
    const seg = view.runs[0].seg;
    expect(Array.from(seg.startNs)).toEqual([0, 60, 0]);
    expect(Array.from(seg.group)).toEqual([0, 0, 1]);
    expect(Array.from(seg.laneOffsets)).toEqual([0, 2, 3, 3]);
    expect(view.runs[0].title).toBe("linux · recorded wake-up CPUs");
    expect(view.spanNs).toBe(120);
    expect(errorText(0.2)).toBe("20.0%");
  });
});
