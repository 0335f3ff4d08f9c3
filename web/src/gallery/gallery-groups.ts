// Groups gallery cards by the paper they reproduce. Pure, unit-tested.
import type { PresetInfo } from "../engine/engine-types";

export const OTHER_GROUP = "Demos and benchmarks";

export interface GalleryGroup {
  readonly title: string;
  readonly presets: readonly PresetInfo[];
}

/** One group per paper, in the papers' order, then the demos (presets that reproduce no paper); presets keep their order. */
export function groupPresets(presets: readonly PresetInfo[]): GalleryGroup[] {
  const byPaper = new Map<string, { title: string; rank: number; presets: PresetInfo[] }>();
  const other: PresetInfo[] = [];
  for (const p of presets) {
    if (!p.paper) {
      other.push(p);
      continue;
    }
    const group = byPaper.get(p.paper) ?? { title: p.paper_title ?? p.paper, rank: p.paper_rank ?? Number.MAX_SAFE_INTEGER, presets: [] };
    group.presets.push(p);
    byPaper.set(p.paper, group);
  }
  const groups = [...byPaper.values()].sort((a, b) => a.rank - b.rank).map(({ title, presets: list }) => ({ title, presets: list }));
  return other.length > 0 ? [...groups, { title: OTHER_GROUP, presets: other }] : groups;
}
