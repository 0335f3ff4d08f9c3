// Engine implemented over postMessage to engine.worker.ts. At most one
// simulation runs in the worker; a newer simulate() replaces a queued one,
// and results of superseded requests are dropped. A run that has already
// taken longer than CANCEL_AFTER_MS when a newer one arrives is cancelled
// by replacing the worker (wasm cannot be interrupted from outside).
import { CancelledError, type Engine, type SimProgress, type SimResult, SupersededError } from "./engine";
import type { Cell, CellRow, ClaimResult, DecisionLog, PaperInfo, PlatformInfo, PresetInfo, PttHistory, RunSummary } from "./engine-types";
import type { OsCatalog, SweepGrid } from "../types/os-lab";
import type { EngineMethod, EngineRequest, EngineResponse } from "./worker-protocol";

interface Pending {
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface QueuedSim {
  scenarioJson: string;
  onProgress?: (progress: SimProgress) => void;
  resolve(value: SimResult): void;
  reject(err: Error): void;
}

/** A superseded run older than this is cancelled by restarting the worker. */
const CANCEL_AFTER_MS = 250;

export class WorkerEngine implements Engine {
  private worker: Worker;
  private simStartedAt = 0;
  private simRequestId = 0;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private simInFlight = false;
  private latestSimToken = 0;
  private queuedSim: QueuedSim | null = null;
  private simProgress: ((progress: SimProgress) => void) | undefined;

  constructor() {
    this.worker = this.startWorker();
  }

  private startWorker(): Worker {
    const worker = new Worker(new URL("./engine.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<EngineResponse>) => this.onResponse(event.data);
    worker.onerror = (event) => {
      const err = new Error(`engine worker error: ${event.message || "failed to start"}`);
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    return worker;
  }

  /** Cancels a long in-flight simulation nobody waits for any more, when it is the only request in flight. */
  private cancelStaleRun(): void {
    if (!this.simInFlight || performance.now() - this.simStartedAt < CANCEL_AFTER_MS) return;
    if (this.pending.size !== 1 || !this.pending.has(this.simRequestId)) return;
    this.restartWorker(new SupersededError());
  }

  /** Replaces the worker (the only way to stop wasm from outside); every request in flight rejects with `err`. */
  private restartWorker(err: Error): void {
    const inFlight = [...this.pending.values()];
    this.pending.clear();
    this.worker.terminate();
    this.worker = this.startWorker();
    for (const p of inFlight) p.reject(err);
  }

  cancelSimulation(): void {
    this.queuedSim?.reject(new CancelledError());
    this.queuedSim = null;
    if (this.simInFlight) this.restartWorker(new CancelledError());
  }

  listPresets(): Promise<PresetInfo[]> {
    return this.call("listPresets") as Promise<PresetInfo[]>;
  }
  listPapers(): Promise<PaperInfo[]> {
    return this.call("listPapers") as Promise<PaperInfo[]>;
  }
  presetScenario(name: string): Promise<string> {
    return this.call("presetScenario", name) as Promise<string>;
  }
  listPlatforms(): Promise<PlatformInfo[]> {
    return this.call("listPlatforms") as Promise<PlatformInfo[]>;
  }
  platformPreset(name: string): Promise<string> {
    return this.call("platformPreset", name) as Promise<string>;
  }
  listSchedulers(): Promise<string[]> {
    return this.call("listSchedulers") as Promise<string[]>;
  }

  osCatalog(): Promise<OsCatalog> {
    return this.call("osCatalog") as Promise<OsCatalog>;
  }
  sweepCells(grid: SweepGrid): Promise<Cell[]> {
    return this.call("sweepCells", JSON.stringify(grid)) as Promise<Cell[]>;
  }
  claimCells(preset: string): Promise<Cell[]> {
    return this.call("claimCells", preset) as Promise<Cell[]>;
  }
  runCell(cell: Cell): Promise<CellRow> {
    return this.call("runCell", JSON.stringify(cell)) as Promise<CellRow>;
  }
  evaluateClaims(preset: string, rows: readonly CellRow[]): Promise<ClaimResult[]> {
    return this.call("evaluateClaims", JSON.stringify({ preset, rows })) as Promise<ClaimResult[]>;
  }
  claimsOnRun(summary: RunSummary): Promise<ClaimResult[]> {
    return this.call("claimsOnRun", JSON.stringify(summary)) as Promise<ClaimResult[]>;
  }

  simulate(scenarioJson: string, onProgress?: (progress: SimProgress) => void): Promise<SimResult> {
    return new Promise<SimResult>((resolve, reject) => {
      this.queuedSim?.reject(new SupersededError());
      this.queuedSim = { scenarioJson, onProgress, resolve, reject };
      this.latestSimToken++;
      this.cancelStaleRun();
      this.pumpSim();
    });
  }

  decisions(sessionId: number, run: number): Promise<DecisionLog> {
    return this.call("decisions", JSON.stringify({ sessionId, run })) as Promise<DecisionLog>;
  }

  pttHistory(sessionId: number, run: number): Promise<PttHistory | null> {
    return this.call("pttHistory", JSON.stringify({ sessionId, run })) as Promise<PttHistory | null>;
  }

  exportChrome(sessionId: number): Promise<string> {
    return this.call("exportChrome", JSON.stringify({ sessionId })) as Promise<string>;
  }
  schedulersFor(scenarioJson: string): Promise<string[]> {
    return this.call("schedulersFor", scenarioJson) as Promise<string[]>;
  }

  dispose(): void {
    this.worker.terminate();
  }

  private pumpSim(): void {
    if (this.simInFlight || !this.queuedSim) return;
    const sim = this.queuedSim;
    this.queuedSim = null;
    const token = this.latestSimToken;
    this.simInFlight = true;
    this.simStartedAt = performance.now();
    this.simRequestId = this.nextId;
    this.simProgress = (progress) => {
      if (token === this.latestSimToken) sim.onProgress?.(progress);
    };
    const finish = () => {
      this.simInFlight = false;
      this.simProgress = undefined;
      this.pumpSim();
    };
    this.call("simulate", sim.scenarioJson).then(
      (value) => {
        if (token === this.latestSimToken) sim.resolve(value as SimResult);
        else sim.reject(new SupersededError());
        finish();
      },
      (err: Error) => {
        sim.reject(token === this.latestSimToken || err instanceof CancelledError ? err : new SupersededError());
        finish();
      },
    );
  }

  private call(method: EngineMethod, arg?: string): Promise<unknown> {
    const id = this.nextId++;
    const request: EngineRequest = { id, method, arg };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage(request);
    });
  }

  private onResponse(response: EngineResponse): void {
    if ("progress" in response) {
      if (response.id === this.simRequestId) this.simProgress?.(response.progress);
      return;
    }
    const pending = this.pending.get(response.id);
    if (!pending) return;
    this.pending.delete(response.id);
    if (response.ok) {
      pending.resolve(response.value);
      return;
    }
    pending.reject(new Error(response.message));
    // A trapped wasm instance is unusable: start a fresh worker for whatever comes next.
    if (response.fatal) this.restartWorker(new Error(response.message));
  }
}
