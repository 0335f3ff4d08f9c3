import { describe, expect, it } from "vitest";
import { ganttSummary, moveSelection, nearestOnCore, segmentText } from "./gantt-keys";
import { makeSegments } from "./test-fixtures";

const seg = makeSegments(
  [
    { core: 0, start: 0, end: 10 },
    { core: 0, start: 10, end: 30 },
    { core: 0, start: 30, end: 40 },
    { core: 2, start: 5, end: 15 },
    { core: 2, start: 28, end: 35, priority: 1 },
  ],
  3,
);
const cores = [0, 1, 2];

describe("keyboard navigation of segments", () => {
  it("starts at the first segment and moves along a core", () => {
    const first = moveSelection(seg, cores, null, "ArrowRight");
    expect(first).toEqual({ core: 0, index: 0 });
    expect(moveSelection(seg, cores, first, "ArrowRight")).toEqual({ core: 0, index: 1 });
    expect(moveSelection(seg, cores, first, "ArrowLeft")).toBeNull();
    expect(moveSelection(seg, cores, first, "End")).toEqual({ core: 0, index: 2 });
  });
  it("moves to the nearest segment of the next core with segments, skipping empty ones", () => {
    const at = { core: 0, index: 2 }; // starts at 30
    const down = moveSelection(seg, cores, at, "ArrowDown");
    expect(down?.core).toBe(2);
    expect(seg.startNs[down?.index ?? 0]).toBe(28);
    expect(moveSelection(seg, cores, down, "ArrowDown")).toBeNull();
    expect(moveSelection(seg, cores, down, "ArrowUp")?.core).toBe(0);
    expect(nearestOnCore(seg, 1, 0)).toBe(-1);
  });
  it("describes segments and the chart in words", () => {
    const i = moveSelection(seg, cores, { core: 2, index: 3 }, "ArrowRight")?.index ?? -1;
    expect(segmentText(seg, i, ["matmul"])).toMatch(/^core 2: task \d+ \(matmul, high priority\)/);
    expect(ganttSummary("FIFO", 40, [40, 0, 17], 5)).toContain("core 0 100% busy, core 1 0% busy, core 2 43% busy");
  });
});
