// Wasm against native for `npm run bench`, per task scheduler, on the 32,000-task preset: one native process
// (`asymlab bench --pair`) and a Wasm engine take turns on the same scenario through the same API (Session::new + run_all:
// parse, simulate, summary JSON), native first on even rounds and Wasm first on odd ones, so that both see the same machine
// load; a figure is the median of the per-round ratios native time / Wasm time (1 = as fast as native). The Wasm module is
// pkg-core, the one the page simulates with, run twice over:
// - in Chromium (/usr/bin/chromium, the browser the page and its tests run in), the figure the target is about;
// - in this Node process (an older V8), for comparison.
// Both sides are pinned to one CPU (`taskset`, when the machine has it; Chromium inherits the pinning): on a virtual
// machine each CPU's share of the host varies by the second, and processes on two CPUs measured each other's host noise
// (FIFO 0.81–1.26 between runs). In a turn each side runs twice and the second run is timed, so that a run is measured
// warm, not in the caches the other process has just filled; the single-run figure (each turn's first run) is printed too.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import { cpus } from "node:os";
import { createInterface } from "node:readline";

const CHROMIUM = "/usr/bin/chromium";

const spread = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  const median = n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  return { median, min: s[0], max: s[n - 1], n };
};
const show = (x) => `${x.median.toFixed(3)} (${x.min.toFixed(3)}–${x.max.toFixed(3)}, n=${x.n})`;

/** Pins this process (every thread) to the machine's last CPU, so that what it spawns next runs there too; returns the
 * CPU list to restore, or null when `taskset` is missing or refuses. */
function pinToOneCpu() {
  try {
    const all = execFileSync("taskset", ["-p", "-c", String(process.pid)], { encoding: "utf8" }).trim().split(": ").pop();
    execFileSync("taskset", ["-a", "-p", "-c", String(cpus().length - 1), String(process.pid)], { stdio: "ignore" });
    return all;
  } catch {
    return null;
  }
}

/** The native side: `asymlab bench --pair` reads a scheduler name per line and prints the run's seconds. */
function nativeProcess(cli) {
  const child = spawn(cli, ["bench", "--pair"], { stdio: ["pipe", "pipe", "inherit"] });
  const pending = [];
  createInterface({ input: child.stdout }).on("line", (line) => pending.shift()?.(Number(line)));
  return {
    seconds: (name) =>
      new Promise((resolve) => {
        pending.push(resolve);
        child.stdin.write(`${name}\n`);
      }),
    close: () => child.stdin.end(),
  };
}

/** pkg-core in this Node process. */
async function nodeWasm(pkgCoreDir) {
  const core = await import(`${pkgCoreDir}/engine.js`);
  core.initSync({ module: readFileSync(`${pkgCoreDir}/engine_bg.wasm`) });
  return {
    label: `Node ${process.versions.node}`,
    names: JSON.parse(core.list_schedulers("tasks")).map((s) => s.name),
    seconds: async (json) => {
      const started = process.hrtime.bigint();
      const session = new core.Session(json);
      session.run_all();
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      session.free();
      return seconds;
    },
    close: async () => {},
  };
}

/** pkg-core in a headless Chromium page, served from pkg-core's directory by a throwaway local server; null without Chromium. */
async function chromiumWasm(pkgCoreDir) {
  if (!existsSync(CHROMIUM)) return null;
  const { chromium } = await import("@playwright/test");
  const server = http.createServer((req, res) => {
    const name = req.url === "/" ? null : req.url.slice(1);
    if (name === null) {
      res.setHeader("content-type", "text/html");
      res.end("<!doctype html><title>pair bench</title>");
    } else if (["engine.js", "engine_bg.wasm"].includes(name)) {
      res.setHeader("content-type", name.endsWith(".wasm") ? "application/wasm" : "text/javascript");
      res.end(readFileSync(`${pkgCoreDir}/${name}`));
    } else {
      res.statusCode = 404;
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--headless", "--no-sandbox", "--disable-gpu"] });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.evaluate(async () => {
    const core = await import("/engine.js");
    await core.default("/engine_bg.wasm");
    window.__core = core;
  });
  const version = browser.version();
  return {
    label: `Chromium ${version}`,
    seconds: (json) =>
      page.evaluate((json) => {
        const started = performance.now();
        const session = new window.__core.Session(json);
        session.run_all();
        const ms = performance.now() - started;
        session.free();
        return ms / 1e3;
      }, json),
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}

/** Alternating turns of `native` and `wasm` on every scheduler; prints one line per scheduler and the minimum. */
async function measure(native, wasm, names, peer, rounds, key, note) {
  // Warm-up, three runs of every scheduler on both sides: V8 compiles Wasm in tiers (a baseline first, the optimised
  // code in the background), and a function called once per run only switches on its next call.
  for (let k = 0; k < 3; k++) {
    for (const name of names) {
      await wasm.seconds(peer(name));
      await native.seconds(name);
    }
  }
  const turn = async (side, arg, first) => {
    first.push(await side.seconds(arg));
    return side.seconds(arg);
  };
  const medians = [];
  const singleMedians = [];
  for (const name of names) {
    const json = peer(name);
    const warm = [];
    const firstN = [];
    const firstW = [];
    for (let k = 0; k < rounds; k++) {
      let n;
      let w;
      if (k % 2 === 0) {
        n = await turn(native, name, firstN);
        w = await turn(wasm, json, firstW);
      } else {
        w = await turn(wasm, json, firstW);
        n = await turn(native, name, firstN);
      }
      warm.push(n / w);
    }
    const r = spread(warm);
    const single = spread(firstN.map((n, k) => n / firstW[k]));
    medians.push(r.median);
    singleMedians.push(single.median);
    console.log(`${key}_${name} (${wasm.label}${note}, native time / Wasm time, warm turns): ${show(r)}`);
    console.log(`${key}_single_run_${name} (each turn's first run, after the other process): ${show(single)}`);
  }
  console.log(`${key}_min_over_schedulers: ${Math.min(...medians).toFixed(3)} (${wasm.label}, median per scheduler; target ≥ 0.8)`);
  console.log(`${key}_single_run_min_over_schedulers: ${Math.min(...singleMedians).toFixed(3)} (${wasm.label}, median per scheduler)`);
}

/** The whole pair part: Chromium first (the target's figure), then Node. */
export async function pairBench({ cli, pkgCoreDir, preset, rounds }) {
  if (!existsSync(cli)) {
    console.log(`wasm/native pair skipped: native CLI missing (${cli})`);
    return;
  }
  const allCpus = pinToOneCpu();
  const note = allCpus ? `, both pinned to CPU ${cpus().length - 1}` : "";
  // The core module has no catalogue: the preset's scenario comes from the catalogue file the build writes beside it.
  const presetText = JSON.parse(readFileSync(`${pkgCoreDir}/catalogue-texts.json`, "utf8")).scenarios[preset];
  const peer = (name) => {
    const s = JSON.parse(presetText);
    s.runtime = { ...s.runtime, steal_ns: 0, ptt_search_ns: 0, dispatch_ns: 0 };
    s.schedulers = [name];
    return JSON.stringify(s);
  };
  const native = nativeProcess(cli);
  const inNode = await nodeWasm(pkgCoreDir);
  try {
    const inChromium = await chromiumWasm(pkgCoreDir);
    if (inChromium) {
      try {
        await measure(native, inChromium, inNode.names, peer, rounds, "wasm_native_ratio", note);
      } finally {
        await inChromium.close();
      }
    } else {
      console.log(`wasm/native in Chromium skipped: ${CHROMIUM} missing (npm test installs it)`);
    }
    await measure(native, inNode, inNode.names, peer, rounds, "wasm_native_ratio_node", note);
  } finally {
    native.close();
    if (allCpus) execFileSync("taskset", ["-a", "-p", "-c", allCpus, String(process.pid)], { stdio: "ignore" });
  }
}
