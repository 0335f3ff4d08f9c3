// Which metric a guide step talks about, so presenter mode can show that one number beside the Gantt. The
// catalogue's steps are prose; the metric is the first one their words (or the preset's question and claims)
// name, makespan otherwise. Pure, unit-tested.
import type { MetricColumn } from "./metrics-table";

/** Words that name a metric column, most specific first. */
const KEYWORDS: readonly (readonly [RegExp, readonly string[]])[] = [
  [/\bEDP\b|energy[- ]delay/i, ["edp-norm", "edp"]],
  [/\benerg/i, ["energy-norm", "energy"]],
  [/\bpower\b|\bwatts?\b/i, ["power"]],
  [/throughput|tasks per second|tasks\/s/i, ["throughput"]],
  [/speed-?up/i, ["speedup-little", "speedup"]],
  [/makespan|finish|faster|slower|completion|time/i, ["makespan"]],
];

/** The key of the metric column the texts talk about, among `columns`; "makespan" when none is named. */
export function guideMetricKey(texts: readonly (string | undefined)[], columns: readonly Pick<MetricColumn, "key">[]): string {
  const have = new Set(columns.map((c) => c.key));
  for (const text of texts) {
    if (!text) continue;
    for (const [pattern, keys] of KEYWORDS) {
      if (!pattern.test(text)) continue;
      const key = keys.find((k) => have.has(k));
      if (key) return key;
    }
  }
  return "makespan";
}
