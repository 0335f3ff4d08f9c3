// Messages of a trace import between import-client.ts (main thread) and
// engine.worker.ts (which hands them to import-handler.ts).

export type ImportOp = "start" | "chunk" | "finish" | "calibrate" | "replay" | "export";

export interface ImportRequest {
  readonly kind: "import";
  readonly id: number;
  readonly op: ImportOp;
  /** File name for "start"; options JSON for "calibrate" and "replay"; process name for "export". */
  readonly arg?: string;
  /** Paraver side files for "start". */
  readonly pcf?: string;
  readonly row?: string;
  /** Bytes for "chunk" (transferred). */
  readonly data?: ArrayBuffer;
}

export type ImportResponse =
  | { readonly kind: "import"; readonly id: number; readonly ok: true; readonly value: unknown }
  | { readonly kind: "import"; readonly id: number; readonly ok: false; readonly message: string };

/** One diagnostic: line for text formats, byte offset for JSON. */
export interface ImportDiagnostic {
  readonly line: number | null;
  readonly offset: number | null;
  readonly message: string;
}

/** `TraceImport.finish()` of engine/src/import/mod.rs (`ImportedTrace::summary`). */
export interface ImportSummary {
  readonly format: string;
  readonly bytes: number;
  readonly cores: number;
  readonly lanes: number;
  readonly lane_labels: readonly string[];
  readonly lane_cpus: readonly (number | null)[];
  readonly threads: number;
  readonly names: number;
  readonly segments: number;
  readonly idle_segments: number;
  readonly span_ns: number;
  readonly freq_changes: number;
  readonly diagnostics: number;
}

/** What "finish" returns: the summary, names, diagnostics and columns (buffers transferred). */
export interface ImportResult {
  readonly summary: ImportSummary;
  readonly names: readonly string[];
  readonly threads: readonly string[];
  readonly diagnostics: readonly ImportDiagnostic[];
  readonly lane: Uint32Array;
  readonly thread: Uint32Array;
  readonly name: Uint32Array;
  readonly kind: Uint8Array;
  readonly depth: Uint16Array;
  readonly startNs: Float64Array;
  readonly endNs: Float64Array;
  readonly freqCpu: Uint32Array;
  readonly freqTNs: Float64Array;
  readonly freqKhz: Uint32Array;
  /** Wall time of the whole import in the worker, ms. */
  readonly parseMs: number;
}

export function importResultTransferables(r: ImportResult): ArrayBuffer[] {
  return [r.lane, r.thread, r.name, r.kind, r.depth, r.startNs, r.endNs, r.freqCpu, r.freqTNs, r.freqKhz].map((c) => c.buffer as ArrayBuffer);
}

/** `TraceImport.calibrate()`: the scenario text and the calibration report. */
export interface CalibrationResult {
  readonly scenario: string;
  readonly report: unknown;
}

/** What a trace or a replay measured (engine/src/replay/mod.rs `Measure`). */
export interface ReplayMeasure {
  readonly span_ns: number;
  readonly busy_ns_per_core: readonly number[];
}

/** A replay's work segments (lane = core in the platform's order, thread = index into the labels). */
export interface ReplaySegments {
  readonly lane: readonly number[];
  readonly thread: readonly number[];
  readonly start_ns: readonly number[];
  readonly end_ns: readonly number[];
}

/** One replay: scheduler, whether wake-ups took the recorded CPUs, what it measured, its errors, its segments. */
export interface ReplayRunSummary {
  readonly scheduler: string;
  readonly wakeups: "recorded" | "simulated";
  readonly sim: ReplayMeasure;
  readonly span_error: number;
  readonly busy_error: number;
  readonly segments: ReplaySegments;
}

/** `TraceImport.replay()`: `asymlab replay`'s JSON plus thread labels. */
export interface ReplayResult {
  readonly trace: ReplayMeasure;
  readonly cpus: readonly number[];
  readonly calibration: unknown;
  readonly runs: readonly ReplayRunSummary[];
  readonly labels: readonly string[];
  /** Clusters of the replay's platform, in core order. */
  readonly clusters: readonly { readonly name: string; readonly cores: number }[];
}
