// "Paper vs simulated": measures a preset's paper values in a run summary.
// Pure, unit-tested. Also reads the `paper` list some preset branches emit
// ({claim, paper, measure: {kind: "throughput_ratio", num, den}}), so every
// preset's numbers show up here whichever format it uses.
import type { PaperValue, PresetInfo, RunSummary } from "../engine/engine-types";

export interface PaperRow {
  readonly label: string;
  readonly paper: number;
  readonly unit: string;
  /** null when the run lacks the scheduler or metric (the scenario was edited). */
  readonly simulated: number | null;
  readonly note?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads a dotted path (`busy_ns_per_core.0`) from a metrics object; null unless it ends on a finite number. */
export function metricAt(metrics: unknown, path: string): number | null {
  let value: unknown = metrics;
  for (const part of path.split(".")) {
    if (Array.isArray(value)) value = value[Number(part)];
    else if (isRecord(value)) value = value[part];
    else return null;
  }
  return typeof value === "number" && Number.isFinite(value) ? value : null;
}

/** The simulated value of one paper value, or null when it cannot be measured. */
export function measure(summary: RunSummary, value: PaperValue): number | null {
  const run = (name: string) => summary.runs.find((r) => r.scheduler === name)?.metrics;
  const num = metricAt(run(value.scheduler), value.metric);
  if (num === null) return null;
  if (value.over === undefined && value.over_metric === undefined) return num * value.scale;
  const den = metricAt(run(value.over ?? value.scheduler), value.over_metric ?? value.metric);
  return den === null || den === 0 ? null : (num * value.scale) / den;
}

/** Paper values of a preset in this file's format, converting the other known format. */
export function paperValuesOf(preset: PresetInfo): PaperValue[] {
  const out: PaperValue[] = [...(preset.paper_values ?? [])];
  const other = (preset as unknown as { paper?: unknown }).paper;
  if (Array.isArray(other)) {
    for (const item of other) {
      if (!isRecord(item) || typeof item.paper !== "number" || !isRecord(item.measure)) continue;
      const label = typeof item.claim === "string" ? item.claim : "";
      const m = item.measure;
      if (m.kind === "throughput_ratio" && typeof m.num === "string" && typeof m.den === "string") {
        out.push({ label, paper: item.paper, unit: "×", scheduler: m.num, metric: "throughput_tasks_per_s", scale: 1, over: m.den });
      } else {
        // Not measurable from the summary: shown with the paper's number only.
        out.push({ label, paper: item.paper, unit: "", scheduler: "", metric: "", scale: 1 });
      }
    }
  }
  return out;
}

export function paperRows(preset: PresetInfo, summary: RunSummary): PaperRow[] {
  return paperValuesOf(preset).map((v) => ({
    label: v.label,
    paper: v.paper,
    unit: v.unit,
    simulated: v.metric ? measure(summary, v) : null,
    note: v.note,
  }));
}
