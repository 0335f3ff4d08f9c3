// Pure helpers over columnar segment tables: grouping by core, bisection
// and hit testing. No React, no DOM.
import type { SegmentColumns } from "../engine/engine";

/** Raw engine columns of one run, in engine order (chunk columns empty except at the loop level). */
export interface RawColumns {
  lane: Uint32Array;
  item: Uint32Array;
  group: Uint32Array;
  chunkFirst?: Uint32Array;
  chunkIters?: Uint32Array;
  priority: Uint8Array;
  leader: Uint32Array;
  width: Uint32Array;
  kind: Uint8Array;
  startNs: Float64Array;
  endNs: Float64Array;
}

/** First index i in [lo, hi) with values[i] >= target (hi when none). */
export function lowerBound(values: ArrayLike<number>, target: number, lo = 0, hi = values.length): number {
  let left = lo;
  let right = hi;
  while (left < right) {
    const mid = (left + right) >>> 1;
    if (values[mid] < target) left = mid + 1;
    else right = mid;
  }
  return left;
}

/** First index i in [lo, hi) with values[i] > target (hi when none). */
export function upperBound(values: ArrayLike<number>, target: number, lo = 0, hi = values.length): number {
  let left = lo;
  let right = hi;
  while (left < right) {
    const mid = (left + right) >>> 1;
    if (values[mid] <= target) left = mid + 1;
    else right = mid;
  }
  return left;
}

function permute<T extends Uint32Array | Uint8Array | Float64Array>(src: T, order: Uint32Array): T {
  const out = new (src.constructor as { new (n: number): T })(order.length);
  for (let i = 0; i < order.length; i++) out[i] = src[order[i]];
  return out;
}

/**
 * Groups segments by core and sorts them by start within each core
 * (stable, so equal starts keep engine order).
 */
export function groupByCore(raw: RawColumns, nCores: number): SegmentColumns {
  const count = raw.startNs.length;
  let maxCore = nCores - 1;
  for (let i = 0; i < count; i++) if (raw.lane[i] > maxCore) maxCore = raw.lane[i];
  const rows = maxCore + 1;
  // Counting sort by core (stable, O(n)), then sort each core by start only
  // when the engine did not already emit it in order.
  const laneOffsets = new Uint32Array(rows + 1);
  for (let i = 0; i < count; i++) laneOffsets[raw.lane[i] + 1]++;
  for (let c = 0; c < rows; c++) laneOffsets[c + 1] += laneOffsets[c];
  const cursor = laneOffsets.slice(0, rows);
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[cursor[raw.lane[i]]++] = i;
  for (let c = 0; c < rows; c++) {
    const lo = laneOffsets[c];
    const hi = laneOffsets[c + 1];
    let sorted = true;
    for (let k = lo + 1; k < hi && sorted; k++) sorted = raw.startNs[order[k - 1]] <= raw.startNs[order[k]];
    if (!sorted) order.subarray(lo, hi).sort((a, b) => raw.startNs[a] - raw.startNs[b] || a - b);
  }
  const cols = {
    lane: permute(raw.lane, order),
    item: permute(raw.item, order),
    group: permute(raw.group, order),
    chunkFirst: raw.chunkFirst?.length === count ? permute(raw.chunkFirst, order) : new Uint32Array(0),
    chunkIters: raw.chunkIters?.length === count ? permute(raw.chunkIters, order) : new Uint32Array(0),
    priority: permute(raw.priority, order),
    leader: permute(raw.leader, order),
    width: permute(raw.width, order),
    kind: permute(raw.kind, order),
    startNs: permute(raw.startNs, order),
    endNs: permute(raw.endNs, order),
  };
  const maxDurNs = new Float64Array(rows);
  for (let i = 0; i < count; i++) {
    const c = cols.lane[i];
    const dur = cols.endNs[i] - cols.startNs[i];
    if (dur > maxDurNs[c]) maxDurNs[c] = dur;
  }
  return { count, ...cols, laneOffsets, maxDurNs };
}

/** Index range [first, last) of a core's segments that may intersect [t0, t1). */
export function visibleRange(seg: SegmentColumns, core: number, t0: number, t1: number): [number, number] {
  if (core + 1 >= seg.laneOffsets.length) return [0, 0];
  const lo = seg.laneOffsets[core];
  const hi = seg.laneOffsets[core + 1];
  // Candidates start no earlier than t0 - (longest duration on the core).
  const candidate = lowerBound(seg.startNs, t0 - seg.maxDurNs[core], lo, hi);
  const startsInWindow = lowerBound(seg.startNs, t0, candidate, hi);
  // Segments of one core do not overlap, so their ends are sorted too:
  // skip the candidates that end before the window.
  const first = upperBound(seg.endNs, t0, candidate, startsInWindow);
  const last = lowerBound(seg.startNs, t1, startsInWindow, hi);
  return [first, last];
}

/**
 * The segment of `core` under time `tNs`, or the nearest one within
 * `toleranceNs` (so sub-pixel segments can be hovered); -1 when none.
 */
export function hitTest(seg: SegmentColumns, core: number, tNs: number, toleranceNs: number): number {
  const [first, last] = visibleRange(seg, core, tNs - toleranceNs, tNs + toleranceNs);
  let best = -1;
  let bestDist = Infinity;
  for (let i = first; i < last; i++) {
    const s = seg.startNs[i];
    const e = seg.endNs[i];
    const dist = tNs < s ? s - tNs : tNs >= e ? tNs - e : 0;
    if (dist <= toleranceNs && (dist < bestDist || (dist === bestDist && seg.kind[i] < seg.kind[best]))) {
      best = i;
      bestDist = dist;
    }
  }
  return best;
}
