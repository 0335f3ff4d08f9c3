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

/** A candidate with the numbers behind "lowest predicted time × width": the policy's cost, or the PTT value × width. */
export interface CostedCandidate extends DecisionCandidate {
  /** Predicted time × width (the parallel cost the local search and DAM-C minimise), null while unmeasured. */
  readonly timeWidth: number | null;
  /** Lowest time × width among the measured candidates. */
  readonly cheapest: boolean;
  /** Lowest predicted time among the measured candidates. */
  readonly fastest: boolean;
}

/** The candidates with their costs: the engine's own cost when it gives one, PTT × width otherwise. */
export function costedCandidates(candidates: readonly DecisionCandidate[]): CostedCandidate[] {
  const timeWidth = candidates.map((c) => c.cost ?? (c.ptt_ns === null || c.ptt_ns <= 0 ? null : c.ptt_ns * c.width));
  const measured = timeWidth.filter((v): v is number => v !== null);
  const minCost = measured.length > 0 ? Math.min(...measured) : Number.NaN;
  const times = candidates.map((c) => (c.ptt_ns === null || c.ptt_ns <= 0 ? null : c.ptt_ns)).filter((v): v is number => v !== null);
  const minTime = times.length > 0 ? Math.min(...times) : Number.NaN;
  return candidates.map((c, i) => ({ ...c, timeWidth: timeWidth[i], cheapest: timeWidth[i] === minCost, fastest: c.ptt_ns !== null && c.ptt_ns > 0 && c.ptt_ns === minTime }));
}

/** The clause of the engine's reason that is only true when an unmeasured place won. */
const UNMEASURED_CLAUSE = /;?\s*unmeasured places \(PTT 0\) win so each is tried once/;

/**
 * The engine's reason, made to agree with the numbers: the clause "unmeasured places win" is kept only when the
 * chosen place was unmeasured, and a sentence says which measured place was cheapest or fastest otherwise.
 */
export function reasonText(reason: string, candidates: readonly CostedCandidate[]): string {
  const chosen = candidates.find((c) => c.chosen);
  if (!chosen) return reason;
  const unmeasured = chosen.ptt_ns === null || chosen.ptt_ns <= 0;
  if (unmeasured) return reason.replace(UNMEASURED_CLAUSE, "; it had not been measured yet, and unmeasured places (PTT 0) win so each is tried once");
  const text = reason.replace(UNMEASURED_CLAUSE, "");
  const left = candidates.filter((c) => c.ptt_ns === null || c.ptt_ns <= 0).length;
  const note = left > 0 ? ` ${left} place${left === 1 ? " was" : "s were"} still unmeasured but not tried this time.` : "";
  return `${text}${note}`;
}
