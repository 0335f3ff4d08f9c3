// Builders of small segment tables, runs and summaries for unit tests.
import type { SegmentColumns } from "../engine/engine";
import type { Extras, RunInfo, RunMetrics, RunSummary } from "../engine/engine-types";
import { groupByCore } from "./segments";

/** Metrics with every field present: zeros, or what `over` gives. */
export function metricsOf(over: Partial<RunMetrics> = {}): RunMetrics {
  return {
    makespan_ns: 0,
    throughput_tasks_per_s: 0,
    tasks: 0,
    energy_j: 0,
    edp_js: 0,
    avg_power_w: 0,
    busy_ns_per_core: [],
    idle_ns_per_core: [],
    overhead_ns_per_core: [],
    utilisation_per_cluster: [],
    ...over,
  };
}

/** A run of `scheduler` with `metrics`; task-level extras with no priority tasks unless `extras` says otherwise. */
export function runOf(scheduler: string, metrics: RunMetrics, extras?: Extras): RunInfo {
  const none: Extras = { level: "tasks", priority_tasks: 0, priority_places: [], tasks_per_core: [], priority_tasks_per_core: [], ptt: { places: [], n_types: 0, snapshots: [], history: false } };
  return { scheduler, metrics, extras: extras ?? none, events_handled: 0, freq_intervals: [], interference_intervals: [], migrations: [] };
}

/** A summary of `runs` on a one-core platform; `over` replaces any field. */
export function summaryOf(runs: RunInfo[], over: Partial<RunSummary> = {}): RunSummary {
  return {
    scenario_name: "s",
    level: runs[0]?.extras.level ?? "tasks",
    platform: { name: "p", clusters: [], n_cores: 1 },
    record: { lane: "core", item: "task", group: "task type" },
    groups: [],
    runs,
    claims: [],
    exercise: null,
    ...over,
  };
}

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
      lane: Uint32Array.from(specs, (s) => s.core),
      item: Uint32Array.from(specs, (s, i) => s.task ?? i),
      group: new Uint32Array(n),
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
