// What every form editor needs: the parsed scenario, the engine's error for a
// field path, and a setter that edits one path (debounced, one undo step per field).
import { parseScenarioCached } from "../logic/scenario";
import { useActions, useAppStore } from "../state/AppProvider";
import type { Scenario } from "../state/editor";
import { selectError, selectScenarioText } from "../state/selectors";
import { splitErrorPath } from "./events-model";

const FORM_DEBOUNCE_MS = 250;

/**
 * Sets `path` (dot/bracket notation, e.g. "platform.clusters[1].cores") in a copy of `scenario`.
 * Missing objects on the way are created (e.g. an absent `workload.os`).
 */
export function setPath(scenario: Scenario, path: string, value: unknown): Scenario {
  const keys = path.match(/[^.[\]]+/g) ?? [];
  const root: Scenario = structuredClone(scenario);
  let node: Record<string, unknown> | unknown[] = root;
  keys.forEach((key, i) => {
    const last = i === keys.length - 1;
    const k: string | number = Array.isArray(node) ? Number(key) : key;
    const container = node as Record<string | number, unknown>;
    if (last) {
      container[k] = value;
    } else {
      if (container[k] === undefined || container[k] === null) container[k] = {};
      node = container[k] as Record<string, unknown> | unknown[];
    }
  });
  return root;
}

export function useFormContext() {
  const { edit } = useActions();
  const parsed = parseScenarioCached(useAppStore(selectScenarioText));
  const engineError = splitErrorPath(useAppStore(selectError));
  const errorAt = (path: string) => (engineError?.path === path ? engineError.message : undefined);
  const set = (path: string) => (value: unknown) => edit((s) => setPath(s, path, value), { coalesce: `form-${path}`, debounceMs: FORM_DEBOUNCE_MS });
  return { parsed, errorAt, set, engineError };
}

export type FormContext = ReturnType<typeof useFormContext>;
