// Main-thread side of trace imports. Each import gets its own instance of
// engine.worker.ts, so a 100 MB parse never delays simulations and Cancel
// can stop it at once (the worker is terminated). The file is read in
// 4 MiB slices; progress is reported after each slice is parsed.
import type { CalibrationResult, ImportRequest, ImportResponse, ImportResult, ReplayResult } from "./import-protocol";

export const CHUNK_BYTES = 4 * 1024 * 1024;

export class ImportCancelledError extends Error {
  constructor() {
    super("import cancelled");
    this.name = "ImportCancelledError";
  }
}

/** The files of one import: the trace, plus Paraver's .pcf and .row when dropped together. */
export interface ImportFiles {
  readonly trace: File;
  readonly pcf?: File;
  readonly row?: File;
}

export class TraceImportClient {
  private worker: Worker | null = null;
  private pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  private nextId = 1;

  /** Parses `files` in the worker; `onProgress(fraction)` after each chunk. Rejects with ImportCancelledError after cancel(). */
  async importFiles(files: ImportFiles, onProgress: (fraction: number) => void): Promise<ImportResult> {
    this.cancel();
    const worker = new Worker(new URL("./engine.worker.ts", import.meta.url), { type: "module" });
    this.worker = worker;
    worker.onmessage = (event: MessageEvent<ImportResponse>) => {
      const r = event.data;
      const p = this.pending.get(r.id);
      if (!p) return;
      this.pending.delete(r.id);
      if (r.ok) p.resolve(r.value);
      else p.reject(new Error(r.message));
    };
    worker.onerror = (event) => this.failAll(new Error(`import worker error: ${event.message || "failed to start"}`));
    const [pcf, row] = await Promise.all([files.pcf?.text(), files.row?.text()]);
    const call = (req: Omit<ImportRequest, "kind" | "id">, transfer: Transferable[] = []) =>
      this.worker === worker ? this.call(req, transfer) : Promise.reject(new ImportCancelledError());
    await call({ op: "start", arg: files.trace.name, pcf, row });
    const size = files.trace.size;
    for (let offset = 0; offset < size; offset += CHUNK_BYTES) {
      const data = await files.trace.slice(offset, offset + CHUNK_BYTES).arrayBuffer();
      await call({ op: "chunk", data }, [data]);
      onProgress(Math.min(1, (offset + data.byteLength) / Math.max(1, size)));
    }
    return (await call({ op: "finish" })) as ImportResult;
  }

  /** The calibrated scenario of the last import. */
  calibrate(optionsJson = ""): Promise<CalibrationResult> {
    return this.call({ op: "calibrate", arg: optionsJson }) as Promise<CalibrationResult>;
  }

  /** The last import against its replays (`asymlab replay` in the page). */
  replay(optionsJson = ""): Promise<ReplayResult> {
    return this.call({ op: "replay", arg: optionsJson }) as Promise<ReplayResult>;
  }

  /** Chrome Trace JSON of the last import. */
  exportChrome(processName: string): Promise<string> {
    return this.call({ op: "export", arg: processName }) as Promise<string>;
  }

  /** Stops an import in progress (and forgets the last one). */
  cancel(): void {
    if (!this.worker) return;
    this.worker.terminate();
    this.worker = null;
    this.failAll(new ImportCancelledError());
  }

  private failAll(err: Error): void {
    for (const p of this.pending.values()) p.reject(err);
    this.pending.clear();
  }

  private call(req: Omit<ImportRequest, "kind" | "id">, transfer: Transferable[] = []): Promise<unknown> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new Error("import a trace first"));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ kind: "import", id, ...req }, transfer);
    });
  }
}
