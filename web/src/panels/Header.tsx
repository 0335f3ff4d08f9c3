// App header: name, scenario preset picker, platform picker and status.
import { withPlatform } from "../logic/scenario";
import { useStore } from "../state/StoreProvider";

export function Header() {
  const { state, dispatch, engine } = useStore();
  const preset = state.presets.find((p) => p.name === state.presetName);
  const fail = (err: unknown) => dispatch({ type: "fatal", message: err instanceof Error ? err.message : String(err) });

  const pickPreset = (name: string) => {
    dispatch({ type: "loading" });
    engine.presetScenario(name).then((text) => dispatch({ type: "scenarioSet", text, debounceMs: 0, presetName: name, platformName: "" }), fail);
  };
  const pickPlatform = (name: string) => {
    if (!name) return;
    const base = state.good?.scenarioText ?? state.scenarioText;
    dispatch({ type: "loading" });
    engine
      .platformPreset(name)
      .then((platformText) => dispatch({ type: "scenarioSet", text: withPlatform(base, platformText), debounceMs: 0, platformName: name }))
      .catch(fail);
  };

  const simMs = state.good?.result.simMs;
  return (
    <header className="app-header">
      <h1>Asymmetry Lab</h1>
      <label className="picker">
        Scenario
        <select data-testid="preset-picker" value={state.presetName} onChange={(e) => pickPreset(e.target.value)} title={preset?.description}>
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
