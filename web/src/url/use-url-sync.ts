// Keeps the URL fragment and the app in step, both ways.
//  * Start-up: the fragment decides the first scenario (useSimulation asks
//    `openInitial`); a bad link names what was wrong and opens the default.
//  * Edits: a new scenario (or page) pushes a history entry; zoom, presenter
//    mode, guide step and selection replace the current one (debounced).
//  * Back/forward: popstate decodes the fragment and restores that state.
import { customSchedulers } from "../logic/policy";
import { confirmPolicies, withoutPolicies } from "./confirm-code";
import { useCallback, useEffect, useRef } from "react";
import { useShallow } from "zustand/shallow";
import type { PresetInfo } from "../engine/engine-types";
import type { AppStore } from "../state/app-store";
import { useActions, useAppStore, useStoreApi } from "../state/AppProvider";
import { selectView } from "../state/selectors";
import type { SimState } from "../state/sim";
import { linkViewOf } from "../state/view";
import type { LinkView } from "../types/view";
import { LinkError, MAX_FRAGMENT_CHARS } from "./codec";
import { formatFragment, type LinkState, parseFragment, sameJson } from "./link-state";

/** Delay before a view change (zoom, pan, step) rewrites the URL. */
const REPLACE_DEBOUNCE_MS = 250;

export interface InitialScenario {
  readonly text: string;
  readonly presetName: string;
}

export interface UrlSync {
  /** For useSimulation: the scenario the page opens on, or null for the default preset. */
  readonly openInitial: (presets: readonly PresetInfo[]) => Promise<InitialScenario | null>;
  /** The link to the current state, fresh (not waiting for the debounce). */
  readonly currentUrl: () => Promise<string>;
}

/** Identity of the discrete view fields (not the window). */
function viewKeyOf(view: {
  readonly page?: string;
  readonly presenter?: boolean;
  readonly step?: number | null;
  readonly selection?: unknown;
  readonly tab?: string | null;
  readonly panel?: string | null;
  readonly predict?: boolean;
}): string {
  return JSON.stringify([view.page ?? "explorer", view.presenter ?? false, view.step ?? null, view.selection ?? null, view.tab ?? null, view.panel ?? null, view.predict ?? false]);
}

/** The error's message without a final full stop (the banner adds its own sentence after it). */
function messageOf(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).replace(/\.\s*$/, "");
}

function isFull(state: SimState): boolean {
  return Math.abs(state.window.t0Ns - state.bounds.t0Ns) < 0.5 && Math.abs(state.window.t1Ns - state.bounds.t1Ns) < 0.5;
}

export function useUrlSync(): UrlSync {
  const store = useStoreApi();
  const { engine } = store;
  const actions = useActions();
  const state = useAppStore(
    useShallow((s: AppStore) => ({
      good: s.sim.good,
      error: s.sim.error,
      simPending: s.sim.simPending,
      scenarioText: s.sim.scenarioText,
      presets: s.sim.presets,
      presetName: s.sim.presetName,
      window: s.sim.window,
      bounds: s.sim.bounds,
    })),
  );
  const view = useAppStore(selectView);

  const presetTexts = useRef(new Map<string, Promise<string>>());
  const presetText = useCallback(
    (name: string) => {
      let text = presetTexts.current.get(name);
      if (!text) {
        text = engine.presetScenario(name);
        presetTexts.current.set(name, text);
        text.catch(() => presetTexts.current.delete(name));
      }
      return text;
    },
    [engine],
  );

  /** Scenario text a link asked for, until its simulation succeeds or fails. */
  /** A link's scenario on its way through the engine; `keep`: the scenario on show when it came (back, forward, a typed link), kept if the link's fails. */
  const awaiting = useRef<{ text: string; window: LinkView["window"]; keep?: { text: string; presetName: string } } | null>(null);
  /** Scenario identity of the last written entry; null until the first write (which replaces). */
  const lastKey = useRef<string | null>(null);
  const lastPage = useRef<string | null>(null);
  const lastText = useRef<string | null>(null);
  const lastViewKey = useRef<string | null>(null);
  const writeSeq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  /** Resolves a link to scenario text; throws LinkError for an unknown preset. */
  const resolve = useCallback(
    async (link: LinkState, presets: readonly PresetInfo[]): Promise<InitialScenario & { key: string }> => {
      if (link.scenario) {
        let scenario = link.scenario;
        const policies = customSchedulers(scenario);
        if (policies.length > 0 && !(await confirmPolicies(policies))) scenario = withoutPolicies(scenario);
        const text = JSON.stringify(scenario, null, 2);
        const named = presets.find((p) => p.name === link.preset) ?? presets.find((p) => p.title === link.scenario?.name);
        return { text, presetName: named?.name ?? "", key: text };
      }
      const name = link.preset ?? presets[0]?.name;
      if (!name) throw new LinkError("the engine lists no presets");
      if (!presets.some((p) => p.name === name)) throw new LinkError(`there is no preset called "${name}" (it may have been renamed); the gallery lists them all`);
      return { text: await presetText(name), presetName: name, key: `preset:${name}` };
    },
    [presetText],
  );

  const openInitial = useCallback(
    async (presets: readonly PresetInfo[]): Promise<InitialScenario | null> => {
      try {
        const link = await parseFragment(window.location.hash);
        if (!link) return null;
        if (!link.preset && !link.scenario) {
          actions.applyLink(link.view);
          return null;
        }
        const resolved = await resolve(link, presets);
        awaiting.current = { text: resolved.text, window: link.view.window };
        actions.applyLink(link.view);
        return resolved;
      } catch (err) {
        actions.setLinkError(`This link could not be opened: ${messageOf(err)}. The default scenario is shown instead.`);
        return null;
      }
    },
    [resolve, actions],
  );

  // A link's scenario ran: apply its window. Or it failed validation in the engine: say so and open the default.
  useEffect(() => {
    const pending = awaiting.current;
    if (!pending || state.simPending) return;
    if (state.good?.scenarioText === pending.text && state.scenarioText === pending.text) {
      awaiting.current = null;
      if (pending.window) actions.setWindow({ t0Ns: pending.window[0], t1Ns: pending.window[1] });
      else actions.resetWindow();
    } else if (state.error && state.scenarioText === pending.text) {
      awaiting.current = null;
      if (pending.keep) {
        // A link typed over a scenario on show (or reached by back and forward) that fails keeps that scenario.
        actions.setLinkError(`This link's scenario is not valid: ${messageOf(state.error)}. The scenario you had open is kept.`);
        actions.setScenario(pending.keep.text, { debounceMs: 0, presetName: pending.keep.presetName, platformName: "" });
        return;
      }
      actions.setLinkError(`This link's scenario is not valid: ${messageOf(state.error)}. The default scenario is shown instead.`);
      const fallback = state.presets[0]?.name;
      if (fallback) presetText(fallback).then((text) => actions.setScenario(text, { debounceMs: 0, presetName: fallback, platformName: "" }));
    }
  }, [state.good, state.error, state.simPending, state.scenarioText, state.presets, actions, presetText]);

  // A preset picked by hand (not restored from a link): its guide starts at step 1 and the old row selection goes.
  const lastPresetName = useRef<string | null>(null);
  useEffect(() => {
    const previous = lastPresetName.current;
    lastPresetName.current = state.presetName;
    if (!previous || previous === state.presetName || awaiting.current) return;
    const v = store.getState().view;
    if (v.step !== null) actions.setStep(0);
    if (v.selection !== null) actions.selectRow(null);
  }, [state.presetName, store, actions]);

  /** The link state now, with the key that tells a new scenario from a view change. */
  const snapshot = useCallback(async ({ sim: s, view: v }: AppStore, exact = false): Promise<{ link: LinkState; key: string } | null> => {
    const good = s.good;
    if (!good) return null;
    const win = isFull(s) ? undefined : ([Math.round(s.window.t0Ns), Math.round(s.window.t1Ns)] as const);
    const linkView = linkViewOf(v, win);
    const asPreset = s.presetName ? await presetText(s.presetName).catch(() => null) : null;
    if (asPreset !== null && !exact && sameJson(asPreset, good.scenarioText)) return { link: { preset: s.presetName, view: linkView }, key: `preset:${s.presetName}` };
    const preset = s.presetName ? { preset: s.presetName } : {};
    return { link: { ...preset, scenario: JSON.parse(good.scenarioText) as Record<string, unknown>, view: linkView }, key: good.scenarioText };
  }, [presetText]);

  const currentUrl = useCallback(async () => {
    // The exact form: the scenario itself, so the link survives later changes to the preset.
    const snap = await snapshot(store.getState(), true);
    const fragment = snap ? await formatFragment(snap.link) : window.location.hash;
    if (fragment.length > MAX_FRAGMENT_CHARS) {
      throw new LinkError(`this scenario is too large for a link (${Math.round(fragment.length / 1024)} KB compressed; links hold at most ${MAX_FRAGMENT_CHARS / 1024} KB). Share the scenario JSON instead`);
    }
    return `${window.location.origin}${window.location.pathname}${window.location.search}${fragment}`;
  }, [snapshot, store]);

  // Write the URL after every change that is shown.
  useEffect(() => {
    if (awaiting.current || !state.good || state.simPending) return;
    const seq = ++writeSeq.current;
    const write = async () => {
      const snap = await snapshot(store.getState());
      if (!snap || seq !== writeSeq.current) return;
      const fragment = await formatFragment(snap.link);
      // Too large for a link: the URL keeps its last state, and "Copy link" says why.
      if (seq !== writeSeq.current || fragment.length > MAX_FRAGMENT_CHARS) return;
      const push = lastKey.current !== null && (lastKey.current !== snap.key || lastPage.current !== view.page);
      lastKey.current = snap.key;
      lastPage.current = view.page;
      if (fragment === window.location.hash) return;
      const url = `${window.location.pathname}${window.location.search}${fragment}`;
      if (push) window.history.pushState(null, "", url);
      else window.history.replaceState(null, "", url);
    };
    clearTimeout(timer.current);
    // A new scenario or page is written at once (a history entry), and so are step, presenter mode and
    // selection (replacing it); zoom and pan wait for the debounce.
    const viewKey = viewKeyOf(view);
    const immediate = lastKey.current === null || lastText.current !== state.good.scenarioText || lastPage.current !== view.page || lastViewKey.current !== viewKey;
    lastText.current = state.good.scenarioText;
    lastViewKey.current = viewKey;
    if (immediate) void write().catch(() => undefined);
    else timer.current = setTimeout(() => void write().catch(() => undefined), REPLACE_DEBOUNCE_MS);
  }, [state.good, state.simPending, state.presetName, state.window, state.bounds, view.page, view.presenter, view.step, view.selection, view.tab, view.panel, view.predict, snapshot, store]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Back and forward.
  useEffect(() => {
    const onPop = () => {
      const { presets } = store.getState().sim;
      (async () => {
        const link = (await parseFragment(window.location.hash)) ?? { view: {} };
        const resolved = await resolve(link, presets);
        // Everything the write effect compares is set before any dispatch, so restoring never pushes.
        writeSeq.current++;
        clearTimeout(timer.current);
        lastKey.current = resolved.key;
        lastText.current = resolved.text;
        lastPage.current = link.view.page ?? "explorer";
        lastViewKey.current = viewKeyOf(link.view);
        const { good, presetName } = store.getState().sim;
        const current = good?.scenarioText;
        if (resolved.text !== current) awaiting.current = { text: resolved.text, window: link.view.window, keep: current === undefined ? undefined : { text: current, presetName } };
        actions.setLinkError(null);
        actions.applyLink(link.view);
        if (resolved.text !== current) {
          actions.setScenario(resolved.text, { debounceMs: 0, presetName: resolved.presetName, platformName: "" });
        } else if (link.view.window) {
          actions.setWindow({ t0Ns: link.view.window[0], t1Ns: link.view.window[1] });
        } else {
          actions.resetWindow();
        }
      })().catch((err: unknown) => actions.setLinkError(`This link could not be opened: ${messageOf(err)}.`));
    };
    window.addEventListener("popstate", onPop);
    return () => window.removeEventListener("popstate", onPop);
  }, [actions, resolve, store]);

  return { openInitial, currentUrl };
}
