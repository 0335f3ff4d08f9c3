// Collapsible "Scenario JSON" editor. Edits re-simulate after 300 ms;
// bad input shows the error banner and keeps the last good result.
import { useActions, useAppStore } from "../state/AppProvider";
import { selectScenarioText } from "../state/selectors";

export const EDIT_DEBOUNCE_MS = 300;

export function ScenarioEditor() {
  const scenarioText = useAppStore(selectScenarioText);
  const { setScenario } = useActions();
  return (
    <details className="scenario-editor" data-testid="scenario-details">
      <summary>Scenario JSON</summary>
      <textarea
        data-testid="scenario-editor"
        spellCheck={false}
        aria-label="Scenario JSON"
        value={scenarioText}
        onChange={(e) => setScenario(e.target.value, { debounceMs: EDIT_DEBOUNCE_MS })}
      />
    </details>
  );
}
