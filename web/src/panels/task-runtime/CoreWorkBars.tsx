// Work time per core for every scheduler (Chen et al. Fig. 6): kernels only, no runtime activity or idleness.
import { max as d3max } from "d3-array";
import { scaleLinear } from "d3-scale";
import type { PlatformSummary, RunInfo } from "../../engine/engine-types";
import { formatDuration, schedulerLabel } from "../../logic/format";

const BAR_W = 14;
const GAP = 3;
const H = 90;
/** Room for the work-time axis on the left. */
const AXIS_W = 46;
const TOP = 6;

export function CoreWorkBars(props: { readonly runs: readonly RunInfo[]; readonly platform: PlatformSummary }) {
  const n = props.platform.n_cores;
  const y = scaleLinear()
    .domain([0, Math.max(1, d3max(props.runs.flatMap((r) => r.metrics.busy_ns_per_core)) ?? 0)])
    .range([TOP + H, TOP])
    .nice(3);
  const max = y.domain()[1];
  const ticks = y.ticks(3);
  const clusterOf = (core: number) => props.platform.clusters.findIndex((c) => core >= c.first_core && core < c.first_core + c.cores);
  const width = AXIS_W + n * (BAR_W + GAP) + 8;
  return (
    <div className="work-bars" data-testid="work-bars">
      {props.runs.map((run, i) => (
        <figure key={`${i}-${run.scheduler}`} className="work-bar-chart" data-scheduler={run.scheduler}>
          <svg width={width} height={TOP + H + 18} role="img" aria-label={`Work time per core under ${schedulerLabel(run.scheduler)}`}>
            <g className="work-axis" data-testid="work-axis">
              {ticks.map((t) => (
                <g key={t}>
                  <line x1={AXIS_W - 3} x2={width - 4} y1={y(t)} y2={y(t)} className="work-grid" />
                  <text x={AXIS_W - 5} y={y(t)} textAnchor="end" dominantBaseline="middle" className="bar-label">
                    {t === 0 ? "0" : formatDuration(t)}
                  </text>
                </g>
              ))}
            </g>
            {run.metrics.busy_ns_per_core.map((ns, core) => {
              const h = TOP + H - y(ns);
              const x = AXIS_W + 2 + core * (BAR_W + GAP);
              return (
                <g key={core}>
                  <rect x={x} y={TOP + H - h} width={BAR_W} height={h} className={clusterOf(core) === 0 ? "bar bar-c0" : "bar bar-c1"}>
                    <title>{`core ${core}: ${formatDuration(ns)} of work`}</title>
                  </rect>
                  <text x={x + BAR_W / 2} y={TOP + H + 13} textAnchor="middle" className="bar-label">
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
