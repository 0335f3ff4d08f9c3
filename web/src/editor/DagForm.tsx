// Form of an explicit DAG (`workload.kind == "dag"`): its size and where task priorities come from.
import { FormField, ReadOnlyField } from "./FormField";
import type { FormContext } from "./form-context";
import type { Json } from "./workload-forms";

const CRITICALITY_LABELS = { given: "given", bottom_level: "bottom level" };

export function DagForm({ ctx, workload: w }: { readonly ctx: FormContext; readonly workload: Json }) {
  const tasks = Array.isArray(w.tasks) ? w.tasks.length : 0;
  return (
    <>
      <p className="muted small">An explicit DAG: tasks with their class, work and dependencies (edit them in the Scenario JSON).</p>
      <ReadOnlyField path="workload.tasks" label="tasks" value={String(tasks)} />
      <FormField
        path="workload.criticality"
        label="criticality"
        unit="given: each task's priority; bottom level: a longest path is high, as CATS"
        value={w.criticality ?? "given"}
        rule={{ kind: "text" }}
        options={Object.keys(CRITICALITY_LABELS)}
        optionLabels={CRITICALITY_LABELS}
        engineError={ctx.errorAt("workload.criticality")}
        onValue={ctx.set("workload.criticality")}
      />
    </>
  );
}
