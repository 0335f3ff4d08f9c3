// Why the engine's WebAssembly could not load, in words a user can act on. Both modules are built with 128-bit SIMD
// (ARCHITECTURE.md, "Wasm build"), which every current browser runs; an older one refuses to compile them.

/** The smallest module that uses a SIMD instruction (`v128.const` then `i8x16.popcnt`), as wasm-feature-detect tests it. */
const SIMD_PROBE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11]);

/** True when this JavaScript engine compiles WebAssembly SIMD. */
export function wasmSimdSupported(validate: (bytes: Uint8Array<ArrayBuffer>) => boolean = (b) => WebAssembly.validate(b)): boolean {
  try {
    return validate(SIMD_PROBE);
  } catch {
    return false;
  }
}

/** The message for a module that failed to load with `detail`: an outdated browser is named as the cause when it is one. */
export function loadFailureMessage(detail: string, simd: boolean = wasmSimdSupported()): string {
  if (!simd) {
    return "engine failed to load: this browser's WebAssembly has no SIMD, which the engine needs; Chrome or Edge 91+, Firefox 89+ and Safari 16.4+ have it, so please update the browser";
  }
  return `engine failed to load: ${detail}`;
}
