// Custom task schedulers in the scenario (`custom_schedulers`, docs/custom-policies.md): pure helpers for the policy
// editor and the link confirmation. No React here.

export interface CustomScheduler {
  readonly name: string;
  readonly level: string;
  readonly source: string;
}

/** The `custom_schedulers` of a parsed scenario (empty when absent or malformed). */
export function customSchedulers(scenario: Record<string, unknown>): CustomScheduler[] {
  const list = scenario.custom_schedulers;
  if (!Array.isArray(list)) return [];
  return list.filter((d): d is CustomScheduler => typeof d === "object" && d !== null && typeof (d as CustomScheduler).name === "string" && typeof (d as CustomScheduler).source === "string");
}

/** The custom schedulers of scenario text (empty when it does not parse). */
export function customSchedulersOf(text: string): CustomScheduler[] {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? customSchedulers(value as Record<string, unknown>) : [];
  } catch {
    return [];
  }
}

/**
 * The scenario with policy `name` defined by `source` (replacing a policy of that name, or `previous` when renamed) and
 * listed in `schedulers` after the built-ins, so that its run appears beside theirs.
 */
export function withPolicy(scenario: Record<string, unknown>, name: string, source: string, previous: string | null = null): Record<string, unknown> {
  const customs = customSchedulers(scenario).filter((d) => d.name !== name && d.name !== previous);
  const def: CustomScheduler = { name, level: "tasks", source };
  const at = customSchedulers(scenario).findIndex((d) => d.name === name || d.name === previous);
  const next = [...customs];
  next.splice(at < 0 ? next.length : Math.min(at, next.length), 0, def);
  const schedulers = (Array.isArray(scenario.schedulers) ? (scenario.schedulers as string[]) : []).map((s) => (s === previous ? name : s));
  return { ...scenario, custom_schedulers: next, schedulers: schedulers.includes(name) ? schedulers : [...schedulers, name] };
}

/** Where an engine error points into policy `index`: its line, when the message names one (`policy 'x', line 7: …`). */
export interface PolicyError {
  readonly index: number;
  readonly line: number | null;
  readonly message: string;
}

/** Reads `custom_schedulers[i].source: policy 'NAME', line L: …` (or `.name`/`.level`) out of an engine error message. */
export function policyError(message: string | null): PolicyError | null {
  if (!message) return null;
  const m = /custom_schedulers\[(\d+)\](?:\.\w+)?: (.*)$/s.exec(message);
  if (!m) return null;
  const line = /^policy '[^']*', line (\d+):/.exec(m[2]);
  return { index: Number(m[1]), line: line ? Number(line[1]) : null, message: m[2] };
}

/** A policy name the engine accepts: letters, digits, '-', '_' or '.', starting with a letter or digit, at most 40. */
export function validPolicyName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/.test(name);
}
