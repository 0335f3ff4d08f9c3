// The legend of a Gantt with many names (a calibrated or replayed trace has dozens of threads): the names that ran
// longest get the palette's distinct colours, every other name shares one neutral "others" colour, and a search
// finds any name with its run time and colour. Pure; no React.
import { SegKind } from "../engine/engine-types";
import type { SegmentColumns } from "../engine/engine";
import { OTHERS_SLOT } from "./palette";

/** Distinct colours before "others" (the palette has 7). */
export const LEGEND_TOP = 7;

export interface LegendEntry {
  readonly name: string;
  /** Index of the name in the list ranked. */
  readonly index: number;
  /** Work time summed over every segment of the name. */
  readonly runNs: number;
  /** Colour slot: its rank among the top names, or `OTHERS_SLOT`. */
  readonly slot: number;
}

export interface LegendRanking {
  /** Every name that ran, longest first (ties by index). */
  readonly entries: readonly LegendEntry[];
  /** Colour slot per name index. */
  readonly slotOf: Uint32Array;
  /** Names sharing the "others" colour and their summed run time. */
  readonly othersCount: number;
  readonly othersNs: number;
}

/** Segments of work to count: a name index per segment and its time. */
export interface WorkColumns {
  readonly count: number;
  readonly kind: Uint8Array;
  readonly startNs: Float64Array;
  readonly endNs: Float64Array;
}

/** Ranks `names` by the work time `nameOf(i)` gets over the segments of every column set (a negative index is skipped). */
export function rankByRunTime(names: readonly string[], columns: readonly WorkColumns[], nameOf: (set: number, i: number) => number, top = LEGEND_TOP): LegendRanking {
  const runNs = new Float64Array(names.length);
  columns.forEach((seg, set) => {
    for (let i = 0; i < seg.count; i++) {
      if (seg.kind[i] !== SegKind.Work) continue;
      const n = nameOf(set, i);
      if (n >= 0 && n < names.length) runNs[n] += seg.endNs[i] - seg.startNs[i];
    }
  });
  const order = names.map((_, i) => i).filter((i) => runNs[i] > 0);
  order.sort((a, b) => runNs[b] - runNs[a] || a - b);
  const slotOf = new Uint32Array(names.length).fill(OTHERS_SLOT);
  const entries = order.map((index, rank) => {
    const slot = rank < top ? rank : OTHERS_SLOT;
    slotOf[index] = slot;
    return { name: names[index], index, runNs: runNs[index], slot };
  });
  const others = entries.slice(top);
  return { entries, slotOf, othersCount: others.length, othersNs: others.reduce((s, e) => s + e.runNs, 0) };
}

/** The ranking of a simulated result's task types over all its runs. */
export function rankGroups(groups: readonly string[], segments: readonly SegmentColumns[]): LegendRanking {
  return rankByRunTime(groups, segments, (set, i) => segments[set].group[i]);
}

/** `seg` with its groups replaced by their colour slots (for painting only: names are looked up in the original). */
export function withSlots(seg: SegmentColumns, slotOf: (i: number) => number): SegmentColumns {
  const group = new Uint32Array(seg.count);
  for (let i = 0; i < seg.count; i++) group[i] = slotOf(i);
  return { ...seg, group };
}

/** Entries whose name contains every word of `query` (case-insensitive), at most `limit`. */
export function searchLegend(ranking: LegendRanking, query: string, limit = 12): readonly LegendEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter((w) => w !== "");
  if (words.length === 0) return [];
  return ranking.entries.filter((e) => words.every((w) => e.name.toLowerCase().includes(w))).slice(0, limit);
}
