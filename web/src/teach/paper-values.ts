// "Paper vs simulated": measures a preset's paper values in a run summary.
// Pure, unit-tested. Also reads the comparison some preset files put in the
// run summary itself (`summary.paper`), so every preset's numbers show up
// in one table whichever way it reports them.
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

/** Reads a dotted path (`metrics.busy_ns_per_core.0`, `extras.speedup`) from a run's `{metrics, extras}`; null unless it ends on a finite number. */
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
  const run = (name: string) => {
    const found = summary.runs.find((r) => r.scheduler === name);
    return found && { metrics: found.metrics, extras: found.extras };
  };
  const num = metricAt(run(value.scheduler), value.metric);
  if (num === null) return null;
  if (value.over === undefined && value.over_metric === undefined) return num * value.scale;
  const den = metricAt(run(value.over ?? value.scheduler), value.over_metric ?? value.metric);
  return den === null || den === 0 ? null : (num * value.scale) / den;
}

/**
 * Rows from the engine's own comparison, `summary.paper` (`[{claim, paper, simulated, measure: {kind}}]`), which
 * preset files may emit for measures the summary alone cannot give (priority shares). Shares are shown in %.
 */
export function summaryPaperRows(summary: RunSummary): PaperRow[] {
  const list = (summary as unknown as { paper?: unknown }).paper;
  if (!Array.isArray(list)) return [];
  const rows: PaperRow[] = [];
  for (const item of list) {
    if (!isRecord(item) || typeof item.paper !== "number") continue;
    const kind = typeof item.kind === "string" ? item.kind : "";
    const share = kind.startsWith("priority_share");
    const sim = typeof item.simulated === "number" && Number.isFinite(item.simulated) ? item.simulated : null;
    rows.push({
      label: typeof item.claim === "string" ? item.claim : "",
      paper: share ? item.paper * 100 : item.paper,
      unit: share ? "%" : kind === "throughput_ratio" ? "×" : "",
      simulated: sim === null ? null : share ? sim * 100 : sim,
    });
  }
  return rows;
}

/** Every "Paper vs simulated" row: the preset's `paper_values`, then the engine's `summary.paper`. */
export function paperRows(preset: PresetInfo, summary: RunSummary): PaperRow[] {
  const own = (preset.paper_values ?? []).map((v) => ({
    label: v.label,
    paper: v.paper,
    unit: v.unit,
    simulated: measure(summary, v),
    note: v.note,
  }));
  return [...own, ...summaryPaperRows(summary)];
}
