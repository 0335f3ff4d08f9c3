// App header: name, scenario preset picker, platform picker and status.
import { useShallow } from "zustand/shallow";
import { useActions, useAppStore } from "../state/AppProvider";
import { selectPreset } from "../state/selectors";

export function Header() {
  const { loadPreset, pickPlatform } = useActions();
  const state = useAppStore(
    useShallow((s) => ({ presets: s.sim.presets, platforms: s.sim.platforms, presetName: s.sim.presetName, platformName: s.sim.platformName, simPending: s.sim.simPending, simMs: s.sim.good?.result.simMs })),
  );
  const preset = useAppStore(selectPreset);
  const simMs = state.simMs;
  return (
    <header className="app-header">
      <h1>Asymmetry Lab</h1>
      <label className="picker">
        Scenario
        <select data-testid="preset-picker" value={state.presetName} onChange={(e) => loadPreset(e.target.value)} title={preset?.description}>
          {state.presetName === "" && (
            <option value="" disabled>
              (custom scenario)
            </option>
          )}
          {state.presets.map((p) => (
            <option key={p.name} value={p.name} title={p.description}>
              {p.title}
            </option>
          ))}
        </select>
      </label>
      <label className="picker">
        Platform
        <select data-testid="platform-picker" value={state.platformName} onChange={(e) => pickPlatform(e.target.value)}>
          <option value="">(as in scenario)</option>
          {state.platforms.map((p) => (
            <option key={p.name} value={p.name}>
              {p.title}
            </option>
          ))}
        </select>
      </label>
      <span className="status muted" data-testid="status" aria-live="polite">
        {state.simPending ? "simulating…" : simMs !== undefined ? `simulated in ${simMs.toFixed(0)} ms` : ""}
      </span>
      {preset && <p className="preset-description muted">{preset.description}</p>}
    </header>
  );
}
