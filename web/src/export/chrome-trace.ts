// The schedule as Chrome Trace Event JSON (opens in Perfetto UI and
// chrome://tracing): one process per scheduler run, one thread per core,
// "X" events for segments, "C" counter events for cluster frequencies and
// "M" metadata events naming processes and threads. Pure, unit-tested.
// (Issue 8's engine exporter, once merged, can replace this.)
import type { SimResult } from "../engine/engine";
import { NO_TASK, SegKind } from "../engine/engine-types";

export interface TraceEvent {
  readonly name: string;
  readonly ph: "X" | "C" | "M" | "I";
  readonly pid: number;
  readonly tid?: number;
  readonly ts?: number;
  readonly dur?: number;
  readonly cat?: string;
  readonly s?: string;
  readonly args?: Readonly<Record<string, unknown>>;
}

const US_PER_NS = 1e-3;

export function chromeTraceFromResult(result: SimResult): { traceEvents: TraceEvent[]; displayTimeUnit: "ns"; otherData: Record<string, unknown> } {
  const { summary } = result;
  const events: TraceEvent[] = [];
  summary.runs.forEach((run, r) => {
    const pid = r + 1;
    events.push({ name: "process_name", ph: "M", pid, args: { name: `${run.scheduler} (${summary.scenario_name})` } });
    events.push({ name: "process_sort_index", ph: "M", pid, args: { sort_index: r } });
    summary.platform.clusters.forEach((cluster) => {
      for (let k = 0; k < cluster.cores; k++) {
        const core = cluster.first_core + k;
        events.push({ name: "thread_name", ph: "M", pid, tid: core, args: { name: `core ${core} · ${cluster.name} (${cluster.core_type})` } });
        events.push({ name: "thread_sort_index", ph: "M", pid, tid: core, args: { sort_index: core } });
      }
    });
    const seg = result.segments[r];
    for (let i = 0; i < seg.count; i++) {
      const work = seg.kind[i] === SegKind.Work;
      const task = seg.task[i];
      events.push({
        name: work && task !== NO_TASK ? `T${task}` : seg.kind[i] === SegKind.Overhead ? "scheduler overhead" : "idle",
        cat: work ? (summary.task_types[seg.taskType[i]] ?? "task") : "overhead",
        ph: "X",
        pid,
        tid: seg.core[i],
        ts: seg.startNs[i] * US_PER_NS,
        dur: (seg.endNs[i] - seg.startNs[i]) * US_PER_NS,
        args: work
          ? { task, type: summary.task_types[seg.taskType[i]] ?? seg.taskType[i], priority: seg.priority[i] === 1 ? "high" : "low", place: `${seg.leader[i]}+${seg.width[i]}` }
          : {},
      });
    }
    for (const f of run.freq_intervals) {
      const name = `freq ${summary.platform.clusters[f.cluster]?.name ?? f.cluster} (MHz)`;
      events.push({ name, ph: "C", pid, ts: f.start_ns * US_PER_NS, args: { MHz: f.freq_mhz } });
    }
    for (const x of run.interference_intervals) {
      for (const core of x.cores) {
        events.push({ name: x.label || x.kind, cat: `interference:${x.kind}`, ph: "X", pid, tid: core, ts: x.start_ns * US_PER_NS, dur: (x.end_ns - x.start_ns) * US_PER_NS, args: { kind: x.kind } });
      }
    }
  });
  return { traceEvents: events, displayTimeUnit: "ns", otherData: { generator: "Asymmetry Lab", scenario: summary.scenario_name } };
}
