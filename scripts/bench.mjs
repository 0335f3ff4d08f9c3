// `npm run bench`: the native engine benchmark (target/release/asymlab bench)
// followed by the same scenario in WebAssembly under Node. Prints one
// figure per line; it is not a test and asserts nothing.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const targetDir = process.env.CARGO_TARGET_DIR ?? `${repoRoot}/target`;
const cli = `${targetDir}/release/asymlab`;
const pkgDir = `${repoRoot}/web/src/engine/pkg`;
const BENCH_PRESET = "tx2-matmul-32000";
const REPEATS = Number(process.env.BENCH_REPEATS ?? 10);

let nativeTasksPerS = Number.NaN;
if (existsSync(cli)) {
  try {
    const out = execFileSync(cli, ["bench"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
    process.stdout.write(out.endsWith("\n") ? out : `${out}\n`);
    // The Wasm figure below times parse + simulate + summary, so compare it with the native whole-process figure.
    const match = /^native_whole_process_tasks_per_s:\s*([0-9.eE+-]+)/m.exec(out);
    if (match) nativeTasksPerS = Number(match[1]);
  } catch (err) {
    console.log(`native bench failed: ${err.message}`);
  }
} else {
  console.log(`native CLI missing (${cli}); run scripts/build-wasm.sh`);
}

const { initSync, list_presets, preset_scenario, Session } = await import(`${pkgDir}/engine.js`);
initSync({ module: readFileSync(`${pkgDir}/engine_bg.wasm`) });
const presets = JSON.parse(list_presets()).map((p) => p.name);
if (!presets.includes(BENCH_PRESET)) {
  console.log(`wasm bench skipped: no preset '${BENCH_PRESET}' (have: ${presets.join(", ")})`);
  process.exit(0);
}
const json = preset_scenario(BENCH_PRESET);

let best = Infinity;
let tasks = 0;
for (let k = 0; k < REPEATS + 1; k++) {
  // Timed: parsing the scenario and simulating every scheduler in Wasm
  // (run_all also writes the summary JSON); reading it back in JS is not.
  const started = process.hrtime.bigint();
  const session = new Session(json);
  const summaryText = session.run_all();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  session.free();
  const summary = JSON.parse(summaryText);
  tasks = summary.runs.reduce((sum, run) => sum + run.metrics.tasks, 0);
  if (k > 0) best = Math.min(best, seconds); // the first run warms up the JIT
}
const wasmTasksPerS = tasks / best;
console.log(`wasm_tasks_per_s: ${Math.round(wasmTasksPerS)}`);
console.log(`wasm_native_ratio: ${Number.isFinite(nativeTasksPerS) ? (wasmTasksPerS / nativeTasksPerS).toFixed(3) : "n/a"}`);

// Trace import throughput in Wasm (engine/src/import via TraceImport), the
// same inputs as the native lines: a >= 100 MB ftrace text made by repeating
// the systrace sample's lines with timestamps shifted by one second per copy
// (built in memory, never written), and the 24 MB Chrome JSON sample.
{
  const { TraceImport } = await import(`${pkgDir}/engine.js`);
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

await import("./bench-browser.mjs");
