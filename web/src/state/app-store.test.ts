import { describe, expect, it } from "vitest";
import type { Cell, CellRow, ClaimResult } from "../engine/engine-types";
import type { FigureInfo, OsCatalog } from "../types/os-lab";
import { createAppStore } from "./app-store";
import { fakeEngine } from "./fake-engine";
import { PREFS_KEY } from "./prefs";
import { selectCanRedo, selectCanUndo, selectEvents } from "./selectors";

const SCENARIO = JSON.stringify({ name: "s", events: [{ kind: "dvfs", start_ns: 0 }, { kind: "dvfs", start_ns: 5 }] }, null, 2);

function storeWith(opts: { now?: () => number } = {}) {
  const store = createAppStore({ engine: fakeEngine(), now: opts.now });
  store.getState().actions.setScenario(SCENARIO, { debounceMs: 0, presetName: "p1" });
  return store;
}

function memoryStorage(): Map<string, string> & { getItem(k: string): string | null; setItem(k: string, v: string): void } {
  const map = new Map<string, string>();
  return Object.assign(map, { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) });
}

describe("app store: editing with undo", () => {
  it("records each edit, undoes and redoes it, and simulates soon after", () => {
    const store = storeWith();
    const { actions } = store.getState();
    expect(actions.edit((s) => ({ ...s, name: "t" }))).toBe(true);
    expect(JSON.parse(store.getState().sim.scenarioText).name).toBe("t");
    expect(store.getState().sim.debounceMs).toBe(30);
    expect(selectCanUndo(store.getState())).toBe(true);
    actions.undo();
    expect(store.getState().sim.scenarioText).toBe(SCENARIO);
    expect(selectCanRedo(store.getState())).toBe(true);
    actions.redo();
    expect(JSON.parse(store.getState().sim.scenarioText).name).toBe("t");
    expect(store.getState().sim.revision).toBe(4);
  });

  it("makes one step of a drag and refuses to edit text that does not parse", () => {
    let t = 0;
    const store = storeWith({ now: () => t });
    const { actions } = store.getState();
    for (const name of ["a", "b", "c"]) {
      t += 100;
      actions.edit((s) => ({ ...s, name }), { coalesce: "drag-1" });
    }
    expect(store.getState().editor.history.past).toEqual([SCENARIO]);
    expect(store.getState().editor.lastEditAtMs).toBe(300);
    actions.setScenario("{", { debounceMs: 300 });
    expect(actions.edit((s) => s)).toBe(false);
  });

  it("starts a new history for a new preset and drops a selection whose event is gone", () => {
    const store = storeWith();
    const { actions } = store.getState();
    actions.selectEvent(1);
    expect(store.getState().editor.selected).toBe(1);
    actions.edit((s) => ({ ...s, events: [] }));
    expect(store.getState().editor.selected).toBeNull();
    actions.undo();
    actions.selectEvent(5);
    expect(store.getState().editor.selected).toBeNull();
    actions.selectEvent(0);
    actions.setScenario(SCENARIO, { debounceMs: 0, presetName: "p2" });
    expect(store.getState().editor.selected).toBeNull();
    expect(selectCanUndo(store.getState())).toBe(false);
  });

  it("selects the events of one parse, so a selector's answer is stable", () => {
    const store = storeWith();
    expect(selectEvents(store.getState())).toBe(selectEvents(store.getState()));
    expect(selectEvents(store.getState())).toHaveLength(2);
    store.getState().actions.setScenario("{", { debounceMs: 0 });
    expect(selectEvents(store.getState())).toBe(selectEvents(store.getState()));
  });
});

describe("app store: preferences and presets", () => {
  it("keeps the theme and font mode in the storage, not the critical-path fade", () => {
    const storage = memoryStorage();
    const store = createAppStore({ engine: fakeEngine(), storage });
    expect(store.getState().prefs.theme).toBe("system");
    store.getState().actions.setTheme("dark");
    store.getState().actions.setLargeFont(true);
    store.getState().actions.setCriticalOnly(true);
    expect(JSON.parse(storage.get(PREFS_KEY) ?? "")).toEqual({ theme: "dark", largeFont: true });
    const again = createAppStore({ engine: fakeEngine(), storage });
    expect(again.getState().prefs).toMatchObject({ theme: "dark", largeFont: true, criticalOnly: false });
    storage.set(PREFS_KEY, "not json");
    expect(createAppStore({ engine: fakeEngine(), storage }).getState().prefs.theme).toBe("system");
  });

  it("loads a preset from the engine, or reports why it could not", async () => {
    const engine = fakeEngine({ presetScenario: (name) => (name === "ok" ? Promise.resolve('{"name":"ok"}') : Promise.reject(new Error("no such preset"))) });
    const store = createAppStore({ engine });
    store.getState().actions.loadPreset("ok");
    expect(store.getState().sim.simPending).toBe(true);
    await Promise.resolve();
    await Promise.resolve();
    expect(store.getState().sim).toMatchObject({ scenarioText: '{"name":"ok"}', presetName: "ok", platformName: "" });
    store.getState().actions.loadPreset("bad");
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().sim.error).toBe("no such preset");
  });
});

describe("app store: the OS lab", () => {
  const figure = (name: string, schedulers: string[]): FigureInfo => ({
    name,
    title: name,
    description: "",
    sweep: { chart: "makespan", schedulers, configs: ["c"], workloads: ["w"], seeds: 1 },
  });
  const catalog: OsCatalog = { apps: [], mixes: [], configs: ["c"], schedulers: [], figures: [figure("f1", ["pbs", "linux"]), figure("f2", ["lcss"])] };
  const schedulerOf = (cell: Cell) => String(cell.set.schedulers);
  const row = (cell: Cell): CellRow => ({ cell, platform: "c", workload: "w", runs: [{ scheduler: schedulerOf(cell), metrics: { makespan_ns: 10 }, extras: { level: "os" } }] });
  const cellsOf = (schedulers: readonly string[]): Cell[] => schedulers.map((scheduler, index) => ({ index, preset: null, set: { schedulers: [scheduler] }, seed: 1 }));
  const byFigure = (name: string) => cellsOf(catalog.figures.find((f) => f.name === name)?.sweep.schedulers ?? []);

  it("loads the catalog once, picks the first figure and follows the pickers", async () => {
    const engine = fakeEngine({ osCatalog: () => Promise.resolve(catalog) });
    const store = createAppStore({ engine });
    store.getState().actions.loadOsCatalog();
    store.getState().actions.loadOsCatalog();
    await new Promise((r) => setTimeout(r, 0));
    expect(engine.calls.filter((c) => c === "osCatalog")).toHaveLength(1);
    expect(store.getState().osLab).toMatchObject({ figureName: "f1", selection: { schedulers: ["pbs", "linux"] } });
    store.getState().actions.pickFigure("f2");
    expect(store.getState().osLab.selection.schedulers).toEqual(["lcss"]);
    store.getState().actions.setSweepSelection({ ...store.getState().osLab.selection, seeds: 3 });
    expect(store.getState().osLab.figureName).toBe("");
  });

  it("opens the OS lab on the scenario's own figure and follows a figure preset opened later", async () => {
    const engine = fakeEngine({ osCatalog: () => Promise.resolve(catalog) });
    const store = createAppStore({ engine });
    store.getState().actions.setScenario("{}", { debounceMs: 0, presetName: "f2" });
    store.getState().actions.loadOsCatalog();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().osLab).toMatchObject({ figureName: "f2", selection: { schedulers: ["lcss"] } });
    store.getState().actions.setScenario("{}", { debounceMs: 0, presetName: "f1" });
    expect(store.getState().osLab.figureName).toBe("f1");
    // A preset that is no figure leaves the lab's pick alone.
    store.getState().actions.setScenario("{}", { debounceMs: 0, presetName: "tx2-matmul" });
    expect(store.getState().osLab.figureName).toBe("f1");
  });

  it("runs a sweep cell by cell, and a newer sweep drops the older one's rows", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const engine = fakeEngine({
      osCatalog: () => Promise.resolve(catalog),
      claimCells: (name) => Promise.resolve(byFigure(name)),
      runCell: async (cell) => {
        if (schedulerOf(cell) === "pbs") await gate;
        return row(cell);
      },
      evaluateClaims: (name, rows) => Promise.resolve(rows.map((r) => ({ id: `${name}:${r.runs[0].scheduler}` }) as unknown as ClaimResult)),
    });
    const store = createAppStore({ engine });
    const { actions } = store.getState();
    actions.loadOsCatalog();
    await new Promise((r) => setTimeout(r, 0));
    const first = actions.runSweep();
    await new Promise((r) => setTimeout(r, 0));
    expect(store.getState().osLab.progress).toEqual({ done: 0, total: 2 });
    actions.pickFigure("f2");
    const second = actions.runSweep();
    release();
    await Promise.all([first, second]);
    const lab = store.getState().osLab;
    expect(lab.rows.map((r) => r.scheduler)).toEqual(["lcss"]);
    expect(lab.progress).toEqual({ done: 1, total: 1 });
    expect(lab.ran?.figure?.name).toBe("f2");
    expect(lab.claims.map((c) => c.id)).toEqual(["f2:lcss"]);
  });
});

describe("app store: a calibration belongs to its trace", () => {
  it("a new import restores the scenario an untouched calibration replaced", () => {
    const store = storeWith();
    const { actions } = store.getState();
    const view = { spanNs: 10 } as unknown as Parameters<typeof actions.importLoaded>[0];
    actions.importLoaded(view);
    actions.calibrationLoaded('{"name":"calibrated"}');
    expect(store.getState().sim.scenarioText).toBe('{"name":"calibrated"}');
    expect(store.getState().sim.fitRuns).toBe(true);
    actions.importLoaded(view);
    expect(store.getState().sim.scenarioText).toBe(SCENARIO);
    expect(store.getState().sim.presetName).toBe("p1");
    expect(store.getState().sim.calibrated).toBeNull();
  });
});
