// Which schedulers run side by side: every registered scheduler that accepts
// the scenario's workload (asked from the engine, so schedulers added later
// appear by themselves), as checkboxes editing `scenario.schedulers`.
import { useEffect, useState } from "react";
import { parseScenarioCached } from "../logic/scenario";
import { useActions, useAppStore, useEngine } from "../state/AppProvider";
import { selectScenarioText } from "../state/selectors";

export function SchedulerPicker() {
  const engine = useEngine();
  const { edit } = useActions();
  const parsed = parseScenarioCached(useAppStore(selectScenarioText));
  const chosen = parsed.ok && Array.isArray(parsed.value.schedulers) ? (parsed.value.schedulers as string[]) : [];
  // Ask again only when the workload's shape changes.
  const workloadKey = parsed.ok ? JSON.stringify(parsed.value.workload ?? null).slice(0, 400) : "";
  const [fitting, setFitting] = useState<string[]>([]);
  useEffect(() => {
    if (!workloadKey || !parsed.ok) return;
    let cancelled = false;
    engine.schedulersFor(JSON.stringify({ ...parsed.value, events: [] })).then(
      (names) => !cancelled && setFitting(names),
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [engine, workloadKey]);

  const toggle = (name: string, on: boolean) =>
    edit((scenario) => {
      const current = Array.isArray(scenario.schedulers) ? (scenario.schedulers as string[]) : [];
      const next = on ? [...fitting.filter((n) => n === name || current.includes(n)), ...current.filter((n) => !fitting.includes(n))] : current.filter((n) => n !== name);
      return { ...scenario, schedulers: next.length > 0 ? next : current };
    });
  const all = [...fitting, ...chosen.filter((n) => !fitting.includes(n))];
  return (
    <fieldset className="scheduler-picker" data-testid="scheduler-picker">
      <legend>Compare</legend>
      {all.map((name) => (
        <label key={name} className="check">
          <input type="checkbox" data-testid={`pick-${name}`} data-scheduler={name} checked={chosen.includes(name)} disabled={chosen.length === 1 && chosen.includes(name)} onChange={(e) => toggle(name, e.target.checked)} />
          {name}
        </label>
      ))}
      {fitting.length > 1 && (
        <button type="button" className="link" data-testid="pick-all" onClick={() => edit((s) => ({ ...s, schedulers: fitting }))}>
          all
        </button>
      )}
    </fieldset>
  );
}
