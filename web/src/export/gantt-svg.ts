// An SVG of the Gantts as they are on screen (frequency strips, segments,
// interference bars): the visible window only, with the canvas's level of
// detail (sub-pixel segments merged), so a million-segment run still gives
// a small file. Pure; unit-tested.
import { max } from "d3-array";
import type { SimResult } from "../engine/engine";
import { SegKind } from "../engine/engine-types";
import { schedulerLabel } from "../logic/format";
import { priorityColor, taskTypeColor, type Theme } from "../logic/palette";
import { visibleRange } from "../logic/segments";
import { computeLayout } from "../timeline/gantt-layout";
import { forEachLodRect } from "../timeline/lod";
import type { TimeScale } from "../timeline/time-scale";

const GUTTER = 120;
const TITLE_H = 22;

function esc(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);
}

export function ganttSvg(result: SimResult, scale: TimeScale, theme: Theme): string {
  const { summary } = result;
  const layout = computeLayout(summary.platform);
  const width = GUTTER + scale.widthCss + 10;
  const blockH = TITLE_H + layout.height + 10;
  const height = blockH * summary.runs.length + 24;
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="11">`);
  out.push(`<rect width="100%" height="100%" fill="${theme.background}"/>`);
  out.push(`<text x="${GUTTER}" y="14" fill="${theme.mutedText}">${esc(`${summary.scenario_name} · ${(scale.t0Ns / 1e6).toFixed(3)}–${(scale.t1Ns / 1e6).toFixed(3)} ms`)}</text>`);
  summary.runs.forEach((run, r) => {
    const y0 = 24 + r * blockH;
    out.push(`<text x="4" y="${y0 + 15}" font-size="13" font-weight="600" fill="${theme.text}">${esc(schedulerLabel(run.scheduler))} · makespan ${(run.metrics.makespan_ns / 1e6).toFixed(3)} ms</text>`);
    out.push(`<g transform="translate(0, ${y0 + TITLE_H})">`);
    for (const strip of layout.freqStrips) {
      const c = summary.platform.clusters[strip.cluster];
      if (c) out.push(`<text x="4" y="${strip.y + strip.height - 4}" font-size="10" font-weight="600" fill="${theme.mutedText}">${esc(`${c.name} · ${c.core_type}`)}</text>`);
    }
    for (const row of layout.rows) out.push(`<text x="8" y="${row.y + row.height - 5}" fill="${theme.text}">core ${row.core}</text>`);
    out.push(`<g transform="translate(${GUTTER}, 0)">`);
    // Frequency strips: a bar whose height follows each cluster's frequency.
    for (const strip of layout.freqStrips) {
      const cluster = summary.platform.clusters[strip.cluster];
      const intervals = run.freq_intervals.filter((f) => f.cluster === strip.cluster);
      const maxFreq = Math.max(1, max(cluster?.freqs_mhz ?? []) ?? 0, max(intervals, (f) => f.freq_mhz) ?? 0);
      for (const f of intervals) {
        const x0 = Math.max(0, scale.timeToPx(f.start_ns));
        const x1 = Math.min(scale.widthCss, scale.timeToPx(f.end_ns));
        if (x1 <= x0) continue;
        const h = Math.max(1, (f.freq_mhz / maxFreq) * (strip.height - 3));
        out.push(`<rect x="${x0.toFixed(2)}" y="${(strip.y + strip.height - 1 - h).toFixed(2)}" width="${(x1 - x0).toFixed(2)}" height="${h.toFixed(2)}" fill="${theme.freqFill}" stroke="${theme.freqLine}" stroke-width="0.5"><title>${f.freq_mhz} MHz</title></rect>`);
      }
    }
    const seg = result.segments[r];
    for (const row of layout.rows) {
      const [first, last] = visibleRange(seg, row.core, scale.t0Ns, scale.t1Ns);
      forEachLodRect(seg, first, last, scale, (x0, x1, i, merged) => {
        const left = Math.max(0, x0);
        const right = Math.min(scale.widthCss, x1);
        if (right <= left) return;
        const overhead = seg.kind[i] !== SegKind.Work;
        const fill = overhead ? theme.overhead : seg.priority[i] === 1 ? priorityColor(seg.group[i], theme.dark) : taskTypeColor(seg.group[i]);
        const inset = overhead ? 5 : 2;
        const title = merged === 1 && !overhead ? `<title>T${seg.item[i]}</title>` : "";
        out.push(`<rect x="${left.toFixed(2)}" y="${row.y + inset}" width="${(right - left).toFixed(2)}" height="${row.height - 2 * inset}" fill="${fill}">${title}</rect>`);
      });
    }
    // Interference and offline intervals: a bar along the bottom of each affected core row.
    for (const x of run.interference_intervals) {
      const x0 = Math.max(0, scale.timeToPx(x.start_ns));
      const x1 = Math.min(scale.widthCss, scale.timeToPx(x.end_ns));
      if (x1 <= x0) continue;
      for (const core of x.cores) {
        const row = layout.rows.find((rw) => rw.core === core);
        if (row) out.push(`<rect x="${x0.toFixed(2)}" y="${row.y + row.height - 3}" width="${(x1 - x0).toFixed(2)}" height="3" fill="${theme.interference[x.kind]}"><title>${esc(x.label || x.kind)}</title></rect>`);
      }
    }
    out.push("</g></g>");
  });
  out.push("</svg>");
  return out.join("\n");
}
