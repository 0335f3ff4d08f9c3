// The display-preferences slice of the app store: theme (system, light, dark), the large-font mode for
// projectors, the critical-path fade and the comparison baseline. Theme and large fonts are kept in a
// key-value storage (localStorage in the page, injected so tests use a map). Pure: applying them to
// <html> (data-theme, root font size) is done by AppProvider.

export type ThemeMode = "system" | "light" | "dark";

export interface PrefsState {
  readonly theme: ThemeMode;
  readonly largeFont: boolean;
  /** Fade everything but the high-priority (critical-path) tasks in the Gantts. Not persisted. */
  readonly criticalOnly: boolean;
  /** Scheduler the comparison measures differences against (null: the first run). Not persisted. */
  readonly baseline: string | null;
  /** Bar charts show each run's difference from the baseline, centred on it, instead of bars from zero. Not persisted. */
  readonly relativeBars: boolean;
  /** Gantts folded to their title line, by scheduler name. Not persisted. */
  readonly collapsed: readonly string[];
  /** Gantts pinned above the scrolling stack, by scheduler name, in pin order. Not persisted. */
  readonly pinned: readonly string[];
}

/** The part of `Storage` the preferences use. */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const PREFS_KEY = "asymlab-ui";
export const BASE_FONT_PX = 14;
export const LARGE_FONT_PX = 20;

export const defaultPrefs: PrefsState = { theme: "system", largeFont: false, criticalOnly: false, baseline: null, relativeBars: false, collapsed: [], pinned: [] };

/** The stored theme and font mode (defaults when absent, unreadable or malformed). */
export function loadPrefs(storage: KeyValueStorage | null): PrefsState {
  try {
    const v = JSON.parse(storage?.getItem(PREFS_KEY) ?? "{}") as { theme?: unknown; largeFont?: unknown };
    return { ...defaultPrefs, theme: v.theme === "light" || v.theme === "dark" ? v.theme : "system", largeFont: v.largeFont === true };
  } catch {
    return defaultPrefs;
  }
}

export function savePrefs(storage: KeyValueStorage | null, prefs: PrefsState): void {
  try {
    storage?.setItem(PREFS_KEY, JSON.stringify({ theme: prefs.theme, largeFont: prefs.largeFont }));
  } catch {
    // Not persisted; the choice still applies to this page.
  }
}
