// Timeline events of a scenario as editable blocks on cluster and core
// lanes: which lane an event lives on, defaults for a dropped event, moving,
// resizing and field checks. Pure, unit-tested; no React.
import type { PlatformSummary } from "../engine/engine-types";

import type { EventKind, ScenarioEvent } from "../types/events";

export type { EventKind, ScenarioEvent };

export interface KindInfo {
  readonly kind: EventKind;
  readonly label: string;
  readonly short: string;
  readonly help: string;
  /** Lives on a cluster lane (else on core lanes). */
  readonly onCluster: boolean;
}

export const EVENT_KINDS: readonly KindInfo[] = [
  { kind: "dvfs", label: "DVFS step", short: "DVFS", help: "Sets a cluster's frequency for a while, then restores the previous level.", onCluster: true },
  { kind: "dvfs_square", label: "DVFS square wave", short: "Square", help: "Alternates a cluster between a high and a low frequency (Chen et al. §5.2).", onCluster: true },
  { kind: "cpu_interference", label: "CPU co-runner", short: "CPU", help: "CPU-bound threads time-share the core: speed × 1/(1 + threads).", onCluster: false },
  { kind: "memory_interference", label: "Memory interference", short: "Mem", help: "A memory-bound co-runner slows the cluster's memory-intensive classes.", onCluster: true },
  { kind: "core_offline", label: "Core offline", short: "Off", help: "The core is unplugged: its running work stalls, it takes no new work.", onCluster: false },
];

export function kindInfo(kind: EventKind): KindInfo {
  return EVENT_KINDS.find((k) => k.kind === kind) ?? EVENT_KINDS[0];
}

export type Lane = { readonly type: "cluster"; readonly cluster: number } | { readonly type: "core"; readonly core: number; readonly cluster: number };

export function laneKey(lane: Lane): string {
  return lane.type === "cluster" ? `cluster-${lane.cluster}` : `core-${lane.core}`;
}

/** Lanes in display order: each cluster lane followed by its cores' lanes. */
export function lanesOf(platform: PlatformSummary): Lane[] {
  const lanes: Lane[] = [];
  platform.clusters.forEach((cluster, c) => {
    lanes.push({ type: "cluster", cluster: c });
    for (let k = 0; k < cluster.cores; k++) lanes.push({ type: "core", core: cluster.first_core + k, cluster: c });
  });
  return lanes;
}

/** Keys of the lanes an event is drawn on (a CPU co-runner on several cores is drawn on each). */
export function eventLaneKeys(event: ScenarioEvent): string[] {
  switch (event.kind) {
    case "cpu_interference":
      return (Array.isArray(event.cores) ? (event.cores as number[]) : []).map((c) => `core-${c}`);
    case "core_offline":
      return [`core-${Number(event.core)}`];
    default:
      return [`cluster-${Number(event.cluster)}`];
  }
}

/** End of an event for drawing: its end_ns, or the run's end for open-ended events. */
export function drawnEnd(event: ScenarioEvent, runEndNs: number): number {
  return event.end_ns ?? Math.max(runEndNs, event.start_ns + 1);
}

const MIN_HALF_PERIOD_NS = 1_000;

/** A new event of `kind` dropped on `lane` at `startNs`, lasting `durationNs`. */
export function newEvent(kind: EventKind, lane: Lane, platform: PlatformSummary, startNs: number, durationNs: number): ScenarioEvent {
  const start_ns = Math.max(0, Math.round(startNs));
  const end_ns = start_ns + Math.max(MIN_HALF_PERIOD_NS, Math.round(durationNs));
  const cluster = lane.cluster;
  const clusterInfo = platform.clusters[cluster];
  const freqs = clusterInfo?.freqs_mhz ?? [];
  const coresOfLane = lane.type === "core" ? [lane.core] : Array.from({ length: clusterInfo?.cores ?? 0 }, (_, k) => (clusterInfo?.first_core ?? 0) + k);
  switch (kind) {
    case "dvfs":
      return { kind, cluster, freq_mhz: freqs[0] ?? 0, start_ns, end_ns };
    case "dvfs_square": {
      const half = Math.max(MIN_HALF_PERIOD_NS, Math.round((end_ns - start_ns) / 8));
      return { kind, cluster, high_mhz: freqs[freqs.length - 1] ?? 0, low_mhz: freqs[0] ?? 0, high_ns: half, low_ns: half, start_ns, end_ns };
    }
    case "memory_interference":
      return { kind, cluster, intensity: 0.5, start_ns, end_ns };
    case "cpu_interference":
      return { kind, cores: coresOfLane, threads: 1, start_ns, end_ns };
    case "core_offline":
      return { kind, core: coresOfLane[0] ?? 0, start_ns, end_ns };
  }
}

/** `event` shifted by `dtNs` (start clamped at 0, duration kept). */
export function moveEvent(event: ScenarioEvent, dtNs: number): ScenarioEvent {
  const shift = Math.max(-event.start_ns, Math.round(dtNs));
  const moved: Record<string, unknown> = { ...event, start_ns: event.start_ns + shift };
  if (event.end_ns != null) moved.end_ns = event.end_ns + shift;
  return moved as ScenarioEvent;
}

/** `event` with one edge moved to `tNs`, keeping at least `minNs` of duration. */
export function resizeEvent(event: ScenarioEvent, edge: "start" | "end", tNs: number, runEndNs: number, minNs = MIN_HALF_PERIOD_NS): ScenarioEvent {
  const end = drawnEnd(event, runEndNs);
  const t = Math.max(0, Math.round(tNs));
  if (edge === "start") return { ...event, start_ns: Math.min(t, end - minNs) } as ScenarioEvent;
  return { ...event, end_ns: Math.max(t, event.start_ns + minNs) } as ScenarioEvent;
}

/** `event` moved onto `lane` (cluster events take the lane's cluster, core events its core). */
export function moveToLane(event: ScenarioEvent, lane: Lane, platform: PlatformSummary): ScenarioEvent {
  const info = kindInfo(event.kind);
  if (info.onCluster) {
    // Frequencies snap to the nearest level of the new cluster.
    const levels = platform.clusters[lane.cluster]?.freqs_mhz ?? [];
    const moved: Record<string, unknown> = { ...event, cluster: lane.cluster };
    for (const f of ["freq_mhz", "high_mhz", "low_mhz"]) if (f in event) moved[f] = nearestLevel(levels, Number(event[f]));
    return moved as ScenarioEvent;
  }
  const fresh = newEvent(event.kind, lane, platform, event.start_ns, 1);
  if (event.kind === "cpu_interference") return { ...event, cores: fresh.cores } as ScenarioEvent;
  return { ...event, core: fresh.core } as ScenarioEvent;
}

/** The level of `levels` closest to `mhz` (`mhz` itself when there are none). */
export function nearestLevel(levels: readonly number[], mhz: number): number {
  let best = levels[0] ?? mhz;
  for (const l of levels) if (Math.abs(l - mhz) < Math.abs(best - mhz)) best = l;
  return best;
}

/** A field of an event kind for the inspector: name, kind of input and a check. */
export interface FieldSpec {
  readonly name: string;
  readonly label: string;
  readonly input: "int" | "number" | "freq" | "cores" | "optional-int";
  readonly unit?: string;
}

export function fieldsOf(kind: EventKind): FieldSpec[] {
  const time: FieldSpec[] = [
    { name: "start_ns", label: "start", input: "int", unit: "ns" },
    { name: "end_ns", label: "end", input: "optional-int", unit: "ns (empty: until the run ends)" },
  ];
  switch (kind) {
    case "dvfs":
      return [{ name: "cluster", label: "cluster", input: "int" }, { name: "freq_mhz", label: "frequency", input: "freq", unit: "MHz" }, ...time];
    case "dvfs_square":
      return [
        { name: "cluster", label: "cluster", input: "int" },
        { name: "high_mhz", label: "high", input: "freq", unit: "MHz" },
        { name: "low_mhz", label: "low", input: "freq", unit: "MHz" },
        { name: "high_ns", label: "high for", input: "int", unit: "ns" },
        { name: "low_ns", label: "low for", input: "int", unit: "ns" },
        ...time,
      ];
    case "cpu_interference":
      return [{ name: "cores", label: "cores", input: "cores" }, { name: "threads", label: "threads", input: "int" }, ...time];
    case "memory_interference":
      return [{ name: "cluster", label: "cluster", input: "int" }, { name: "intensity", label: "intensity", input: "number", unit: "0–1" }, ...time];
    case "core_offline":
      return [{ name: "core", label: "core", input: "int" }, ...time];
  }
}

/** Parses an inspector input; returns the JSON value or an error message. */
export function parseField(spec: FieldSpec, text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (spec.input === "optional-int" && trimmed === "") return { ok: true, value: undefined };
  if (spec.input === "cores") {
    const parts = trimmed.split(/[\s,]+/).filter(Boolean);
    if (parts.length === 0) return { ok: false, message: "name at least one core" };
    const cores = parts.map(Number);
    if (cores.some((c) => !Number.isInteger(c) || c < 0)) return { ok: false, message: "cores are whole numbers ≥ 0, separated by commas" };
    return { ok: true, value: cores };
  }
  const value = Number(trimmed);
  if (trimmed === "" || !Number.isFinite(value)) return { ok: false, message: "enter a number" };
  if (spec.input === "number") return { ok: true, value };
  if (!Number.isInteger(value) || value < 0) return { ok: false, message: "must be a whole number ≥ 0" };
  if (value > Number.MAX_SAFE_INTEGER) return { ok: false, message: "too large" };
  return { ok: true, value };
}

/** Checks an event against the platform as the engine will; returns field → message. */
export function checkEvent(event: ScenarioEvent, platform: PlatformSummary): Record<string, string> {
  const errors: Record<string, string> = {};
  const clusterOk = (field: string) => {
    const c = Number(event[field]);
    if (!platform.clusters[c]) errors[field] = `no cluster ${c} (the platform has ${platform.clusters.length})`;
    return platform.clusters[c];
  };
  const level = (field: string, cluster: { freqs_mhz: readonly number[] } | undefined) => {
    if (cluster && !cluster.freqs_mhz.includes(Number(event[field]))) errors[field] = `must be one of ${cluster.freqs_mhz.join(", ")} MHz`;
  };
  if (event.end_ns != null && event.end_ns <= event.start_ns) errors.end_ns = "must be after the start";
  switch (event.kind) {
    case "dvfs":
      level("freq_mhz", clusterOk("cluster"));
      break;
    case "dvfs_square": {
      const cluster = clusterOk("cluster");
      level("high_mhz", cluster);
      level("low_mhz", cluster);
      for (const f of ["high_ns", "low_ns"]) if (Number(event[f]) < MIN_HALF_PERIOD_NS) errors[f] = "at least 1 µs (1000 ns)";
      break;
    }
    case "memory_interference": {
      clusterOk("cluster");
      const x = Number(event.intensity);
      if (!(x >= 0 && x <= 1)) errors.intensity = "must be in [0, 1]";
      break;
    }
    case "cpu_interference": {
      const cores = Array.isArray(event.cores) ? (event.cores as number[]) : [];
      const bad = cores.find((c) => c >= platform.n_cores);
      if (bad !== undefined) errors.cores = `no core ${bad} (cores 0–${platform.n_cores - 1})`;
      if (cores.length === 0) errors.cores = "name at least one core";
      break;
    }
    case "core_offline":
      if (Number(event.core) >= platform.n_cores) errors.core = `no core ${String(event.core)} (cores 0–${platform.n_cores - 1})`;
      break;
  }
  return errors;
}

/** A short label drawn on the block. */
export function eventLabel(event: ScenarioEvent): string {
  switch (event.kind) {
    case "dvfs":
      return `${String(event.freq_mhz)} MHz`;
    case "dvfs_square":
      return `${String(event.high_mhz)}/${String(event.low_mhz)} MHz`;
    case "cpu_interference":
      return `+${String(event.threads)} thr`;
    case "memory_interference":
      return `×${String(event.intensity)}`;
    case "core_offline":
      return `core ${String(event.core)}`;
  }
}

/** Parses `path` of an engine error like "events[2].freq_mhz: must be …" into its parts. */
export function splitErrorPath(message: string | null): { path: string; message: string } | null {
  if (!message) return null;
  const m = /^([A-Za-z_][\w.[\]]*): (.*)$/s.exec(message);
  return m ? { path: m[1], message: m[2] } : null;
}
