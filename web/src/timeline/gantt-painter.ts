// Paints one scheduler run on a canvas: frequency strips, per-core segment
// rows (with level of detail), interference marks and the hover outline.
import { max } from "d3-array";
import type { SegmentColumns } from "../engine/engine";
import type { ClusterSummary, GanttRun } from "../engine/engine-types";
import { SegKind } from "../engine/engine-types";
import { LOOP_PHASES, phaseColorAt, phaseLabelColor } from "../logic/loop-phases";
import { labelColor, priorityColor, taskTypeColor, type Theme } from "../logic/palette";
import { visibleRange } from "../logic/segments";
import type { GanttLayout } from "./gantt-layout";
import { dominantSegment, forEachLodRect } from "./lod";
import type { TimeScale } from "./time-scale";

export interface PaintInput {
  readonly ctx: CanvasRenderingContext2D;
  readonly widthCss: number;
  readonly layout: GanttLayout;
  readonly clusters: readonly ClusterSummary[];
  readonly run: GanttRun;
  readonly seg: SegmentColumns;
  readonly scale: TimeScale;
  readonly theme: Theme;
  readonly hoverIndex: number;
  /** Task whose segments are outlined (step-through), or -1. */
  readonly highlightTask?: number;
  /** Search matches (1 per matching segment): the others fade, matching blocks are outlined. */
  readonly match?: Uint8Array | null;
  /** Text of a wide block; by default `T<task>` (imported traces name their slices). */
  readonly labelOf?: (i: number) => string;
}

export function paintGantt(input: PaintInput): void {
  const { ctx, widthCss, layout, theme } = input;
  ctx.fillStyle = theme.background;
  ctx.fillRect(0, 0, widthCss, layout.height);
  layout.rows.forEach((row, i) => {
    if (i % 2 === 1) {
      ctx.fillStyle = theme.rowStripe;
      ctx.fillRect(0, row.y, widthCss, row.height);
    }
  });
  paintFrequencies(input);
  paintSegments(input);
  paintMoldableLinks(input);
  paintInterference(input);
  paintMigrations(input);
  paintHover(input);
  paintHighlight(input);
}

function paintHighlight({ ctx, layout, seg, scale, theme, highlightTask }: PaintInput): void {
  if (highlightTask === undefined || highlightTask < 0) return;
  ctx.strokeStyle = theme.dark ? "#ffd33d" : "#bf3989";
  ctx.lineWidth = 3;
  for (const row of layout.rows) {
    const [first, last] = visibleRange(seg, row.core, scale.t0Ns, scale.t1Ns);
    for (let i = first; i < last; i++) {
      if (seg.item[i] !== highlightTask) continue;
      const x0 = scale.timeToPx(seg.startNs[i]);
      const x1 = Math.max(x0 + 3, scale.timeToPx(seg.endNs[i]));
      ctx.strokeRect(x0 - 1, row.y, x1 - x0 + 2, row.height);
    }
  }
}

/**
 * Moldable tasks: the partitions of a task on a place of width > 1 are linked by a bar at their start
 * that runs from the leader's row down to the place's last core, so one task reads as one block.
 */
function paintMoldableLinks({ ctx, layout, seg, scale, theme }: PaintInput): void {
  if (!hasWidePlaces(seg)) return;
  ctx.strokeStyle = theme.priorityOutline;
  ctx.lineWidth = 2;
  for (const row of layout.rows) {
    const [first, last] = visibleRange(seg, row.core, scale.t0Ns, scale.t1Ns);
    // Only blocks at least 3 px wide get a link: the level of detail skips the sub-pixel ones by bisection, so a
    // zoomed-out view of millions of segments costs O(width · log n) here too, not O(n).
    forEachLodRect(seg, first, last, scale, (x0, x1, i, merged) => {
      if (merged !== 1 || x1 - x0 < 3 || seg.width[i] < 2 || seg.leader[i] !== row.core || seg.kind[i] !== SegKind.Work) return;
      const lastRow = layout.rows.find((r) => r.core === seg.leader[i] + seg.width[i] - 1);
      if (!lastRow) return;
      ctx.beginPath();
      ctx.moveTo(x0 + 1, row.y + 2);
      ctx.lineTo(x0 + 1, lastRow.y + lastRow.height - 2);
      ctx.stroke();
    });
  }
}

/** Whether any segment ran on a place of width > 1 (computed once per run: most runs have none, and then a frame
 * skips the links' second pass over every row). */
function hasWidePlaces(seg: SegmentColumns): boolean {
  let wide = widePlaces.get(seg);
  if (wide === undefined) {
    wide = seg.width.some((w) => w >= 2);
    widePlaces.set(seg, wide);
  }
  return wide;
}
const widePlaces = new WeakMap<SegmentColumns, boolean>();

/** OS level: a small triangle on the destination core's row where a thread migrated in. */
function paintMigrations({ ctx, layout, run, scale, theme, widthCss }: PaintInput): void {
  const migrations = run.migrations ?? [];
  if (migrations.length === 0) return;
  ctx.fillStyle = theme.text;
  for (const m of migrations) {
    const x = scale.timeToPx(m.t_ns);
    if (x < -4 || x > widthCss + 4) continue;
    const row = layout.rows.find((r) => r.core === m.to_core);
    if (!row) continue;
    ctx.beginPath();
    ctx.moveTo(x - 3.5, row.y);
    ctx.lineTo(x + 3.5, row.y);
    ctx.lineTo(x, row.y + 5);
    ctx.closePath();
    ctx.fill();
  }
}

function paintFrequencies({ ctx, layout, clusters, run, scale, theme, widthCss }: PaintInput): void {
  for (const strip of layout.freqStrips) {
    const cluster = clusters[strip.cluster];
    const intervals = run.freq_intervals.filter((f) => f.cluster === strip.cluster);
    const maxFreq = Math.max(1, max(cluster.freqs_mhz) ?? 0, max(intervals, (f) => f.freq_mhz) ?? 0);
    const usable = strip.height - 3;
    ctx.fillStyle = theme.freqFill;
    ctx.strokeStyle = theme.freqLine;
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (const f of intervals) {
      const x0 = Math.max(0, scale.timeToPx(f.start_ns));
      const x1 = Math.min(widthCss, scale.timeToPx(f.end_ns));
      if (x1 <= x0) continue;
      const h = Math.max(1, (f.freq_mhz / maxFreq) * usable);
      const top = strip.y + strip.height - 1 - h;
      ctx.fillRect(x0, top, x1 - x0, h);
      ctx.moveTo(x0, top + 0.5);
      ctx.lineTo(x1, top + 0.5);
    }
    ctx.stroke();
    ctx.fillStyle = theme.grid;
    ctx.fillRect(0, strip.y + strip.height - 1, widthCss, 1);
  }
}

function colorOf(seg: SegmentColumns, i: number, theme: Theme, loopRun: boolean): string {
  // Loop runs colour by phase: work and barrier waits by their phase, pool removals and barriers grey.
  if (loopRun) return seg.kind[i] === SegKind.Overhead ? theme.overhead : phaseColorAt(seg.group[i]);
  if (seg.kind[i] !== SegKind.Work) return theme.overhead;
  return seg.priority[i] === 1 ? priorityColor(seg.group[i], theme.dark) : taskTypeColor(seg.group[i]);
}

/** Label of a wide block: "T12" for tasks; for loop chunks the phase and iteration count, "aid 3611". */
function blockLabel(seg: SegmentColumns, i: number, loopRun: boolean): string {
  if (!loopRun) return `T${seg.item[i]}`;
  const phase = LOOP_PHASES[seg.group[i]] ?? "";
  return phase === "serial" ? "serial" : `${phase} ${seg.chunkIters[i] ?? ""}`;
}

function paintSegments({ ctx, layout, seg, scale, theme, widthCss, run, labelOf, match }: PaintInput): void {
  const loopRun = run.extras?.level === "loops";
  ctx.font = `${layout.labelFontPx ?? 10}px system-ui, sans-serif`;
  ctx.textBaseline = "middle";
  for (const row of layout.rows) {
    const [first, last] = visibleRange(seg, row.core, scale.t0Ns, scale.t1Ns);
    const outlines: [number, number][] = [];
    const found: [number, number][] = [];
    const labels: [number, number, number][] = [];
    let fill = "";
    let alpha = 1;
    ctx.globalAlpha = 1;
    // Touching rectangles of one style (colour, alpha, inset) are drawn as one: zoomed out, runs of pixel columns of
    // the same task type become one fillRect instead of one per column. Pending: [pendLeft, pendRight).
    let pendLeft = 0;
    let pendRight = -Infinity;
    let pendInset = 0;
    let pendFill = "";
    let pendAlpha = 1;
    const flush = () => {
      if (pendRight <= pendLeft) return;
      // Setting a canvas style parses it: set colour and alpha only when they change.
      if (pendFill !== fill) ctx.fillStyle = fill = pendFill;
      if (pendAlpha !== alpha) ctx.globalAlpha = alpha = pendAlpha;
      ctx.fillRect(pendLeft, row.y + pendInset, pendRight - pendLeft, row.height - 2 * pendInset);
      pendRight = -Infinity;
    };
    forEachLodRect(seg, first, last, scale, (x0, x1, first_i, merged) => {
      const left = Math.max(-1, x0);
      const right = Math.min(widthCss + 1, x1);
      if (right <= left) return;
      // A merged rect takes the colour of what covers most of its time (busy stays the work colour zoomed out).
      const i = dominantSegment(seg, first_i, merged);
      // Idle time is never drawn as busy: task and imported lanes leave it empty (loop barrier waits stay faint).
      if (!loopRun && seg.kind[i] === SegKind.Idle) return;
      const overhead = seg.kind[i] !== SegKind.Work;
      // Loop barrier waits fill the row faintly so waiting threads stand out next to working ones.
      const inset = loopRun && seg.kind[i] === SegKind.Idle ? 1 : overhead ? 5 : 2;
      // Leave a 1 px gap between wide neighbours so boundaries stay visible.
      const w = right - left > 3 ? right - left - 1 : right - left;
      const color = colorOf(seg, i, theme, loopRun);
      const matched = match ? match[i] === 1 || (merged > 1 && match[first_i] === 1) : false;
      const a = (theme.criticalOnly && !(merged === 1 && !overhead && seg.priority[i] === 1)) || (match && !matched) ? 0.15 : 1;
      if (matched) found.push([left, w]);
      if (left <= pendRight && color === pendFill && a === pendAlpha && inset === pendInset) {
        pendRight = Math.max(pendRight, left + w);
      } else {
        flush();
        pendLeft = left;
        pendRight = left + w;
        pendInset = inset;
        pendFill = color;
        pendAlpha = a;
      }
      if (merged === 1 && !overhead && seg.priority[i] === 1 && w >= 4) outlines.push([left, w]);
      if (merged === 1 && !overhead && w >= 36 && row.height >= 11) labels.push([left, w, i]);
    });
    flush();
    ctx.globalAlpha = 1;
    ctx.strokeStyle = theme.priorityOutline;
    ctx.lineWidth = 1;
    for (const [left, w] of outlines) ctx.strokeRect(left + 0.5, row.y + 2.5, w - 1, row.height - 5);
    ctx.strokeStyle = theme.dark ? "#ffd33d" : "#bf3989";
    ctx.lineWidth = 2;
    for (const [left, w] of found) ctx.strokeRect(left, row.y + 1, Math.max(2, w), row.height - 2);
    ctx.lineWidth = 1;
    for (const [left, w, i] of labels) {
      ctx.fillStyle = loopRun ? phaseLabelColor(seg.group[i]) : labelColor(seg.group[i], seg.priority[i] === 1, theme.dark);
      ctx.save();
      ctx.beginPath();
      ctx.rect(left, row.y, w, row.height);
      ctx.clip();
      ctx.fillText(labelOf ? labelOf(i) : blockLabel(seg, i, loopRun), left + 3, row.y + row.height / 2);
      ctx.restore();
    }
  }
}

function paintInterference({ ctx, layout, run, scale, theme, widthCss }: PaintInput): void {
  for (const interval of run.interference_intervals) {
    const x0 = Math.max(0, scale.timeToPx(interval.start_ns));
    const x1 = Math.min(widthCss, scale.timeToPx(interval.end_ns));
    if (x1 <= x0) continue;
    for (const core of interval.cores) {
      const row = layout.rows.find((r) => r.core === core);
      if (!row) continue;
      if (interval.kind === "offline") {
        ctx.globalAlpha = 0.35;
        ctx.fillStyle = theme.interference.offline;
        ctx.fillRect(x0, row.y, Math.max(1, x1 - x0), row.height);
        ctx.globalAlpha = 1;
      } else {
        // A faint band over the row plus a solid bar along its bottom.
        ctx.fillStyle = theme.interference[interval.kind] ?? theme.overhead;
        ctx.globalAlpha = 0.16;
        ctx.fillRect(x0, row.y, Math.max(1, x1 - x0), row.height);
        ctx.globalAlpha = 1;
        ctx.fillRect(x0, row.y + row.height - 2, Math.max(1, x1 - x0), 2);
      }
    }
  }
}

function paintHover({ ctx, layout, seg, scale, theme, hoverIndex }: PaintInput): void {
  if (hoverIndex < 0 || hoverIndex >= seg.count) return;
  const row = layout.rows.find((r) => r.core === seg.lane[hoverIndex]);
  if (!row) return;
  const x0 = scale.timeToPx(seg.startNs[hoverIndex]);
  const x1 = Math.max(x0 + 2, scale.timeToPx(seg.endNs[hoverIndex]));
  ctx.strokeStyle = theme.text;
  ctx.lineWidth = 2;
  ctx.strokeRect(x0, row.y + 1, x1 - x0, row.height - 2);
}
