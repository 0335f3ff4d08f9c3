// Human-readable formatting of times and metrics. Pure, unit-tested.
import type { Nanos } from "../types/units";

/** A duration with a unit that keeps 3-4 significant digits: "850 ns", "12.5 µs", "3.21 ms", "1.50 s". */
export function formatDuration(ns: Nanos): string {
  const abs = Math.abs(ns);
  if (abs < 1e3) return `${trimNumber(ns, 0)} ns`;
  if (abs < 1e6) return `${sig(ns / 1e3)} µs`;
  if (abs < 1e9) return `${sig(ns / 1e6)} ms`;
  return `${sig(ns / 1e9)} s`;
}

/** A time as milliseconds with `digits` decimals: "12.345 ms". */
export function formatMs(ns: Nanos, digits = 3): string {
  return `${(ns / 1e6).toFixed(digits)} ms`;
}

/** An axis tick label for time `ns`, given the tick step, in ms or µs. */
export function formatTick(ns: Nanos, stepNs: Nanos): string {
  if (stepNs >= 1e5 || ns === 0) {
    const digits = Math.max(0, Math.min(3, -Math.floor(Math.log10(Math.max(stepNs, 1) / 1e6) + 1e-9)));
    return ns === 0 ? "0" : `${(ns / 1e6).toFixed(digits)} ms`;
  }
  const digits = Math.max(0, Math.min(3, -Math.floor(Math.log10(Math.max(stepNs, 1) / 1e3) + 1e-9)));
  return `${(ns / 1e3).toFixed(digits)} µs`;
}

function sig(value: number): string {
  const abs = Math.abs(value);
  const digits = abs >= 100 ? 1 : abs >= 10 ? 2 : 3;
  return trimNumber(value, digits);
}

function trimNumber(value: number, digits: number): string {
  return value.toFixed(digits);
}

/** A metric value with a fixed number of significant digits and thousands separators. */
export function formatMetric(value: number, significant = 4): string {
  if (!Number.isFinite(value)) return "—";
  if (value === 0) return "0";
  const abs = Math.abs(value);
  if (abs >= 10 ** significant) return Math.round(value).toLocaleString("en-US");
  if (abs < 1e-3) return value.toExponential(significant - 1);
  const digits = Math.max(0, significant - 1 - Math.floor(Math.log10(abs)));
  return value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

/** A fraction as a percentage: 0.923 → "92.3 %". */
export function formatPercent(fraction: number): string {
  return Number.isFinite(fraction) ? `${(fraction * 100).toFixed(1)} %` : "—";
}

/** Scheduler identifiers shown in headings: "fifo" → "FIFO", "dam-p" → "DAM-P". */
export function schedulerLabel(name: string): string {
  return name.toUpperCase();
}
