// Paints a small overview of one run (every core row over the whole run) on
// a 2D context: the gallery's thumbnails. Work segments only.
import type { SegmentColumns, SimResult } from "../engine/engine";
import { SegKind } from "../engine/engine-types";
import { LIGHT, priorityColor, taskTypeColor } from "../logic/palette";
import { TimeScale } from "../timeline/time-scale";

export const THUMB_W = 320;
export const THUMB_H = 112;

function colorOf(seg: SegmentColumns, i: number): string {
  return seg.priority[i] === 1 ? priorityColor(seg.group[i]) : taskTypeColor(seg.group[i]);
}

/** Paints run `runIndex` of `result` into a `widthCss × heightCss` area at (0, 0). */
export function paintThumbnail(ctx: CanvasRenderingContext2D, result: SimResult, runIndex: number, widthCss = THUMB_W, heightCss = THUMB_H): void {
  ctx.fillStyle = LIGHT.background;
  ctx.fillRect(0, 0, widthCss, heightCss);
  const run = result.summary.runs[runIndex];
  const seg = result.segments[runIndex];
  if (!run || !seg) return;
  const nCores = Math.max(1, result.summary.platform.n_cores);
  const rowH = heightCss / nCores;
  const end = Math.max(1, run.metrics.makespan_ns);
  const scale = new TimeScale({ t0Ns: 0, t1Ns: end }, widthCss);
  for (let core = 0; core < nCores; core++) {
    const y = core * rowH;
    if (core % 2 === 1) {
      ctx.fillStyle = LIGHT.rowStripe;
      ctx.fillRect(0, y, widthCss, rowH);
    }
    const first = seg.laneOffsets[core] ?? 0;
    const last = seg.laneOffsets[core + 1] ?? first;
    const inset = rowH > 6 ? 1 : 0;
    // Work only (overhead and idle would grey everything out at this size); critical tasks on top.
    for (const pass of [0, 1]) {
      for (let i = first; i < last; i++) {
        if (seg.kind[i] !== SegKind.Work || seg.priority[i] !== pass) continue;
        const x0 = scale.timeToPx(seg.startNs[i]);
        const x1 = scale.timeToPx(seg.endNs[i]);
        ctx.fillStyle = colorOf(seg, i);
        ctx.fillRect(x0, y + inset, Math.max(pass === 1 ? 0.3 : 0.6, x1 - x0), rowH - 2 * inset);
      }
    }
  }
  // Cluster boundaries.
  ctx.fillStyle = LIGHT.text;
  for (const cluster of result.summary.platform.clusters) {
    if (cluster.first_core > 0) ctx.fillRect(0, cluster.first_core * rowH - 0.5, widthCss, 1);
  }
}
