import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CancelledError, SupersededError } from "./engine";
import { WorkerEngine } from "./engine-client";
import type { EngineRequest } from "./worker-protocol";

/** A stand-in for the engine worker: records requests, answers when told. */
class FakeWorker {
  static all: FakeWorker[] = [];
  posted: EngineRequest[] = [];
  terminated = false;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: ((event: { message: string }) => void) | null = null;
  constructor() {
    FakeWorker.all.push(this);
  }
  postMessage(request: EngineRequest) {
    this.posted.push(request);
  }
  terminate() {
    this.terminated = true;
  }
  answer(index: number, value: unknown) {
    this.onmessage?.({ data: { id: this.posted[index].id, ok: true, value } });
  }
  fail(index: number, message: string, fatal = false) {
    this.onmessage?.({ data: { id: this.posted[index].id, ok: false, message, fatal } });
  }
  progress(index: number, events: number, expectedEvents: number) {
    this.onmessage?.({ data: { id: this.posted[index].id, progress: { events, expectedEvents } } });
  }
}

const RESULT = { summary: { runs: [] }, segments: [], simMs: 1 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The replacement worker got `b`'s scenario and answers it. */
async function expectSecondWorkerRuns(b: Promise<unknown>): Promise<void> {
  await sleep(0);
  const second = FakeWorker.all[1];
  expect(second.posted.map((r) => r.arg)).toEqual(["B"]);
  second.answer(0, RESULT);
  await expect(b).resolves.toEqual(RESULT);
}

describe("WorkerEngine", () => {
  beforeEach(() => {
    FakeWorker.all = [];
    vi.stubGlobal("Worker", FakeWorker);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("runs one simulation at a time; a newer one supersedes the queued and the in-flight result", async () => {
    const engine = new WorkerEngine();
    const worker = FakeWorker.all[0];
    const a = engine.simulate("A");
    const b = engine.simulate("B");
    const c = engine.simulate("C");
    await expect(b).rejects.toBeInstanceOf(SupersededError);
    expect(worker.posted.map((r) => r.arg)).toEqual(["A"]);
    worker.answer(0, RESULT);
    await expect(a).rejects.toBeInstanceOf(SupersededError);
    await sleep(0);
    expect(worker.posted.map((r) => r.arg)).toEqual(["A", "C"]);
    worker.answer(1, RESULT);
    await expect(c).resolves.toEqual(RESULT);
    expect(FakeWorker.all).toHaveLength(1);
  });

  it("cancels a long superseded run by replacing the worker", async () => {
    const engine = new WorkerEngine();
    const first = FakeWorker.all[0];
    const a = engine.simulate("A");
    await sleep(300);
    const b = engine.simulate("B");
    await expect(a).rejects.toBeInstanceOf(SupersededError);
    expect(first.terminated).toBe(true);
    expect(FakeWorker.all).toHaveLength(2);
    await expectSecondWorkerRuns(b);
  });

  it("does not restart the worker while another request is pending", async () => {
    const engine = new WorkerEngine();
    const worker = FakeWorker.all[0];
    void engine.simulate("A").catch(() => undefined);
    const presets = engine.listPresets();
    await sleep(300);
    void engine.simulate("B").catch(() => undefined);
    expect(worker.terminated).toBe(false);
    worker.answer(1, [{ name: "p", title: "P", description: "" }]);
    await expect(presets).resolves.toHaveLength(1);
  });

  it("passes progress to the current run and cancels it by replacing the worker", async () => {
    const engine = new WorkerEngine();
    const first = FakeWorker.all[0];
    const seen: number[] = [];
    const a = engine.simulate("A", (p) => seen.push(p.events));
    first.progress(0, 1_000_000, 4_000_000);
    first.progress(0, 2_000_000, 4_000_000);
    expect(seen).toEqual([1_000_000, 2_000_000]);
    engine.cancelSimulation();
    await expect(a).rejects.toBeInstanceOf(CancelledError);
    expect(first.terminated).toBe(true);
    await sleep(0);
    await expectSecondWorkerRuns(engine.simulate("B"));
  });

  it("starts a fresh worker after the engine trapped (out of memory)", async () => {
    const engine = new WorkerEngine();
    const first = FakeWorker.all[0];
    const a = engine.simulate("A");
    first.fail(0, "the engine ran out of memory", true);
    await expect(a).rejects.toThrow("out of memory");
    expect(first.terminated).toBe(true);
    expect(FakeWorker.all).toHaveLength(2);
    const presets = engine.listPresets();
    FakeWorker.all[1].answer(0, []);
    await expect(presets).resolves.toEqual([]);
  });
});
