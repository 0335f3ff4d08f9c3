// Named selectors of the app store. A component re-renders only when what its selector returns changes
// (Object.is), so a selector returns a field of the state or a value derived from it without allocating
// (derived arrays come from memoised helpers); anything costlier is computed in the component with useMemo.
import type { PresetInfo, RunSummary } from "../engine/engine-types";
import { scenarioEvents } from "../logic/scenario";
import type { ScenarioEvent } from "../types/events";
import type { AppStore } from "./app-store";

export const selectScenarioText = (s: AppStore) => s.sim.scenarioText;
export const selectGood = (s: AppStore) => s.sim.good;
export const selectResult = (s: AppStore) => s.sim.good?.result ?? null;
export const selectSummary = (s: AppStore): RunSummary | undefined => s.sim.good?.result.summary;
export const selectPlatform = (s: AppStore) => s.sim.good?.result.summary.platform ?? null;
export const selectError = (s: AppStore) => s.sim.error;
export const selectSimPending = (s: AppStore) => s.sim.simPending;
/** A result is on screen and no newer simulation is pending. */
export const selectSettled = (s: AppStore) => s.sim.good !== null && !s.sim.simPending;
export const selectBounds = (s: AppStore) => s.sim.bounds;
export const selectCursorNs = (s: AppStore) => s.sim.cursorNs;
export const selectImported = (s: AppStore) => s.sim.imported;
export const selectPresets = (s: AppStore) => s.sim.presets;
/** The preset the scenario came from (undefined for a custom scenario). */
export const selectPreset = (s: AppStore): PresetInfo | undefined => s.sim.presets.find((p) => p.name === s.sim.presetName);
/** The scenario's timeline events (one shared parse of the text). */
export const selectEvents = (s: AppStore) => scenarioEvents(s.sim.scenarioText) as readonly ScenarioEvent[];

export const selectView = (s: AppStore) => s.view;
export const selectPage = (s: AppStore) => s.view.page;
export const selectPresenter = (s: AppStore) => s.view.presenter;
export const selectStep = (s: AppStore) => s.view.step;
export const selectRowSelection = (s: AppStore) => s.view.selection;
export const selectTab = (s: AppStore) => s.view.tab;
export const selectPanel = (s: AppStore) => s.view.panel;

export const selectPrefs = (s: AppStore) => s.prefs;
export const selectBaseline = (s: AppStore) => s.prefs.baseline;
export const selectCriticalOnly = (s: AppStore) => s.prefs.criticalOnly;

export const selectSelectedEvent = (s: AppStore) => s.editor.selected;
export const selectPaletteKind = (s: AppStore) => s.editor.paletteKind;
export const selectCanUndo = (s: AppStore) => s.editor.history.past.length > 0;
export const selectCanRedo = (s: AppStore) => s.editor.history.future.length > 0;

export const selectOsLab = (s: AppStore) => s.osLab;
export const selectOsCatalog = (s: AppStore) => s.osLab.catalog;
/** The figure the OS lab's pickers hold (undefined once they were changed by hand). */
export const selectOsFigure = (s: AppStore) => s.osLab.catalog?.figures.find((f) => f.name === s.osLab.figureName);
export const selectSweepRunning = (s: AppStore) => s.osLab.progress !== null && s.osLab.progress.done < s.osLab.progress.total;
