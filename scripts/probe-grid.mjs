//! Probe a grid of catalogue parameters against the papers' claims: for every combination of the `--set` values,
//! copy engine/catalogue, change the values, run `asymlab --catalogue COPY fidelity --against BASE` and report which
//! verdicts flip. The workflow of docs/model-reference.md's "measured, not adopted" paragraphs, for many settings at once.
//!
//! node scripts/probe-grid.mjs --paper saez2020 \
//!   --set 'classes/aid-*.json:line_ns=40,60,90' --set 'platforms/odroid-xu4.json:platform.clock_read_ns=0,262'
//!
//! A `--set` names files (a `*` matches within one path segment), then either a bare key, replaced wherever it occurs
//! in those files (`line_ns`: every `costs.line_ns`), or a dotted path from the file's root, created when absent
//! (`platform.clock_read_ns`). Options after `--` go to `asymlab fidelity` (e.g. `-- --first-seed 1001`, the held-out check's streams). Prints one
//! JSON line per setting, then the settings ranked by claims closed minus claims broken. Needs the release CLI
//! (`npm run probe` builds it first).

import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(fileURLToPath(import.meta.url), "..", "..");
const cli = join(root, "target", "release", "asymlab");
const catalogue = join(root, "engine", "catalogue");

function fail(message) {
  console.error(`probe-grid: ${message}`);
  process.exit(2);
}

/** `--set FILES:KEY=V1,V2` → { files, key, values }. */
export function parseSet(text) {
  const m = /^([^:]+):([A-Za-z0-9_.]+)=(.+)$/.exec(text);
  if (!m) fail(`--set '${text}' is not FILES:KEY=V1,V2`);
  const values = m[3].split(",").map((v) => {
    const n = Number(v);
    if (v.trim() === "" || !Number.isFinite(n)) fail(`--set '${text}': '${v}' is not a number`);
    return n;
  });
  return { files: m[1], key: m[2], values };
}

/** Whether the catalogue-relative path `path` matches `pattern` (`*` within one segment). */
export function matches(pattern, path) {
  const re = new RegExp(`^${pattern.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join("[^/]*")}$`);
  return re.test(path);
}

/** Sets `key` in `doc`: a dotted path from the root (created), or a bare key wherever it occurs. Returns the count. */
export function setValue(doc, key, value) {
  if (key.includes(".")) {
    const parts = key.split(".");
    let at = doc;
    for (const p of parts.slice(0, -1)) {
      if (typeof at[p] !== "object" || at[p] === null) return 0;
      at = at[p];
    }
    at[parts[parts.length - 1]] = value;
    return 1;
  }
  let count = 0;
  const walk = (node) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      for (const [k, v] of Object.entries(node)) {
        if (k === key && typeof v === "number") {
          node[k] = value;
          count += 1;
        } else walk(v);
      }
    }
  };
  walk(doc);
  return count;
}

function jsonFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...jsonFiles(path));
    else if (name.endsWith(".json")) out.push(path);
  }
  return out;
}

/** A catalogue copy with `setting` (one value per `--set`) applied. */
function copyWith(sets, setting) {
  const dir = mkdtempSync(join(tmpdir(), "probe-grid-"));
  cpSync(catalogue, dir, { recursive: true });
  const files = jsonFiles(dir).map((p) => ({ path: p, rel: relative(dir, p).split(sep).join("/") }));
  sets.forEach((set, i) => {
    let changed = 0;
    for (const f of files.filter((f) => matches(set.files, f.rel))) {
      const doc = JSON.parse(readFileSync(f.path, "utf8"));
      const n = setValue(doc, set.key, setting[i]);
      if (n > 0) writeFileSync(f.path, JSON.stringify(doc, null, 2));
      changed += n;
    }
    if (changed === 0) fail(`--set ${set.files}:${set.key} changes nothing (no such file or key)`);
  });
  return dir;
}

function fidelity(args) {
  return execFileSync(cli, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 28 });
}

/** What `--against` reports: claims holding, verdicts flipped ({ closed, broken }: ids), other means moved > 1%. */
export function verdicts(report) {
  const ids = (word) => report.split("\n").filter((l) => l.trim().startsWith(`now ${word}`)).map((l) => l.trim().split(/\s+/)[2]);
  const holds = /Of those, (\d+) hold here/.exec(report);
  const moved = /(\d+) other means moved/.exec(report);
  return { holds: holds ? Number(holds[1]) : null, closed: ids("holds"), broken: ids("fails"), moved: moved ? Number(moved[1]) : null };
}

function main() {
  const argv = process.argv.slice(2);
  const dash = argv.indexOf("--");
  const own = dash < 0 ? argv : argv.slice(0, dash);
  const passed = dash < 0 ? [] : argv.slice(dash + 1);
  const sets = [];
  const filter = [];
  for (let i = 0; i < own.length; i++) {
    if (own[i] === "--set") sets.push(parseSet(own[++i] ?? ""));
    else if (own[i] === "--paper" || own[i] === "--preset") filter.push(own[i], own[++i] ?? "");
    else fail(`unknown argument '${own[i]}' (--set FILES:KEY=V1,V2, --paper P, --preset P, -- FIDELITY OPTIONS)`);
  }
  if (sets.length === 0) fail("give at least one --set FILES:KEY=V1,V2");
  try {
    statSync(cli);
  } catch {
    fail(`${cli} is missing: run it as npm run probe, which builds it`);
  }
  const work = mkdtempSync(join(tmpdir(), "probe-grid-base-"));
  const base = join(work, "base.json");
  writeFileSync(base, fidelity(["fidelity", ...filter, ...passed, "--json"]));
  const grid = sets.reduce((acc, s) => acc.flatMap((row) => s.values.map((v) => [...row, v])), [[]]);
  const results = [];
  for (const setting of grid) {
    const dir = copyWith(sets, setting);
    try {
      const report = fidelity(["--catalogue", dir, "fidelity", ...filter, ...passed, "--against", base]);
      const row = { setting: Object.fromEntries(sets.map((s, i) => [`${s.files}:${s.key}`, setting[i]])), ...verdicts(report) };
      results.push(row);
      console.log(JSON.stringify(row));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  rmSync(work, { recursive: true, force: true });
  results.sort((a, b) => b.closed.length - b.broken.length - (a.closed.length - a.broken.length));
  console.log("\nranked by claims closed minus claims broken:");
  for (const r of results) {
    const s = Object.values(r.setting).join(", ");
    console.log(`  [${s}] holds ${r.holds}, ${r.moved} means moved: closes ${r.closed.join(" ") || "-"}; breaks ${r.broken.join(" ") || "-"}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
