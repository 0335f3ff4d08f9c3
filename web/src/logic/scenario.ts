// Edits of the scenario JSON text that the pickers perform. Pure.

/** Parses scenario text, or returns the parse error as a readable message. */
export function parseScenario(text: string): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  try {
    const value: unknown = JSON.parse(text);
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
