// Edits of the scenario JSON text that the pickers perform. Pure.

/** Parses scenario text, or returns the parse error as a readable message. */
export function parseScenario(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  try {
    // A UTF-8 byte-order mark (files saved by some editors) is not part of the JSON; the engine accepts it too.
    const value: unknown = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      return { ok: false, message: "Scenario JSON: the top level must be an object" };
    }
    return { ok: true, value: value as Record<string, unknown> };
  } catch (err) {
    return { ok: false, message: `Scenario JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
}

/** Replaces `scenario.platform` with the given platform JSON text. */
export function withPlatform(scenarioText: string, platformText: string): string {
  const scenario = parseScenario(scenarioText);
  if (!scenario.ok) throw new Error(scenario.message);
  const platform: unknown = JSON.parse(platformText);
  return JSON.stringify({ ...scenario.value, platform }, null, 2);
}

/** Pretty-prints JSON text (2 spaces); returns the text unchanged when it does not parse. */
export function prettyJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

let lastText: string | null = null;
let lastParsed: ReturnType<typeof parseScenario> | null = null;

/**
 * `parseScenario(text)`, remembered for the last text, so the lanes, the inspector, the forms and the picker
 * share one parse of the current scenario. A pure memo (same text, same answer); the value must not be mutated.
 */
export function parseScenarioCached(text: string): ReturnType<typeof parseScenario> {
  if (text !== lastText || lastParsed === null) {
    lastText = text;
    lastParsed = parseScenario(text);
  }
  return lastParsed;
}

const NO_EVENTS: readonly unknown[] = Object.freeze([]);

/** The scenario's events array (one shared empty array when the text does not parse or has none), not to be mutated. */
export function scenarioEvents(scenarioText: string): readonly unknown[] {
  const parsed = parseScenarioCached(scenarioText);
  return parsed.ok && Array.isArray(parsed.value.events) ? parsed.value.events : NO_EVENTS;
}
