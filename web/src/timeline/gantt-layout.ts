// Vertical layout of one scheduler's Gantt: per cluster a frequency strip,
// then one row per core. Pure.
import type { PlatformSummary } from "../engine/engine-types";
import type { CssPixels } from "../types/units";

export const ROW_HEIGHT: CssPixels = 18;
export const FREQ_HEIGHT: CssPixels = 16;
export const CLUSTER_GAP: CssPixels = 6;

export interface FreqStripLayout {
  readonly cluster: number;
  readonly y: CssPixels;
  readonly height: CssPixels;
}

export interface CoreRowLayout {
  readonly core: number;
  readonly cluster: number;
  readonly y: CssPixels;
  readonly height: CssPixels;
}

export interface GanttLayout {
  readonly freqStrips: readonly FreqStripLayout[];
  readonly rows: readonly CoreRowLayout[];
  readonly height: CssPixels;
  /** Font size of block labels (grows with the rows). */
  readonly labelFontPx?: CssPixels;
}

/** `rowScale` > 1 grows rows and labels with the root font size (large-font mode). */
export function computeLayout(platform: PlatformSummary, rowScale = 1): GanttLayout {
  const rowH = Math.round(ROW_HEIGHT * rowScale);
  const freqH = Math.round(FREQ_HEIGHT * rowScale);
  const freqStrips: FreqStripLayout[] = [];
  const rows: CoreRowLayout[] = [];
  let y = 0;
  platform.clusters.forEach((cluster, clusterIdx) => {
    if (clusterIdx > 0) y += CLUSTER_GAP;
    freqStrips.push({ cluster: clusterIdx, y, height: freqH });
    y += freqH;
    for (let k = 0; k < cluster.cores; k++) {
      rows.push({ core: cluster.first_core + k, cluster: clusterIdx, y, height: rowH });
      y += rowH;
    }
  });
  return { freqStrips, rows, height: y, labelFontPx: Math.max(8, Math.round(10 * rowScale)) };
}

/** The core row under vertical position `yCss`, or undefined. */
export function rowAt(layout: GanttLayout, yCss: CssPixels): CoreRowLayout | undefined {
  return layout.rows.find((row) => yCss >= row.y && yCss < row.y + row.height);
}
