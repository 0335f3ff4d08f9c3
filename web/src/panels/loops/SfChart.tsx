// Per-loop speedup factor: the true SF of each loop with one thread (grey bars) and, where threads sharing a cluster's
// L2 lower it, with every thread running (black ticks), against the SF each schedule estimated (dots), as in Saez et al.
// Fig. 2 and Fig. 9(c).
import { max } from "d3-array";
import { scaleBand, scaleLinear } from "d3-scale";
import type { RunSummary } from "../../engine/engine-types";
import { schedulerLabel } from "../../logic/format";
import { sfRows } from "../../logic/loop-phases";

const WIDTH = 640;
const HEIGHT = 180;
const MARGIN = { left: 34, right: 8, top: 8, bottom: 22 };
const DOT_COLORS = ["#D55E00", "#009E73", "#0072B2", "#E69F00", "#CC79A7", "#56B4E9"];

export function SfChart(props: { readonly summary: RunSummary }) {
  const rows = sfRows(props.summary);
  if (rows.length === 0) return null;
  const estimators = props.summary.runs
    .map((run, r) => ({ run, r }))
    .filter(({ r }) => rows.some((row) => row.estimated[r] !== null));
  // The ticks only where sharing changes the SF by more than 1% somewhere (not on Platform B, nor on compute-bound loops).
  const shared = rows.some((row) => Math.abs(row.sharedSf - row.trueSf) > 0.01 * row.trueSf);
  const maxSf = Math.max(1, max(rows, (row) => row.trueSf) ?? 0, max(rows.flatMap((row) => row.estimated), (e) => e ?? undefined) ?? 0);
  // At most 36 px per loop, so a single loop does not fill the chart.
  const plotRight = Math.min(WIDTH - MARGIN.right, MARGIN.left + 36 * rows.length);
  const x = scaleBand<number>().domain(rows.map((row) => row.loop)).range([MARGIN.left, plotRight]).padding(0.25);
  const y = scaleLinear().domain([0, maxSf * 1.08]).nice().range([HEIGHT - MARGIN.bottom, MARGIN.top]);
  const ticks = y.ticks(4);
  const every = Math.max(1, Math.ceil(rows.length / 15));
  return (
    <figure className="sf-chart" data-testid="sf-chart">
      <figcaption>
        Speedup factor (SF) per loop: <span className="sf-true-swatch" /> true (big over small core, one thread alone)
        {shared && (
          <span className="sf-legend">
            <span className="sf-shared-swatch" /> true with every thread running (shared L2)
          </span>
        )}
        {estimators.map(({ run }, k) => (
          <span key={run.scheduler} className="sf-legend">
            <svg width="10" height="10" aria-hidden="true">
              <circle cx="5" cy="5" r="4" fill={DOT_COLORS[k % DOT_COLORS.length]} />
            </svg>
            {schedulerLabel(run.scheduler)}
          </span>
        ))}
      </figcaption>
      <svg width={WIDTH} height={HEIGHT} role="img" aria-label="True and estimated SF per loop">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(t)} y2={y(t)} className="sf-grid" />
            <text x={MARGIN.left - 4} y={y(t)} className="sf-tick" textAnchor="end" dominantBaseline="middle">
              {t}
            </text>
          </g>
        ))}
        {rows.map((row) => (
          <g key={row.loop}>
            <rect x={x(row.loop)} y={y(row.trueSf)} width={x.bandwidth()} height={y(0) - y(row.trueSf)} className="sf-true">
              <title>{`${row.name}: true SF ${row.trueSf.toFixed(2)}`}</title>
            </rect>
            {estimators.map(({ run, r }, k) => {
              const e = row.estimated[r];
              if (e === null) return null;
              const cx = (x(row.loop) ?? 0) + x.bandwidth() / 2;
              return (
                <circle key={run.scheduler} cx={cx} cy={y(e)} r={3.5} fill={DOT_COLORS[k % DOT_COLORS.length]} stroke="#000" strokeWidth={0.5}>
                  <title>{`${row.name}: ${run.scheduler} estimated ${e.toFixed(2)} (true ${row.trueSf.toFixed(2)}${shared ? `, ${row.sharedSf.toFixed(2)} with every thread running` : ""})`}</title>
                </circle>
              );
            })}
            {shared && (
              // Over the dots and wider than the bar, so that a dot sitting on it still shows it.
              <line x1={(x(row.loop) ?? 0) - 3} x2={(x(row.loop) ?? 0) + x.bandwidth() + 3} y1={y(row.sharedSf)} y2={y(row.sharedSf)} className="sf-shared">
                <title>{`${row.name}: true SF ${row.sharedSf.toFixed(2)} with every thread running`}</title>
              </line>
            )}
            {row.loop % every === 0 && (
              <text x={(x(row.loop) ?? 0) + x.bandwidth() / 2} y={HEIGHT - 6} className="sf-tick" textAnchor="middle">
                {row.loop + 1}
              </text>
            )}
          </g>
        ))}
      </svg>
    </figure>
  );
}
