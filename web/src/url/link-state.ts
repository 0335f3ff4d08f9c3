// What a link carries (the scenario or a preset name, and the view), its
// fragment syntax, its versions and their upgrades, and the shape checks
// that run before the engine validates the scenario. Pure, unit-tested.
//
//   #v1.<base64url(deflate-raw(JSON))>   the whole state, versioned
//   #preset=dam-fig5&t=0,2000000&step=1&presenter=1   a preset by name (short, never breaks)
//   #gallery                              the gallery page
import type { LinkView } from "../types/view";
import { LinkError, MAX_FRAGMENT_CHARS, packJson, unpackJson } from "./codec";

/** The version this page writes. */
export const LINK_VERSION = 1;


/**
 * Version 1 of the link payload: a preset name or a whole scenario, plus the view.
 * With both, the scenario is what runs and the preset name only says which
 * guide and paper values belong to it ("Copy link" writes both, so the link
 * shows exactly the same run even after the preset changes).
 */
export interface LinkState {
  readonly preset?: string;
  readonly scenario?: Record<string, unknown>;
  readonly view: LinkView;
}

/** Upgrades payload version n to n + 1; one entry per older version. */
export type Upgrade = (payload: unknown) => unknown;

/**
 * Older versions and how to bring them forward. Only v1 exists so far; when
 * v2 appears, add `1: (v1) => v2` here and keep every older entry forever.
 */
export const UPGRADES: Readonly<Record<number, Upgrade>> = {};

/** Brings a payload of `version` up to `current` through the upgrade chain. */
export function upgradePayload(version: number, payload: unknown, upgrades = UPGRADES, current = LINK_VERSION): unknown {
  if (version > current) {
    throw new LinkError(`the link was made by a newer version of Asymmetry Lab (link format v${version}; this page reads up to v${current}). Reload the page to update it.`);
  }
  let value = payload;
  for (let v = version; v < current; v++) {
    const up = upgrades[v];
    if (!up) throw new LinkError(`link format v${v} is not supported any more`);
    value = up(value);
  }
  return value;
}

const PRESET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$/;
const MAX_STEP = 50;
const TAB_ID = /^[a-z0-9][a-z0-9-]{0,39}$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Shape checks of a scenario before the engine validates it; names the field. */
export function checkScenarioShape(value: unknown): Record<string, unknown> {
  if (!isObject(value)) throw new LinkError("scenario: must be a JSON object");
  const need = (field: string, ok: boolean, what: string) => {
    if (!ok) throw new LinkError(`scenario.${field}: ${what}`);
  };
  need("platform", isObject(value.platform), "missing or not an object");
  need("workload", isObject(value.workload), "missing or not an object");
  need("schedulers", Array.isArray(value.schedulers) && value.schedulers.length > 0 && value.schedulers.every((s) => typeof s === "string"), "must be a non-empty list of scheduler names");
  if ("events" in value) need("events", Array.isArray(value.events), "must be a list");
  if ("seed" in value) need("seed", typeof value.seed === "number" && Number.isSafeInteger(value.seed) && value.seed >= 0, "must be a whole number ≥ 0");
  if ("name" in value) need("name", typeof value.name === "string", "must be text");
  if ("version" in value) need("version", typeof value.version === "number", "must be a number");
  return value;
}

/** Keeps the valid view fields and drops the rest (a view never makes a link fail). */
export function sanitizeView(value: unknown): LinkView {
  if (!isObject(value)) return {};
  const view: { -readonly [K in keyof LinkView]: LinkView[K] } = {};
  if (value.page === "gallery" || value.page === "explorer" || value.page === "papers") view.page = value.page;
  const w = value.window;
  if (Array.isArray(w) && w.length === 2 && w.every((x) => typeof x === "number" && Number.isFinite(x) && x >= 0) && w[0] < w[1]) view.window = [w[0], w[1]];
  if (value.presenter === true) view.presenter = true;
  if (value.predict === true) view.predict = true;
  if (typeof value.step === "number" && Number.isInteger(value.step) && value.step >= 0 && value.step <= MAX_STEP) view.step = value.step;
  if (typeof value.tab === "string" && TAB_ID.test(value.tab)) view.tab = value.tab;
  if (typeof value.panel === "string" && TAB_ID.test(value.panel)) view.panel = value.panel;
  const sel = value.selection;
  if (isObject(sel) && typeof sel.core === "number" && Number.isInteger(sel.core) && sel.core >= 0 && sel.core < 4096) {
    view.selection = typeof sel.scheduler === "string" && sel.scheduler.length <= 80 ? { scheduler: sel.scheduler, core: sel.core } : { core: sel.core };
  }
  return view;
}

/** Checks a current-version payload. */
export function checkLinkState(value: unknown): LinkState {
  if (!isObject(value)) throw new LinkError("the link's data is not a JSON object");
  const view = sanitizeView(value.view);
  if (typeof value.preset === "string" && !("scenario" in value)) {
    if (!PRESET_NAME.test(value.preset)) throw new LinkError("preset: not a preset name");
    return { preset: value.preset, view };
  }
  const scenario = checkScenarioShape(value.scenario);
  return typeof value.preset === "string" && PRESET_NAME.test(value.preset) ? { preset: value.preset, scenario, view } : { scenario, view };
}

function viewParams(view: LinkView): string[] {
  const params: string[] = [];
  if (view.page === "gallery" || view.page === "papers") params.push(`page=${view.page}`);
  if (view.window) params.push(`t=${Math.round(view.window[0])},${Math.round(view.window[1])}`);
  if (view.step !== undefined) params.push(`step=${view.step}`);
  if (view.presenter) params.push("presenter=1");
  if (view.predict) params.push("predict=1");
  if (view.tab) params.push(`tab=${view.tab}`);
  if (view.panel) params.push(`panel=${view.panel}`);
  if (view.selection) params.push(`core=${view.selection.core}${view.selection.scheduler ? `@${encodeURIComponent(view.selection.scheduler)}` : ""}`);
  return params;
}

function parseViewParams(params: URLSearchParams): LinkView {
  const t = params.get("t")?.split(",").map(Number);
  const core = params.get("core");
  const [coreText, scheduler] = core ? core.split("@") : [];
  return sanitizeView({
    page: params.get("page") ?? undefined,
    window: t,
    step: params.has("step") ? Number(params.get("step")) : undefined,
    presenter: params.get("presenter") === "1",
    predict: params.get("predict") === "1",
    tab: params.get("tab") ?? undefined,
    panel: params.get("panel") ?? undefined,
    selection: coreText !== undefined ? { core: Number(coreText), scheduler } : undefined,
  });
}

/** True when two JSON texts hold the same value (formatting aside); false if either does not parse. */
export function sameJson(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return JSON.stringify(JSON.parse(a)) === JSON.stringify(JSON.parse(b));
  } catch {
    return false;
  }
}

/** The fragment (with its leading #) for a state; preset links stay readable. */
export async function formatFragment(state: LinkState): Promise<string> {
  if (state.scenario === undefined) {
    if (!state.preset) return state.view.page === "gallery" || state.view.page === "papers" ? `#${state.view.page}` : "";
    return `#${[`preset=${encodeURIComponent(state.preset)}`, ...viewParams(state.view)].join("&")}`;
  }
  const preset = state.preset ? { preset: state.preset } : {};
  return `#v${LINK_VERSION}.${await packJson({ ...preset, scenario: state.scenario, view: state.view })}`;
}

/** Reads a fragment (with or without its #); `null` for an empty one. Throws LinkError. */
export async function parseFragment(fragment: string, upgrades = UPGRADES, current = LINK_VERSION): Promise<LinkState | null> {
  const text = fragment.startsWith("#") ? fragment.slice(1) : fragment;
  if (text.length === 0) return null;
  if (text.length > MAX_FRAGMENT_CHARS) {
    throw new LinkError(`the link is too long (${text.length.toLocaleString("en-US")} characters; at most ${MAX_FRAGMENT_CHARS.toLocaleString("en-US")})`);
  }
  if (text === "gallery" || text === "papers") return { view: { page: text } };
  const versioned = /^v(\d{1,6})\.(.*)$/s.exec(text);
  if (versioned) {
    const version = Number(versioned[1]);
    if (version < 1) throw new LinkError(`unknown link format v${version}`);
    if (version > current) upgradePayload(version, null, upgrades, current);
    const payload = await unpackJson(versioned[2]);
    return checkLinkState(upgradePayload(version, payload, upgrades, current));
  }
  if (/^v\d/.test(text)) throw new LinkError("the link's version is not followed by its data (was it cut when copied?)");
  if (text.startsWith("preset=")) {
    const params = new URLSearchParams(text);
    const preset = params.get("preset") ?? "";
    if (!PRESET_NAME.test(preset)) throw new LinkError(`"${preset.slice(0, 40)}" is not a preset name`);
    return { preset, view: parseViewParams(params) };
  }
  throw new LinkError("this is not an Asymmetry Lab link (it should start with #v1. or #preset=)");
}
