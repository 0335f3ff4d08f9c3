// Helpers of the step-through view. Pure, unit-tested.
import type { DecisionCandidate, DecisionRecord } from "../engine/engine-types";
import type { TimeWindow } from "../types/units";

/** "core 2", or "cores 4–7 (width 4)". */
export function placeLabel(leader: number, width: number): string {
  return width <= 1 ? `core ${leader}` : `cores ${leader}–${leader + width - 1} (width ${width})`;
}

/** Index of the first decision at or after `tNs` (decisions are in time order). */
export function decisionAt(decisions: readonly DecisionRecord[], tNs: number): number {
  let lo = 0;
  let hi = decisions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (decisions[mid].t_ns < tNs) lo = mid + 1;
    else hi = mid;
  }
  return Math.min(lo, Math.max(0, decisions.length - 1));
}

/** Largest share of the run shown while stepping, so the decided task is wide enough to see. */
export const STEP_MAX_SPAN = 0.12;

/**
 * The window, panned so that `tNs` lies in its middle 80% (unchanged when it
 * already does), and zoomed in to at most STEP_MAX_SPAN of the run.
 */
export function revealTime(window: TimeWindow, bounds: TimeWindow, tNs: number): TimeWindow {
  const maxSpan = (bounds.t1Ns - bounds.t0Ns) * STEP_MAX_SPAN;
  const span = Math.min(window.t1Ns - window.t0Ns, maxSpan);
  if (span < window.t1Ns - window.t0Ns) {
    const t0 = Math.max(bounds.t0Ns, Math.min(bounds.t1Ns - span, tNs - span / 2));
    return { t0Ns: t0, t1Ns: t0 + span };
  }
  if (tNs >= window.t0Ns + span * 0.1 && tNs <= window.t1Ns - span * 0.1) return window;
  const t0 = Math.max(bounds.t0Ns, Math.min(bounds.t1Ns - span, tNs - span / 2));
  return { t0Ns: t0, t1Ns: t0 + span };
}

/** The candidates to show: the policy's own, or just the chosen place when it gives no explanation. */
export function candidatesOf(d: DecisionRecord): readonly DecisionCandidate[] {
  return d.explanation?.candidates ?? [{ leader: d.leader, width: d.width, ptt_ns: null, cost: null, chosen: true }];
}

/** A candidate marked with the lowest cost and the lowest predicted time among the measured ones. */
export interface CostedCandidate extends DecisionCandidate {
  /** Lowest cost (the number the policy's rule compares) among the measured candidates. */
  readonly cheapest: boolean;
  /** Lowest predicted time among the measured candidates. */
  readonly fastest: boolean;
}

/** The candidates with the cheapest and fastest measured places marked (costs come from the engine). */
export function costedCandidates(candidates: readonly DecisionCandidate[]): CostedCandidate[] {
  const lowest = (values: (number | null)[]) => {
    const v = values.filter((x): x is number => x !== null && x > 0);
    return v.length > 0 ? Math.min(...v) : Number.NaN;
  };
  const minCost = lowest(candidates.map((c) => c.cost));
  const minTime = lowest(candidates.map((c) => c.ptt_ns));
  return candidates.map((c) => ({ ...c, cheapest: c.cost !== null && c.cost === minCost, fastest: c.ptt_ns !== null && c.ptt_ns === minTime }));
}
