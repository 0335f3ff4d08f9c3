// Display preferences: theme (system, light, dark) and a large-font mode for
// projectors. They set `data-theme` and the root font size on <html>; every
// size in the layout is in rem, and the canvases follow the theme through
// useTheme(). Kept in localStorage.
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from "react";

export type ThemeMode = "system" | "light" | "dark";

interface UiPrefs {
  readonly theme: ThemeMode;
  setTheme(mode: ThemeMode): void;
  readonly largeFont: boolean;
  setLargeFont(on: boolean): void;
  /** Fade everything but the high-priority (critical-path) tasks in the Gantts. Not persisted. */
  readonly criticalOnly: boolean;
  setCriticalOnly(on: boolean): void;
  /** Scheduler the comparison measures differences against (null: the first run). Not persisted. */
  readonly baseline: string | null;
  setBaseline(name: string | null): void;
}

const KEY = "asymlab-ui";
const BASE_FONT_PX = 14;
export const LARGE_FONT_PX = 20;

function load(): { theme: ThemeMode; largeFont: boolean } {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? "{}") as { theme?: ThemeMode; largeFont?: boolean };
    return { theme: v.theme === "light" || v.theme === "dark" ? v.theme : "system", largeFont: v.largeFont === true };
  } catch {
    return { theme: "system", largeFont: false };
  }
}

const UiContext = createContext<UiPrefs | null>(null);

export function UiPrefsProvider(props: { readonly children: ReactNode }) {
  const [initial] = useState(load);
  const [theme, setTheme] = useState<ThemeMode>(initial.theme);
  const [largeFont, setLargeFont] = useState(initial.largeFont);
  const [baseline, setBaseline] = useState<string | null>(null);
  const [criticalOnly, setCriticalOnly] = useState(false);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === "system") delete root.dataset.theme;
    else root.dataset.theme = theme;
    root.style.fontSize = `${largeFont ? LARGE_FONT_PX : BASE_FONT_PX}px`;
    try {
      localStorage.setItem(KEY, JSON.stringify({ theme, largeFont }));
    } catch {
      // Not persisted; the choice still applies to this page.
    }
  }, [theme, largeFont]);
  const value = useMemo(
    () => ({ theme, setTheme, largeFont, setLargeFont, baseline, setBaseline, criticalOnly, setCriticalOnly }),
    [theme, largeFont, baseline, criticalOnly],
  );
  return <UiContext.Provider value={value}>{props.children}</UiContext.Provider>;
}

export function useUiPrefs(): UiPrefs {
  const value = useContext(UiContext);
  if (!value) throw new Error("useUiPrefs outside UiPrefsProvider");
  return value;
}
