// Theme picker, the critical-path toggle and the large-font (projector) toggle.
import { type ThemeMode, useUiPrefs } from "../state/ui-prefs";

export function DisplayControls() {
  const prefs = useUiPrefs();
  return (
    <div className="display-controls">
      <label className="picker">
        Theme
        <select data-testid="theme-picker" value={prefs.theme} onChange={(e) => prefs.setTheme(e.target.value as ThemeMode)}>
          <option value="system">system</option>
          <option value="light">light</option>
          <option value="dark">dark</option>
        </select>
      </label>
      <button
        type="button"
        data-testid="critical-toggle"
        aria-pressed={prefs.criticalOnly}
        onClick={() => prefs.setCriticalOnly(!prefs.criticalOnly)}
        title="Critical path: fade every task but the high-priority (critical) ones"
      >
        Critical path
      </button>
      <button type="button" data-testid="large-font" aria-pressed={prefs.largeFont} onClick={() => prefs.setLargeFont(!prefs.largeFont)} title="Large fonts for projectors">
        {prefs.largeFont ? "A−" : "A+"}
      </button>
    </div>
  );
}
