import { describe, expect, it } from "vitest";
import type { DecisionRecord } from "../engine/engine-types";
import { candidatesOf, costedCandidates, decisionAt, placeLabel, revealTime } from "./step-model";

const d = (t_ns: number): DecisionRecord => ({ t_ns, core: 0, task: t_ns, task_type: 0, priority: 0, leader: 2, width: 2, overhead_ns: 1 });

describe("step-through helpers", () => {
  it("labels places", () => {
    expect(placeLabel(3, 1)).toBe("core 3");
    expect(placeLabel(4, 4)).toBe("cores 4–7 (width 4)");
  });
  it("finds the first decision at or after a time", () => {
    const list = [d(0), d(10), d(10), d(30)];
    expect(decisionAt(list, 5)).toBe(1);
    expect(decisionAt(list, 10)).toBe(1);
    expect(decisionAt(list, 99)).toBe(3);
    expect(decisionAt([], 5)).toBe(0);
  });
  it("pans the window only when the time is near or past its edges", () => {
    const bounds = { t0Ns: 0, t1Ns: 10_000 };
    const win = { t0Ns: 1000, t1Ns: 1200 };
    expect(revealTime(win, bounds, 1100)).toBe(win);
    expect(revealTime(win, bounds, 6000)).toEqual({ t0Ns: 5900, t1Ns: 6100 });
    expect(revealTime(win, bounds, 9990)).toEqual({ t0Ns: 9800, t1Ns: 10_000 });
  });
  it("zooms a whole-run window in around the decision", () => {
    const bounds = { t0Ns: 0, t1Ns: 10_000 };
    expect(revealTime(bounds, bounds, 5000)).toEqual({ t0Ns: 4400, t1Ns: 5600 });
    expect(revealTime(bounds, bounds, 0)).toEqual({ t0Ns: 0, t1Ns: 1200 });
  });
  it("falls back to the chosen place without an explanation", () => {
    expect(candidatesOf(d(1))).toEqual([{ leader: 2, width: 2, ptt_ns: null, cost: null, chosen: true }]);
  });
});

describe("candidate costs", () => {
  const cands = [
    { leader: 0, width: 1, ptt_ns: 2000, cost: 2000, chosen: false },
    { leader: 0, width: 2, ptt_ns: 1200, cost: 2400, chosen: false },
    { leader: 1, width: 1, ptt_ns: 1500, cost: 1500, chosen: true },
    { leader: 2, width: 4, ptt_ns: null, cost: null, chosen: false },
  ];
  it("marks the cheapest and the fastest measured place from the engine's costs", () => {
    const c = costedCandidates(cands);
    expect(c.findIndex((x) => x.cheapest)).toBe(2);
    expect(c.findIndex((x) => x.fastest)).toBe(1);
  });
  it("marks nothing when no place is measured", () => {
    expect(costedCandidates([cands[3]]).some((x) => x.cheapest || x.fastest)).toBe(false);
  });
});
