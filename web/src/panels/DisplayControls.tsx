// Theme picker, the critical-path toggle and the large-font (projector) toggle.
import { useActions, useAppStore } from "../state/AppProvider";
import type { ThemeMode } from "../state/prefs";
import { selectPrefs } from "../state/selectors";

export function DisplayControls() {
  const prefs = useAppStore(selectPrefs);
  const actions = useActions();
  return (
    <div className="display-controls">
      <label className="picker">
        Theme
        <select data-testid="theme-picker" value={prefs.theme} onChange={(e) => actions.setTheme(e.target.value as ThemeMode)}>
          <option value="system">system</option>
          <option value="light">light</option>
          <option value="dark">dark</option>
        </select>
      </label>
      <button
        type="button"
        data-testid="critical-toggle"
        aria-pressed={prefs.criticalOnly}
        onClick={() => actions.setCriticalOnly(!prefs.criticalOnly)}
        title="Critical path: fade every task but the high-priority (critical) ones"
      >
        Critical path
      </button>
      <button type="button" data-testid="large-font" aria-pressed={prefs.largeFont} onClick={() => actions.setLargeFont(!prefs.largeFont)} title="Large fonts for projectors">
        {prefs.largeFont ? "A−" : "A+"}
      </button>
    </div>
  );
}
