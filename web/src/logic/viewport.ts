// Zoom and pan of the shared visible window, clamped to the data bounds.
// Pure, unit-tested. Anchors stay under the cursor while zooming.
import type { Nanos, TimeWindow } from "../types/units";

/** The narrowest window the UI allows (100 ns). */
export const MIN_SPAN_NS = 100;

export function clampWindow(win: TimeWindow, bounds: TimeWindow): TimeWindow {
  const fullSpan = Math.max(MIN_SPAN_NS, bounds.t1Ns - bounds.t0Ns);
  let span = Math.min(fullSpan, Math.max(MIN_SPAN_NS, win.t1Ns - win.t0Ns));
  if (!Number.isFinite(span)) span = fullSpan;
  let t0 = Math.max(bounds.t0Ns, Math.min(win.t0Ns, bounds.t0Ns + fullSpan - span));
  if (!Number.isFinite(t0)) t0 = bounds.t0Ns;
  return { t0Ns: t0, t1Ns: t0 + span };
}

/** Zooms by `factor` (< 1 zooms in) keeping time `anchorNs` at the same pixel. */
export function zoomAround(win: TimeWindow, anchorNs: Nanos, factor: number, bounds: TimeWindow): TimeWindow {
  const t0 = anchorNs - (anchorNs - win.t0Ns) * factor;
  const t1 = anchorNs + (win.t1Ns - anchorNs) * factor;
  if (t1 - t0 < MIN_SPAN_NS) {
    const frac = (anchorNs - win.t0Ns) / Math.max(1e-9, win.t1Ns - win.t0Ns);
    const start = anchorNs - frac * MIN_SPAN_NS;
    return clampWindow({ t0Ns: start, t1Ns: start + MIN_SPAN_NS }, bounds);
  }
  return clampWindow({ t0Ns: t0, t1Ns: t1 }, bounds);
}

/** Moves the window by `deltaNs` (positive = later in time). */
export function panBy(win: TimeWindow, deltaNs: Nanos, bounds: TimeWindow): TimeWindow {
  return clampWindow({ t0Ns: win.t0Ns + deltaNs, t1Ns: win.t1Ns + deltaNs }, bounds);
}

/** Wheel delta (pixels) to zoom factor; 100 px of wheel ≈ 1.22× zoom. */
export function wheelZoomFactor(deltaY: number): number {
  return Math.exp(Math.max(-500, Math.min(500, deltaY)) * 0.002);
}
