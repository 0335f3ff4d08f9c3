// Exports opened in an independent viewer: every sample trace and every preset (exports up to SPEEDSCOPE_MAX_MB, 20 MB
// by default; SPEEDSCOPE_MAX_MB=0 loads them all, several minutes), exported by the CLI, and the page's own Chrome trace
// download, go through speedscope's importer with no warning, and speedscope shows the threads, slices, nesting and busy
// time the export holds.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Browser } from "@playwright/test";
import { openDefault } from "./helpers";
import { expectedTracks, SpeedscopeServer } from "./speedscope";

const CLI = join(process.cwd(), "target/release/asymlab");
const MAX_MB = Number(process.env.SPEEDSCOPE_MAX_MB ?? 20);
const server = new SpeedscopeServer();
let dir = "";

test.beforeAll(async () => {
  // Made here, not at load, so that collecting the tests leaves no directory behind.
  dir = mkdtempSync(join(tmpdir(), "asymlab-speedscope-"));
  await server.start();
});
test.afterAll(async () => {
  await server.stop();
  // The exports of every sample trace and preset take about 2 GB: never leave them behind.
  rmSync(dir, { recursive: true, force: true });
});

/** Loads `file` (holding `json`) into speedscope and checks it against what the export says. */
async function check(browser: Browser, file: string, json: string): Promise<number> {
  const expected = expectedTracks(json);
  const { warnings, profiles } = await server.load(browser, file);
  expect(warnings, `${file}: speedscope warnings`).toEqual([]);
  expect(profiles.length, `${file}: one speedscope profile per thread track with slices`).toBe(expected.size);
  for (const p of profiles) {
    const want = expected.get(`${p.pid}:${p.tid}`);
    expect(want, `${file}: ${p.name} is a track of the export`).toBeDefined();
    expect({ slices: p.slices, maxDepth: p.maxDepth }, `${file}: ${p.name}`).toEqual({ slices: want?.slices, maxDepth: want?.maxDepth });
    expect(Math.abs(p.busyUs - (want?.busyUs ?? 0)), `${file}: ${p.name} busy time`).toBeLessThan(1e-6 * Math.max(1, want?.busyUs ?? 0));
  }
  return profiles.length;
}

function exportWithCli(input: string, name: string): { file: string; json: string } | null {
  const file = join(dir, `${name}.json`);
  const json = execFileSync(CLI, ["export", "--chrome", input], { maxBuffer: 1 << 30 }).toString("utf8");
  writeFileSync(file, json);
  return MAX_MB > 0 && statSync(file).size > MAX_MB * 1024 * 1024 ? null : { file, json };
}

test("every sample trace loads into speedscope with no warning and the exported counts", async ({ browser }) => {
  test.setTimeout(300_000);
  const traces = readdirSync("traces", { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/\.(md|pcf|row)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
  expect(traces.length).toBeGreaterThanOrEqual(10);
  for (const input of traces) {
    const exported = exportWithCli(join(process.cwd(), input), input.replace(/[/\\]/g, "_"));
    if (!exported) continue;
    // The process is named after the file, never its directories.
    expect(exported.json).not.toContain(process.cwd());
    await check(browser, exported.file, exported.json);
  }
});

test("every preset loads into speedscope with no warning and the exported counts", async ({ browser }) => {
  const presets = execFileSync(CLI, ["list", "presets"]).toString("utf8").trim().split("\n");
  test.setTimeout(MAX_MB > 0 ? 600_000 : 3_600_000);
  let loaded = 0;
  for (const preset of presets) {
    const exported = exportWithCli(preset, preset);
    if (!exported) continue;
    const meta = JSON.parse(exported.json.slice(0, exported.json.indexOf(',"traceEvents"')) + "}") as {
      otherData: { scenario: string; engine_version: string; asymlab: { processes: { name: string }[] } };
    };
    expect(meta.otherData.engine_version).toMatch(/^\d+\.\d+\.\d+/);
    expect(meta.otherData.scenario.length).toBeGreaterThan(0);
    const profiles = await check(browser, exported.file, exported.json);
    expect(profiles).toBeGreaterThan(0);
    loaded += 1;
  }
  expect(loaded, "the default size limit still leaves most presets in").toBeGreaterThanOrEqual(presets.length / 2);
});

test("the page's Chrome trace loads into speedscope with no warning", async ({ page, browser }) => {
  await openDefault(page);
  await page.getByTestId("tab-export").click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-trace").click()]);
  const file = join(dir, "page-trace.json");
  await download.saveAs(file);
  const json = readFileSync(file, "utf8");
  // The default scenario: two schedulers on 8 cores, every core busy.
  expect(await check(browser, file, json)).toBe(16);
});

test("the harness sees speedscope's warnings on the old complete-event encoding", async ({ browser }) => {
  // The numbers: 752 + 83.334 is 835.3340000000001 in double precision, after the next slice's start.
  const events = [
    { ph: "X", pid: 1, tid: 1, ts: 752.0, dur: 83.334, name: "matmul" },
    { ph: "X", pid: 1, tid: 1, ts: 835.334, dur: 10, name: "overhead" },
  ];
  const file = join(dir, "old-encoding.json");
  writeFileSync(file, JSON.stringify({ traceEvents: events }));
  const { warnings } = await server.load(browser, file);
  expect(warnings.some((w) => w.includes("Tried to end"))).toBe(true);
});
