// The Web Worker hosting the wasm engine. This is the ONLY module that
// imports ./pkg/engine.js. It answers EngineRequests by id; segment columns
// go back as transferables.
import init, * as pkg from "./pkg/engine.js";
import type { SimResult } from "./engine";
import type { RunSummary, WasmEngineModule, WasmSession } from "./engine-types";
import { type EngineRequest, type EngineResponse, simResultTransferables } from "./worker-protocol";
import { groupByCore } from "../logic/segments";
import { handleImport, type WasmImportModule } from "./import-handler";
import { type ImportRequest, type ImportResult, importResultTransferables } from "./import-protocol";

// Typecheck: the generated bindings must satisfy the contract.
const wasm: WasmEngineModule = pkg;
const importWasm: WasmImportModule = pkg;
const ready = init();

interface WorkerScope {
  onmessage: ((event: MessageEvent<EngineRequest>) => void) | null;
  postMessage(message: EngineResponse, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

// The last simulated session stays alive so the step-through view can ask
// for its decision log; a newer simulation frees it.
let lastSession: { id: number; session: WasmSession } | null = null;
// Unique across worker restarts (the client replaces the worker to cancel a long run).
let nextSessionId = Math.round(performance.timeOrigin) * 1000 + 1;

function keepSession(session: WasmSession): number {
  lastSession?.session.free();
  lastSession = { id: nextSessionId++, session };
  return lastSession.id;
}

function decisions(arg: string): unknown {
  const { sessionId, run } = JSON.parse(arg) as { sessionId: number; run: number };
  if (!lastSession || lastSession.id !== sessionId) throw new Error("stale session: a newer simulation replaced it");
  return JSON.parse(lastSession.session.decisions_json(run));
}

function exportChrome(arg: string): string {
  const { sessionId } = JSON.parse(arg) as { sessionId: number };
  if (!lastSession || lastSession.id !== sessionId) throw new Error("stale session: a newer simulation replaced it");
  return lastSession.session.export_chrome();
}

/** Names of the registered schedulers of the scenario's level (the engine reads `workload.kind`; no run). */
function schedulersFor(scenarioJson: string): string[] {
  const level = wasm.scenario_level(scenarioJson);
  return (JSON.parse(wasm.list_schedulers(level)) as { name: string }[]).map((s) => s.name);
}

function simulate(scenarioJson: string, id: number): SimResult {
  // Free the previous run first, so two big results never share the wasm heap.
  lastSession?.session.free();
  lastSession = null;
  const started = performance.now();
  const session = new wasm.Session(scenarioJson);
  let kept = false;
  try {
    // Progress reaches the page while the run goes on; cancelling terminates this worker (engine-client.ts).
    const onProgress = (events: number, expectedEvents: number) => {
      scope.postMessage({ id, progress: { events, expectedEvents } });
      return true;
    };
    const summary = JSON.parse(session.run_all_with_progress(onProgress)) as RunSummary;
    const segments = summary.runs.map((_, run) =>
      groupByCore(
        {
          lane: session.seg_lane(run),
          item: session.seg_item(run),
          group: session.seg_group(run),
          chunkFirst: session.seg_chunk_first(run),
          chunkIters: session.seg_chunk_iters(run),
          priority: session.seg_priority(run),
          leader: session.seg_leader(run),
          width: session.seg_width(run),
          kind: session.seg_kind(run),
          startNs: session.seg_start_ns(run),
          endNs: session.seg_end_ns(run),
        },
        summary.platform.n_cores,
      ),
    );
    const simMs = performance.now() - started;
    kept = true;
    return { summary, segments, simMs, sessionId: keepSession(session) };
  } finally {
    if (!kept) session.free();
  }
}

function handle(request: EngineRequest): unknown {
  const id = request.id;
  const arg = request.arg ?? "";
  switch (request.method) {
    case "listPresets":
      return JSON.parse(wasm.list_presets());
    case "presetScenario":
      return wasm.preset_scenario(arg);
    case "listPlatforms":
      return JSON.parse(wasm.list_platforms());
    case "platformPreset":
      return wasm.platform_preset(arg);
    case "listSchedulers":
      return (JSON.parse(wasm.list_schedulers("")) as { name: string }[]).map((s) => s.name);
    case "simulate":
      return simulate(arg, id);
    case "osCatalog":
      return JSON.parse(wasm.os_catalog());
    case "sweepCells":
      return JSON.parse(wasm.sweep_cells(arg));
    case "runSweepCell":
      return JSON.parse(wasm.run_sweep_cell(arg));
    case "decisions":
      return decisions(arg);
    case "exportChrome":
      return exportChrome(arg);
    case "schedulersFor":
      return schedulersFor(arg);
    default: {
      const unreachable: never = request.method;
      throw new Error(`unknown engine method ${String(unreachable)}`);
    }
  }
}

function errorMessage(err: unknown): string {
  if (err instanceof Error) return err.message;
  return typeof err === "string" ? err : JSON.stringify(err);
}

/** Trace imports (import-client.ts) share this worker script; they carry `kind: "import"`. */
function onImport(request: ImportRequest): void {
  ready.then(
    () => {
      try {
        const value = handleImport(importWasm, request);
        const transfer = request.op === "finish" ? importResultTransferables(value as ImportResult) : [];
        (self as unknown as { postMessage(m: unknown, t?: Transferable[]): void }).postMessage({ kind: "import", id: request.id, ok: true, value }, transfer);
      } catch (err) {
        (self as unknown as { postMessage(m: unknown): void }).postMessage({ kind: "import", id: request.id, ok: false, message: errorMessage(err) });
      }
    },
    (err: unknown) => (self as unknown as { postMessage(m: unknown): void }).postMessage({ kind: "import", id: request.id, ok: false, message: `engine failed to load: ${errorMessage(err)}` }),
  );
}

scope.onmessage = (event) => {
  const request = event.data;
  if ((request as unknown as { kind?: string }).kind === "import") {
    onImport(request as unknown as ImportRequest);
    return;
  }
  ready.then(
    () => {
      try {
        const value = handle(request);
        const transfer = request.method === "simulate" ? simResultTransferables(value as SimResult) : [];
        scope.postMessage({ id: request.id, ok: true, value }, transfer);
      } catch (err) {
        // A trap (out of memory, a bug) leaves the wasm instance unusable: say so, and the client starts a fresh worker.
        const fatal = err instanceof WebAssembly.RuntimeError || (err instanceof RangeError && /memory/i.test(err.message));
        const message = fatal ? `the engine ran out of memory or failed on this scenario (${errorMessage(err)}); make it smaller` : errorMessage(err);
        scope.postMessage({ id: request.id, ok: false, message, fatal });
      }
    },
    (err: unknown) => scope.postMessage({ id: request.id, ok: false, message: `engine failed to load: ${errorMessage(err)}` }),
  );
};
