import { afterEach, describe, expect, it, vi } from "vitest";
import { CancelledError, type SimProgress, SupersededError, type SimResult } from "../engine/engine";
import { summaryOf } from "../logic/test-fixtures";
import { createAppStore } from "./app-store";
import { fakeEngine } from "./fake-engine";
import { CANCELLED_MESSAGE, startSimulation } from "./simulation";

const RESULT: SimResult = { summary: summaryOf([]), segments: [], simMs: 1 };

function setup(simulate: (text: string, onProgress?: (p: SimProgress) => void) => Promise<SimResult> = () => Promise.resolve(RESULT)) {
  const engine = fakeEngine({
    listPresets: () => Promise.resolve([{ name: "first", title: "First", description: "" }]),
    listPlatforms: () => Promise.resolve([]),
    presetScenario: () => Promise.resolve('{"name":"first"}'),
    simulate,
  });
  const store = createAppStore({ engine });
  return { engine, store };
}

async function flush(ms = 0) {
  await vi.advanceTimersByTimeAsync(ms);
}

describe("simulation driver", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("opens the first preset and simulates it", async () => {
    vi.useFakeTimers();
    const { store, engine } = setup();
    const stop = startSimulation(store);
    await flush();
    expect(store.getState().sim).toMatchObject({ presetName: "first", scenarioText: '{"name":"first"}', simPending: false, error: null });
    expect(store.getState().sim.good?.result).toBe(RESULT);
    expect(engine.calls.filter((c) => c === "simulate")).toHaveLength(1);
    stop();
  });

  it("opens the scenario a link asks for", async () => {
    vi.useFakeTimers();
    const { store } = setup();
    const stop = startSimulation(store, () => Promise.resolve({ text: '{"name":"linked"}', presetName: "" }));
    await flush();
    expect(store.getState().sim.good?.scenarioText).toBe('{"name":"linked"}');
    stop();
  });

  it("debounces typing: only the last text of a burst is simulated", async () => {
    vi.useFakeTimers();
    const texts: string[] = [];
    const { store } = setup((text) => {
      texts.push(text);
      return Promise.resolve(RESULT);
    });
    const stop = startSimulation(store);
    await flush();
    const { setScenario } = store.getState().actions;
    setScenario('{"a":1}', { debounceMs: 300 });
    await flush(200);
    setScenario('{"a":12}', { debounceMs: 300 });
    await flush(299);
    expect(texts).toEqual(['{"name":"first"}']);
    await flush(1);
    expect(texts).toEqual(['{"name":"first"}', '{"a":12}']);
    expect(store.getState().sim.good?.scenarioText).toBe('{"a":12}');
    stop();
  });

  it("reports text that does not parse without asking the engine, and ignores superseded runs", async () => {
    vi.useFakeTimers();
    let calls = 0;
    const { store } = setup(() => (++calls === 2 ? Promise.reject(new SupersededError()) : Promise.resolve(RESULT)));
    const stop = startSimulation(store);
    await flush();
    store.getState().actions.setScenario("{", { debounceMs: 0 });
    await flush();
    expect(store.getState().sim.error).toMatch(/^Scenario JSON: /);
    expect(calls).toBe(1);
    store.getState().actions.setScenario("{}", { debounceMs: 0 });
    await flush();
    expect(calls).toBe(2);
    expect(store.getState().sim.error).toMatch(/^Scenario JSON: /);
    stop();
    store.getState().actions.setScenario('{"b":1}', { debounceMs: 0 });
    await flush();
    expect(calls).toBe(2);
  });

  it("shows a long run's progress, and a cancelled run leaves the last good result on screen", async () => {
    vi.useFakeTimers();
    let calls = 0;
    let cancel: (err: Error) => void = () => undefined;
    const { store } = setup((_text, onProgress) => {
      if (++calls === 1) return Promise.resolve(RESULT);
      onProgress?.({ events: 1 << 20, expectedEvents: 4 << 20 });
      return new Promise<SimResult>((_resolve, reject) => {
        cancel = reject;
      });
    });
    const stop = startSimulation(store);
    await flush();
    store.getState().actions.setScenario('{"big":true}', { debounceMs: 0 });
    await flush();
    expect(store.getState().sim.progress).toEqual({ events: 1 << 20, expectedEvents: 4 << 20 });
    cancel(new CancelledError());
    await flush();
    expect(store.getState().sim).toMatchObject({ error: CANCELLED_MESSAGE, simPending: false, progress: null });
    expect(store.getState().sim.good?.result).toBe(RESULT);
    stop();
  });
});
