import { describe, expect, it } from "vitest";
import type { PlaceShare, TaskExtras } from "../engine/engine-types";
import { globalChoices, heatColor, pieSlices, placeColor, placeLabel, pttGrid, snapshotAt } from "./task-runtime";

const tx2Places = [
  [0, 1],
  [1, 1],
  [0, 2],
  [2, 1],
  [3, 1],
  [4, 1],
  [5, 1],
  [2, 2],
  [4, 2],
  [2, 4],
].map(([leader, width]) => ({ leader, width }));

function metrics(values: number[][]): TaskExtras {
  return {
    priority_tasks: 10,
    priority_places: [],
    tasks_per_core: [],
    priority_tasks_per_core: [],
    ptt: { places: tx2Places, n_types: 1, snapshots: values.map((v, i) => ({ t_ns: i * 100, updates: i, values_ns: v })), history: true },
  };
}

describe("task-runtime views", () => {
  it("labels places as the paper does", () => {
    expect(placeLabel(2, 4)).toBe("(C2,4)");
  });

  it("cuts a pie into slices that add up to the whole", () => {
    const places: PlaceShare[] = [
      { label: "(C1,1)", leader: 1, width: 1, tasks: 3, fraction: 0.75 },
      { label: "(C2,4)", leader: 2, width: 4, tasks: 1, fraction: 0.25 },
    ];
    const slices = pieSlices(places, (p) => (p.leader === 1 ? 1 : 9), 50);
    expect(slices.map((s) => s.label)).toEqual(["(C1,1)", "(C2,4)"]);
    expect(slices.reduce((a, s) => a + s.fraction, 0)).toBeCloseTo(1);
    // Clockwise from 12 o'clock: the 3/4 slice ends at 9 o'clock, on the circle of radius 50.
    expect([slices[0].startAngle, slices[0].endAngle, slices[1].endAngle]).toEqual([0, 1.5 * Math.PI, 2 * Math.PI]);
    expect(slices[0].path.startsWith("M0,-50A50,50,0,1,1,-50,")).toBe(true);
    expect(slices[0].path.endsWith("L0,0Z")).toBe(true);
    expect(slices.map((s) => s.color)).toEqual([placeColor(1), placeColor(9)]);
    // One place takes the whole pie: a full circle, no wedge to the centre.
    const whole = pieSlices([places[0], { ...places[1], tasks: 0 }], () => 0, 50);
    expect(whole).toHaveLength(1);
    expect(whole[0].path.startsWith("M0,-50A50,50,0,1,1,0,50A")).toBe(true);
    expect(pieSlices([{ ...places[0], tasks: 0 }], () => 0, 50)).toEqual([]);
  });

  it("lays the PTT out with leader cores as rows and widths as columns", () => {
    const m = metrics([new Array(10).fill(0), [100, 50, 70, 200, 200, 200, 200, 150, 150, 90]]);
    const grid = pttGrid(m.ptt, m.ptt.snapshots[1], 0, 6);
    expect(grid.widths).toEqual([1, 2, 4]);
    expect(grid.leaders).toEqual([0, 1, 2, 3, 4, 5]);
    expect(grid.cells[1][0]?.valueNs).toBe(50);
    expect(grid.cells[0][1]?.label).toBe("(C0,2)");
    expect(grid.cells[2][2]?.valueNs).toBe(90);
    expect(grid.cells[1][1]).toBeNull();
    expect([grid.minNs, grid.maxNs]).toEqual([50, 200]);
    expect(heatColor(0, 50, 200)).toBe("transparent");
    expect(heatColor(50, 50, 200)).toBe("rgb(255, 255, 204)");
    // (C1,1) = 50 is fastest and cheapest; (C2,4) at 10 wins both (10 × 4 = 40 < 50); at 20 only the fastest (80 > 50).
    expect(globalChoices(m.ptt, m.ptt.snapshots[1], 0)).toEqual({ fastest: "(C1,1)", cheapest: "(C1,1)" });
    const wide = metrics([[100, 50, 70, 200, 200, 200, 200, 150, 150, 10]]);
    expect(globalChoices(wide.ptt, wide.ptt.snapshots[0], 0)).toEqual({ fastest: "(C2,4)", cheapest: "(C2,4)" });
    const mid = metrics([[100, 50, 70, 200, 200, 200, 200, 150, 150, 20]]);
    expect(globalChoices(mid.ptt, mid.ptt.snapshots[0], 0)).toEqual({ fastest: "(C2,4)", cheapest: "(C1,1)" });
    expect(globalChoices(m.ptt, m.ptt.snapshots[0], 0)).toEqual({ fastest: "(C0,1)", cheapest: "(C0,1)" });
  });

  it("finds the snapshot at a time", () => {
    const m = metrics([[0], [1], [2]]);
    expect(snapshotAt(m.ptt.snapshots, 150)).toBe(1);
    expect(snapshotAt(m.ptt.snapshots, 1e9)).toBe(2);
  });
});
