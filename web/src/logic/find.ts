// Search and range statistics for the Gantts (Perfetto-style navigation). `matchMask` marks the segments whose task
// matches a query ("T12", "12", a task-type name such as "matmul", a loop phase); `rangeStats` sums each core's work
// and overhead inside a selected time range. Pure, unit-tested.
import type { SegmentColumns } from "../engine/engine";
import { NO_ITEM, SegKind } from "../engine/engine-types";

/** 1 for each segment matching `query` (case-insensitive), or null for an empty query. */
export function matchMask(seg: SegmentColumns, groups: readonly string[], query: string): Uint8Array | null {
  const q = query.trim().toLowerCase();
  if (q === "") return null;
  const id = /^t?(\d+)$/.exec(q);
  const groupHit = groups.map((g) => g.toLowerCase().includes(q));
  const mask = new Uint8Array(seg.count);
  for (let i = 0; i < seg.count; i++) {
    const item = seg.item[i];
    if (item !== NO_ITEM && (id ? item === Number(id[1]) : groupHit[seg.group[i]] === true)) mask[i] = 1;
  }
  return mask;
}

/** Number of distinct items (tasks, threads) among the matching segments. */
export function matchCount(seg: SegmentColumns, mask: Uint8Array | null): number {
  if (!mask) return 0;
  const items = new Set<number>();
  for (let i = 0; i < seg.count; i++) if (mask[i] === 1) items.add(seg.item[i]);
  return items.size;
}

/** The first matching segment starting after `afterNs` (wrapping around to the first), or -1. */
export function nextMatch(seg: SegmentColumns, mask: Uint8Array | null, afterNs: number): number {
  if (!mask) return -1;
  let best = -1;
  let first = -1;
  for (let i = 0; i < seg.count; i++) {
    if (mask[i] !== 1) continue;
    if (first < 0 || seg.startNs[i] < seg.startNs[first]) first = i;
    if (seg.startNs[i] > afterNs && (best < 0 || seg.startNs[i] < seg.startNs[best])) best = i;
  }
  return best >= 0 ? best : first;
}

export interface CoreRangeStats {
  readonly core: number;
  readonly workNs: number;
  readonly overheadNs: number;
}

/** Per core: work and overhead time inside [t0, t1) (segments clipped to the range). */
export function rangeStats(seg: SegmentColumns, cores: number, t0Ns: number, t1Ns: number): CoreRangeStats[] {
  const out: CoreRangeStats[] = [];
  for (let core = 0; core < cores; core++) {
    let workNs = 0;
    let overheadNs = 0;
    const lo = seg.laneOffsets[core] ?? 0;
    const hi = seg.laneOffsets[core + 1] ?? lo;
    for (let i = lo; i < hi; i++) {
      const d = Math.min(t1Ns, seg.endNs[i]) - Math.max(t0Ns, seg.startNs[i]);
      if (d <= 0) continue;
      if (seg.kind[i] === SegKind.Work) workNs += d;
      else if (seg.kind[i] === SegKind.Overhead) overheadNs += d;
    }
    out.push({ core, workNs, overheadNs });
  }
  return out;
}
