// Checkboxes for every registered task scheduler: which ones a task-DAG scenario runs side by side.
import { useEffect, useState } from "react";
import { schedulerLabel } from "../logic/format";
import { isTaskWorkload, scenarioSchedulers, toggleScheduler } from "../logic/scheduler-picker";
import { useStore } from "../state/StoreProvider";

export function SchedulerPicker() {
  const { state, dispatch, engine } = useStore();
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    engine.listSchedulers().then(setNames, () => setNames([]));
  }, [engine]);
  const text = state.scenarioText || state.good?.scenarioText || "";
  const selected = scenarioSchedulers(text);
  // The registry lists task schedulers; other levels (loop schedules, OS schedulers) have their own pickers.
  if (names.length === 0 || !isTaskWorkload(text)) return null;
  const toggle = (name: string, on: boolean) => {
    dispatch({ type: "scenarioSet", text: toggleScheduler(text, name, on, names), debounceMs: 0 });
  };
  return (
    <fieldset className="scheduler-picker" data-testid="scheduler-picker" disabled={selected === null} title={selected === null ? "Fix the scenario JSON to pick schedulers" : undefined}>
      <legend>Schedulers</legend>
      {names.map((name) => (
        <label key={name}>
          <input type="checkbox" checked={selected?.includes(name) ?? false} onChange={(e) => toggle(name, e.target.checked)} data-scheduler={name} />
          {schedulerLabel(name)}
        </label>
      ))}
    </fieldset>
  );
}
