// SVG charts in the papers' forms: speedup against configuration (one line per scheduler, dashed ideal line),
// grouped bars with min–max whiskers (power / energy / EDP, makespan per workload), and a repeatability dot plot.
import { max, min } from "d3-array";
import { axisLeft } from "d3-axis";
import { scaleBand, scaleLinear, type ScaleLinear, scalePoint } from "d3-scale";
import { select } from "d3-selection";
import { line } from "d3-shape";
import { type ReactNode, useEffect, useRef } from "react";
import { taskTypeColor } from "../logic/palette";

const W = 520;
const H = 230;
const M = { top: 14, right: 12, bottom: 46, left: 48 };

export function seriesColor(i: number): string {
  return taskTypeColor(i);
}

function fmt(v: number): string {
  if (!Number.isFinite(v)) return "–";
  const a = Math.abs(v);
  return a >= 100 ? v.toFixed(0) : a >= 10 ? v.toFixed(1) : v.toFixed(2);
}

/** The Y axis by d3-axis: tick labels on the left and grid lines across the plot. */
function YAxis(props: { readonly y: ScaleLinear<number, number>; readonly ticks: number; readonly label: string }) {
  const ref = useRef<SVGGElement>(null);
  const { y, ticks } = props;
  useEffect(() => {
    if (!ref.current) return;
    const axis = axisLeft<number>(y)
      .ticks(ticks)
      .tickSize(-(W - M.left - M.right))
      .tickPadding(6)
      .tickFormat((t) => fmt(t));
    select(ref.current).call(axis).call((g) => g.select(".domain").remove());
  }, [y, ticks]);
  return (
    <g>
      <g ref={ref} className="chart-axis" transform={`translate(${M.left},0)`} />
      <text transform={`translate(12,${(M.top + H - M.bottom) / 2}) rotate(-90)`} textAnchor="middle" className="chart-label">
        {props.label}
      </text>
    </g>
  );
}

function XLabels(props: { readonly labels: readonly string[]; readonly x: (s: string) => number }) {
  return (
    <g>
      {props.labels.map((l) => (
        <text key={l} x={props.x(l)} y={H - M.bottom + 16} textAnchor="middle" className="chart-tick">
          {l}
        </text>
      ))}
    </g>
  );
}

/** A chart's frame: caption, the SVG with its Y axis and X labels, the chart's marks as children, and the legend. */
function ChartFrame(props: {
  readonly title: string;
  readonly y: ScaleLinear<number, number>;
  readonly yLabel: string;
  readonly ticks: number;
  readonly xLabels: readonly string[];
  readonly x: (s: string) => number;
  readonly legend: readonly string[];
  readonly legendExtra?: string;
  readonly children: ReactNode;
}) {
  return (
    <figure className="chart" data-testid="os-chart">
      <figcaption>{props.title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={props.title}>
        <YAxis y={props.y} ticks={props.ticks} label={props.yLabel} />
        <XLabels labels={props.xLabels} x={props.x} />
        {props.children}
      </svg>
      <Legend names={props.legend} extra={props.legendExtra} />
    </figure>
  );
}

export function Legend(props: { readonly names: readonly string[]; readonly extra?: string }) {
  return (
    <div className="chart-legend">
      {props.names.map((n, i) => (
        <span key={n}>
          <i style={{ background: seriesColor(i) }} />
          {n}
        </span>
      ))}
      {props.extra && (
        <span>
          <i className="dashed" />
          {props.extra}
        </span>
      )}
    </div>
  );
}

/** Speedup against configuration: one line per series, plus the dashed ideal line (Chronaki et al. Fig. 2, 6, 7, 9). */
export function LineChart(props: {
  readonly title: string;
  readonly xLabels: readonly string[];
  readonly series: readonly { name: string; values: readonly number[] }[];
  readonly ideal?: readonly number[];
  readonly yLabel: string;
}) {
  const top = max([...props.series.flatMap((s) => s.values), ...(props.ideal ?? [])], (v) => (Number.isFinite(v) ? v : undefined)) ?? 0;
  const y = scaleLinear().domain([0, Math.max(1, top) * 1.05]).nice().range([H - M.bottom, M.top]);
  const x = scalePoint<string>().domain(props.xLabels).range([M.left + 20, W - M.right - 20]);
  const px = (l: string) => x(l) ?? 0;
  // A missing value breaks the line (d3-shape's defined) instead of joining its neighbours.
  const path = (values: readonly number[]) =>
    line<number>()
      .defined((v) => Number.isFinite(v))
      .x((_, i) => px(props.xLabels[i]))
      .y((v) => y(v))(values) ?? "";
  return (
    <ChartFrame
      title={props.title}
      y={y}
      yLabel={props.yLabel}
      ticks={5}
      xLabels={props.xLabels}
      x={px}
      legend={props.series.map((s) => s.name)}
      legendExtra={props.ideal ? "ideal B·ratio + L (Eq. 4)" : undefined}
    >
        {props.ideal && <path d={path(props.ideal)} className="chart-ideal" />}
        {props.series.map((s, i) => (
          <g key={s.name}>
            <path d={path(s.values)} fill="none" stroke={seriesColor(i)} strokeWidth={2} />
            {s.values.map((v, j) =>
              Number.isFinite(v) ? (
                <circle key={j} cx={px(props.xLabels[j])} cy={y(v)} r={3.5} fill={seriesColor(i)}>
                  <title>{`${s.name} · ${props.xLabels[j]}: ${fmt(v)}`}</title>
                </circle>
              ) : null,
            )}
          </g>
        ))}
    </ChartFrame>
  );
}

export interface BarDatum {
  readonly value: number;
  readonly min?: number;
  readonly max?: number;
}

/** Grouped bars: one group per x label, one bar per series, optional min–max whiskers (Chronaki et al. Fig. 4–5, Zhang et al. Fig. 2–6). */
export function BarChart(props: {
  readonly title: string;
  readonly xLabels: readonly string[];
  readonly series: readonly { name: string; data: readonly BarDatum[] }[];
  readonly yLabel: string;
  readonly reference?: number;
}) {
  const top = max(props.series.flatMap((s) => s.data.map((d) => d.max ?? d.value)), (v) => (Number.isFinite(v) ? v : undefined)) ?? 0;
  const y = scaleLinear().domain([0, Math.max(props.reference ?? 0, top, 1e-9) * 1.08]).nice().range([H - M.bottom, M.top]);
  const x0 = scaleBand<string>().domain(props.xLabels).range([M.left, W - M.right]).padding(0.2);
  const x1 = scaleBand<string>().domain(props.series.map((s) => s.name)).range([0, x0.bandwidth()]).padding(0.08);
  const center = (l: string) => (x0(l) ?? 0) + x0.bandwidth() / 2;
  return (
    <ChartFrame title={props.title} y={y} yLabel={props.yLabel} ticks={5} xLabels={props.xLabels} x={center} legend={props.series.map((s) => s.name)}>
        {props.series.map((s, i) =>
          s.data.map((d, j) => {
            if (!Number.isFinite(d.value)) return null;
            const left = (x0(props.xLabels[j]) ?? 0) + (x1(s.name) ?? 0);
            const w = x1.bandwidth();
            return (
              <g key={`${s.name}-${j}`}>
                <rect x={left} y={y(d.value)} width={w} height={Math.max(0, y(0) - y(d.value))} fill={seriesColor(i)}>
                  <title>{`${s.name} · ${props.xLabels[j]}: ${fmt(d.value)}${d.min !== undefined ? ` (${fmt(d.min)}–${fmt(d.max ?? d.value)})` : ""}`}</title>
                </rect>
                {d.min !== undefined && d.max !== undefined && d.max > d.min && (
                  <path d={`M${left + w / 2},${y(d.min)}V${y(d.max)}M${left + w / 2 - 3},${y(d.min)}h6M${left + w / 2 - 3},${y(d.max)}h6`} className="chart-whisker" />
                )}
              </g>
            );
          }),
        )}
        {props.reference !== undefined && <line x1={M.left} x2={W - M.right} y1={y(props.reference)} y2={y(props.reference)} className="chart-ideal" />}
    </ChartFrame>
  );
}

/** Repeatability (Zhang et al. Fig. 1): each run's makespan over its case's mean, one column of dots per case, ±3% band. */
export function SpreadChart(props: { readonly title: string; readonly columns: readonly { label: string; series: number; values: readonly number[] }[]; readonly names: readonly string[] }) {
  const all = props.columns.flatMap((c) => c.values);
  const lo = Math.min(0.9, min(all) ?? 0.9);
  const hi = Math.max(1.1, max(all) ?? 1.1);
  const y = scaleLinear().domain([lo, hi]).nice().range([H - M.bottom, M.top]);
  const x = scalePoint<string>().domain(props.columns.map((c) => c.label)).range([M.left + 24, W - M.right - 16]);
  return (
    <figure className="chart" data-testid="os-chart">
      <figcaption>{props.title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} width={W} height={H} role="img" aria-label={props.title}>
        <rect x={M.left} width={W - M.left - M.right} y={y(1.03)} height={y(0.97) - y(1.03)} className="chart-band" />
        <YAxis y={y} ticks={6} label="run / mean of its case" />
        {props.columns.map((c) => (
          <g key={c.label}>
            <text x={x(c.label)} y={H - M.bottom + 16} textAnchor="middle" className="chart-tick">
              {c.label}
            </text>
            {c.values.map((v, k) => (
              <circle key={k} cx={(x(c.label) ?? 0) + ((k % 5) - 2) * 3} cy={y(v)} r={3} fill={seriesColor(c.series)} fillOpacity={0.8}>
                <title>{`${c.label}, run ${k + 1}: ${(v * 100).toFixed(1)}% of the mean`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <Legend names={props.names} extra={undefined} />
    </figure>
  );
}
