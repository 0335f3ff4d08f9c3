// One pie per scheduler: the execution places its priority tasks ran on (seed 001 Fig. 5).
import type { RunInfo } from "../../engine/engine-types";
import { schedulerLabel } from "../../logic/format";
import { pieSlices } from "../../logic/task-runtime";

const R = 52;

export function PriorityPies(props: { readonly runs: readonly RunInfo[] }) {
  const runs = props.runs.filter((r) => r.metrics.task_runtime && r.metrics.task_runtime.priority_tasks > 0);
  if (runs.length === 0) return <p className="muted">No priority tasks in this workload.</p>;
  return (
    <div className="pies" data-testid="priority-pies">
      {runs.map((run, i) => {
        const m = run.metrics.task_runtime!;
        const index = (p: { leader: number; width: number }) => m.ptt.places.findIndex((q) => q.leader === p.leader && q.width === p.width);
        const slices = pieSlices(m.priority_places, index, R);
        return (
          <figure key={`${i}-${run.scheduler}`} className="pie" data-testid="priority-pie" data-scheduler={run.scheduler}>
            <svg width={R * 2 + 86} height={R * 2 + 40} viewBox={`${-R - 43} ${-R - 20} ${R * 2 + 86} ${R * 2 + 40}`} role="img" aria-label={`Priority tasks of ${schedulerLabel(run.scheduler)} by execution place`}>
              {slices.map((s) => (
                <path key={s.label} d={s.path} fill={s.color} stroke="var(--bg)" strokeWidth={1}>
                  <title>{`${s.label}: ${s.tasks} priority tasks (${(s.fraction * 100).toFixed(1)} %)`}</title>
                </path>
              ))}
              {slices
                .filter((s) => s.fraction >= 0.04)
                .map((s) => (
                  <text key={s.label} x={s.labelX} y={s.labelY} className="pie-label" textAnchor={Math.abs(s.labelX) < 8 ? "middle" : s.labelX > 0 ? "start" : "end"} dominantBaseline="middle" data-testid="pie-label">
                    {s.label} {(s.fraction * 100).toFixed(0)}%
                  </text>
                ))}
            </svg>
            <figcaption>
              {schedulerLabel(run.scheduler)} <span className="muted">· {m.priority_tasks.toLocaleString("en-US")} priority tasks</span>
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}
