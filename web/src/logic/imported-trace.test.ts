import { describe, expect, it } from "vitest";
import type { ImportResult } from "../engine/import-protocol";
import { buildImportedView, diagnosticText, legendKey, nothingImported } from "./imported-trace";

function result(): ImportResult {
  return {
    summary: {
      format: "ftrace", bytes: 100, cores: 3, lanes: 4,
      lane_labels: ["CPU 0", "CPU 1", "CPU 2", "worker 7"], lane_cpus: [0, 1, 2, null],
      threads: 1, names: 2, segments: 3, idle_segments: 0, span_ns: 1000, freq_changes: 4, diagnostics: 0,
    },
    names: ["worker", "compute"], threads: ["worker 7"], diagnostics: [],
    lane: new Uint32Array([0, 2, 3]), thread: new Uint32Array([0, 0, 0]), name: new Uint32Array([0, 0, 1]),
    kind: new Uint8Array(3), depth: new Uint16Array(3),
    startNs: new Float64Array([0, 100, 200]), endNs: new Float64Array([50, 300, 400]),
    freqCpu: new Uint32Array([0, 0, 1, 1]), freqTNs: new Float64Array([0, 500, 0, 500]), freqKhz: new Uint32Array([300000, 1800000, 300000, 1800000]),
    parseMs: 1,
  };
}

describe("buildImportedView", () => {
  it("groups CPUs by frequency domain and puts thread lanes last", () => {
    const v = buildImportedView("t.txt", result());
    expect(v.platform.clusters.map((c) => [c.first_core, c.cores])).toEqual([[0, 2], [2, 1], [3, 1]]);
    expect(v.platform.clusters[0].freqs_mhz).toEqual([300, 1800]);
    expect(v.run.freq_intervals).toEqual([
      { cluster: 0, start_ns: 0, end_ns: 500, freq_mhz: 300 },
      { cluster: 0, start_ns: 500, end_ns: 1000, freq_mhz: 1800 },
    ]);
    expect(Array.from(v.seg.laneOffsets)).toEqual([0, 1, 1, 2, 3]);
  });

  it("names where a diagnostic points", () => {
    expect(diagnosticText({ line: 3, offset: null, message: "bad" })).toBe("line 3: bad");
    expect(diagnosticText({ line: null, offset: 9, message: "bad" })).toBe("byte 9: bad");
  });
});

describe("the recording's legend", () => {
  it("ranks threads by their run time on CPU lanes; slices on thread lanes do not count twice", () => {
    const r = result();
    const two = { ...r, summary: { ...r.summary, threads: 2 }, threads: ["worker 7", "idle 0"], thread: new Uint32Array([1, 0, 0]) };
    const v = buildImportedView("t.txt", two);
    // CPU 0 runs "idle 0" 50 ns, CPU 2 runs "worker 7" 200 ns; the thread lane's slice is not on a CPU.
    expect(v.legend.entries.map((e) => [e.name, e.runNs, e.slot])).toEqual([["worker 7", 200, 0], ["idle 0", 50, 1]]);
    expect(v.legendNames).toEqual(["worker 7", "idle 0"]);
    expect(legendKey(v, 0)).toBe(1);
  });
});

describe("nothingImported", () => {
  it("says what the engine saw in a file with no slice and no frequency change, and nothing otherwise", () => {
    expect(nothingImported("t.txt", result())).toBeNull();
    const empty = result();
    const summary = { ...empty.summary, segments: 0, freq_changes: 0, diagnostics: 1 };
    const diagnostics = [{ line: null, offset: null, message: "the file is UTF-16 text; save it as UTF-8 and import it again" }];
    expect(nothingImported("u16.txt", { summary, diagnostics })).toBe("Nothing was imported from u16.txt: the file is UTF-16 text; save it as UTF-8 and import it again.");
    expect(nothingImported("e.txt", { summary, diagnostics: [] })).toBe("Nothing was imported from e.txt: it holds no slice and no frequency change.");
    expect(nothingImported("f.txt", { summary: { ...summary, freq_changes: 2 }, diagnostics })).toBeNull();
  });
});
