// Keyboard navigation of a Gantt's segments and its text alternatives (accessible name, summary, the focused
// segment read out). Arrow keys move a selection: left/right along a core, up/down to the neighbouring core's
// segment nearest in time, Home/End to a core's first and last. Pure, unit-tested.
import type { SegmentColumns } from "../engine/engine";
import { NO_ITEM, SegKind } from "../engine/engine-types";
import { formatDuration, formatMs } from "./format";
import { lowerBound } from "./segments";

export interface SegmentRef {
  readonly core: number;
  readonly index: number;
}

const range = (seg: SegmentColumns, core: number): [number, number] =>
  core >= 0 && core + 1 < seg.laneOffsets.length ? [seg.laneOffsets[core], seg.laneOffsets[core + 1]] : [0, 0];

/** The segment of `core` whose start is nearest `tNs`, or -1 when the core has none. */
export function nearestOnCore(seg: SegmentColumns, core: number, tNs: number): number {
  const [lo, hi] = range(seg, core);
  if (lo >= hi) return -1;
  const j = Math.min(hi - 1, lowerBound(seg.startNs, tNs, lo, hi));
  return j > lo && Math.abs(seg.startNs[j - 1] - tNs) <= Math.abs(seg.startNs[j] - tNs) ? j - 1 : j;
}

/** Where a key moves the selection on a Gantt of `cores` rows; null when the key is not a move or leads nowhere. */
export function moveSelection(seg: SegmentColumns, cores: readonly number[], from: SegmentRef | null, key: string): SegmentRef | null {
  if (!from || from.index < 0) {
    if (!["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "Home", "End"].includes(key)) return null;
    for (const core of cores) {
      const [lo, hi] = range(seg, core);
      if (lo < hi) return { core, index: lo };
    }
    return null;
  }
  const [lo, hi] = range(seg, from.core);
  switch (key) {
    case "ArrowRight":
      return from.index + 1 < hi ? { core: from.core, index: from.index + 1 } : null;
    case "ArrowLeft":
      return from.index - 1 >= lo ? { core: from.core, index: from.index - 1 } : null;
    case "Home":
      return lo < hi ? { core: from.core, index: lo } : null;
    case "End":
      return lo < hi ? { core: from.core, index: hi - 1 } : null;
    case "ArrowDown":
    case "ArrowUp": {
      const step = key === "ArrowDown" ? 1 : -1;
      for (let r = cores.indexOf(from.core) + step; r >= 0 && r < cores.length; r += step) {
        const index = nearestOnCore(seg, cores[r], seg.startNs[from.index]);
        if (index >= 0) return { core: cores[r], index };
      }
      return null;
    }
    default:
      return null;
  }
}

const KIND = ["work", "overhead", "idle"];

/** One segment in words, for screen readers: "core 3: task 12 (matmul, high priority), 1.200 ms to 1.450 ms, 250 µs". */
export function segmentText(seg: SegmentColumns, i: number, groups: readonly string[], itemName = "task"): string {
  const what =
    seg.item[i] === NO_ITEM
      ? KIND[seg.kind[i]] ?? "segment"
      : `${itemName} ${seg.item[i]} (${groups[seg.group[i]] ?? `group ${seg.group[i]}`}${seg.priority[i] === 1 ? ", high priority" : ""}${seg.kind[i] !== SegKind.Work ? `, ${KIND[seg.kind[i]]}` : ""})`;
  return `core ${seg.lane[i]}: ${what}, ${formatMs(seg.startNs[i])} to ${formatMs(seg.endNs[i])}, ${formatDuration(seg.endNs[i] - seg.startNs[i])}`;
}

/** A Gantt's text summary: makespan, segment count and each core's share of busy time. */
export function ganttSummary(scheduler: string, makespanNs: number, busyNsPerCore: readonly number[], segments: number): string {
  const busy = busyNsPerCore.map((ns, core) => `core ${core} ${makespanNs > 0 ? Math.round((100 * ns) / makespanNs) : 0}% busy`).join(", ");
  return `${scheduler}: makespan ${formatDuration(makespanNs)}, ${segments.toLocaleString("en-US")} segments; ${busy}. Focus the chart and use the arrow keys to move from segment to segment.`;
}

/** Work time per core from the segment columns (kind work only). */
export function busyNsPerCore(seg: SegmentColumns, cores: number): number[] {
  const busy = new Array<number>(cores).fill(0);
  for (let i = 0; i < seg.count; i++) if (seg.kind[i] === SegKind.Work && seg.lane[i] < cores) busy[seg.lane[i]] += seg.endNs[i] - seg.startNs[i];
  return busy;
}
