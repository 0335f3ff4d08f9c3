// Chen et al.'s task-runtime views under the metrics table: priority-place pies, per-core work, PTT heatmap.
import type { RunSummary } from "../../engine/engine-types";
import { CoreWorkBars } from "./CoreWorkBars";
import { PriorityPies } from "./PriorityPies";
import { PttHeatmap } from "./PttHeatmap";

export function TaskRuntimePanel(props: { readonly summary: RunSummary }) {
  const { summary } = props;
  if (summary.level !== "tasks") return null;
  return (
    <section className="task-runtime" data-testid="task-runtime">
      <details open className="task-runtime-section">
        <summary title="Execution place (Cx,w): w cores starting at core x, as in Chen et al. Fig. 5">Where priority tasks ran (execution place (C<i>core</i>,<i>width</i>))</summary>
        <PriorityPies runs={summary.runs} />
      </details>
      <details open className="task-runtime-section">
        <summary>Work time per core</summary>
        <CoreWorkBars runs={summary.runs} platform={summary.platform} />
      </details>
      <details open className="task-runtime-section">
        <summary title="The Performance Trace Table: predicted time of each task type on each execution place, learned online (Chen et al. §4.1.1)">Performance Trace Table (PTT)</summary>
        <PttHeatmap key={summary.scenario_name + summary.runs.length} runs={summary.runs} taskTypes={summary.groups} platform={summary.platform} />
      </details>
    </section>
  );
}
