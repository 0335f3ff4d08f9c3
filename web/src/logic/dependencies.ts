// Dependency arrows of one task, Perfetto-style: from each predecessor's end to the task's start, and from the
// task's end to each successor's start. Pure: the task graph (CSR from the engine) and a run's segment columns in,
// arrow end points (core and time) out.
import type { SegmentColumns, TaskGraphEdges } from "../engine/engine";
import { SegKind } from "../engine/engine-types";

/** Most arrows drawn for one task; beyond it the arrows are skipped (level of detail) and only their count is shown. */
export const MAX_ARROWS = 48;

/** The graph with its predecessor lists too (task i's predecessors are `pred[predStart[i] .. predStart[i + 1]]`). */
export interface TaskDeps extends TaskGraphEdges {
  readonly predStart: Uint32Array;
  readonly pred: Uint32Array;
}

/** Inverts the successor lists once per result. */
export function withPredecessors(graph: TaskGraphEdges): TaskDeps {
  const n = Math.max(0, graph.succStart.length - 1);
  const predStart = new Uint32Array(n + 1);
  for (const t of graph.succ) if (t < n) predStart[t + 1]++;
  for (let i = 0; i < n; i++) predStart[i + 1] += predStart[i];
  const fill = predStart.slice(0, n);
  const pred = new Uint32Array(predStart[n]);
  for (let i = 0; i < n; i++) {
    for (let k = graph.succStart[i]; k < graph.succStart[i + 1]; k++) {
      const t = graph.succ[k];
      if (t < n) pred[fill[t]++] = i;
    }
  }
  return { ...graph, predStart, pred };
}

/** Where each task of a run started and ended: time and core (NaN / -1 for a task with no work segment). */
export interface TaskSpans {
  readonly startNs: Float64Array;
  readonly startCore: Int32Array;
  readonly endNs: Float64Array;
  readonly endCore: Int32Array;
}

/** One pass over a run's work segments (moldable tasks: the earliest partition start and the latest partition end). */
export function taskSpans(seg: SegmentColumns, nTasks: number): TaskSpans {
  const startNs = new Float64Array(nTasks).fill(Number.NaN);
  const endNs = new Float64Array(nTasks).fill(Number.NaN);
  const startCore = new Int32Array(nTasks).fill(-1);
  const endCore = new Int32Array(nTasks).fill(-1);
  for (let i = 0; i < seg.count; i++) {
    const t = seg.item[i];
    if (t >= nTasks || seg.kind[i] !== SegKind.Work) continue;
    if (!(seg.startNs[i] >= startNs[t])) {
      startNs[t] = seg.startNs[i];
      startCore[t] = seg.lane[i];
    }
    if (!(seg.endNs[i] <= endNs[t])) {
      endNs[t] = seg.endNs[i];
      endCore[t] = seg.lane[i];
    }
  }
  return { startNs, startCore, endNs, endCore };
}

const spansCache = new WeakMap<SegmentColumns, TaskSpans>();

/** `taskSpans`, computed once per run's columns (on the first hover of that run). */
export function cachedTaskSpans(seg: SegmentColumns, nTasks: number): TaskSpans {
  let spans = spansCache.get(seg);
  if (!spans || spans.startNs.length !== nTasks) {
    spans = taskSpans(seg, nTasks);
    spansCache.set(seg, spans);
  }
  return spans;
}

/** One arrow: from (core, time) to (core, time); `kind` says whether it comes in (a predecessor) or goes out. */
export interface DepArrow {
  readonly kind: "pred" | "succ";
  readonly task: number;
  readonly fromCore: number;
  readonly fromNs: number;
  readonly toCore: number;
  readonly toNs: number;
}

/** The arrows of `task`, or only their count when there are more than `max` (level of detail). */
export interface TaskArrows {
  readonly task: number;
  readonly preds: readonly number[];
  readonly succs: readonly number[];
  readonly arrows: readonly DepArrow[];
  /** True when the task has more than `max` dependencies, so none is drawn. */
  readonly skipped: boolean;
}

function list(start: Uint32Array, items: Uint32Array, task: number): number[] {
  return Array.from(items.subarray(start[task], start[task + 1]));
}

/** The dependencies of `task` in one run, as arrows between task ends and starts (tasks that never ran have none). */
export function taskArrows(deps: TaskDeps, spans: TaskSpans, task: number, max = MAX_ARROWS): TaskArrows | null {
  if (task < 0 || task >= deps.predStart.length - 1 || spans.startCore[task] < 0) return null;
  const preds = list(deps.predStart, deps.pred, task);
  const succs = list(deps.succStart, deps.succ, task);
  if (preds.length + succs.length > max) return { task, preds, succs, arrows: [], skipped: true };
  const arrows: DepArrow[] = [];
  for (const p of preds) {
    if (spans.endCore[p] < 0) continue;
    arrows.push({ kind: "pred", task: p, fromCore: spans.endCore[p], fromNs: spans.endNs[p], toCore: spans.startCore[task], toNs: spans.startNs[task] });
  }
  for (const s of succs) {
    if (spans.startCore[s] < 0) continue;
    arrows.push({ kind: "succ", task: s, fromCore: spans.endCore[task], fromNs: spans.endNs[task], toCore: spans.startCore[s], toNs: spans.startNs[s] });
  }
  return { task, preds, succs, arrows, skipped: false };
}

/** "T7 waits for T2 and T3; T9 waits for it." (read out for the selected segment). */
export function dependencyText(a: TaskArrows): string {
  const names = (ts: readonly number[]) => (ts.length > 6 ? `${ts.slice(0, 6).map((t) => `T${t}`).join(", ")} and ${ts.length - 6} more` : ts.map((t) => `T${t}`).join(", "));
  const before = a.preds.length === 0 ? `T${a.task} depends on no task` : `T${a.task} waits for ${names(a.preds)}`;
  const after = a.succs.length === 0 ? "no task waits for it" : `${names(a.succs)} ${a.succs.length === 1 ? "waits" : "wait"} for it`;
  return `${before}; ${after}.`;
}
