// Level of detail: merges sub-pixel segments of one core into at most one
// rectangle per pixel column, skipping over them by bisection so zoomed-out
// views of a million segments cost O(width · log n), not O(n).
import type { SegmentColumns } from "../engine/engine";
import { lowerBound } from "../logic/segments";
import type { TimeScale } from "./time-scale";

/**
 * Called once per rectangle to draw: x in CSS pixels, `index` is the first
 * segment of the rectangle and `merged` how many segments it stands for.
 */
export type LodEmit = (x0: number, x1: number, index: number, merged: number) => void;

export function forEachLodRect(
  seg: SegmentColumns,
  first: number,
  last: number,
  scale: TimeScale,
  emit: LodEmit,
  minPx = 1,
): void {
  let i = first;
  while (i < last) {
    const x0 = scale.timeToPx(seg.startNs[i]);
    const x1 = scale.timeToPx(seg.endNs[i]);
    if (x1 - x0 >= minPx) {
      emit(x0, x1, i, 1);
      i++;
      continue;
    }
    // Sub-pixel: everything starting in this pixel column becomes one rect.
    const colStart = Math.floor(x0 / minPx) * minPx;
    const colEnd = colStart + minPx;
    let j = gallopLowerBound(seg.startNs, scale.pxToTime(colEnd), i + 1, last);
    // On a core segments do not overlap, so only the last one can be long:
    // leave it for the next iteration to draw at full width.
    if (j - 1 > i && scale.timeToPx(seg.endNs[j - 1]) - scale.timeToPx(seg.startNs[j - 1]) >= minPx) j--;
    const lastEnd = scale.timeToPx(seg.endNs[j - 1]);
    emit(Math.max(colStart, x0), Math.max(colEnd, lastEnd), i, j - i);
    i = j;
  }
}

/**
 * `lowerBound` (the same answer) searched from `lo` outwards by doubling steps, then by bisection: the next pixel
 * column's first segment is near, so this reads a few neighbouring cache lines instead of starting halfway to `hi`.
 */
function gallopLowerBound(values: Float64Array, target: number, lo: number, hi: number): number {
  let step = 1;
  let below = lo;
  while (below + step < hi && values[below + step - 1] < target) {
    below += step;
    step *= 2;
  }
  return lowerBound(values, target, below, Math.min(hi, below + step));
}

/**
 * Segments looked at when choosing a merged rectangle's colour: enough to be fair, few enough to stay O(1). 16 keeps a
 * zoomed-out frame of 2.58M segments at 10–12 ms (48 took 12–15: sampling was the largest share of the frame's script).
 */
export const DOMINANT_SAMPLES = 16;

/**
 * The segment that stands for a merged rectangle: one of the kind (and, for work, the task type and priority)
 * that covers the most time among `merged` segments from `first`, so a zoomed-out run that is mostly busy stays
 * the work colour instead of taking the colour of whichever short overhead slice came first. Looks at up to
 * DOMINANT_SAMPLES evenly spaced segments, so the level of detail stays O(width · log n).
 */
export function dominantSegment(seg: SegmentColumns, first: number, merged: number): number {
  if (merged <= 1) return first;
  const step = Math.max(1, merged / DOMINANT_SAMPLES);
  // Per distinct key among the samples (a few, at most one per sample): its time so far and its longest segment. Kept
  // in preallocated arrays, searched linearly: this runs for every merged rectangle of every frame, and a Map per call
  // made panning a million-segment Gantt allocate thousands of maps a frame.
  const packed = sampleTable(seg);
  let keys = 0;
  let best = -1;
  let bestTime = -1;
  for (let k = 0; k < merged; k += step) {
    const i = first + Math.floor(k);
    const key = packed[2 * i];
    const dur = packed[2 * i + 1];
    let slot = 0;
    while (slot < keys && sampleKey[slot] !== key) slot++;
    if (slot === keys) {
      sampleKey[slot] = key;
      sampleTime[slot] = 0;
      sampleLongest[slot] = i;
      sampleLongestDur[slot] = dur;
      keys++;
    } else if (dur > sampleLongestDur[slot]) {
      sampleLongest[slot] = i;
      sampleLongestDur[slot] = dur;
    }
    const total = (sampleTime[slot] += dur);
    if (total > bestTime) {
      bestTime = total;
      best = slot;
    }
  }
  return best < 0 ? first : sampleLongest[best];
}

/**
 * What `dominantSegment` reads of segment i, side by side at [2i, 2i + 1]: its colour key (0 overhead, 1 idle,
 * 2 + 2 · group + priority for work) and its duration in ns (as f32: only compared and summed for a colour). Built once
 * per set of segment columns (one pass, 8 bytes a segment). Zoomed out, a pixel column covers hundreds of segments and
 * its samples lie apart: read from the columns, each sample touched five cache lines (kind, group, priority, start,
 * end); here it touches one.
 */
function sampleTable(seg: SegmentColumns): Float32Array {
  let table = sampleTables.get(seg);
  if (table === undefined) {
    table = new Float32Array(2 * seg.count);
    const { kind, group, priority, startNs, endNs } = seg;
    for (let i = 0; i < seg.count; i++) {
      table[2 * i] = kind[i] === 0 ? 2 + 2 * group[i] + priority[i] : kind[i] === 1 ? 0 : 1;
      table[2 * i + 1] = endNs[i] - startNs[i];
    }
    sampleTables.set(seg, table);
  }
  return table;
}
const sampleTables = new WeakMap<SegmentColumns, Float32Array>();

/** Scratch of `dominantSegment`: at most DOMINANT_SAMPLES + 1 samples, so as many distinct keys. */
const sampleKey = new Float64Array(DOMINANT_SAMPLES + 2);
const sampleTime = new Float64Array(DOMINANT_SAMPLES + 2);
const sampleLongest = new Int32Array(DOMINANT_SAMPLES + 2);
const sampleLongestDur = new Float64Array(DOMINANT_SAMPLES + 2);
