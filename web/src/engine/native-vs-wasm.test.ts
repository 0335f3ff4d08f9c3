// The wasm build and the native CLI must agree exactly on every preset, and the page's
// first module (pkg-core) with the full one (pkg).
// Needs scripts/build-wasm.sh to have run (pkg-core/, pkg/ and target/release/asymlab).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import * as core from "./pkg-core/engine.js";
import { claim_cells, claims_on_summary, evaluate_claims, initSync, list_papers, list_platforms, list_presets, list_schedulers, platform_preset, preset_scenario, run_cell, Session, sweep_cells } from "./pkg/engine.js";
import type { Cell, CellRow, ClaimResult, PageCatalogue, PageCatalogueTexts, PresetInfo, RunSummary } from "./engine-types";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const targetDir = process.env.CARGO_TARGET_DIR ?? `${repoRoot}target`;
const cli = `${targetDir}/release/asymlab`;

interface CliOutput {
  runs: { scheduler: string; metrics: Record<string, unknown> }[];
  claims?: unknown[];
  exercise?: unknown;
}

beforeAll(() => {
  initSync({ module: readFileSync(new URL("./pkg/engine_bg.wasm", import.meta.url)) });
  core.initSync({ module: readFileSync(new URL("./pkg-core/engine_bg.wasm", import.meta.url)) });
});

/** Deep equality, but for numbers, which may differ in their last bits (relative 1e-12). */
function expectSameUpToLastBits(actual: unknown, expected: unknown, where: string): void {
  if (typeof expected === "number" && typeof actual === "number") {
    expect(Math.abs(actual - expected), where).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(expected)));
  } else if (Array.isArray(expected) && Array.isArray(actual)) {
    expect(actual.length, where).toBe(expected.length);
    expected.forEach((e, i) => expectSameUpToLastBits(actual[i], e, `${where}[${i}]`));
  } else if (expected !== null && typeof expected === "object" && actual !== null && typeof actual === "object") {
    expect(Object.keys(actual).sort(), where).toEqual(Object.keys(expected).sort());
    for (const [k, e] of Object.entries(expected)) expectSameUpToLastBits((actual as Record<string, unknown>)[k], e, `${where}.${k}`);
  } else {
    expect(actual, where).toEqual(expected);
  }
}

describe("wasm engine vs native CLI", () => {
  it("lists presets and schedulers", () => {
    const presets = JSON.parse(list_presets()) as PresetInfo[];
    expect(presets.length).toBeGreaterThan(0);
    for (const p of presets) expect(typeof p.name).toBe("string");
    expect(JSON.parse(list_schedulers("tasks")).map((s: { name: string }) => s.name)).toEqual(expect.arrayContaining(["fifo", "rws"]));
  });

  const presetNames = (): string[] => (JSON.parse(list_presets()) as PresetInfo[]).map((p) => p.name);

  it("gives identical metrics for every preset", () => {
    const names = presetNames();
    for (const name of names) {
      const scenario = preset_scenario(name);
      const session = new Session(scenario);
      let wasmSummary: RunSummary;
      try {
        const text = session.run_all();
        wasmSummary = JSON.parse(text) as RunSummary;
        // The page simulates task-level scenarios with the core module (an exercise, which carries a policy, with the
        // full one): the same summary, byte for byte, but for the claims, which the core module (no catalogue) leaves to
        // the full module's claims_on_summary. The loop and OS levels are the full module's only.
        if (wasmSummary.level !== "tasks") {
          expect(() => new core.Session(scenario), `${name}: core module`).toThrow(/full module/);
        } else if (wasmSummary.exercise === null) {
          const coreSession = new core.Session(scenario);
          const coreText = coreSession.run_all();
          coreSession.free();
          expect(JSON.parse(coreText), `${name}: core module`).toEqual({ ...wasmSummary, claims: [] });
          // The full module reads the summary's numbers back with serde_json's default (fast, not always correctly
          // rounded) float parser, so a simulated value may differ from the run's in its last bit, never in what shows.
          expectSameUpToLastBits(JSON.parse(claims_on_summary(coreText)), wasmSummary.claims, `${name}: claims of the core module's run`);
        }
      } finally {
        session.free();
      }
      const native = JSON.parse(
        execFileSync(cli, ["run", "-"], { input: scenario, encoding: "utf8", maxBuffer: 1 << 28 }),
      ) as CliOutput;
      expect(native.runs.map((r) => r.scheduler), name).toEqual(wasmSummary.runs.map((r) => r.scheduler));
      native.runs.forEach((run, i) => {
        expect(wasmSummary.runs[i].metrics, `${name} / ${run.scheduler}`).toEqual(run.metrics);
      });
      expect(wasmSummary.claims ?? [], `${name}: claims on the run`).toEqual(native.claims ?? []);
      expect(wasmSummary.exercise, `${name}: the exercise's verdict`).toEqual(native.exercise ?? null);
    }
  });

  it("rejects a platform with zero cores with an Error naming the field", () => {
    const scenario = JSON.parse(preset_scenario(presetNames()[0])) as { platform: { clusters: { cores: number }[] } };
    scenario.platform.clusters[0].cores = 0;
    let thrown: unknown;
    try {
      new Session(JSON.stringify(scenario)).free();
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).message).toMatch(/platform\.clusters\[0\]\.cores/);
  });

  it("runs OS-level sweep cells exactly as `asymlab sweep` does", () => {
    const grid = { schedulers: ["pbs", "linux"], configs: ["gem5-4l18s"], workloads: ["BB"], seeds: [3] };
    const cells = JSON.parse(sweep_cells(JSON.stringify(grid))) as Cell[];
    expect(cells.map((c) => c.index)).toEqual([0, 1]);
    const csv = execFileSync(cli, ["sweep", "--schedulers", "pbs,linux", "--configs", "gem5-4l18s", "--workloads", "BB", "--seeds", "3-3"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
    const native = csv.trim().split("\n").slice(1).map((line) => line.split(","));
    for (const cell of cells) {
      const row = JSON.parse(run_cell(JSON.stringify(cell))) as CellRow;
      const run = row.runs[0];
      const line = native.find((cols) => cols[1] === run.scheduler);
      expect(Number(line?.[5])).toBe(run.metrics.makespan_ns);
      expect(Number(line?.[13])).toBe(run.extras.migrations);
    }
  });

  it("evaluates a figure's claims from its cells exactly as `asymlab fidelity` does", () => {
    const preset = "pbs-fig1";
    const cells = JSON.parse(claim_cells(preset)) as Cell[];
    const rows = cells.map((cell) => JSON.parse(run_cell(JSON.stringify(cell))) as CellRow);
    const wasm = JSON.parse(evaluate_claims(preset, JSON.stringify(rows))) as ClaimResult[];
    const native = JSON.parse(execFileSync(cli, ["fidelity", "--json", "--preset", preset], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })) as { claims: ClaimResult[] };
    expect(wasm.length).toBeGreaterThan(0);
    expect(wasm).toEqual(native.claims);
  });

  it("writes the catalogue file the page reads exactly as the full module lists and expands it", () => {
    const read = (name: string): unknown => JSON.parse(readFileSync(new URL(`./pkg-core/${name}`, import.meta.url), "utf8"));
    const file = read("catalogue.json") as PageCatalogue;
    const texts = read("catalogue-texts.json") as PageCatalogueTexts;
    expect(file.presets).toEqual(JSON.parse(list_presets()));
    expect(file.platforms).toEqual(JSON.parse(list_platforms()));
    expect(file.default_scenario).toBe(preset_scenario(presetNames()[0]));
    expect(texts.papers).toEqual(JSON.parse(list_papers()));
    expect(Object.keys(texts.scenarios).sort()).toEqual([...presetNames()].sort());
    for (const name of presetNames()) expect(texts.scenarios[name], name).toBe(preset_scenario(name));
    for (const p of file.platforms) expect(texts.platform_presets[p.name], p.name).toBe(platform_preset(p.name));
    expect(file.presets[0].level, "the default preset runs in the core module").toBe("tasks");
  });

  it("rejects an unknown preset", () => {
    expect(() => preset_scenario("no-such-preset")).toThrow(/no-such-preset/);
  });
});
