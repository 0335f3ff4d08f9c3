// The app's one store (zustand, vanilla: no React here). It holds five slices, each with its own pure
// reducer or helpers: `sim` (scenario text, results, visible window, hover, cursor; sim.ts), `view` (page,
// presenter mode, guide step, row selection, tabs, link error; view.ts), `prefs` (theme, large fonts,
// critical path, baseline; prefs.ts), `editor` (undo history, selected event, palette kind; editor.ts) and
// `osLab` (catalog, pickers, sweep progress and rows; os-lab.ts). Components read it through selectors
// (AppProvider's useAppStore, selectors.ts) and write it through the named actions below. The engine is
// injected (createAppStore({ engine })), so tests make a store with a fake engine and no React.
import { createStore, type StoreApi } from "zustand/vanilla";
import type { Engine, SimProgress, SimResult } from "../engine/engine";
import type { PlatformInfo, PresetInfo } from "../engine/engine-types";
import type { ImportedView } from "../logic/imported-trace";
import type { ReplayView } from "../logic/replay-view";
import { withPlatform } from "../logic/scenario";
import type { EventKind } from "../types/events";
import type { TimeWindow } from "../types/units";
import type { LinkView, Page, Selection } from "../types/view";
import { afterScenarioChange, changedText, type EditOptions, type EditorState, initialEditorState, type Scenario, validSelection, VISUAL_EDIT_DEBOUNCE_MS } from "./editor";
import { record, redo as redoStep, undo as undoStep } from "./history";
import { cellCount, initialOsLabState, type OsLabAction, osLabReducer, type OsLabState, type SweepSelection } from "./os-lab";
import { type KeyValueStorage, loadPrefs, type PrefsState, savePrefs, type ThemeMode } from "./prefs";
import { type Hover, initialSimState, measuresClaims, type SimAction, simReducer, type SimState } from "./sim";
import { initialViewState, type ViewAction, viewReducer, type ViewState } from "./view";

export interface ScenarioOptions {
  /** Delay before simulating (the JSON editor waits for a pause in typing). */
  readonly debounceMs: number;
  readonly presetName?: string;
  /** Platform picked in the picker; "" when the scenario's own is used. */
  readonly platformName?: string;
  /** Fit the window to the runs once they are simulated (a calibrated scenario). */
  readonly fitRuns?: boolean;
}

export interface AppActions {
  // Scenario and simulation.
  /** Replaces the scenario text (a new revision, simulated after `debounceMs`); not an undo step. */
  setScenario(text: string, options: ScenarioOptions): void;
  /** Loads a preset's scenario from the engine. */
  loadPreset(name: string): void;
  /** Puts a platform preset into the current scenario. */
  pickPlatform(name: string): void;
  catalogLoaded(presets: PresetInfo[], platforms: PlatformInfo[]): void;
  /** Asks the engine for the papers once (again after a failure). */
  loadPapers(): void;
  simSucceeded(revision: number, scenarioText: string, result: SimResult): void;
  /**
   * The frame that drew the result on show calls this: when the core module left out the claims its preset measures, the
   * engine's full module evaluates them now (after the chart, so the first chart never waits for that module).
   */
  resultDrawn(): void;
  simFailed(revision: number, message: string): void;
  simProgress(revision: number, progress: SimProgress): void;
  /** Stops the simulation in flight; the last good result stays on screen. */
  cancelSimulation(): void;
  fatal(message: string): void;
  setWindow(window: TimeWindow): void;
  resetWindow(): void;
  setHover(hover: Hover | null): void;
  setCursor(tNs: number | null): void;
  setHighlight(highlight: { run: number; task: number } | null): void;
  /** Highlights the tasks matching a query on every Gantt. */
  setSearch(query: string): void;
  /** Selects a time range for per-core statistics (null clears it). */
  setRange(range: TimeWindow | null): void;
  /** Shows an imported trace; an untouched calibrated scenario of the previous trace gives way to the one before it. */
  importLoaded(imported: ImportedView): void;
  importCleared(): void;
  /** Loads a scenario calibrated from the imported trace and fits the view to its runs. */
  calibrationLoaded(text: string): void;
  /** Shows the imported trace's replays under it (null removes them). */
  replayLoaded(replay: ReplayView | null): void;
  // View (the link's part).
  setPage(page: Page): void;
  setPresenter(on: boolean): void;
  setStep(step: number | null): void;
  /** Turns "predict, then reveal" on or off. */
  setPredict(on: boolean): void;
  /** Shows the guide metric of a step (predict mode). */
  reveal(step: number | null): void;
  selectRow(selection: Selection | null): void;
  setTab(tab: string): void;
  setPanel(panel: string): void;
  setLinkError(message: string | null): void;
  applyLink(view: LinkView): void;
  // Display preferences.
  setTheme(theme: ThemeMode): void;
  setLargeFont(on: boolean): void;
  setCriticalOnly(on: boolean): void;
  setBaseline(name: string | null): void;
  setRelativeBars(on: boolean): void;
  /** Folds or unfolds a scheduler's Gantt. */
  toggleCollapsed(scheduler: string): void;
  /** Pins a scheduler's Gantt above the scrolling stack, or unpins it. */
  togglePinned(scheduler: string): void;
  // Scenario editing with undo.
  /** Applies `change` to the current scenario as one undo step; false when the scenario text does not parse. */
  edit(change: (scenario: Scenario) => Scenario, options?: EditOptions): boolean;
  undo(): void;
  redo(): void;
  selectEvent(index: number | null): void;
  setPaletteKind(kind: EventKind): void;
  // OS lab.
  /** Asks the engine for the OS catalog once (again after a failure). */
  loadOsCatalog(): void;
  pickFigure(name: string): void;
  setSweepSelection(selection: SweepSelection): void;
  /** Runs the picked sweep cell by cell; a newer sweep replaces a running one. */
  runSweep(): Promise<void>;
}

export interface AppStore {
  readonly sim: SimState;
  readonly view: ViewState;
  readonly prefs: PrefsState;
  readonly editor: EditorState;
  readonly osLab: OsLabState;
  readonly actions: AppActions;
}

export interface AppStoreApi extends StoreApi<AppStore> {
  readonly engine: Engine;
}

export interface StoreDeps {
  readonly engine: Engine;
  /** Where theme and font mode persist (localStorage in the page); null: not persisted. */
  readonly storage?: KeyValueStorage | null;
  /** Clock for undo coalescing and the edit benchmark; performance.now() by default. */
  readonly now?: () => number;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function createAppStore(deps: StoreDeps): AppStoreApi {
  const { engine } = deps;
  const storage = deps.storage ?? null;
  const now = deps.now ?? (() => performance.now());
  let catalogRequest: Promise<unknown> | null = null;
  let papersRequest: Promise<unknown> | null = null;

  const api = createStore<AppStore>()((set, get) => {
    const sim = (action: SimAction) => set((s) => ({ sim: simReducer(s.sim, action) }));
    const view = (action: ViewAction) => set((s) => ({ view: viewReducer(s.view, action) }));
    const osLab = (action: OsLabAction) => set((s) => ({ osLab: osLabReducer(s.osLab, action) }));
    const prefs = (change: Partial<PrefsState>) =>
      set((s) => {
        const next = { ...s.prefs, ...change };
        if (next.theme !== s.prefs.theme || next.largeFont !== s.prefs.largeFont) savePrefs(storage, next);
        return { prefs: next };
      });
    /** A new scenario text, with the editor following it (history per preset, valid selection). */
    const withScenario = (s: AppStore, editor: EditorState, text: string, options: ScenarioOptions): Pick<AppStore, "sim" | "editor"> => {
      const next = simReducer(s.sim, { type: "scenarioSet", text, ...options });
      return { sim: next, editor: afterScenarioChange(editor, next.presetName !== s.sim.presetName, text) };
    };
    /** An edit, undo or redo: the new text with its undo history, simulated after a short debounce. */
    const editorStep = (text: string, history: EditorState["history"], debounceMs: number) =>
      set((s) => withScenario(s, { ...s.editor, history, lastEditAtMs: now() }, text, { debounceMs }));
    const fail = (err: unknown) => sim({ type: "fatal", message: messageOf(err) });
    /** The scenario whose run's claims were last asked for (each result asks once). */
    let claimsAskedFor: string | null = null;
    /** The calibrated scenario of a trace that goes away gives way to the scenario it replaced, unless it was edited. */
    const undoCalibration = () => {
      const { calibrated, scenarioText } = get().sim;
      if (calibrated && calibrated.scenarioText === scenarioText) actions.setScenario(calibrated.previousText, { debounceMs: 0, presetName: calibrated.presetName });
    };

    const actions: AppActions = {
      setScenario: (text, options) => {
        const before = get().sim.presetName;
        set((s) => withScenario(s, s.editor, text, options));
        // A figure preset opened (a link, the gallery, the picker) becomes the OS lab's figure, unless a sweep is running.
        const name = options?.presetName;
        const { catalog, progress } = get().osLab;
        const running = progress !== null && progress.done < progress.total;
        if (name && name !== before && !running && catalog?.figures.some((f) => f.name === name)) {
          osLab({ type: "figurePicked", name });
        }
      },
      loadPreset: (name) => {
        sim({ type: "loading" });
        engine.presetScenario(name).then((text) => actions.setScenario(text, { debounceMs: 0, presetName: name, platformName: "" }), fail);
      },
      pickPlatform: (name) => {
        if (!name) return;
        const { good, scenarioText } = get().sim;
        const base = good?.scenarioText ?? scenarioText;
        sim({ type: "loading" });
        engine
          .platformPreset(name)
          .then((platformText) => actions.setScenario(withPlatform(base, platformText), { debounceMs: 0, platformName: name }))
          .catch(fail);
      },
      catalogLoaded: (presets, platforms) => sim({ type: "catalogLoaded", presets, platforms }),
      simSucceeded: (revision, scenarioText, result) => sim({ type: "simSucceeded", revision, scenarioText, result }),
      resultDrawn: () => {
        const { good, presets } = get().sim;
        if (!good || good.scenarioText === claimsAskedFor || !measuresClaims(presets, good.result)) return;
        const { scenarioText } = good;
        claimsAskedFor = scenarioText;
        engine.claimsOnRun(good.result.summary).then(
          (claims) => sim({ type: "claimsArrived", scenarioText, claims }),
          () => undefined, // the table stays closed; the chart and metrics are unaffected
        );
      },
      simFailed: (revision, message) => sim({ type: "simFailed", revision, message }),
      simProgress: (revision, progress) => sim({ type: "simProgress", revision, progress }),
      cancelSimulation: () => engine.cancelSimulation(),
      fatal: (message) => sim({ type: "fatal", message }),
      setWindow: (window) => sim({ type: "setWindow", window }),
      resetWindow: () => sim({ type: "resetWindow" }),
      setHover: (hover) => sim({ type: "hover", hover }),
      setCursor: (tNs) => sim({ type: "cursor", tNs }),
      setHighlight: (highlight) => sim({ type: "highlight", highlight }),
      importLoaded: (imported) => {
        undoCalibration();
        sim({ type: "importLoaded", imported });
      },
      importCleared: () => {
        undoCalibration();
        sim({ type: "importCleared" });
      },
      calibrationLoaded: (text) => {
        sim({ type: "calibrated", text });
        actions.setScenario(text, { debounceMs: 0, presetName: "", fitRuns: true });
      },
      replayLoaded: (replay) => sim({ type: "replayLoaded", replay }),

      setPage: (page) => view({ type: "page", page }),
      setPresenter: (on) => view({ type: "presenter", on }),
      setStep: (step) => view({ type: "step", step }),
      setPredict: (on) => view({ type: "predict", on }),
      reveal: (step) => view({ type: "reveal", step }),
      selectRow: (selection) => view({ type: "select", selection }),
      setTab: (tab) => view({ type: "tab", tab }),
      setPanel: (panel) => view({ type: "panel", panel }),
      setLinkError: (message) => view({ type: "linkError", message }),
      applyLink: (link) => view({ type: "applyLink", view: link }),

      setTheme: (theme) => prefs({ theme }),
      setLargeFont: (largeFont) => prefs({ largeFont }),
      setCriticalOnly: (criticalOnly) => prefs({ criticalOnly }),
      setBaseline: (baseline) => prefs({ baseline }),
      setRelativeBars: (relativeBars) => prefs({ relativeBars }),
      toggleCollapsed: (name) => {
        const list = get().prefs.collapsed;
        prefs({ collapsed: list.includes(name) ? list.filter((n) => n !== name) : [...list, name] });
      },
      togglePinned: (name) => {
        const list = get().prefs.pinned;
        prefs({ pinned: list.includes(name) ? list.filter((n) => n !== name) : [...list, name] });
      },

      edit: (change, options = {}) => {
        const { sim: current, editor } = get();
        const before = current.scenarioText;
        const text = changedText(before, change);
        if (text === null) return false;
        if (text === before) return true;
        editorStep(text, record(editor.history, before, options.coalesce ?? null, now()), options.debounceMs ?? VISUAL_EDIT_DEBOUNCE_MS);
        return true;
      },
      undo: () => {
        const step = undoStep(get().editor.history, get().sim.scenarioText);
        if (step) editorStep(step.text, step.history, VISUAL_EDIT_DEBOUNCE_MS);
      },
      redo: () => {
        const step = redoStep(get().editor.history, get().sim.scenarioText);
        if (step) editorStep(step.text, step.history, VISUAL_EDIT_DEBOUNCE_MS);
      },
      selectEvent: (index) => set((s) => ({ editor: { ...s.editor, selected: validSelection(index, s.sim.scenarioText) } })),
      setPaletteKind: (paletteKind) => set((s) => ({ editor: { ...s.editor, paletteKind } })),

      setSearch: (query) => sim({ type: "search", query }),
      setRange: (range) => sim({ type: "range", range }),
      loadPapers: () => {
        if (papersRequest || get().sim.papers.length > 0) return;
        papersRequest = engine.listPapers().then(
          (papers) => sim({ type: "papersLoaded", papers }),
          () => {
            papersRequest = null;
          },
        );
      },
      loadOsCatalog: () => {
        if (catalogRequest || get().osLab.catalog) return;
        catalogRequest = engine.osCatalog().then(
          (catalog) => osLab({ type: "catalogLoaded", catalog, preferred: get().sim.presetName }),
          (err: unknown) => {
            catalogRequest = null;
            osLab({ type: "failed", sweepId: null, message: String(err) });
          },
        );
      },
      pickFigure: (name) => osLab({ type: "figurePicked", name }),
      setSweepSelection: (selection) => osLab({ type: "selectionChanged", selection }),
      runSweep: async () => {
        const sweepId = get().osLab.sweepId + 1;
        osLab({ type: "sweepStarted", sweepId });
        const { selection: sel, figureName } = get().osLab;
        if (cellCount(sel) === 0) return;
        const live = () => get().osLab.sweepId === sweepId;
        try {
          // A figure runs its claims' cells, so that the engine can judge them; a custom selection runs its grid.
          const cells = figureName ? await engine.claimCells(figureName) : await engine.sweepCells({ ...sel, seeds: Array.from({ length: sel.seeds }, (_, i) => i + 1) });
          osLab({ type: "sweepPlanned", sweepId, total: cells.length });
          const rows = [];
          for (const cell of cells) {
            if (!live()) return;
            const row = await engine.runCell(cell);
            rows.push(row);
            osLab({ type: "rowDone", sweepId, row });
          }
          if (figureName && live()) osLab({ type: "claimsEvaluated", sweepId, claims: await engine.evaluateClaims(figureName, rows) });
        } catch (err) {
          osLab({ type: "failed", sweepId, message: messageOf(err) });
        }
      },
    };

    return { sim: initialSimState, view: initialViewState, prefs: loadPrefs(storage), editor: initialEditorState, osLab: initialOsLabState, actions };
  });
  return Object.assign(api, { engine });
}

