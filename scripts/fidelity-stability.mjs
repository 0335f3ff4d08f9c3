//! How certain each claim's verdict is: evaluates every claim on several more sets of repetitions than the tests use
//! (random streams from 2001, 3001, …, each set as many streams as the claim's own count) and lists the claims whose
//! verdict differs from the catalogue's on some set, then the holding claims whose mean lies fewest standard errors
//! inside their band (the error estimated from the spread of the sets' means). A claim that holds "in expectation" but
//! flips on one set in ten needs more repetitions (`seeds` in its preset), or is not a claim that holds.
//!
//! node scripts/fidelity-stability.mjs [--sets 8] [--paper P | --preset P | --claim C] [--catalogue DIR]
//!
//! Needs the release CLI (`npm run stability` builds it first). Each set takes as long as `asymlab fidelity` (about
//! 40 s for the whole catalogue on two cores), so this belongs in a script, not in `npm test`.

import { execFileSync } from "node:child_process";
import { statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const cli = join(root, "target", "release", "asymlab");

/** The first stream of held-out set `i` (0-based): well past the tests' own (1 …) and check (1001 …) streams. */
export function firstSeedOf(i) {
  return 2001 + 1000 * i;
}

function meanOf(xs) {
  return xs.reduce((a, b) => a + b, 0) / xs.length;
}

/** Distance of `x` inside `bounds` ({min, max}; either may be null), negative outside. */
export function inside(x, bounds) {
  const d = [];
  if (bounds.min !== null && bounds.min !== undefined) d.push(x - bounds.min);
  if (bounds.max !== null && bounds.max !== undefined) d.push(bounds.max - x);
  return d.length ? Math.min(...d) : Infinity;
}

/**
 * From the claims of `asymlab fidelity --json` reports, one per set: per claim, the sets whose verdict differs from the
 * catalogue's status, the mean over sets, the standard error of one set's mean (the spread of the sets' means) and the
 * holding claims' margin inside the band in those errors (`z`; Infinity when every set gives the same value up to
 * rounding and holds).
 */
export function stability(reports) {
  const first = reports[0]?.claims ?? [];
  return first.map((claim, i) => {
    const sets = reports.map((r) => r.claims[i]).filter((c) => c && c.id === claim.id && c.simulated && c.verdict);
    const means = sets.map((c) => c.simulated.mean);
    const m = means.length ? meanOf(means) : NaN;
    const sd = means.length > 1 ? Math.sqrt(means.reduce((a, x) => a + (x - m) ** 2, 0) / (means.length - 1)) : 0;
    const holds = claim.status === "holds";
    const flips = sets.map((c, k) => ({ set: k, mean: c.simulated.mean, holds: c.verdict.holds })).filter((s) => s.holds !== holds);
    const margin = inside(m, claim.bounds);
    // Every set gives the same value up to rounding (a deterministic claim, maybe on its band's closed edge): the sets'
    // verdicts say it all.
    const steady = sd <= 1e-9 * Math.max(1, Math.abs(m));
    const z = steady ? (flips.length === 0 && holds ? Infinity : -Infinity) : margin / sd;
    return { id: claim.id, status: claim.status, band: claim.band_text, seeds: claim.seeds, sets: sets.length, mean: m, se: sd, z, flips };
  });
}

function fidelity(args) {
  return JSON.parse(execFileSync(cli, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 28 }));
}

function fmt(x) {
  return Number.isFinite(x) ? Number(x.toPrecision(4)).toString() : String(x);
}

function main() {
  const argv = process.argv.slice(2);
  let sets = 8;
  const filter = [];
  const pre = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--sets") sets = Number(argv[++i]);
    else if (a === "--paper" || a === "--preset" || a === "--claim") filter.push(a, argv[++i] ?? "");
    else if (a === "--catalogue") pre.push(a, argv[++i] ?? "");
    else {
      console.error(`fidelity-stability: unknown argument '${a}' (--sets N, --paper P, --preset P, --claim C, --catalogue DIR)`);
      process.exit(2);
    }
  }
  if (!(Number.isInteger(sets) && sets >= 2)) {
    console.error("fidelity-stability: --sets takes a whole number from 2");
    process.exit(2);
  }
  try {
    statSync(cli);
  } catch {
    console.error(`fidelity-stability: ${cli} is missing: run it as npm run stability, which builds it`);
    process.exit(2);
  }
  const reports = [];
  for (let i = 0; i < sets; i++) {
    const first = firstSeedOf(i);
    process.stderr.write(`set ${i + 1} of ${sets}: streams from ${first}\n`);
    reports.push(fidelity([...pre, "fidelity", ...filter, "--first-seed", String(first), "--json"]));
  }
  const rows = stability(reports);
  const flipped = rows.filter((r) => r.flips.length > 0);
  console.log(`${rows.length} claims over ${sets} held-out sets of repetitions (streams from ${firstSeedOf(0)}, ${firstSeedOf(1)}, …)`);
  console.log(`\nverdicts that differ from the catalogue's on some set: ${flipped.length}`);
  for (const r of flipped) {
    const where = r.flips.map((f) => `${firstSeedOf(f.set)}: ${fmt(f.mean)}`).join(", ");
    console.log(`  ${r.id} (${r.status}, band ${r.band}, ${r.seeds} repetitions): mean ${fmt(r.mean)}; ${where}`);
  }
  const near = rows.filter((r) => r.status === "holds" && Number.isFinite(r.z)).sort((a, b) => a.z - b.z).slice(0, 15);
  console.log("\nholding claims nearest their band's edge (margin in standard errors of one set's mean; under 2.5 is fragile):");
  for (const r of near) console.log(`  ${fmt(r.z).padStart(6)}  ${r.id} (band ${r.band}, ${r.seeds} repetitions): mean ${fmt(r.mean)} ± ${fmt(r.se)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
