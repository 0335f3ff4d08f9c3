// The OpenMP loop level in the UI: phase colours, thread labels, per-loop SF
// rows and the paper's figures carried by loop-program scenarios. Pure.
import { type GanttRun, type LoopMetrics, type PlatformSummary, type RunSummary, loopExtras } from "../engine/engine-types";

/** The engine's loop phase names (engine/src/loops/schedule.rs PHASE_NAMES), in task_type order. */
export const LOOP_PHASES = ["serial", "static", "dynamic", "guided", "sampling", "sampling-wait", "aid", "barrier", "barrier-wait"] as const;

/**
 * Phase colours, Okabe–Ito based: sampling vermillion, sampling-wait sky blue, AID green,
 * dynamic yellow (as in the paper's Fig. 4), static blue, serial purple; barriers grey.
 */
const PHASE_COLOR: Readonly<Record<string, string>> = {
  serial: "#CC79A7",
  static: "#0072B2",
  dynamic: "#F0E442",
  guided: "#E69F00",
  sampling: "#D55E00",
  "sampling-wait": "#56B4E9",
  aid: "#009E73",
  barrier: "#8c959f",
  "barrier-wait": "rgba(140, 149, 159, 0.30)",
};

/** What each phase means, for legends and tooltips. */
export const PHASE_HELP: Readonly<Record<string, string>> = {
  serial: "serial code on the master thread (thread 0)",
  static: "a block fixed at the loop's start (no runtime call)",
  dynamic: "chunks removed from the shared pool one at a time",
  guided: "chunks of max(chunk, remaining / T)",
  sampling: "AID's sampling chunk: its time estimates the loop's big-to-small speedup factor (SF)",
  "sampling-wait": "chunks taken while waiting for the slowest thread to finish sampling",
  aid: "AID's asymmetric share: SF·x iterations on big cores, x on small ones",
  barrier: "the implicit barrier's own cost",
  "barrier-wait": "waiting at the barrier for the slowest thread",
};

/** Colour of a loop phase by name, or undefined when the name is not a loop phase. */
export function phaseColor(name: string): string | undefined {
  return PHASE_COLOR[name];
}

/** Colour of a loop phase by its task_type index. */
export function phaseColorAt(taskType: number): string {
  return PHASE_COLOR[LOOP_PHASES[taskType] ?? "barrier"] ?? PHASE_COLOR.barrier;
}

/** Text colour readable on a phase colour. */
export function phaseLabelColor(taskType: number): string {
  const name = LOOP_PHASES[taskType];
  return name === "static" || name === "aid" || name === "sampling" ? "#ffffff" : "#000000";
}

/** Thread running on each core (index = core), or -1 for cores without a thread. */
export function threadOfCore(loops: LoopMetrics, nCores: number): number[] {
  const out = new Array<number>(nCores).fill(-1);
  loops.thread_cores.forEach((core, thread) => {
    if (core < nCores) out[core] = thread;
  });
  return out;
}

/** Row label of a core in a loop run: "T0 · A15", or "core 5 (no thread)". */
export function threadLabel(run: GanttRun, platform: PlatformSummary, core: number): string | undefined {
  const loops = run.extras?.level === "loops" ? run.extras : null;
  if (!loops) return undefined;
  const thread = loops.thread_cores.indexOf(core);
  const cluster = platform.clusters.find((c) => core >= c.first_core && core < c.first_core + c.cores);
  if (thread < 0) return `core ${core} (no thread)`;
  return `T${thread} · ${cluster?.core_type ?? "?"}`;
}

export interface SfRow {
  readonly loop: number;
  readonly name: string;
  readonly trueSf: number;
  /** The SF with every thread running (each cluster's L2 shared by its busy cores); equal to `trueSf` without that pressure. */
  readonly sharedSf: number;
  /** Estimated SF per run (null where the schedule uses none). */
  readonly estimated: readonly (number | null)[];
}

/** Per loop instance: the true SF (one thread, and every thread running) and each run's estimate; at most `limit` loops (the first ones). */
export function sfRows(summary: RunSummary, limit = 60): SfRow[] {
  const runs = summary.runs.map((r) => loopExtras(r)?.loops ?? []);
  const first = runs.find((l) => l.length > 0) ?? [];
  return first.slice(0, limit).map((stat, k) => ({
    loop: k,
    name: stat.name,
    trueSf: stat.true_sf,
    sharedSf: stat.shared_sf,
    estimated: runs.map((l) => l[k]?.estimated_sf ?? null),
  }));
}

/** Completion time of each run relative to the first run named `baseline` (e.g. static-bs), as a speedup. */
export function speedupOver(summary: RunSummary, baseline: string): (number | null)[] {
  const base = summary.runs.find((r) => r.scheduler === baseline)?.metrics.makespan_ns;
  return summary.runs.map((r) => (base && r.metrics.makespan_ns > 0 ? base / r.metrics.makespan_ns : null));
}
