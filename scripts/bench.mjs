// `npm run bench`: the native engine benchmark (target/release/asymlab bench),
// Wasm against native per scheduler in alternating runs, trace import in Wasm,
// then the page in Chromium (bench-browser.mjs). Prints one figure per line,
// each a median with its spread; it is not a test and asserts nothing.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const targetDir = process.env.CARGO_TARGET_DIR ?? `${repoRoot}/target`;
const cli = `${targetDir}/release/asymlab`;
const pkgDir = `${repoRoot}/web/src/engine/pkg`;
const pkgCoreDir = `${repoRoot}/web/src/engine/pkg-core`;
const BENCH_PRESET = "tx2-matmul-32000";
const REPEATS = Number(process.env.BENCH_REPEATS ?? 7);
// 31 alternating rounds a scheduler (four runs of about 8 ms each, in each of Chromium and Node): a median that a few
// disturbed rounds on a shared machine do not move.
const PAIR_ROUNDS = Number(process.env.BENCH_PAIR_ROUNDS ?? 31);
// BENCH_PARTS=native,pair,import,browser (the default: all) runs only the listed parts.
const PARTS = new Set((process.env.BENCH_PARTS ?? "native,pair,import,browser").split(","));

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

// Wasm against native, per scheduler, in alternating turns with one native process (scripts/bench-pair.mjs).
if (PARTS.has("pair")) {
  const { pairBench } = await import("./bench-pair.mjs");
  await pairBench({ cli, pkgCoreDir, preset: BENCH_PRESET, rounds: PAIR_ROUNDS });
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
