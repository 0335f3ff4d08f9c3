// The Web Worker hosting the wasm engine. This is the ONLY module that
// imports the wasm packages. It answers EngineRequests by id; segment columns
// go back as transferables.
//
// Two modules of one engine: ./pkg-core (the task level's simulation, what the
// first chart needs) loads at once, with the catalogue the build wrote beside
// it (./pkg-core/catalogue.json: presets, platforms and the default scenario;
// catalogue-texts.json, on first use: papers and every preset's JSON);
// ./pkg (feature `full`: the loop and OS levels, user policies, the claims of a
// run, trace import, export, the OS-level catalog and sweeps) loads on the
// first request that needs it.
import initCore, * as corePkg from "./pkg-core/engine.js";
import { loadFailureMessage } from "./wasm-support";
import type { SimResult } from "./engine";
import type { PageCatalogue, PageCatalogueTexts, RunSummary, WasmCoreModule, WasmEngineModule, WasmSession } from "./engine-types";
import { type EngineRequest, type EngineResponse, simResultTransferables } from "./worker-protocol";
import { groupByCore } from "../logic/segments";
import { handleImport, type WasmImportModule } from "./import-handler";
import { type ImportRequest, type ImportResult, importResultTransferables } from "./import-protocol";

// Typecheck: the generated bindings must satisfy the contract.
const wasm: WasmCoreModule = corePkg;
const ready = initCore();

/** Fetches a catalogue file as JSON; the error says which part of the catalogue did not load. */
async function fetchJson<T>(url: URL, what: string): Promise<T> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`the ${what} did not load (HTTP ${response.status})`);
  return (await response.json()) as T;
}

let catalogueFile: Promise<PageCatalogue> | null = null;
/** The catalogue's first file, fetched once (again after a failure), from the start: the first chart needs its default preset. */
function catalogue(): Promise<PageCatalogue> {
  catalogueFile ??= fetchJson<PageCatalogue>(new URL("./pkg-core/catalogue.json", import.meta.url), "preset catalogue");
  catalogueFile.catch(() => (catalogueFile = null));
  return catalogueFile;
}
void catalogue().catch(() => undefined);

let textsFile: Promise<PageCatalogueTexts> | null = null;
/** The catalogue's texts (papers, every preset's and platform's JSON), fetched on first use. */
function catalogueTexts(): Promise<PageCatalogueTexts> {
  textsFile ??= fetchJson<PageCatalogueTexts>(new URL("./pkg-core/catalogue-texts.json", import.meta.url), "preset texts");
  textsFile.catch(() => (textsFile = null));
  return textsFile;
}

/** The scenario text of preset `name`: the default's from the first file, the others' from the texts. */
async function presetScenario(name: string): Promise<string> {
  const boot = await catalogue();
  if (boot.presets[0]?.name === name) return boot.default_scenario;
  return textOf((await catalogueTexts()).scenarios, name, "preset");
}

/** The JSON text `name` stands for in `texts`, or the engine's error for an unknown name. */
function textOf(texts: Readonly<Record<string, string>>, name: string, what: string): string {
  const text = Object.hasOwn(texts, name) ? texts[name] : undefined;
  if (text === undefined) throw new Error(`unknown ${what} '${name}'`);
  return text;
}

let fullModule: Promise<WasmEngineModule & WasmImportModule> | null = null;
/** The full module, loaded and initialised on first use. */
function full(): Promise<WasmEngineModule & WasmImportModule> {
  fullModule ??= import("./pkg/engine.js").then(async (m) => {
    await m.default();
    const typed: WasmEngineModule & WasmImportModule = m;
    return typed;
  });
  return fullModule;
}

interface WorkerScope {
  onmessage: ((event: MessageEvent<EngineRequest>) => void) | null;
  postMessage(message: EngineResponse, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

// The last simulated session stays alive so the step-through view can ask
// for its decision log; a newer simulation frees it.
let lastSession: { id: number; session: WasmSession; scenarioJson: string } | null = null;
// Unique across worker restarts (the client replaces the worker to cancel a long run).
let nextSessionId = Math.round(performance.timeOrigin) * 1000 + 1;

function keepSession(session: WasmSession, scenarioJson: string): number {
  lastSession?.session.free();
  lastSession = { id: nextSessionId++, session, scenarioJson };
  return lastSession.id;
}

function sessionOf(arg: string): { run: number; kept: NonNullable<typeof lastSession> } {
  const { sessionId, run } = JSON.parse(arg) as { sessionId: number; run?: number };
  if (!lastSession || lastSession.id !== sessionId) throw new Error("stale session: a newer simulation replaced it");
  return { run: run ?? 0, kept: lastSession };
}

/** The decision log or the PTT history of one run: the engine runs it again with them recorded (a plain run records neither). */
function detail(arg: string, what: "decisions" | "ptt"): unknown {
  const { run, kept } = sessionOf(arg);
  return JSON.parse(what === "decisions" ? kept.session.decisions_json(run) : kept.session.ptt_json(run));
}

/** The exporter lives in the full module: it simulates the same scenario again (runs are deterministic) and exports that. */
async function exportChrome(arg: string): Promise<string> {
  const { kept } = sessionOf(arg);
  const session = new (await full()).Session(kept.scenarioJson);
  try {
    session.run_all();
    return session.export_chrome();
  } finally {
    session.free();
  }
}

/** Names of the registered schedulers of the scenario's level (the engine reads `workload.kind`; no run). */
function schedulersFor(scenarioJson: string): string[] {
  const level = wasm.scenario_level(scenarioJson);
  return (JSON.parse(wasm.list_schedulers(level)) as { name: string }[]).map((s) => s.name);
}

/**
 * Whether the scenario lists user-written policies: their interpreter lives in the full module only, so the first chart
 * of a built-in scenario loads no interpreter.
 */
function hasCustomPolicies(scenarioJson: string): boolean {
  if (!scenarioJson.includes("custom_schedulers")) return false;
  try {
    const parsed = JSON.parse(scenarioJson) as { custom_schedulers?: unknown };
    return Array.isArray(parsed.custom_schedulers) && parsed.custom_schedulers.length > 0;
  } catch {
    return false; // the core module names what is wrong with the JSON
  }
}

/**
 * Whether the scenario runs at the task level, the only one the core module simulates (loop programs and application
 * mixes go to the full module). Unreadable JSON stays with the core module, which names what is wrong.
 */
function isTaskLevel(scenarioJson: string): boolean {
  try {
    return wasm.scenario_level(scenarioJson) === "tasks";
  } catch {
    return true;
  }
}

type SessionClass = new (scenarioJson: string) => WasmSession;

function simulate(scenarioJson: string, id: number, Session: SessionClass): SimResult {
  // Free the previous run first, so two big results never share the wasm heap.
  lastSession?.session.free();
  lastSession = null;
  const started = performance.now();
  const session = new Session(scenarioJson);
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
    const succStart = session.graph_succ_start();
    const graph = succStart.length > 0 ? { succStart, succ: session.graph_succ() } : undefined;
    const simMs = performance.now() - started;
    kept = true;
    return { summary, segments, graph, simMs, sessionId: keepSession(session, scenarioJson) };
  } finally {
    if (!kept) session.free();
  }
}

function handle(request: EngineRequest): unknown {
  const id = request.id;
  const arg = request.arg ?? "";
  switch (request.method) {
    case "listPresets":
      return catalogue().then((c) => c.presets);
    case "listPapers":
      return catalogueTexts().then((c) => c.papers);
    case "presetScenario":
      return presetScenario(arg);
    case "listPlatforms":
      return catalogue().then((c) => c.platforms);
    case "platformPreset":
      return catalogueTexts().then((c) => textOf(c.platform_presets, arg, "platform preset"));
    case "claimsOnRun":
      return full().then((m) => JSON.parse(m.claims_on_summary(arg)));
    case "listSchedulers":
      return (JSON.parse(wasm.list_schedulers("")) as { name: string }[]).map((s) => s.name);
    case "simulate":
      return hasCustomPolicies(arg) || !isTaskLevel(arg) ? full().then((m) => simulate(arg, id, m.Session)) : simulate(arg, id, wasm.Session);
    case "osCatalog":
      return full().then((m) => JSON.parse(m.os_catalog()));
    case "sweepCells":
      return full().then((m) => JSON.parse(m.sweep_cells(arg)));
    case "claimCells":
      return full().then((m) => JSON.parse(m.claim_cells(arg)));
    case "runCell":
      return full().then((m) => JSON.parse(m.run_cell(arg)));
    case "evaluateClaims": {
      const { preset, rows } = JSON.parse(arg) as { preset: string; rows: unknown };
      return full().then((m) => JSON.parse(m.evaluate_claims(preset, JSON.stringify(rows))));
    }
    case "decisions":
      return detail(arg, "decisions");
    case "pttHistory":
      return detail(arg, "ptt");
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
  full().then(
    (importWasm) => {
      try {
        const value = handleImport(importWasm, request);
        const transfer = request.op === "finish" ? importResultTransferables(value as ImportResult) : [];
        (self as unknown as { postMessage(m: unknown, t?: Transferable[]): void }).postMessage({ kind: "import", id: request.id, ok: true, value }, transfer);
      } catch (err) {
        (self as unknown as { postMessage(m: unknown): void }).postMessage({ kind: "import", id: request.id, ok: false, message: errorMessage(err) });
      }
    },
    (err: unknown) => (self as unknown as { postMessage(m: unknown): void }).postMessage({ kind: "import", id: request.id, ok: false, message: loadFailureMessage(errorMessage(err)) }),
  );
}

scope.onmessage = (event) => {
  const request = event.data;
  if ((request as unknown as { kind?: string }).kind === "import") {
    onImport(request as unknown as ImportRequest);
    return;
  }
  ready.then(
    async () => {
      try {
        const value = await handle(request);
        const transfer = request.method === "simulate" ? simResultTransferables(value as SimResult) : [];
        scope.postMessage({ id: request.id, ok: true, value }, transfer);
      } catch (err) {
        // A trap (out of memory, a bug) leaves the wasm instance unusable: say so, and the client starts a fresh worker.
        const fatal = err instanceof WebAssembly.RuntimeError || (err instanceof RangeError && /memory/i.test(err.message));
        const message = fatal ? `the engine ran out of memory or failed on this scenario (${errorMessage(err)}); make it smaller` : errorMessage(err);
        scope.postMessage({ id: request.id, ok: false, message, fatal });
      }
    },
    (err: unknown) => scope.postMessage({ id: request.id, ok: false, message: loadFailureMessage(errorMessage(err)) }),
  );
};
