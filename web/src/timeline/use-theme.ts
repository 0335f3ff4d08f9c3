// The Gantt theme, following prefers-color-scheme live.
import { useSyncExternalStore } from "react";
import { currentTheme, DARK, LIGHT, type Theme } from "../logic/palette";

const QUERY = "(prefers-color-scheme: dark)";

function subscribe(onChange: () => void): () => void {
  const media = matchMedia(QUERY);
  media.addEventListener("change", onChange);
  return () => media.removeEventListener("change", onChange);
}

export function useTheme(): Theme {
  const dark = useSyncExternalStore(subscribe, () => currentTheme().dark, () => false);
  return dark ? DARK : LIGHT;
}
