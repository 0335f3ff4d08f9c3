// Builders of small segment tables for unit tests.
import type { SegmentColumns } from "../engine/engine";
import { groupByCore } from "./segments";

export interface SegSpec {
  core: number;
  start: number;
  end: number;
  task?: number;
  kind?: number;
  priority?: number;
}

export function makeSegments(specs: readonly SegSpec[], nCores: number): SegmentColumns {
  const n = specs.length;
  return groupByCore(
    {
      core: Uint32Array.from(specs, (s) => s.core),
      task: Uint32Array.from(specs, (s, i) => s.task ?? i),
      taskType: new Uint32Array(n),
      priority: Uint8Array.from(specs, (s) => s.priority ?? 0),
      leader: Uint32Array.from(specs, (s) => s.core),
      width: new Uint32Array(n).fill(1),
      kind: Uint8Array.from(specs, (s) => s.kind ?? 0),
      startNs: Float64Array.from(specs, (s) => s.start),
      endNs: Float64Array.from(specs, (s) => s.end),
    },
    nCores,
  );
}

/** `count` back-to-back segments of `dur` ns on one core. */
export function denseCore(count: number, dur: number, core = 0, nCores = 1): SegmentColumns {
  return makeSegments(Array.from({ length: count }, (_, i) => ({ core, start: i * dur, end: (i + 1) * dur })), nCores);
}
