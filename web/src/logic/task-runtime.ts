// Pure data shaping for the task-runtime views of Chen et al.: the priority-place
// pies (Fig. 5), the PTT heatmap (rows = leader core, columns = width) and the
// per-core work bars (Fig. 6). No React, unit-tested.
import { sum } from "d3-array";
import { arc, type PieArcDatum, pie } from "d3-shape";
import type { PlaceShare, PttHistory, PttSnapshot } from "../engine/engine-types";

/** Colour-blind-safe colours, one per execution place (by its index in the PTT's place list). */
const PLACE_COLORS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000", "#999999", "#882255", "#44AA99", "#DDCC77"];

/** Number of distinct place colours. */
export const PLACE_COLOR_COUNT = PLACE_COLORS.length;

/** Colour of the place at `index` in the run's place list. */
export function placeColor(index: number): string {
  return PLACE_COLORS[((index % PLACE_COLORS.length) + PLACE_COLORS.length) % PLACE_COLORS.length];
}

/** The paper's label of a place: "(C2,4)". */
export function placeLabel(leader: number, width: number): string {
  return `(C${leader},${width})`;
}

export interface PieSlice {
  readonly label: string;
  readonly fraction: number;
  readonly tasks: number;
  readonly color: string;
  /** SVG path of the slice in a circle of radius `r` centred at (0, 0) (d3-shape's arc). */
  readonly path: string;
  /** Angles in radians, clockwise from 12 o'clock. */
  readonly startAngle: number;
  readonly endAngle: number;
}

/** Slices of a pie of radius `r` (d3-shape's pie and arc), clockwise from 12 o'clock, in the engine's place order. */
export function pieSlices(places: readonly PlaceShare[], placeIndex: (p: PlaceShare) => number, r: number): PieSlice[] {
  const shown = places.filter((p) => p.tasks > 0);
  const total = sum(shown, (p) => p.tasks);
  if (total === 0) return [];
  const slice = arc<PieArcDatum<PlaceShare>>().innerRadius(0).outerRadius(r);
  return pie<PlaceShare>()
    .sort(null)
    .value((p) => p.tasks)(shown)
    .map((a) => ({
      label: a.data.label,
      fraction: a.data.tasks / total,
      tasks: a.data.tasks,
      color: placeColor(placeIndex(a.data)),
      path: slice(a) ?? "",
      startAngle: a.startAngle,
      endAngle: a.endAngle,
    }));
}

export interface HeatCell {
  readonly leader: number;
  readonly width: number;
  readonly label: string;
  /** Predicted time in ns; 0 = not measured yet. */
  readonly valueNs: number;
}

export interface HeatGrid {
  /** Widths, ascending: the columns. */
  readonly widths: readonly number[];
  /** Cores 0 … n−1: the rows. */
  readonly leaders: readonly number[];
  /** `cells[row][col]`, null where no place has that leader and width. */
  readonly cells: readonly (readonly (HeatCell | null)[])[];
  /** Smallest and largest measured value over every snapshot of this type (a fixed colour scale for playback). */
  readonly minNs: number;
  readonly maxNs: number;
}

/** The PTT of task type `type` in `snapshot` as a grid: rows = leader core, columns = width. */
export function pttGrid(ptt: PttHistory, snapshot: PttSnapshot, type: number, nCores: number): HeatGrid {
  const places = ptt.places;
  const widths = [...new Set(places.map((p) => p.width))].sort((a, b) => a - b);
  const leaders = Array.from({ length: nCores }, (_, i) => i);
  const cells: (HeatCell | null)[][] = leaders.map(() => widths.map(() => null));
  places.forEach((p, i) => {
    const row = p.leader;
    const col = widths.indexOf(p.width);
    if (row < nCores && col >= 0) {
      cells[row][col] = { leader: p.leader, width: p.width, label: placeLabel(p.leader, p.width), valueNs: snapshot.values_ns[type * places.length + i] ?? 0 };
    }
  });
  let minNs = Infinity;
  let maxNs = 0;
  for (const s of ptt.snapshots) {
    for (let i = 0; i < places.length; i++) {
      const v = s.values_ns[type * places.length + i] ?? 0;
      if (v > 0) {
        minNs = Math.min(minNs, v);
        maxNs = Math.max(maxNs, v);
      }
    }
  }
  if (!Number.isFinite(minNs)) minNs = 0;
  return { widths, leaders, cells, minNs, maxNs };
}

/**
 * The places a global search would pick from this table, as the engine's searches do (sched/common.rs): the first place,
 * in the engine's order, minimising the predicted time (DAM-P) or time × width (DAM-C); an unmeasured entry (0) wins.
 */
export function globalChoices(ptt: PttHistory, snapshot: PttSnapshot, type: number): { fastest: string | null; cheapest: string | null } {
  const places = ptt.places;
  let fastest: [number, string] | null = null;
  let cheapest: [number, string] | null = null;
  places.forEach((p, i) => {
    const v = snapshot.values_ns[type * places.length + i] ?? 0;
    const label = placeLabel(p.leader, p.width);
    if (fastest === null || v < fastest[0]) fastest = [v, label];
    if (cheapest === null || v * p.width < cheapest[0]) cheapest = [v * p.width, label];
  });
  return { fastest: fastest?.[1] ?? null, cheapest: cheapest?.[1] ?? null };
}

/** Heat colour of a predicted time in [min, max]: light yellow (fast) to dark blue (slow). */
export function heatColor(valueNs: number, minNs: number, maxNs: number): string {
  if (valueNs <= 0) return "transparent";
  const t = maxNs > minNs ? Math.min(1, Math.max(0, (valueNs - minNs) / (maxNs - minNs))) : 0;
  // Interpolate #ffffcc → #41b6c4 → #253494 (YlGnBu end points), readable for colour-blind viewers.
  const stops = [
    [255, 255, 204],
    [65, 182, 196],
    [37, 52, 148],
  ];
  const seg = t < 0.5 ? 0 : 1;
  const u = t < 0.5 ? t * 2 : (t - 0.5) * 2;
  const c = stops[seg].map((v, k) => Math.round(v + (stops[seg + 1][k] - v) * u));
  return `rgb(${c[0]}, ${c[1]}, ${c[2]})`;
}

/** Text colour readable on `heatColor(t)`: black on the light half, white on the dark half. */
export function heatTextColor(valueNs: number, minNs: number, maxNs: number): string {
  const t = maxNs > minNs ? (valueNs - minNs) / (maxNs - minNs) : 0;
  return t > 0.55 ? "#ffffff" : "#000000";
}

/** Index of the last snapshot taken at or before `tNs` (0 when none). */
export function snapshotAt(snapshots: readonly PttSnapshot[], tNs: number): number {
  let lo = 0;
  let hi = snapshots.length - 1;
  let best = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (snapshots[mid].t_ns <= tNs) {
      best = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return best;
}
