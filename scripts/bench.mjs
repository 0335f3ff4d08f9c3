// `npm run bench`: the native engine benchmark (target/release/asymlab bench),
// Wasm against native per scheduler in alternating runs, trace import in Wasm,
// then the page in Chromium (bench-browser.mjs). Prints one figure per line,
// each a median with its spread; it is not a test and asserts nothing.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const targetDir = process.env.CARGO_TARGET_DIR ?? `${repoRoot}/target`;
const cli = `${targetDir}/release/asymlab`;
const pkgDir = `${repoRoot}/web/src/engine/pkg`;
const pkgCoreDir = `${repoRoot}/web/src/engine/pkg-core`;
const BENCH_PRESET = "tx2-matmul-32000";
const REPEATS = Number(process.env.BENCH_REPEATS ?? 7);
// 15 alternating rounds a scheduler (about 0.3 s each): a median that a few disturbed rounds on a shared machine do not move.
const PAIR_ROUNDS = Number(process.env.BENCH_PAIR_ROUNDS ?? 15);
// BENCH_PARTS=native,pair,import,browser (the default: all) runs only the listed parts.
const PARTS = new Set((process.env.BENCH_PARTS ?? "native,pair,import,browser").split(","));

const spread = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  const median = n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  return { median, min: s[0], max: s[n - 1], n, p95: s[Math.min(n - 1, Math.floor(0.95 * n))] };
};
const show = (x, digits) => `${x.median.toFixed(digits)} (${x.min.toFixed(digits)}–${x.max.toFixed(digits)}, n=${x.n})`;

if (!PARTS.has("native")) {
  // skipped
} else if (existsSync(cli)) {
  try {
    const out = execFileSync(cli, ["bench", "--repeat", String(REPEATS)], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
    process.stdout.write(out.endsWith("\n") ? out : `${out}\n`);
  } catch (err) {
    console.log(`native bench failed: ${err.message}`);
  }
} else {
  console.log(`native CLI missing (${cli}); run scripts/build-wasm.sh`);
}

// Wasm against native, per scheduler: one native process (`asymlab bench --pair`) and this Node process take turns on
// the same scenario through the same API (Session::new + run_all: parse, simulate, summary JSON), native first on even
// rounds and Wasm first on odd ones, so that both see the same machine load; the figure is the median of the per-round
// ratios native time / Wasm time (1 = as fast as native). The Wasm module is pkg-core, the one the page simulates with.
if (PARTS.has("pair")) {
  const core = await import(`${pkgCoreDir}/engine.js`);
  core.initSync({ module: readFileSync(`${pkgCoreDir}/engine_bg.wasm`) });
  // The core module has no catalogue: the preset's scenario comes from the catalogue file the build writes beside it.
  const presetText = JSON.parse(readFileSync(`${pkgCoreDir}/catalogue-texts.json`, "utf8")).scenarios[BENCH_PRESET];
  const peer = (name) => {
    const s = JSON.parse(presetText);
    s.runtime = { ...s.runtime, steal_ns: 0, ptt_search_ns: 0, dispatch_ns: 0 };
    s.schedulers = [name];
    return JSON.stringify(s);
  };
  const wasmSeconds = (json) => {
    const started = process.hrtime.bigint();
    const session = new core.Session(json);
    session.run_all();
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    session.free();
    return seconds;
  };
  const child = spawn(cli, ["bench", "--pair"], { stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout });
  const pending = [];
  lines.on("line", (line) => pending.shift()?.(Number(line)));
  const nativeSeconds = (name) =>
    new Promise((resolve) => {
      pending.push(resolve);
      child.stdin.write(`${name}\n`);
    });
  const names = JSON.parse(core.list_schedulers("tasks")).map((s) => s.name);
  // Warm-up, three runs of every scheduler on both sides: V8 compiles Wasm in tiers (a baseline first, the optimised
  // code in the background), and a function called once per run only switches on its next call, so the first
  // scheduler measured would otherwise run partly unoptimised.
  for (let k = 0; k < 3; k++) {
    for (const name of names) {
      wasmSeconds(peer(name));
      await nativeSeconds(name);
    }
  }
  const ratios = [];
  for (const name of names) {
    const json = peer(name);
    const perRound = [];
    for (let k = 0; k < PAIR_ROUNDS; k++) {
      let n;
      let w;
      if (k % 2 === 0) {
        n = await nativeSeconds(name);
        w = wasmSeconds(json);
      } else {
        w = wasmSeconds(json);
        n = await nativeSeconds(name);
      }
      perRound.push(n / w);
    }
    const r = spread(perRound);
    ratios.push(r.median);
    console.log(`wasm_native_ratio_${name} (32,000-task DAG, alternating runs, native time / Wasm time): ${show(r, 3)}`);
  }
  child.stdin.end();
  console.log(`wasm_native_ratio_min_over_schedulers: ${Math.min(...ratios).toFixed(3)} (median per scheduler; target ≥ 0.8)`);
}

// Trace import throughput in Wasm (engine/src/import via TraceImport, in the full module), the
// same inputs as the native lines: a >= 100 MB ftrace text made by repeating
// the systrace sample's lines with timestamps shifted by one second per copy
// (built in memory, never written), and the 24 MB Chrome JSON sample.
if (PARTS.has("import")) {
  const { TraceImport, initSync } = await import(`${pkgDir}/engine.js`);
  initSync({ module: readFileSync(`${pkgDir}/engine_bg.wasm`) });
  const { gunzipSync } = await import("node:zlib");
  const parseMbPerS = (name, bytes) => {
    const started = process.hrtime.bigint();
    const t = new TraceImport(name);
    for (let at = 0; at < bytes.length; at += 4 << 20) t.push(bytes.subarray(at, Math.min(bytes.length, at + (4 << 20))));
    const summary = JSON.parse(t.finish());
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    t.free();
    return { mbPerS: bytes.length / 1e6 / seconds, segments: summary.segments };
  };
  const html = `${repoRoot}/traces/trace_surfaceflinger.html`;
  if (existsSync(html)) {
    const lines = readFileSync(html, "utf8").split("\n").filter((l) => /\[\d{3}\] .{4,5} +\d+\.\d+: /.test(l));
    const stamp = /^(.*?\] .{4,5} +)(\d+)(\.\d+: .*)$/;
    const parts = [];
    let size = 0;
    for (let copy = 0; size < 100e6; copy++) {
      const text = lines.map((l) => l.replace(stamp, (_, a, s, b) => `${a}${Number(s) + copy}${b}`)).join("\n") + "\n";
      parts.push(Buffer.from(text));
      size += text.length;
    }
    const big = Buffer.concat(parts);
    const r = parseMbPerS("big.txt", big);
    console.log(`wasm_ftrace_bytes: ${big.length}`);
    console.log(`wasm_ftrace_segments: ${r.segments}`);
    console.log(`wasm_ftrace_mb_per_s: ${r.mbPerS.toFixed(1)}`);
  }
  const gz = `${repoRoot}/traces/worker0.pt.trace.json.gz`;
  if (existsSync(gz)) {
    const json = gunzipSync(readFileSync(gz));
    const r = parseMbPerS("worker0.pt.trace.json", json);
    console.log(`wasm_chrome_json_bytes: ${json.length}`);
    console.log(`wasm_chrome_json_mb_per_s: ${r.mbPerS.toFixed(1)}`);
  }
}

if (PARTS.has("browser")) await import("./bench-browser.mjs");
