import { describe, expect, it } from "vitest";
import { dependencyText, taskArrows, taskSpans, withPredecessors } from "./dependencies";
import { makeSegments } from "./test-fixtures";

// 0 → 1, 0 → 2, 1 → 3, 2 → 3 (a diamond); task 2 is moldable over cores 1 and 2.
const graph = { succStart: Uint32Array.from([0, 2, 3, 4, 4]), succ: Uint32Array.from([1, 2, 3, 3]) };
const seg = makeSegments(
  [
    { core: 0, start: 0, end: 10, task: 0 },
    { core: 0, start: 12, end: 30, task: 1 },
    { core: 1, start: 11, end: 25, task: 2 },
    { core: 2, start: 11, end: 27, task: 2 },
    { core: 1, start: 31, end: 40, task: 3 },
  ],
  3,
);

describe("dependency arrows", () => {
  const deps = withPredecessors(graph);
  it("inverts the successor lists", () => {
    expect(Array.from(deps.predStart)).toEqual([0, 0, 1, 2, 4]);
    expect(Array.from(deps.pred)).toEqual([0, 0, 1, 2]);
  });
  it("joins predecessors' ends to the task's start and its end to successors' starts", () => {
    const spans = taskSpans(seg, 4);
    expect([spans.startNs[2], spans.startCore[2], spans.endNs[2], spans.endCore[2]]).toEqual([11, 1, 27, 2]);
    const a = taskArrows(deps, spans, 2);
    expect(a?.arrows).toEqual([
      { kind: "pred", task: 0, fromCore: 0, fromNs: 10, toCore: 1, toNs: 11 },
      { kind: "succ", task: 3, fromCore: 2, fromNs: 27, toCore: 1, toNs: 31 },
    ]);
    expect(dependencyText(a!)).toBe("T2 waits for T0; T3 waits for it.");
    expect(taskArrows(deps, spans, 3)?.arrows.map((x) => x.task)).toEqual([1, 2]);
  });
  it("draws nothing beyond the limit, and nothing for runtime activity", () => {
    const spans = taskSpans(seg, 4);
    const a = taskArrows(deps, spans, 3, 1);
    expect(a?.skipped).toBe(true);
    expect(a?.arrows).toEqual([]);
    expect(taskArrows(deps, spans, 0xffffffff)).toBeNull();
  });
});
