import { describe, expect, it } from "vitest";
import { clampWindow, MIN_SPAN_NS, panBy, wheelZoomFactor, zoomAround } from "./viewport";

const bounds = { t0Ns: 0, t1Ns: 1_000_000 };

describe("viewport", () => {
  it("keeps the anchor time at the same relative position when zooming", () => {
    const win = { t0Ns: 0, t1Ns: 1_000_000 };
    const zoomed = zoomAround(win, 250_000, 0.5, bounds);
    expect(zoomed.t1Ns - zoomed.t0Ns).toBeCloseTo(500_000);
    expect((250_000 - zoomed.t0Ns) / (zoomed.t1Ns - zoomed.t0Ns)).toBeCloseTo(0.25);
  });

  it("never zooms out beyond the bounds", () => {
    expect(zoomAround({ t0Ns: 100_000, t1Ns: 900_000 }, 500_000, 4, bounds)).toEqual(bounds);
  });

  it("never zooms in below the minimum span", () => {
    const win = zoomAround({ t0Ns: 1_000, t1Ns: 1_200 }, 1_100, 0.01, bounds);
    expect(win.t1Ns - win.t0Ns).toBeCloseTo(MIN_SPAN_NS);
    expect(win.t0Ns).toBeLessThanOrEqual(1_100);
    expect(win.t1Ns).toBeGreaterThanOrEqual(1_100);
  });

  it("pans and stops at the edges", () => {
    expect(panBy({ t0Ns: 100, t1Ns: 200 }, 50, bounds)).toEqual({ t0Ns: 150, t1Ns: 250 });
    expect(panBy({ t0Ns: 100, t1Ns: 200 }, -500, bounds)).toEqual({ t0Ns: 0, t1Ns: 100 });
    expect(panBy({ t0Ns: 999_800, t1Ns: 999_900 }, 500, bounds)).toEqual({ t0Ns: 999_900, t1Ns: 1_000_000 });
  });

  it("clamps a non-finite window to the bounds", () => {
    expect(clampWindow({ t0Ns: Number.NaN, t1Ns: Number.NaN }, bounds)).toEqual(bounds);
  });

  it("zooms in on negative wheel deltas and out on positive ones", () => {
    expect(wheelZoomFactor(-100)).toBeLessThan(1);
    expect(wheelZoomFactor(100)).toBeGreaterThan(1);
    expect(wheelZoomFactor(0)).toBe(1);
  });
});
