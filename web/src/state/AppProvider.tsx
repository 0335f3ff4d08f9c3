// The one provider: puts the app store (state/app-store.ts) and its engine in React context, and applies the
// display preferences to <html> (data-theme, root font size; every size in styles.css is rem). Components
// read through useAppStore(selector) (useSyncExternalStore: a component re-renders only when its selection
// changes) and write through useActions().
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { useStore } from "zustand";
import type { Engine } from "../engine/engine";
import { type AppActions, type AppStore, type AppStoreApi, createAppStore } from "./app-store";
import { BASE_FONT_PX, type KeyValueStorage, LARGE_FONT_PX, type PrefsState } from "./prefs";

const StoreContext = createContext<AppStoreApi | null>(null);

function browserStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function applyPrefs(prefs: PrefsState): void {
  const root = document.documentElement;
  if (prefs.theme === "system") delete root.dataset.theme;
  else root.dataset.theme = prefs.theme;
  root.style.fontSize = `${prefs.largeFont ? LARGE_FONT_PX : BASE_FONT_PX}px`;
}

/** Provides a store made for `engine`, or `store` when given (tests). */
export function AppProvider(props: { readonly engine: Engine; readonly store?: AppStoreApi; readonly children: ReactNode }) {
  const [store] = useState(() => props.store ?? createAppStore({ engine: props.engine, storage: browserStorage() }));
  useEffect(() => {
    applyPrefs(store.getState().prefs);
    return store.subscribe((s, prev) => {
      if (s.prefs.theme !== prev.prefs.theme || s.prefs.largeFont !== prev.prefs.largeFont) applyPrefs(s.prefs);
    });
  }, [store]);
  return <StoreContext.Provider value={store}>{props.children}</StoreContext.Provider>;
}

export function useStoreApi(): AppStoreApi {
  const store = useContext(StoreContext);
  if (!store) throw new Error("the app store is used outside AppProvider");
  return store;
}

/** The part of the store `selector` picks; re-renders when it changes. */
export function useAppStore<T>(selector: (s: AppStore) => T): T {
  return useStore(useStoreApi(), selector);
}

/** The store's named actions (a stable object). */
export function useActions(): AppActions {
  return useStoreApi().getState().actions;
}

export function useEngine(): Engine {
  return useStoreApi().engine;
}
