// Messages between engine-client.ts (main thread) and engine.worker.ts.
import type { SimResult } from "./engine";

export type EngineMethod =
  | "listPresets"
  | "listPapers"
  | "presetScenario"
  | "listPlatforms"
  | "platformPreset"
  | "listSchedulers"
  | "simulate"
  | "osCatalog"
  | "sweepCells"
  | "claimCells"
  | "runCell"
  | "evaluateClaims"
  | "claimsOnRun"
  | "decisions"
  | "pttHistory"
  | "exportChrome"
  | "schedulersFor";

export interface EngineRequest {
  readonly id: number;
  readonly method: EngineMethod;
  readonly arg?: string;
}

/** How far a simulation has come: kernel events so far and the budget's estimate of all of them (0: unknown). */
export interface SimProgress {
  readonly events: number;
  readonly expectedEvents: number;
}

export type EngineResponse =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly id: number; readonly ok: false; readonly message: string; readonly fatal?: boolean }
  | { readonly id: number; readonly progress: SimProgress };

/** Buffers of a SimResult, to send as transferables. */
export function simResultTransferables(result: SimResult): ArrayBuffer[] {
  const buffers: ArrayBuffer[] = [];
  for (const seg of result.segments) {
    for (const column of [seg.lane, seg.item, seg.group, seg.chunkFirst, seg.chunkIters, seg.priority, seg.leader, seg.width, seg.kind, seg.startNs, seg.endNs, seg.laneOffsets, seg.maxDurNs]) {
      buffers.push(column.buffer as ArrayBuffer);
    }
  }
  if (result.graph) buffers.push(result.graph.succStart.buffer as ArrayBuffer, result.graph.succ.buffer as ArrayBuffer);
  return buffers;
}
