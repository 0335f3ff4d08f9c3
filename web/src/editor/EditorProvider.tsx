// Scenario editing shared by every editor: `edit()` applies a change to the
// scenario JSON (recorded for undo), plus the selected event and the palette
// kind. Ctrl+Z / Ctrl+Shift+Z (or Ctrl+Y) undo and redo outside text fields.
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { parseScenario } from "../logic/scenario";
import { parseScenarioCached } from "./parsed";
import { useStore } from "../state/StoreProvider";
import type { EventKind } from "./events-model";
import { EMPTY_HISTORY, type History, record, redo as redoStep, undo as undoStep } from "./history";

/** Delay before simulating an edit made in a visual editor. */
export const VISUAL_EDIT_DEBOUNCE_MS = 30;

export type Scenario = Record<string, unknown>;

export interface EditOptions {
  /** Edits with the same key in quick succession form one undo step. */
  readonly coalesce?: string;
  readonly debounceMs?: number;
}

interface EditorValue {
  /** Applies `change` to the current scenario; false when the scenario text does not parse. */
  edit(change: (scenario: Scenario) => Scenario, options?: EditOptions): boolean;
  undo(): void;
  redo(): void;
  readonly canUndo: boolean;
  readonly canRedo: boolean;
  /** Index of the selected event in `scenario.events`. */
  readonly selected: number | null;
  select(index: number | null): void;
  readonly paletteKind: EventKind;
  setPaletteKind(kind: EventKind): void;
}

declare global {
  interface Window {
    /** performance.now() of the last visual edit, for `npm run bench`. */
    __lastEditAt?: number;
  }
}

const EditorContext = createContext<EditorValue | null>(null);

export function EditorProvider(props: { readonly children: ReactNode }) {
  const { state, dispatch } = useStore();
  const textRef = useRef(state.scenarioText);
  textRef.current = state.scenarioText;
  const [history, setHistory] = useState<History>(EMPTY_HISTORY);
  const historyRef = useRef(history);
  historyRef.current = history;
  const [selected, setSelected] = useState<number | null>(null);
  const [paletteKind, setPaletteKind] = useState<EventKind>("dvfs");

  const setText = useCallback(
    (text: string, debounceMs: number) => {
      window.__lastEditAt = performance.now();
      dispatch({ type: "scenarioSet", text, debounceMs });
    },
    [dispatch],
  );

  const edit = useCallback(
    (change: (scenario: Scenario) => Scenario, options: EditOptions = {}) => {
      const before = textRef.current;
      const parsed = parseScenario(before);
      if (!parsed.ok) return false;
      const text = JSON.stringify(change(parsed.value), null, 2);
      if (text === before) return true;
      const next = record(historyRef.current, before, options.coalesce ?? null, performance.now());
      historyRef.current = next;
      setHistory(next);
      textRef.current = text;
      setText(text, options.debounceMs ?? VISUAL_EDIT_DEBOUNCE_MS);
      return true;
    },
    [setText],
  );

  const undo = useCallback(() => {
    const step = undoStep(historyRef.current, textRef.current);
    if (!step) return;
    historyRef.current = step.history;
    setHistory(step.history);
    textRef.current = step.text;
    setText(step.text, VISUAL_EDIT_DEBOUNCE_MS);
  }, [setText]);

  const redo = useCallback(() => {
    const step = redoStep(historyRef.current, textRef.current);
    if (!step) return;
    historyRef.current = step.history;
    setHistory(step.history);
    textRef.current = step.text;
    setText(step.text, VISUAL_EDIT_DEBOUNCE_MS);
  }, [setText]);

  // A new preset starts a new history (undo does not jump back into the old one).
  useEffect(() => {
    historyRef.current = EMPTY_HISTORY;
    setHistory(EMPTY_HISTORY);
    setSelected(null);
  }, [state.presetName]);

  // Keep the selection valid when events disappear (undo, JSON edits, presets).
  useEffect(() => {
    if (selected === null) return;
    const parsed = parseScenarioCached(state.scenarioText);
    const events = parsed.ok && Array.isArray(parsed.value.events) ? parsed.value.events : [];
    if (selected >= events.length) setSelected(null);
  }, [state.scenarioText, selected]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) undo();
      else if ((key === "z" && event.shiftKey) || key === "y") redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [undo, redo]);

  const value = useMemo<EditorValue>(
    () => ({
      edit,
      undo,
      redo,
      canUndo: history.past.length > 0,
      canRedo: history.future.length > 0,
      selected,
      select: setSelected,
      paletteKind,
      setPaletteKind,
    }),
    [edit, undo, redo, history, selected, paletteKind],
  );
  return <EditorContext.Provider value={value}>{props.children}</EditorContext.Provider>;
}

export function useEditor(): EditorValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error("useEditor outside EditorProvider");
  return value;
}

/** The scenario's events array (empty when the text does not parse). */
export function scenarioEvents(scenarioText: string): unknown[] {
  const parsed = parseScenarioCached(scenarioText);
  return parsed.ok && Array.isArray(parsed.value.events) ? parsed.value.events : [];
}
