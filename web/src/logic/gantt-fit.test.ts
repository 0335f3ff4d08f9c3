import { describe, expect, it } from "vitest";
import { fitRowScale } from "./gantt-fit";

describe("fitRowScale", () => {
  const tx2 = { clusters: 2, cores: 6 };
  it("keeps full rows when a few runs fit", () => {
    expect(fitRowScale({ availablePx: 900, runs: 3, ...tx2, maxScale: 1 })).toBe(1);
  });
  it("shrinks rows so 11 runs fit, down to the minimum", () => {
    const s = fitRowScale({ availablePx: 520, runs: 11, ...tx2, maxScale: 1 });
    expect(s).toBeLessThan(1);
    expect(s).toBeGreaterThanOrEqual(0.45);
    expect(fitRowScale({ availablePx: 100, runs: 11, ...tx2, maxScale: 1 })).toBe(0.45);
  });
  it("grows rows up to the maximum in presenter mode", () => {
    expect(fitRowScale({ availablePx: 2000, runs: 1, ...tx2, maxScale: 1.8 })).toBe(1.8);
  });
  it("never fits more than the room: the stack's height at the chosen scale stays under the room", () => {
    const s = fitRowScale({ availablePx: 600, runs: 5, ...tx2, maxScale: 2 });
    const height = 5 * (26 + 6 + s * (2 * 16 + 6 * 18));
    expect(height).toBeLessThanOrEqual(600);
  });
});
