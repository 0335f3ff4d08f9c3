// An exercise's verdict after each run (`RunSummary.exercise`, the engine's `claims::exercise`, the same numbers as
// `asymlab run`): the goal, passed or not yet, and the user's value beside the baseline's and the one required.
import type { ExerciseVerdict as Verdict } from "../engine/engine-types";

/** A metric value with the unit its path names (`…_ns` in ms, `…_j` in J). */
function valueText(metric: string, v: number): string {
  if (metric.endsWith("_ns")) return `${(v / 1e6).toFixed(3)} ms`;
  if (metric.endsWith("_j")) return `${v.toFixed(4)} J`;
  return v.toPrecision(4);
}

export function ExerciseVerdict(props: { readonly verdict: Verdict }) {
  const v = props.verdict;
  const metric = v.metric.split(".").pop() ?? v.metric;
  return (
    <div className="exercise-verdict" data-testid="exercise-verdict" data-passed={v.passed}>
      <strong>{v.passed ? "✓ Passed" : "✗ Not yet"}</strong> · {v.goal}
      <div className="muted">
        {metric}: {v.policy} {valueText(v.metric, v.mine)} · {v.baseline} {valueText(v.metric, v.baseline_value)} · required {v.lower_is_better ? "≤" : "≥"} {valueText(v.metric, v.required)}
      </div>
    </div>
  );
}
