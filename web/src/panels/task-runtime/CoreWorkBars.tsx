// Work time per core for every scheduler (Chen et al. Fig. 6): kernels only, no runtime activity or idleness.
import { max as d3max } from "d3-array";
import type { PlatformSummary, RunInfo } from "../../engine/engine-types";
import { formatDuration, schedulerLabel } from "../../logic/format";

const BAR_W = 14;
const GAP = 3;
const H = 90;

export function CoreWorkBars(props: { readonly runs: readonly RunInfo[]; readonly platform: PlatformSummary }) {
  const n = props.platform.n_cores;
  const max = Math.max(1, d3max(props.runs.flatMap((r) => r.metrics.busy_ns_per_core)) ?? 0);
  const clusterOf = (core: number) => props.platform.clusters.findIndex((c) => core >= c.first_core && core < c.first_core + c.cores);
  const width = n * (BAR_W + GAP) + 8;
  return (
    <div className="work-bars" data-testid="work-bars">
      {props.runs.map((run, i) => (
        <figure key={`${i}-${run.scheduler}`} className="work-bar-chart" data-scheduler={run.scheduler}>
          <svg width={width} height={H + 18} role="img" aria-label={`Work time per core under ${schedulerLabel(run.scheduler)}`}>
            {run.metrics.busy_ns_per_core.map((ns, core) => {
              const h = (ns / max) * H;
              const x = 4 + core * (BAR_W + GAP);
              return (
                <g key={core}>
                  <rect x={x} y={H - h} width={BAR_W} height={h} className={clusterOf(core) === 0 ? "bar bar-c0" : "bar bar-c1"}>
                    <title>{`core ${core}: ${formatDuration(ns)} of work`}</title>
                  </rect>
                  <text x={x + BAR_W / 2} y={H + 13} textAnchor="middle" className="bar-label">
                    {core}
                  </text>
                </g>
              );
            })}
          </svg>
          <figcaption>{schedulerLabel(run.scheduler)}</figcaption>
        </figure>
      ))}
      <p className="muted hint">Bars: work time of each core (cores numbered below; darker = first cluster), one scale for all schedulers, max {formatDuration(max)}.</p>
    </div>
  );
}
