// Drives the engine from the store: loads the catalog and the default
// preset, then simulates every new scenario revision (debounced for edits).
import { useEffect } from "react";
import { SupersededError } from "../engine/engine";
import { parseScenario } from "../logic/scenario";
import { useStore } from "./StoreProvider";

export function useSimulation(): void {
  const { state, dispatch, engine } = useStore();

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const [presets, platforms] = await Promise.all([engine.listPresets(), engine.listPlatforms()]);
      if (cancelled) return;
      dispatch({ type: "catalogLoaded", presets, platforms });
      if (presets.length === 0) throw new Error("the engine lists no presets");
      const text = await engine.presetScenario(presets[0].name);
      if (!cancelled) dispatch({ type: "scenarioSet", text, debounceMs: 0, presetName: presets[0].name });
    })().catch((err: unknown) => {
      if (!cancelled) dispatch({ type: "fatal", message: `Engine failed to start: ${err instanceof Error ? err.message : String(err)}` });
    });
    return () => {
      cancelled = true;
    };
  }, [engine, dispatch]);

  const { revision, scenarioText, debounceMs } = state;
  useEffect(() => {
    if (revision === 0) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      const parsed = parseScenario(scenarioText);
      if (!parsed.ok) {
        dispatch({ type: "simFailed", revision, message: parsed.message });
        return;
      }
      engine.simulate(scenarioText).then(
        (result) => {
          if (!cancelled) dispatch({ type: "simSucceeded", revision, scenarioText, result });
        },
        (err: unknown) => {
          if (cancelled || err instanceof SupersededError) return;
          dispatch({ type: "simFailed", revision, message: err instanceof Error ? err.message : String(err) });
        },
      );
    }, debounceMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [engine, dispatch, revision, scenarioText, debounceMs]);
}
