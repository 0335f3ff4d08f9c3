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
}

export function computeLayout(platform: PlatformSummary): GanttLayout {
  const freqStrips: FreqStripLayout[] = [];
  const rows: CoreRowLayout[] = [];
  let y = 0;
  platform.clusters.forEach((cluster, clusterIdx) => {
    if (clusterIdx > 0) y += CLUSTER_GAP;
    freqStrips.push({ cluster: clusterIdx, y, height: FREQ_HEIGHT });
    y += FREQ_HEIGHT;
    for (let k = 0; k < cluster.cores; k++) {
      rows.push({ core: cluster.first_core + k, cluster: clusterIdx, y, height: ROW_HEIGHT });
      y += ROW_HEIGHT;
    }
  });
  return { freqStrips, rows, height: y };
}

/** The core row under vertical position `yCss`, or undefined. */
export function rowAt(layout: GanttLayout, yCss: CssPixels): CoreRowLayout | undefined {
  return layout.rows.find((row) => yCss >= row.y && yCss < row.y + row.height);
}
