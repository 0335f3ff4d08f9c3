import { expect, test } from "vitest";
import type { ClaimResult } from "../engine/engine-types";
import { claimsById, claimsByPreset, overAllRuns, paperText, simulatedText, verdictText, withUnit } from "./claim-rows";

const claim = (preset: string, per_seed: number[], verdict: ClaimResult["verdict"], unit = "×"): ClaimResult => ({
  id: `x-${preset}`,
  paper: "chen2020",
  figure: "Fig. 4(a)",
  label: "DAM-C over RWS",
  claim: "up to 3.5×",
  unit,
  value: 3.5,
  status: "known_gap",
  seeds: per_seed.length,
  preset,
  bounds: { min: 2.45, max: 3.5, min_strict: false, max_strict: false },
  band_text: "2.45 – 3.5×",
  scope: per_seed.length > 1 ? "grid" : "run",
  cells: per_seed.length,
  simulated: per_seed.length ? { mean: per_seed.reduce((a, b) => a + b, 0) / per_seed.length, min: Math.min(...per_seed), max: Math.max(...per_seed), per_seed, pooled: false } : null,
  verdict,
});

test("values carry their unit; one run shows its value, several seeds the mean and range", () => {
  expect(withUnit(3.5, "×")).toBe("3.50×");
  expect(withUnit(14, "%")).toBe("14.0\u00a0%");
  expect(simulatedText(claim("a", [2.2], { holds: false, off_by_pct: -37, text: "off by -37%" }))).toBe("2.20×");
  expect(simulatedText(claim("a", [2, 2.4], null))).toBe("2.20× (2.00 – 2.40)");
  expect(simulatedText(claim("a", [2, 2], null))).toBe("2.00×");
  expect(simulatedText(claim("a", [], null))).toBe("—");
  // A pooled claim's value is that of the runs averaged over repetitions, which may lie outside the single runs' range.
  const pooled = claim("a", [-9, -9], null, "%");
  expect(simulatedText({ ...pooled, simulated: pooled.simulated && { ...pooled.simulated, mean: 1, pooled: true } })).toBe("1.00\u00a0% averaged (single runs -9.00 – -9.00)");
});

test("the paper's side is its number, or the band of a direction", () => {
  expect(paperText(claim("a", [3], null))).toBe("3.50×");
  expect(paperText({ ...claim("a", [3], null), value: 0, unit: "%", band_text: "> 0 %" })).toBe("> 0 %");
  expect(paperText({ ...claim("a", [3], null), value: 0, unit: "%", band_text: "-5 – 5 %" })).toBe("0\u00a0%");
});

test("verdicts read from the engine, and claims group by preset", () => {
  expect(verdictText(claim("a", [3], { holds: true, off_by_pct: null, text: "holds" }))).toBe("holds");
  expect(verdictText({ ...claim("a", [], null), error: "missing" })).toBe("not measured");
  const groups = claimsByPreset([claim("a", [1], null), claim("b", [1], null), claim("a", [2], null)]);
  expect([...groups.keys()]).toEqual(["a", "b"]);
  expect(groups.get("a")?.length).toBe(2);
});

test("a one-run row shows the catalogue's verdict over all of its claim's runs, and only when there are more", () => {
  const run = claim("a", [59.5], { holds: false, off_by_pct: 297, text: "off by +297%" }, "%");
  const all = claim("a", [17, 17.2], { holds: true, off_by_pct: 0, text: "holds" }, "%");
  expect(overAllRuns(run, all)).toBe("over all 2 runs: holds (17.1\u00a0%)");
  expect(overAllRuns(run, undefined)).toBeNull();
  expect(overAllRuns(run, { ...all, cells: 1 })).toBeNull();
  expect(overAllRuns(run, { ...all, simulated: null })).toBeNull();
  expect(claimsById([all]).get(all.id)).toBe(all);
});
