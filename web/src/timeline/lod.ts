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
