import { describe, expect, it } from "vitest";
import { hitTest, lowerBound, visibleRange } from "./segments";
import { makeSegments } from "./test-fixtures";

describe("lowerBound", () => {
  const values = [1, 3, 3, 5, 9];
  it("finds the first index not below the target", () => {
    expect(lowerBound(values, 0)).toBe(0);
    expect(lowerBound(values, 3)).toBe(1);
    expect(lowerBound(values, 4)).toBe(3);
    expect(lowerBound(values, 9)).toBe(4);
    expect(lowerBound(values, 10)).toBe(5);
  });
  it("respects the [lo, hi) range", () => {
    expect(lowerBound(values, 0, 2, 4)).toBe(2);
    expect(lowerBound(values, 100, 2, 4)).toBe(4);
  });
  it("handles empty input", () => {
    expect(lowerBound([], 5)).toBe(0);
  });
});

describe("groupByCore", () => {
  const seg = makeSegments(
    [
      { core: 1, start: 50, end: 60, task: 7 },
      { core: 0, start: 30, end: 40, task: 8 },
      { core: 1, start: 10, end: 20, task: 9 },
      { core: 0, start: 0, end: 10, task: 10 },
    ],
    3,
  );
  it("groups by core and sorts by start, carrying every column along", () => {
    expect([...seg.lane]).toEqual([0, 0, 1, 1]);
    expect([...seg.startNs]).toEqual([0, 30, 10, 50]);
    expect([...seg.item]).toEqual([10, 8, 9, 7]);
    expect([...seg.laneOffsets]).toEqual([0, 2, 4, 4]);
    expect([...seg.maxDurNs]).toEqual([10, 10, 0]);
  });
});

describe("visibleRange and hitTest", () => {
  const seg = makeSegments(
    [
      { core: 0, start: 0, end: 100 },
      { core: 0, start: 100, end: 1_000 },
      { core: 0, start: 2_000, end: 2_001 },
      { core: 1, start: 500, end: 600 },
    ],
    2,
  );
  it("includes a long segment that started before the window", () => {
    expect(visibleRange(seg, 0, 900, 950)).toEqual([1, 2]);
    expect(visibleRange(seg, 0, 1_500, 1_900)).toEqual([2, 2]);
    expect(visibleRange(seg, 1, 0, 10_000)).toEqual([3, 4]);
    expect(visibleRange(seg, 5, 0, 10)).toEqual([0, 0]);
  });
  it("finds the segment under a time, and tiny ones within the tolerance", () => {
    expect(hitTest(seg, 0, 50, 0)).toBe(0);
    expect(hitTest(seg, 0, 500, 0)).toBe(1);
    expect(hitTest(seg, 0, 1_500, 10)).toBe(-1);
    expect(hitTest(seg, 0, 1_995, 10)).toBe(2);
    expect(hitTest(seg, 1, 550, 0)).toBe(3);
  });
});
