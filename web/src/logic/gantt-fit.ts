// How tall the Gantt rows may be so that every compared run fits the room under the header: compact rows for
// 11 schedulers, larger ones in presenter mode. Pure, unit-tested; the layout itself is timeline/gantt-layout.ts.

export interface FitInput {
  /** Height available to the stack of Gantts, CSS px. */
  readonly availablePx: number;
  readonly runs: number;
  /** Per run: clusters (one frequency strip each) and cores (one row each). */
  readonly clusters: number;
  readonly cores: number;
  /** Largest factor allowed (the font scale, more in presenter mode). */
  readonly maxScale: number;
  /** Smallest factor: below it the stack scrolls instead. */
  readonly minScale?: number;
}

/** Fixed height per run around its rows: title line and margin (CSS px). */
export const RUN_CHROME_PX = 26;
const CLUSTER_GAP_PX = 6;
const ROW_PX = 18;
const STRIP_PX = 16;

/** The row-height factor for the Gantts (1 = 18 px rows). */
export function fitRowScale(input: FitInput): number {
  const { runs, clusters, cores, maxScale } = input;
  const minScale = input.minScale ?? 0.45;
  if (runs <= 0 || cores <= 0) return maxScale;
  const fixed = runs * (RUN_CHROME_PX + Math.max(0, clusters - 1) * CLUSTER_GAP_PX);
  const perScale = runs * (clusters * STRIP_PX + cores * ROW_PX);
  const fit = (input.availablePx - fixed) / perScale;
  return Math.max(minScale, Math.min(maxScale, Math.floor(fit * 100) / 100));
}
