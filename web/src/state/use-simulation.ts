// Drives the engine from the store: loads the catalog and the default
// preset, then simulates every new scenario revision (debounced for edits).
import { useEffect, useRef } from "react";
import type { PresetInfo } from "../engine/engine-types";
import { SupersededError } from "../engine/engine";
import { parseScenario } from "../logic/scenario";
import { useStore } from "./StoreProvider";

/** Picks the first scenario (for example from the URL); null opens the default preset. */
export type OpenInitial = (presets: readonly PresetInfo[]) => Promise<{ text: string; presetName: string } | null>;

export function useSimulation(openInitial?: OpenInitial): void {
  const { state, dispatch, engine } = useStore();
  const initial = useRef(openInitial);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const [presets, platforms] = await Promise.all([engine.listPresets(), engine.listPlatforms()]);
      if (cancelled) return;
      dispatch({ type: "catalogLoaded", presets, platforms });
      if (presets.length === 0) throw new Error("the engine lists no presets");
      const chosen = (await initial.current?.(presets)) ?? null;
      const presetName = chosen ? chosen.presetName : presets[0].name;
      const text = chosen ? chosen.text : await engine.presetScenario(presetName);
      if (!cancelled) dispatch({ type: "scenarioSet", text, debounceMs: 0, presetName });
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
