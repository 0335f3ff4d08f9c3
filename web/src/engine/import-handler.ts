// Worker side of trace imports: one TraceImport at a time, fed chunk by
// chunk. It receives the wasm module from engine.worker.ts (the only module
// that imports the wasm package).
import type { ImportDiagnostic, ImportRequest, ImportResult, ImportSummary } from "./import-protocol";

/** The part of the wasm module used for imports (engine/src/api.rs `TraceImport`). */
export interface WasmImportModule {
  TraceImport: new (fileName: string) => WasmTraceImport;
}

export interface WasmTraceImport {
  set_paraver_pcf(text: string): void;
  set_paraver_row(text: string): void;
  push(chunk: Uint8Array): void;
  finish(): string;
  names_json(): string;
  threads_json(): string;
  diagnostics_json(): string;
  seg_lane(): Uint32Array;
  seg_item(): Uint32Array;
  seg_group(): Uint32Array;
  seg_kind(): Uint8Array;
  seg_depth(): Uint16Array;
  seg_start_ns(): Float64Array;
  seg_end_ns(): Float64Array;
  freq_cpu(): Uint32Array;
  freq_t_ns(): Float64Array;
  freq_khz(): Uint32Array;
  export_chrome(processName: string): string;
  calibrate(optionsJson: string): string;
  replay(optionsJson: string): string;
  free(): void;
}

let current: WasmTraceImport | null = null;
let started = 0;

export function handleImport(wasm: WasmImportModule, request: ImportRequest): unknown {
  switch (request.op) {
    case "start": {
      current?.free();
      current = new wasm.TraceImport(request.arg ?? "");
      if (request.pcf) current.set_paraver_pcf(request.pcf);
      if (request.row) current.set_paraver_row(request.row);
      started = performance.now();
      return null;
    }
    case "chunk": {
      if (!current) throw new Error("no import in progress");
      current.push(new Uint8Array(request.data ?? new ArrayBuffer(0)));
      return null;
    }
    case "finish": {
      if (!current) throw new Error("no import in progress");
      const t = current;
      const summary = JSON.parse(t.finish()) as ImportSummary;
      const result: ImportResult = {
        summary,
        names: JSON.parse(t.names_json()) as string[],
        threads: JSON.parse(t.threads_json()) as string[],
        diagnostics: JSON.parse(t.diagnostics_json()) as ImportDiagnostic[],
        lane: t.seg_lane(),
        thread: t.seg_item(),
        name: t.seg_group(),
        kind: t.seg_kind(),
        depth: t.seg_depth(),
        startNs: t.seg_start_ns(),
        endNs: t.seg_end_ns(),
        freqCpu: t.freq_cpu(),
        freqTNs: t.freq_t_ns(),
        freqKhz: t.freq_khz(),
        parseMs: performance.now() - started,
      };
      return result;
    }
    case "calibrate": {
      if (!current) throw new Error("import a trace first");
      return JSON.parse(current.calibrate(request.arg ?? ""));
    }
    case "replay": {
      if (!current) throw new Error("import a trace first");
      return JSON.parse(current.replay(request.arg ?? ""));
    }
    case "export": {
      if (!current) throw new Error("import a trace first");
      return current.export_chrome(request.arg ?? "imported trace");
    }
    default: {
      const unreachable: never = request.op;
      throw new Error(`unknown import op ${String(unreachable)}`);
    }
  }
}
