// A trace's replays (engine/src/replay, `TraceImport.replay`) as Gantts the painter draws under the recording on the
// same time axis: one per replay run, CPUs grouped by the replay's clusters, each titled with its span and busy-time
// errors against the recording. Pure; no React.
import type { SegmentColumns } from "../engine/engine";
import type { ClusterSummary, GanttRun, PlatformSummary } from "../engine/engine-types";
import { SegKind } from "../engine/engine-types";
import type { ReplayResult, ReplayRunSummary } from "../engine/import-protocol";
import { groupByCore } from "./segments";

/** The documented replay target (docs/importing-traces.md): span and mean busy error within 10%. */
export const REPLAY_TARGET = 0.1;

export interface ReplayGanttRun {
  readonly summary: ReplayRunSummary;
  /** "linux · recorded wake-up CPUs" */
  readonly title: string;
  readonly run: GanttRun;
  /** Work segments; `item` and `group` are the thread (index into the result's labels). */
  readonly seg: SegmentColumns;
}

export interface ReplayView {
  readonly result: ReplayResult;
  readonly platform: PlatformSummary;
  /** "CPU 4" per core, in the replay's core order. */
  readonly laneLabels: readonly string[];
  readonly runs: readonly ReplayGanttRun[];
  /** The latest end of the recording and every replay. */
  readonly spanNs: number;
}

export function buildReplayView(result: ReplayResult): ReplayView {
  let first = 0;
  const clusters: ClusterSummary[] = result.clusters.map((c) => {
    const cpus = result.cpus.slice(first, first + c.cores);
    const cluster = { name: `${c.name} · CPUs ${cpus.join(",")}`, core_type: "", first_core: first, cores: c.cores, freqs_mhz: [], freq_mhz: 0 };
    first += c.cores;
    return cluster;
  });
  const nCores = result.cpus.length;
  const platform: PlatformSummary = { name: "replay", clusters, n_cores: nCores };
  const runs = result.runs.map((summary): ReplayGanttRun => {
    const s = summary.segments;
    const n = s.lane.length;
    const thread = Uint32Array.from(s.thread);
    const lane = Uint32Array.from(s.lane);
    const seg = groupByCore(
      {
        lane,
        item: thread,
        group: thread,
        priority: new Uint8Array(n),
        leader: lane,
        width: new Uint32Array(n).fill(1),
        kind: new Uint8Array(n).fill(SegKind.Work),
        startNs: Float64Array.from(s.start_ns),
        endNs: Float64Array.from(s.end_ns),
      },
      nCores,
    );
    const wakeups = summary.scheduler === "recorded" ? "the recorded CPUs" : summary.wakeups === "recorded" ? "recorded wake-up CPUs" : "its own wake-up choices";
    const run: GanttRun = { scheduler: `replay: ${summary.scheduler}`, metrics: { makespan_ns: summary.sim.span_ns }, freq_intervals: [], interference_intervals: [] };
    return { summary, title: `${summary.scheduler} · ${wakeups}`, run, seg };
  });
  const spanNs = Math.max(result.trace.span_ns, ...result.runs.map((r) => r.sim.span_ns), 1);
  return { result, platform, laneLabels: result.cpus.map((c) => `CPU ${c}`), runs, spanNs };
}

/** "12.3%" */
export function errorText(x: number): string {
  return `${(x * 100).toFixed(1)}%`;
}
