import { describe, expect, it } from "vitest";
import { loadFailureMessage, wasmSimdSupported } from "./wasm-support";

describe("wasm-support", () => {
  it("finds SIMD in this engine (the probe is a valid SIMD module) and not where validation refuses it", () => {
    expect(wasmSimdSupported()).toBe(true);
    expect(wasmSimdSupported(() => false)).toBe(false);
    expect(wasmSimdSupported(() => { throw new Error("no WebAssembly"); })).toBe(false);
  });

  it("names an outdated browser as the cause only when SIMD is missing", () => {
    expect(loadFailureMessage("CompileError: invalid opcode", false)).toMatch(/no SIMD.*update the browser/);
    expect(loadFailureMessage("network error", true)).toBe("engine failed to load: network error");
  });
});
