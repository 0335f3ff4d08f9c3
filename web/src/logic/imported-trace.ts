// Turns an imported trace (engine/src/import) into the shapes the Gantt
// painter draws: lanes as rows, CPU lanes grouped into frequency domains
// (CPUs whose frequency changes carry the same values), thread lanes in a
// group of their own. Pure; no React.
import type { SegmentColumns } from "../engine/engine";
import type { ClusterSummary, FreqInterval, GanttRun, PlatformSummary } from "../engine/engine-types";
import type { ImportResult } from "../engine/import-protocol";
import { type LegendRanking, rankByRunTime } from "./legend";
import { NO_ITEM } from "../engine/engine-types";
import { groupByCore } from "./segments";

export interface ImportedView {
  readonly fileName: string;
  readonly result: ImportResult;
  /** One pseudo-cluster per frequency domain, then one for thread lanes. */
  readonly platform: PlatformSummary;
  readonly run: GanttRun;
  readonly seg: SegmentColumns;
  readonly laneLabels: readonly string[];
  readonly spanNs: number;
  /** The threads (lanes for a trace without CPUs) ranked by run time: the legend and the colour of each thread. */
  readonly legend: LegendRanking;
  /** Names of the legend: thread labels, or lane labels for a trace without CPUs (the replay's labels alike). */
  readonly legendNames: readonly string[];
}

/** Index into `legendNames` of segment `i` of the view's columns, or -1. */
export function legendKey(view: Pick<ImportedView, "result" | "seg">, i: number): number {
  if (view.result.summary.cores === 0) return view.seg.lane[i];
  const t = view.seg.item[i];
  return t === NO_ITEM ? -1 : t;
}

/** Frequency changes of each CPU, as [tNs, kHz] pairs in time order. */
function freqByCpu(r: ImportResult): Map<number, [number, number][]> {
  const out = new Map<number, [number, number][]>();
  for (let i = 0; i < r.freqCpu.length; i++) {
    const list = out.get(r.freqCpu[i]) ?? [];
    list.push([r.freqTNs[i], r.freqKhz[i]]);
    out.set(r.freqCpu[i], list);
  }
  return out;
}

export function buildImportedView(fileName: string, r: ImportResult): ImportedView {
  const s = r.summary;
  const nLanes = s.lanes;
  const freq = freqByCpu(r);
  const clusters: ClusterSummary[] = [];
  const domainOf: number[] = [];
  // Consecutive CPU lanes with the same sequence of frequency values share a domain.
  let lane = 0;
  while (lane < nLanes && s.lane_cpus[lane] !== null) {
    const key = (l: number) => JSON.stringify((freq.get(s.lane_cpus[l] ?? -1) ?? []).map((f) => f[1]));
    const first = lane;
    while (lane < nLanes && s.lane_cpus[lane] !== null && key(lane) === key(first)) lane++;
    const changes = freq.get(s.lane_cpus[first] ?? -1) ?? [];
    const levels = [...new Set(changes.map((f) => Math.round(f[1] / 1000)))].sort((a, b) => a - b);
    const cpus = `${s.lane_cpus[first]}${lane - first > 1 ? `–${s.lane_cpus[lane - 1]}` : ""}`;
    domainOf.push(first);
    clusters.push({
      name: levels.length > 0 ? `CPUs ${cpus} · ${levels[0]}–${levels[levels.length - 1]} MHz` : `CPUs ${cpus}`,
      core_type: "",
      first_core: first,
      cores: lane - first,
      freqs_mhz: levels,
      freq_mhz: levels[levels.length - 1] ?? 0,
    });
  }
  if (lane < nLanes) {
    domainOf.push(-1);
    clusters.push({ name: s.cores > 0 ? "threads" : "lanes", core_type: "", first_core: lane, cores: nLanes - lane, freqs_mhz: [], freq_mhz: 0 });
  }
  const freqIntervals: FreqInterval[] = [];
  clusters.forEach((_, c) => {
    const firstLane = domainOf[c];
    if (firstLane < 0) return;
    const changes = freq.get(s.lane_cpus[firstLane] ?? -1) ?? [];
    changes.forEach(([t, khz], i) => {
      const end = i + 1 < changes.length ? changes[i + 1][0] : s.span_ns;
      if (end > t) freqIntervals.push({ cluster: c, start_ns: t, end_ns: end, freq_mhz: Math.round(khz / 1000) });
    });
  });
  const n = r.lane.length;
  const seg = groupByCore(
        {
          lane: r.lane,
          item: r.thread,
          group: r.name,
          priority: new Uint8Array(n),
          leader: r.lane,
          width: new Uint32Array(n).fill(1),
          kind: r.kind,
          startNs: r.startNs,
          endNs: r.endNs,
        },
        nLanes,
      );
  const run: GanttRun = {
    scheduler: `imported: ${fileName}`,
    metrics: { makespan_ns: s.span_ns },
    freq_intervals: freqIntervals,
    interference_intervals: [],
  };
  const platform: PlatformSummary = { name: fileName, clusters, n_cores: nLanes };
  // Run time per thread from the CPU lanes (what ran), or per lane (outermost slices) for a trace without CPUs.
  const hasCpus = s.cores > 0;
  const legendNames = hasCpus ? r.threads : s.lane_labels;
  const legend = rankByRunTime(legendNames, [{ count: n, kind: r.kind, startNs: r.startNs, endNs: r.endNs }], (_, i) => {
    if (hasCpus) return s.lane_cpus[r.lane[i]] === null || r.thread[i] === NO_ITEM ? -1 : r.thread[i];
    return r.depth[i] === 0 ? r.lane[i] : -1;
  });
  return { fileName, result: r, platform, run, seg, laneLabels: s.lane_labels, spanNs: s.span_ns, legend, legendNames };
}

/** "line 12: …" or "byte 4096: …". */
export function diagnosticText(d: { line: number | null; offset: number | null; message: string }): string {
  if (d.line !== null) return `line ${d.line}: ${d.message}`;
  if (d.offset !== null) return `byte ${d.offset}: ${d.message}`;
  return d.message;
}

/**
 * Why nothing came of an import, or null when something did: a file with no slice and no frequency change (empty,
 * UTF-16, binary, a format no importer reads, a decompression bomb) is reported by its first diagnostics, which say what
 * the engine saw, instead of replacing the trace on show with an empty one.
 */
export function nothingImported(fileName: string, result: Pick<ImportResult, "summary" | "diagnostics">): string | null {
  if (result.summary.segments > 0 || result.summary.freq_changes > 0) return null;
  const why = result.diagnostics.slice(0, 2).map(diagnosticText).join("; ");
  return `Nothing was imported from ${fileName}: ${why || "it holds no slice and no frequency change"}.`;
}
