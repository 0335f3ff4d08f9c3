// The engine's claim results as table text, and the gallery's verdicts by preset. Pure, unit-tested; the engine does the
// evaluating (engine/src/claims), this only formats.
import type { ClaimResult } from "../engine/engine-types";
import { formatMetric } from "../logic/format";

/** A value with its unit: "3.5×", "14 %", "0.75 W". */
export function withUnit(value: number, unit: string): string {
  const text = formatMetric(value, 3);
  // A no-break space, so that a table cell never leaves the unit alone on the next line.
  return unit === "" || unit === "×" ? `${text}${unit}` : `${text}\u00a0${unit}`;
}

/** The paper's side of a claim in a sentence: its number, or for a direction ("ahead at every P", value 0) its band. */
export function paperText(r: ClaimResult): string {
  return r.value === 0 && /^[<>≤≥]/.test(r.band_text) ? r.band_text : withUnit(r.value, r.unit);
}

/** The simulated value: one run's value, or the mean over seeds with its range. */
export function simulatedText(r: ClaimResult): string {
  const s = r.simulated;
  if (!s) return "—";
  const mean = withUnit(s.mean, r.unit);
  if (s.pooled) return `${mean} averaged (single runs ${formatMetric(s.min, 3)} – ${formatMetric(s.max, 3)})`;
  return s.per_seed.length > 1 && s.min !== s.max ? `${mean} (${formatMetric(s.min, 3)} – ${formatMetric(s.max, 3)})` : mean;
}

/** "holds", "off by -36%", or why it was not measured. */
export function verdictText(r: ClaimResult): string {
  return r.verdict?.text ?? (r.error ? "not measured" : "—");
}

/** The catalogue's verdict under a one-run row whose claim aggregates more runs (other programs, configurations or
 * repetitions): "over all 100 runs: holds (11.5 %)"; null when the catalogue measures the claim on this run alone. */
export function overAllRuns(run: ClaimResult, all: ClaimResult | undefined): string | null {
  if (!all || all.cells <= run.cells || !all.simulated) return null;
  return `over all ${all.cells} runs: ${verdictText(all)} (${withUnit(all.simulated.mean, all.unit)})`;
}

/** The evaluated claims of each preset, from `asymlab fidelity --json`. */
export function claimsByPreset(claims: readonly ClaimResult[]): Map<string, ClaimResult[]> {
  const out = new Map<string, ClaimResult[]>();
  for (const c of claims) out.set(c.preset, [...(out.get(c.preset) ?? []), c]);
  return out;
}

/** The evaluated claims by id, for a one-run row to find its claim's verdict over all runs. */
export function claimsById(claims: readonly ClaimResult[]): Map<string, ClaimResult> {
  return new Map(claims.map((c) => [c.id, c]));
}
