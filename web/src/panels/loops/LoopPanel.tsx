// The loop level side by side: every loop schedule's completion, speedup over
// static(BS), removals, overhead and imbalance, and the per-loop SF chart.
// Shown only for loop-program scenarios; the paper's claims are in the
// "Paper vs simulated" table above.
import { min } from "d3-array";
import { type RunSummary, loopExtras } from "../../engine/engine-types";
import { formatDuration, formatMetric, schedulerLabel } from "../../logic/format";
import { speedupOver } from "../../logic/loop-phases";
import { SfChart } from "./SfChart";

export function LoopPanel(props: { readonly summary: RunSummary }) {
  const { summary } = props;
  const baseline = summary.runs.some((r) => r.scheduler === "static-bs") ? "static-bs" : summary.runs[0]?.scheduler ?? "";
  const speedups = speedupOver(summary, baseline);
  const best = min(summary.runs, (r) => r.metrics.makespan_ns) ?? Number.NaN;
  return (
    <section className="loop-panel" data-testid="loop-panel" aria-label="Loop schedules">
      <div className="loop-panel-row">
        <table className="metrics" data-testid="loop-table">
          <thead>
            <tr>
              <th scope="col">Loop schedule</th>
              <th scope="col" title="Thread mapping: SB puts threads 0… on small cores first, BS on big cores first">mapping</th>
              <th scope="col" title="Completion time of the whole program">completion</th>
              <th scope="col" title={`Speedup over ${schedulerLabel(baseline)} (higher is better)`}>vs {schedulerLabel(baseline)}</th>
              <th scope="col" title="Removals from the shared iteration pool (each one costs the thread time)">removals</th>
              <th scope="col" title="Thread time spent removing iterations and in barriers, all threads">runtime overhead</th>
              <th scope="col" title="Mean over loops of latest / mean thread finish (1 = balanced)">imbalance</th>
              <th scope="col" title="Share of the iterations run by threads on the fastest core type">on big cores</th>
            </tr>
          </thead>
          <tbody>
            {summary.runs.map((run, r) => {
              const l = loopExtras(run);
              if (!l) return null;
              const isBest = run.metrics.makespan_ns === best;
              const onBig = l.loops.reduce((s, x) => s + x.iterations_on_fastest, 0) / Math.max(1, l.iterations);
              return (
                <tr key={`${r}-${run.scheduler}`} data-testid="loop-row" data-scheduler={run.scheduler}>
                  <th scope="row">{schedulerLabel(run.scheduler)}</th>
                  <td>{l.mapping}</td>
                  <td className={isBest ? "best" : undefined}>
                    {formatDuration(run.metrics.makespan_ns)}
                    {isBest && <span className="best-mark" aria-label="best"> ★</span>}
                  </td>
                  <td>{speedups[r] === null ? "—" : `${formatMetric(speedups[r] as number, 3)}×`}</td>
                  <td>{l.pool_removals.toLocaleString("en-US")}</td>
                  <td>{formatDuration(l.overhead_ns)}</td>
                  <td>{l.mean_imbalance.toFixed(3)}</td>
                  <td>{(onBig * 100).toFixed(1)} %</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <SfChart summary={summary} />
    </section>
  );
}
