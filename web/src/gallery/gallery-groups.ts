// Groups gallery cards by the paper they reproduce. Pure, unit-tested.
import type { PresetInfo } from "../engine/engine-types";

export const PAPERS: Readonly<Record<string, string>> = {
  "000": "Seed 000 · Chronaki et al., On the Maturity of Parallel Applications for Asymmetric Multi-Core Processors (JPDC 2019)",
  "001": "Seed 001 · The Dynamic Asymmetry Scheduler: PTT and moldable execution places (XiTAO)",
  "002": "Seed 002 · Zhang et al., Asymmetry-Aware Scheduling in Heterogeneous Multi-core Architectures (NPC 2013)",
  "003": "Seed 003 · Saez et al., Performance portability of data-parallel OpenMP applications on AMPs (ICPP 2020)",
};

export const OTHER_GROUP = "Demos and benchmarks";

export interface GalleryGroup {
  readonly title: string;
  readonly presets: readonly PresetInfo[];
}

/** The seed a preset reproduces: its figure field (or title) starting with "seed NNN". */
export function seedOf(preset: PresetInfo): string | null {
  for (const text of [preset.figure, preset.title]) {
    const match = text ? /^\s*seed\s+(\d{3})\b/i.exec(text) : null;
    if (match) return match[1];
  }
  return null;
}

export function groupPresets(presets: readonly PresetInfo[]): GalleryGroup[] {
  const bySeed = new Map<string, PresetInfo[]>();
  const other: PresetInfo[] = [];
  for (const p of presets) {
    const seed = seedOf(p);
    if (seed === null) other.push(p);
    else bySeed.set(seed, [...(bySeed.get(seed) ?? []), p]);
  }
  const groups = [...bySeed.keys()].sort().map((seed) => ({ title: PAPERS[seed] ?? `Seed ${seed}`, presets: bySeed.get(seed) ?? [] }));
  return other.length > 0 ? [...groups, { title: OTHER_GROUP, presets: other }] : groups;
}
