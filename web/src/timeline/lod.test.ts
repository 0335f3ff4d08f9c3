import { describe, expect, it } from "vitest";
import { denseCore, makeSegments } from "../logic/test-fixtures";
import { visibleRange } from "../logic/segments";
import { DOMINANT_SAMPLES, dominantSegment, forEachLodRect } from "./lod";
import { TimeScale } from "./time-scale";

function collect(seg: ReturnType<typeof denseCore>, scale: TimeScale) {
  const [first, last] = visibleRange(seg, 0, scale.t0Ns, scale.t1Ns);
  const rects: { x0: number; x1: number; index: number; merged: number }[] = [];
  forEachLodRect(seg, first, last, scale, (x0, x1, index, merged) => rects.push({ x0, x1, index, merged }));
  return rects;
}

describe("forEachLodRect", () => {
  it("draws wide segments one by one", () => {
    const seg = denseCore(10, 100);
    const rects = collect(seg, new TimeScale({ t0Ns: 0, t1Ns: 1_000 }, 100));
    expect(rects).toHaveLength(10);
    expect(rects.every((r) => r.merged === 1)).toBe(true);
    expect(rects[3]).toEqual({ x0: 30, x1: 40, index: 3, merged: 1 });
  });

  it("merges sub-pixel segments into at most one rect per pixel column", () => {
    const seg = denseCore(1_000_000, 10);
    const rects = collect(seg, new TimeScale({ t0Ns: 0, t1Ns: 10_000_000 }, 1_000));
    expect(rects.length).toBeLessThanOrEqual(1_001);
    expect(rects.reduce((sum, r) => sum + r.merged, 0)).toBe(1_000_000);
    for (const r of rects) expect(r.x1 - r.x0).toBeGreaterThanOrEqual(1 - 1e-9);
  });

  it("keeps a long segment that follows tiny ones at full width", () => {
    const seg = makeSegments(
      [
        { core: 0, start: 0, end: 1 },
        { core: 0, start: 2, end: 3 },
        { core: 0, start: 5, end: 500 },
      ],
      1,
    );
    const rects = collect(seg, new TimeScale({ t0Ns: 0, t1Ns: 1_000 }, 100));
    expect(rects).toEqual([
      { x0: 0, x1: 1, index: 0, merged: 2 },
      { x0: 0.5, x1: 50, index: 2, merged: 1 },
    ]);
  });

  it("stays fast with a million segments", () => {
    const seg = denseCore(1_000_000, 10);
    const scale = new TimeScale({ t0Ns: 0, t1Ns: 10_000_000 }, 1_920);
    const started = performance.now();
    for (let k = 0; k < 10; k++) collect(seg, scale);
    // Not a benchmark assertion: just a guard against O(n) regressions.
    expect((performance.now() - started) / 10).toBeLessThan(200);
  });
});

describe("dominantSegment", () => {
  it("picks the kind that covers the most time, not the first segment", () => {
    // Short overhead slices between long work segments: the work colour must win.
    const specs = Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? { core: 0, start: i * 10, end: i * 10 + 1, kind: 1 } : { core: 0, start: i * 10 - 9, end: i * 10 + 10, kind: 0 }));
    const seg = makeSegments(specs, 1);
    const i = dominantSegment(seg, 0, 400);
    expect(seg.kind[i]).toBe(0);
  });
  it("keeps overhead when overhead dominates", () => {
    const specs = Array.from({ length: 100 }, (_, i) => ({ core: 0, start: i * 10, end: i * 10 + (i % 5 === 0 ? 1 : 9), kind: i % 5 === 0 ? 0 : 1 }));
    const seg = makeSegments(specs, 1);
    expect(seg.kind[dominantSegment(seg, 0, 100)]).toBe(1);
  });
  it("tells apart as many task types as it samples, and reuses its scratch between calls", () => {
    // 1000 work segments, each of its own task type: every sample is a new key; the 11th sample's segment is longest.
    const longest = Math.floor(10 * (1000 / DOMINANT_SAMPLES));
    const specs = Array.from({ length: 1000 }, (_, i) => ({ core: 0, start: i * 10, end: i * 10 + (i === longest ? 9 : 5) }));
    const seg = makeSegments(specs, 1);
    seg.group.forEach((_, i) => (seg.group[i] = i));
    expect(dominantSegment(seg, 0, 1000)).toBe(longest);
    expect(dominantSegment(seg, longest + 1, 1000 - longest - 1)).not.toBe(longest);
    expect(dominantSegment(seg, 0, 1000)).toBe(longest);
  });
});
