// Form of Chen et al.'s layered DAG (`workload.kind == "layered"`).
import { FormField } from "./FormField";
import type { FormContext } from "./form-context";
import type { Json } from "./workload-forms";

export function LayeredForm({ ctx, workload: w }: { readonly ctx: FormContext; readonly workload: Json }) {
  const { errorAt, set } = ctx;
  const field = (path: string) => ({ path, engineError: errorAt(path), onValue: set(path) });
  return (
    <>
      <p className="muted small">Chen et al.'s layered DAG: layers of P tasks, the first of each critical (high priority), as in XiTAO's benchmark, whose completion releases the next layer.</p>
      <FormField {...field("workload.kernel")} label="kernel" value={w.kernel} rule={{ kind: "text" }} options={["matmul", "copy", "stencil"]} />
      <FormField {...field("workload.parallelism")} label="parallelism" unit="tasks per layer" value={w.parallelism} rule={{ kind: "int", min: 1 }} />
      <FormField {...field("workload.tasks")} label="tasks" value={w.tasks} rule={{ kind: "int", min: 1 }} />
      <FormField {...field("workload.tile")} label="tile" unit="(empty: kernel default)" value={w.tile} rule={{ kind: "int-optional", min: 1 }} />
      <FormField {...field("workload.work_ns")} label="work" unit="ns per task (empty: from tile)" value={w.work_ns} rule={{ kind: "number-optional", min: 0 }} />
      <FormField {...field("workload.jitter_cv")} label="jitter" unit="coefficient of variation" value={w.jitter_cv} rule={{ kind: "number", min: 0 }} />
    </>
  );
}
