// Browser part of `npm run bench` (Playwright + Debian chromium on a
// production build): how fast the explorer answers an edit with every task
// scheduler side by side, and frame times when panning and zooming a Gantt
// of more than a million segments. Prints figures; asserts nothing.
import { spawn, execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const PORT = Number(process.env.BENCH_PORT ?? 4191);
const CHROMIUM = "/usr/bin/chromium";
const EDITS = Number(process.env.BENCH_EDITS ?? 15);
const FRAMES = Number(process.env.BENCH_FRAMES ?? 40);
const BIG_TASKS = Number(process.env.BENCH_BIG_TASKS ?? 300_000);
const COLD_LOADS = Number(process.env.BENCH_COLD_LOADS ?? 7);

if (!existsSync(CHROMIUM)) {
  console.log(`browser bench skipped: ${CHROMIUM} missing (npm test installs it)`);
  process.exit(0);
}
const { chromium } = await import("@playwright/test");

execFileSync("npx", ["--no-install", "vite", "build", "--logLevel", "error"], { cwd: repoRoot, stdio: ["ignore", "ignore", "inherit"] });
const server = spawn("npx", ["--no-install", "vite", "preview", "--port", String(PORT), "--strictPort"], { cwd: repoRoot, stdio: "ignore", detached: true });
const stopServer = () => {
  try {
    process.kill(-server.pid);
  } catch {
    // already gone
  }
};
process.on("exit", stopServer);

const url = `http://127.0.0.1:${PORT}/`;
for (let i = 0; i < 100; i++) {
  try {
    if ((await fetch(url)).ok) break;
  } catch {
    await new Promise((r) => setTimeout(r, 100));
  }
}

const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return { median: q(0.5), p95: q(0.95), max: s[s.length - 1] };
};
const fmt = (x) => x.toFixed(1);
const spreadOf = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  const median = n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  return `${fmt(median)} (${fmt(s[0])}–${fmt(s[n - 1])}, n=${n})`;
};

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
try {
  // 0. Cold loads (a fresh context each: no cache): when the first Gantt is drawn after navigation, and the gzip size of
  // the JS, Wasm and JSON data (the preset catalogue) fetched until then (the page's and its worker's requests, gzipped
  // at level 9 from dist/).
  const firstGanttMs = [];
  const firstKb = [];
  const kinds = [];
  for (let i = 0; i < COLD_LOADS; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const fetched = [];
    // Each request with the wall-clock time it was issued, to keep those issued before the first Gantt was drawn (the
    // page records that time; what it fetches afterwards, such as the full module for the claims, does not count).
    context.on("request", (r) => fetched.push({ url: r.url(), atMs: Date.now() }));
    const cold = await context.newPage();
    await cold.goto(url);
    await cold.waitForFunction(() => window.__explorerStats?.().firstGanttAt != null, undefined, { timeout: 60_000, polling: 16 });
    const at = await cold.evaluate(() => window.__explorerStats?.().firstGanttAt ?? NaN);
    const drawnAtMs = await cold.evaluate((t) => performance.timeOrigin + t, at);
    const before = [...new Set(fetched.filter((f) => f.atMs <= drawnAtMs).map((f) => f.url))];
    let bytes = 0;
    const byKind = { js: 0, wasm: 0, json: 0 };
    for (const u of before) {
      const path = new URL(u).pathname;
      const kind = path.endsWith(".wasm") ? "wasm" : path.endsWith(".js") ? "js" : path.endsWith(".json") ? "json" : null;
      if (!kind) continue;
      const file = `${repoRoot}/dist${path}`;
      if (!existsSync(file)) continue;
      const gz = gzipSync(readFileSync(file), { level: 9 }).length;
      bytes += gz;
      byKind[kind] += gz;
    }
    firstGanttMs.push(at);
    firstKb.push(bytes / 1000);
    kinds.push(byKind);
    await context.close();
  }
  // The split of the median load (a load whose data request was issued a moment after its first Gantt counts less).
  const middle = [...firstKb.keys()].sort((a, b) => firstKb[a] - firstKb[b])[firstKb.length >> 1];
  const split = kinds[middle];
  console.log(`first_chart_js_wasm_kb_gzip (fetched before the first Gantt, data included; target ≤ 300): ${spreadOf(firstKb)}; the median load = JS ${fmt(split.js / 1000)} + Wasm ${fmt(split.wasm / 1000)} + JSON ${fmt(split.json / 1000)}`);
  console.log(`first_gantt_ms_after_navigation (cold, localhost; target ≤ 1000): ${spreadOf(firstGanttMs)}`);

  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  const idle = (timeout = 60_000) => page.waitForFunction(() => window.__explorerIdle?.() === true, undefined, { timeout, polling: "raf" });
  await page.goto(url);
  await idle();

  // 1. Edit → re-simulate → redraw, every task scheduler side by side.
  await page.getByTestId("pick-all").click();
  await idle();
  const runs = await page.getByTestId("gantt").count();
  await page.getByTestId("palette-item").filter({ hasText: "DVFS step" }).locator("input").check();
  const lane = page.locator('[data-testid="event-lane"][data-lane="cluster-0"]');
  await lane.focus();
  await page.keyboard.press("Enter");
  await idle();
  const editMs = [];
  const simMs = [];
  for (let i = 0; i < EDITS; i++) {
    await lane.focus();
    await page.keyboard.press(i % 2 === 0 ? "Shift+ArrowRight" : "Shift+ArrowLeft");
    await idle();
    const s = await page.evaluate(() => window.__explorerStats?.());
    editMs.push(s.editToRedrawMs);
    simMs.push(s.simMs);
  }
  const e = stats(editMs);
  const sm = stats(simMs);
  console.log(`edit_to_redraw_ms (default scenario, ${runs} schedulers, includes the 30 ms debounce; target ≤ 150): median ${fmt(e.median)} (${fmt(Math.min(...editMs))}–${fmt(e.max)}, n=${editMs.length}) p95 ${fmt(e.p95)}`);
  console.log(`edit_simulate_ms (wasm, in the worker): median ${fmt(sm.median)} p95 ${fmt(sm.p95)}`);

  // 2. A Gantt of more than a million segments: pan and zoom frame times.
  await page.getByText("Scenario JSON").click();
  const editor = page.getByTestId("scenario-editor");
  const base = JSON.parse(await editor.inputValue());
  base.workload = { ...base.workload, tasks: BIG_TASKS };
  base.events = [];
  base.schedulers = ["fifo", "rws"];
  const started = Date.now();
  await editor.fill(JSON.stringify(base));
  await page.getByText("Scenario JSON").click();
  await page.waitForFunction(() => (window.__explorerStats?.().segments ?? 0) > 1_000_000, undefined, { timeout: 180_000, polling: 200 });
  await idle(180_000);
  const big = await page.evaluate(() => window.__explorerStats?.());
  console.log(`big_scenario: ${big.segments} segments in ${runs >= 2 ? 2 : 1} Gantts, simulated in ${fmt(big.simMs)} ms (ready after ${Date.now() - started} ms)`);

  const box = await page.getByTestId("gantt-canvas").first().boundingBox();
  await page.mouse.move(box.x + box.width * 0.4, box.y + 40);
  const drawMs = [];
  const frameMs = [];
  // The page notes when each input arrives; the render loop when its frame ended.
  await page.evaluate(() => {
    const note = () => (window.__inputAt = performance.now());
    window.addEventListener("wheel", note, { capture: true });
    window.addEventListener("keydown", note, { capture: true });
  });
  const measure = async (act) => {
    await act();
    await idle();
    const { latency, draw } = await page.evaluate(() => {
      const s = window.__explorerStats?.();
      return { latency: (s?.lastFrameAt ?? 0) - (window.__inputAt ?? 0), draw: s?.lastFrameMs ?? 0 };
    });
    drawMs.push(draw);
    frameMs.push(latency);
  };
  for (let i = 0; i < FRAMES / 2; i++) await measure(() => page.mouse.wheel(0, i < FRAMES / 4 ? -240 : 240));
  for (let i = 0; i < FRAMES / 2; i++) await measure(() => page.keyboard.press(i % 2 ? "a" : "d"));
  const d = stats(drawMs);
  const f = stats(frameMs);
  console.log(`gantt_1M_draw_ms_per_frame (canvas work in the frame; target p95 ≤ 16): median ${fmt(d.median)} p95 ${fmt(d.p95)} max ${fmt(d.max)}`);
  console.log(`gantt_1M_input_to_frame_ms (input event → React render → end of the drawn frame; one vsync is 16.7): median ${fmt(f.median)} p95 ${fmt(f.p95)} max ${fmt(f.max)}`);
} finally {
  await browser.close();
  stopServer();
}
