import { describe, expect, it } from "vitest";
import { SegKind } from "../engine/engine-types";
import { rankByRunTime, searchLegend, withSlots } from "./legend";
import { OTHERS_SLOT, taskTypeColor } from "./palette";
import { makeSegments } from "./test-fixtures";

describe("legend of many names", () => {
  // Ten threads: thread k runs (k + 1) × 10 ns; an idle slice of thread 0 does not count.
  const names = Array.from({ length: 10 }, (_, k) => `t${k}`);
  const cols = {
    count: 11,
    kind: Uint8Array.from([...names.map(() => SegKind.Work), SegKind.Idle]),
    startNs: new Float64Array(11),
    endNs: Float64Array.from([...names.map((_, k) => (k + 1) * 10), 1000]),
  };
  const ranking = rankByRunTime(names, [cols], (_, i) => (i < 10 ? i : 0), 3);

  it("gives the longest-running names the distinct colours and the rest one neutral colour", () => {
    expect(ranking.entries.slice(0, 3).map((e) => [e.name, e.runNs, e.slot])).toEqual([["t9", 100, 0], ["t8", 90, 1], ["t7", 80, 2]]);
    expect(ranking.othersCount).toBe(7);
    expect(ranking.othersNs).toBe(10 + 20 + 30 + 40 + 50 + 60 + 70);
    expect(ranking.slotOf[0]).toBe(OTHERS_SLOT);
    expect(taskTypeColor(OTHERS_SLOT)).not.toBe(taskTypeColor(0));
  });

  it("finds any name by words, with its colour slot", () => {
    expect(searchLegend(ranking, "T1").map((e) => e.name)).toEqual(["t1"]);
    expect(searchLegend(ranking, "t").length).toBe(10);
    expect(searchLegend(ranking, "   ")).toEqual([]);
  });

  it("repaints segments by slot without touching the original columns", () => {
    const seg = { ...makeSegments([{ core: 0, start: 0, end: 5 }, { core: 0, start: 5, end: 9 }], 1), group: Uint32Array.from([9, 0]) };
    const painted = withSlots(seg, (i) => ranking.slotOf[seg.group[i]]);
    expect(Array.from(painted.group)).toEqual([0, OTHERS_SLOT]);
    expect(Array.from(seg.group)).toEqual([9, 0]);
  });
});
