// The policy panel: write a task scheduler in the page (docs/custom-policies.md). Saving (button or Ctrl/Cmd-S) puts the
// policy into the scenario's `custom_schedulers` and lists it in `schedulers`; the worker re-simulates as for any edit, so
// its run appears beside the built-ins (Schedule, Compare, Step). An engine error about the policy shows at its line.
import { useEffect, useMemo, useRef, useState } from "react";
import faSource from "../../../engine/src/policy/examples/fa.rhai?raw";
import fifoSource from "../../../engine/src/policy/examples/fifo.rhai?raw";
import rwsSource from "../../../engine/src/policy/examples/rws.rhai?raw";
import { customSchedulersOf, policyError, validPolicyName, withPolicy } from "../logic/policy";
import { useActions, useAppStore } from "../state/AppProvider";
import { selectError, selectScenarioText, selectSimPending, selectSummary } from "../state/selectors";
import { type CodeEditor, createCodeEditor } from "./code-editor";
import { ExerciseVerdict } from "./ExerciseVerdict";

/** Templates: the engine's examples (each reproduces its built-in exactly; `asymlab custom-example NAME`). */
export const TEMPLATES: readonly { readonly id: string; readonly title: string; readonly source: string }[] = [
  { id: "fifo", title: "Start from FIFO", source: fifoSource },
  { id: "rws", title: "Start from RWS", source: rwsSource },
  { id: "fa", title: "Start from FA", source: faSource },
];

export function PolicyPanel() {
  const scenarioText = useAppStore(selectScenarioText);
  const error = useAppStore(selectError);
  const pending = useAppStore(selectSimPending);
  const summary = useAppStore(selectSummary);
  const { edit } = useActions();
  const customs = useMemo(() => customSchedulersOf(scenarioText), [scenarioText]);
  const [selected, setSelected] = useState(0);
  const current = customs[selected] ?? customs[0] ?? null;
  const [name, setName] = useState(current?.name ?? "my-policy");
  const [dirty, setDirty] = useState(false);
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<CodeEditor | null>(null);
  const saveRef = useRef<() => void>(() => {});

  // One CodeMirror instance for the panel's life.
  useEffect(() => {
    if (!host.current) return;
    const cm = createCodeEditor(host.current, current?.source ?? fifoSource, () => saveRef.current(), () => setDirty(true));
    editor.current = cm;
    return () => cm.destroy();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Another policy picked, or the scenario replaced (a preset, a link): show its source.
  const shownName = current?.name ?? null;
  const shownSource = current?.source ?? null;
  useEffect(() => {
    if (shownName === null || shownSource === null || !editor.current) return;
    if (editor.current.text() !== shownSource) editor.current.setText(shownSource);
    setName(shownName);
    setDirty(false);
  }, [shownName, shownSource]);

  const problem = policyError(error);
  const problemHere = problem !== null && (customs.length === 0 || problem.index === selected);
  useEffect(() => {
    editor.current?.showError(problemHere && problem ? { line: problem.line, message: problem.message } : null);
  }, [problemHere, problem?.line, problem?.message]); // eslint-disable-line react-hooks/exhaustive-deps

  const nameOk = validPolicyName(name);
  saveRef.current = () => {
    if (!editor.current || !nameOk) return;
    const source = editor.current.text();
    const previous = current && current.name !== name ? current.name : null;
    edit((s) => withPolicy(s, name, source, previous), { debounceMs: 0 });
    setDirty(false);
  };

  const runs = summary?.runs ?? [];
  const mine = runs.find((r) => r.scheduler === name);
  const best = runs.filter((r) => r.scheduler !== name).reduce<number | null>((b, r) => (b === null ? r.metrics.makespan_ns : Math.min(b, r.metrics.makespan_ns)), null);

  if (summary && summary.level !== "tasks") {
    return <p className="muted">Custom policies schedule task DAGs: open a task-level preset (Gallery) to write one.</p>;
  }
  return (
    <section className="policy-panel" aria-label="Policy editor">
      <div className="policy-toolbar">
        {customs.length > 1 && (
          <select aria-label="Policy" value={selected} onChange={(e) => setSelected(Number(e.target.value))}>
            {customs.map((d, i) => (
              <option key={d.name} value={i}>
                {d.name}
              </option>
            ))}
          </select>
        )}
        <label>
          Name <input aria-label="Policy name" value={name} onChange={(e) => (setName(e.target.value), setDirty(true))} size={14} />
        </label>
        <select
          aria-label="Template"
          value=""
          onChange={(e) => {
            const t = TEMPLATES.find((x) => x.id === e.target.value);
            if (t && editor.current) {
              editor.current.setText(t.source);
              setDirty(true);
            }
          }}
        >
          <option value="">Templates…</option>
          {TEMPLATES.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
        <button type="button" onClick={() => saveRef.current()} disabled={!nameOk} title="Save and run (Ctrl/Cmd-S)">
          Save &amp; run
        </button>
      </div>
      {!nameOk && <p className="error">Name: 1 to 40 letters, digits, '-', '_' or '.', starting with a letter or digit; not a built-in name.</p>}
      {summary?.exercise && !pending && <ExerciseVerdict verdict={summary.exercise} />}
      <div ref={host} className="policy-code" />
      <p className="muted" role="status" data-testid="policy-status">
        {problemHere && problem ? (
          <span className="error" data-testid="policy-error">
            {problem.message}
          </span>
        ) : pending ? (
          "Simulating…"
        ) : dirty ? (
          "Unsaved changes: Save & run (Ctrl/Cmd-S)."
        ) : mine ? (
          <span data-testid="policy-result">
            {name}: makespan {(mine.metrics.makespan_ns / 1e6).toFixed(3)} ms{best !== null ? ` (best built-in or other: ${(best / 1e6).toFixed(3)} ms)` : ""}
          </span>
        ) : (
          "Write on_ready and on_idle, then Save & run: the policy runs beside the built-in schedulers."
        )}
      </p>
      <details>
        <summary>What a policy can use</summary>
        <p className="muted">
          Hooks: <code>init()</code>, <code>on_ready(task, core)</code>, <code>on_idle(core)</code> → <code>run(task, core)</code> · <code>run(task, place)</code> · <code>retry(ns)</code> · <code>sleep()</code> (with <code>.with_overhead(ns)</code>, <code>.because(text)</code>), <code>on_done(task, place, leader_ns)</code>; state lives in <code>this</code>. Queues: <code>queue()</code>, <code>deques()</code> (<code>push</code>, <code>pop</code>, <code>shift</code>, <code>steal</code>). View: <code>now()</code>, <code>n_cores()</code>, <code>priority(t)</code>, <code>task_type(t)</code>, <code>speed(core, class)</code>, <code>offline(core)</code>, <code>places_of(core)</code>, <code>ptt(type, place)</code>, <code>fastest_place(t)</code>, <code>cheapest_place(t)</code>, <code>local_place(t, core)</code>, <code>fastest_cluster(t)</code>, <code>rand(n)</code> (the run's random stream, the same on every run). See docs/custom-policies.md.
        </p>
      </details>
    </section>
  );
}
