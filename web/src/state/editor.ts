// The editor slice of the app store: the undo history of scenario texts, the selected timeline event
// and the palette kind. Pure helpers; the store's `edit`, `undo` and `redo` actions use them.
import { parseScenario, scenarioEvents } from "../logic/scenario";
import type { EventKind } from "../types/events";
import { EMPTY_HISTORY, type History } from "./history";

/** Delay before simulating an edit made in a visual editor (and an undo or redo). */
export const VISUAL_EDIT_DEBOUNCE_MS = 30;

export type Scenario = Record<string, unknown>;

export interface EditOptions {
  /** Edits with the same key in quick succession form one undo step. */
  readonly coalesce?: string;
  readonly debounceMs?: number;
}

export interface EditorState {
  readonly history: History;
  /** Index of the selected event in `scenario.events`. */
  readonly selected: number | null;
  readonly paletteKind: EventKind;
  /** performance.now() of the last visual edit, undo or redo (for the edit-to-redraw benchmark). */
  readonly lastEditAtMs: number | null;
}

export const initialEditorState: EditorState = { history: EMPTY_HISTORY, selected: null, paletteKind: "dvfs", lastEditAtMs: null };

/** `change` applied to the scenario text, pretty-printed; null when the text does not parse. */
export function changedText(text: string, change: (scenario: Scenario) => Scenario): string | null {
  const parsed = parseScenario(text);
  return parsed.ok ? JSON.stringify(change(parsed.value), null, 2) : null;
}

/** The selection, or null when the scenario has no event at that index. */
export function validSelection(selected: number | null, scenarioText: string): number | null {
  return selected !== null && selected < scenarioEvents(scenarioText).length ? selected : null;
}

/**
 * The editor after the scenario changed: a new preset starts a new history (undo does not jump back into
 * the old one) with nothing selected, and a selection whose event disappeared (undo, JSON edits) goes.
 */
export function afterScenarioChange(editor: EditorState, presetChanged: boolean, scenarioText: string): EditorState {
  if (presetChanged) return editor.history === EMPTY_HISTORY && editor.selected === null ? editor : { ...editor, history: EMPTY_HISTORY, selected: null };
  const selected = validSelection(editor.selected, scenarioText);
  return selected === editor.selected ? editor : { ...editor, selected };
}
