import { describe, expect, it } from "vitest";
import { matchCount, matchMask, nextMatch, rangeStats } from "./find";
import { makeSegments } from "./test-fixtures";

const seg = makeSegments(
  [
    { core: 0, start: 0, end: 10, task: 1 },
    { core: 0, start: 10, end: 12, task: 2, kind: 1 },
    { core: 1, start: 5, end: 25, task: 12 },
    { core: 1, start: 25, end: 30, task: 1 },
  ],
  2,
);

describe("find and range statistics", () => {
  it("matches tasks by id (T12 or 12) and by task-type name", () => {
    const m = matchMask(seg, ["matmul"], "T1");
    expect([...(m ?? [])]).toEqual([1, 0, 0, 1]);
    expect(matchCount(seg, m)).toBe(1);
    expect([...(matchMask(seg, ["matmul"], "12") ?? [])]).toEqual([0, 0, 1, 0]);
    expect(matchMask(seg, ["matmul"], "MatM")?.every((v) => v === 1)).toBe(true);
    expect(matchMask(seg, ["matmul"], "  ")).toBeNull();
  });
  it("steps to the next match in time, wrapping around", () => {
    const m = matchMask(seg, ["matmul"], "T1");
    expect(seg.startNs[nextMatch(seg, m, 0)]).toBe(25);
    expect(seg.startNs[nextMatch(seg, m, 25)]).toBe(0);
  });
  it("sums work and overhead per core inside a range, clipping segments", () => {
    expect(rangeStats(seg, 2, 8, 20)).toEqual([
      { core: 0, workNs: 2, overheadNs: 2 },
      { core: 1, workNs: 12, overheadNs: 0 },
    ]);
  });
});
