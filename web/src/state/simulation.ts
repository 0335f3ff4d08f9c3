// Drives the engine from the store, without React: loads the catalog and the first scenario, then
// simulates every new scenario revision after its debounce (300 ms for typing in the JSON editor, 30 ms
// for visual edits, 0 for presets). A newer revision cancels the pending timer; results of superseded
// revisions are dropped (by the worker, and by the reducer, which compares revisions).
import type { PresetInfo } from "../engine/engine-types";
import { CancelledError, SupersededError } from "../engine/engine";
import { parseScenario } from "../logic/scenario";
import type { AppStoreApi } from "./app-store";
import type { SimState } from "./sim";

/** Picks the first scenario (for example from the URL); null opens the default preset. */
export type OpenInitial = (presets: readonly PresetInfo[]) => Promise<{ text: string; presetName: string } | null>;

/** Shown when the user cancels a long run: the last good result stays. */
export const CANCELLED_MESSAGE = "Simulation cancelled; the last good result stays on screen. Fewer tasks, iterations or schedulers make the scenario quicker.";

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Starts loading and simulating; returns the function that stops both. */
export function startSimulation(store: AppStoreApi, openInitial?: OpenInitial): () => void {
  const { engine } = store;
  const actions = () => store.getState().actions;
  let stopped = false;

  (async () => {
    const [presets, platforms] = await Promise.all([engine.listPresets(), engine.listPlatforms()]);
    if (stopped) return;
    actions().catalogLoaded(presets, platforms);
    if (presets.length === 0) throw new Error("the engine lists no presets");
    const chosen = (await openInitial?.(presets)) ?? null;
    const presetName = chosen ? chosen.presetName : presets[0].name;
    const text = chosen ? chosen.text : await engine.presetScenario(presetName);
    if (!stopped) actions().setScenario(text, { debounceMs: 0, presetName });
  })().catch((err: unknown) => {
    if (!stopped) actions().fatal(`Engine failed to start: ${messageOf(err)}`);
  });

  let cancelPending = () => {};
  const simulate = ({ revision, scenarioText, debounceMs }: SimState) => {
    cancelPending();
    if (revision === 0) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      const parsed = parseScenario(scenarioText);
      if (!parsed.ok) {
        actions().simFailed(revision, parsed.message);
        return;
      }
      engine.simulate(scenarioText, (progress) => actions().simProgress(revision, progress)).then(
        (result) => {
          if (!cancelled) actions().simSucceeded(revision, scenarioText, result);
        },
        (err: unknown) => {
          if (cancelled || err instanceof SupersededError) return;
          actions().simFailed(revision, err instanceof CancelledError ? CANCELLED_MESSAGE : messageOf(err));
        },
      );
    }, debounceMs);
    cancelPending = () => {
      cancelled = true;
      clearTimeout(timer);
    };
  };
  simulate(store.getState().sim);
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.sim.revision !== prev.sim.revision) simulate(s.sim);
  });

  return () => {
    stopped = true;
    unsubscribe();
    cancelPending();
  };
}
