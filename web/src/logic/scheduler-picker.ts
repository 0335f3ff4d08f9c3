// Which schedulers a scenario runs, and toggling one, for the scheduler picker. Pure.
import { parseScenario } from "./scenario";

/** The scenario's `schedulers` list, or null when the text does not parse. */
export function scenarioSchedulers(text: string): string[] | null {
  const parsed = parseScenario(text);
  if (!parsed.ok) return null;
  const list = parsed.value.schedulers;
  return Array.isArray(list) ? list.filter((s): s is string => typeof s === "string") : [];
}

/**
 * The scenario text with `name` switched on or off; the list keeps the registry's order.
 * The last scheduler cannot be switched off (a scenario needs one).
 */
export function toggleScheduler(text: string, name: string, on: boolean, registryOrder: readonly string[]): string {
  const parsed = parseScenario(text);
  if (!parsed.ok) throw new Error(parsed.message);
  const current = scenarioSchedulers(text) ?? [];
  const set = new Set(current);
  if (on) set.add(name);
  else if (set.size > 1) set.delete(name);
  const known = registryOrder.filter((s) => set.has(s));
  const unknown = current.filter((s) => set.has(s) && !registryOrder.includes(s));
  return JSON.stringify({ ...parsed.value, schedulers: [...known, ...unknown] }, null, 2);
}

/** True when the scenario's workload is a task DAG (`layered` or `dag`), whose schedulers the picker lists. */
export function isTaskWorkload(text: string): boolean {
  const parsed = parseScenario(text);
  if (!parsed.ok) return true;
  const workload = parsed.value.workload as { kind?: unknown } | undefined;
  return workload?.kind === "layered" || workload?.kind === "dag";
}
