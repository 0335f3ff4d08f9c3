import { describe, expect, it } from "vitest";
import { TimeScale } from "./time-scale";

describe("TimeScale", () => {
  const scale = new TimeScale({ t0Ns: 1_000, t1Ns: 3_000 }, 400);

  it("maps the window ends to the pixel ends", () => {
    expect(scale.timeToPx(1_000)).toBe(0);
    expect(scale.timeToPx(3_000)).toBe(400);
    expect(scale.timeToPx(2_000)).toBe(200);
  });

  it("inverts timeToPx with pxToTime", () => {
    for (const x of [0, 1, 37.5, 200, 399, 400]) expect(scale.timeToPx(scale.pxToTime(x))).toBeCloseTo(x, 9);
  });

  it("converts durations both ways", () => {
    expect(scale.durationToPx(500)).toBe(100);
    expect(scale.pxToDuration(100)).toBe(500);
  });

  it("extrapolates outside the window", () => {
    expect(scale.timeToPx(0)).toBe(-200);
    expect(scale.pxToTime(800)).toBe(5_000);
  });

  it("survives an empty window and zero width", () => {
    const empty = new TimeScale({ t0Ns: 5, t1Ns: 5 }, 0);
    expect(empty.widthCss).toBe(1);
    expect(empty.pxToTime(10)).toBe(5);
    expect(empty.timeToPx(7)).toBe(0);
  });
});
