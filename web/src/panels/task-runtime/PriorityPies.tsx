// One pie per scheduler: the execution places its priority tasks ran on (Chen et al. Fig. 5),
// with a legend labelled like the paper, "(C2,4)" = 4 cores from core 2, largest share first.
import { sum } from "d3-array";
import { type RunInfo, taskExtras } from "../../engine/engine-types";
import { schedulerLabel } from "../../logic/format";
import { PLACE_COLOR_COUNT, pieSlices } from "../../logic/task-runtime";

const R = 46;
/** Legend rows shown per pie; smaller places are summed into "others". */
const LEGEND_ROWS = 5;

export function PriorityPies(props: { readonly runs: readonly RunInfo[] }) {
  const runs = props.runs.filter((r) => (taskExtras(r)?.priority_tasks ?? 0) > 0);
  if (runs.length === 0) return <p className="muted">No priority tasks in this workload.</p>;
  return (
    <div className="pies" data-testid="priority-pies">
      {runs.map((run, i) => {
        const m = taskExtras(run)!;
        // Up to 12 places (the TX2 has 10), a place keeps its colour in every pie; beyond, colours go by rank in this pie.
        const byRank = [...m.priority_places].sort((a, b) => b.tasks - a.tasks).map((p) => p.label);
        const index = (p: { label: string; leader: number; width: number }) =>
          m.ptt.places.length <= PLACE_COLOR_COUNT ? m.ptt.places.findIndex((q) => q.leader === p.leader && q.width === p.width) : byRank.indexOf(p.label);
        const slices = pieSlices(m.priority_places, index, R);
        const legend = [...slices].sort((a, b) => b.tasks - a.tasks);
        const shown = legend.slice(0, LEGEND_ROWS);
        const others = sum(legend.slice(LEGEND_ROWS), (s) => s.fraction);
        return (
          <figure key={`${i}-${run.scheduler}`} className="pie" data-testid="priority-pie" data-scheduler={run.scheduler}>
            <figcaption>
              <b>{schedulerLabel(run.scheduler)}</b>
            </figcaption>
            <svg width={R * 2 + 4} height={R * 2 + 4} viewBox={`${-R - 2} ${-R - 2} ${R * 2 + 4} ${R * 2 + 4}`} role="img" aria-label={`Priority tasks of ${schedulerLabel(run.scheduler)} by execution place`}>
              {slices.map((s) => (
                <path key={s.label} d={s.path} fill={s.color} stroke="var(--bg)" strokeWidth={1}>
                  <title>{`${s.label}: ${s.tasks} priority tasks (${(s.fraction * 100).toFixed(1)} %)`}</title>
                </path>
              ))}
            </svg>
            <ul className="pie-legend">
              {shown.map((s) => (
                <li key={s.label} data-testid="pie-label" title={`${s.tasks.toLocaleString("en-US")} priority tasks`}>
                  <span className="swatch" style={{ background: s.color }} />
                  {s.label} {formatShare(s.fraction)}
                </li>
              ))}
              {others > 0 && <li className="muted">others {formatShare(others)}</li>}
            </ul>
          </figure>
        );
      })}
      <p className="muted hint">
        {taskExtras(runs[0])!.priority_tasks.toLocaleString("en-US")} priority tasks per run. (C<i>x</i>,<i>w</i>) is the execution place: <i>w</i> cores from core <i>x</i>.
      </p>
    </div>
  );
}

/** "100%", "50%", "4.9%", "<0.1%". */
function formatShare(fraction: number): string {
  const pct = fraction * 100;
  if (pct > 0 && pct < 0.1) return "<0.1%";
  return pct >= 10 || pct === 0 ? `${pct.toFixed(0)}%` : `${pct.toFixed(1)}%`;
}
