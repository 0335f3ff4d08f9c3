// Collapsible "Scenario JSON" editor. Edits re-simulate after 300 ms;
// bad input shows the error banner and keeps the last good result.
import { useStore } from "../state/StoreProvider";

export const EDIT_DEBOUNCE_MS = 300;

export function ScenarioEditor() {
  const { state, dispatch } = useStore();
  return (
    <details className="scenario-editor" data-testid="scenario-details">
      <summary>Scenario JSON</summary>
      <textarea
        data-testid="scenario-editor"
        spellCheck={false}
        aria-label="Scenario JSON"
        value={state.scenarioText}
        onChange={(e) => dispatch({ type: "scenarioSet", text: e.target.value, debounceMs: EDIT_DEBOUNCE_MS })}
      />
    </details>
  );
}
