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
    let j = lowerBound(seg.startNs, scale.pxToTime(colEnd), i + 1, last);
    // On a core segments do not overlap, so only the last one can be long:
    // leave it for the next iteration to draw at full width.
    if (j - 1 > i && scale.timeToPx(seg.endNs[j - 1]) - scale.timeToPx(seg.startNs[j - 1]) >= minPx) j--;
    const lastEnd = scale.timeToPx(seg.endNs[j - 1]);
    emit(Math.max(colStart, x0), Math.max(colEnd, lastEnd), i, j - i);
    i = j;
  }
}

/** Segments looked at when choosing a merged rectangle's colour: enough to be fair, few enough to stay O(1). */
const DOMINANT_SAMPLES = 48;

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
  let keys = 0;
  let best = -1;
  let bestTime = -1;
  for (let k = 0; k < merged; k += step) {
    const i = first + Math.floor(k);
    const key = seg.kind[i] === 0 ? 2 + 2 * seg.group[i] + seg.priority[i] : seg.kind[i] === 1 ? 0 : 1;
    const dur = seg.endNs[i] - seg.startNs[i];
    let slot = 0;
    while (slot < keys && sampleKey[slot] !== key) slot++;
    if (slot === keys) {
      sampleKey[slot] = key;
      sampleTime[slot] = 0;
      sampleLongest[slot] = i;
      keys++;
    } else if (dur > seg.endNs[sampleLongest[slot]] - seg.startNs[sampleLongest[slot]]) {
      sampleLongest[slot] = i;
    }
    const total = (sampleTime[slot] += dur);
    if (total > bestTime) {
      bestTime = total;
      best = slot;
    }
  }
  return best < 0 ? first : sampleLongest[best];
}

/** Scratch of `dominantSegment`: at most DOMINANT_SAMPLES + 1 samples, so as many distinct keys. */
const sampleKey = new Float64Array(DOMINANT_SAMPLES + 2);
const sampleTime = new Float64Array(DOMINANT_SAMPLES + 2);
const sampleLongest = new Float64Array(DOMINANT_SAMPLES + 2);
