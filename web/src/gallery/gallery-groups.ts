// Groups gallery cards by the paper they reproduce. Pure, unit-tested.
import type { PresetInfo } from "../engine/engine-types";

export const OTHER_GROUP = "Demos and benchmarks (set-ups borrowed from the papers)";
export const EXERCISE_GROUP = "Exercises: write a policy that meets the goal";

export interface GalleryGroup {
  readonly title: string;
  /** The paper's id, absent for the demos. */
  readonly paper?: string;
  readonly presets: readonly PresetInfo[];
}

/** One group per paper, in the papers' order, then the demos (presets that reproduce no paper), then the exercises; presets
 *  keep their order. */
export function groupPresets(presets: readonly PresetInfo[]): GalleryGroup[] {
  const byPaper = new Map<string, { title: string; paper: string; rank: number; presets: PresetInfo[] }>();
  const other: PresetInfo[] = [];
  const exercises = presets.filter((p) => p.exercise);
  for (const p of presets) {
    if (p.exercise) continue;
    if (!p.paper) {
      other.push(p);
      continue;
    }
    const group = byPaper.get(p.paper) ?? { title: p.paper_title ?? p.paper, paper: p.paper, rank: p.paper_rank ?? Number.MAX_SAFE_INTEGER, presets: [] };
    group.presets.push(p);
    byPaper.set(p.paper, group);
  }
  const groups = [...byPaper.values()].sort((a, b) => a.rank - b.rank).map(({ title, paper, presets: list }) => ({ title, paper, presets: list }));
  const withOther = other.length > 0 ? [...groups, { title: OTHER_GROUP, presets: other }] : groups;
  return exercises.length > 0 ? [...withOther, { title: EXERCISE_GROUP, presets: exercises }] : withOther;
}
