// Bar charts of the comparison, one small multiple per metric (D3 scales,
// SVG), each run in its own colour-blind-safe colour, the best marked ★ and
// the baseline drawn as a dashed line.
import { max as d3max } from "d3-array";
import { type ScaleBand, scaleBand, scaleLinear } from "d3-scale";
import { forwardRef, useMemo } from "react";
import type { RunSummary } from "../engine/engine-types";
import { schedulerLabel } from "../logic/format";
import { schedulerColor } from "../logic/palette";
import { useFontScale } from "../timeline/use-font-scale";
import { buildCompareTable, type CompareTable, formatDiff } from "./compare-model";

const BASE = { W: 270, BAR_H: 18, LEFT: 78, RIGHT: 92, TOP: 22 };

export const MetricBars = forwardRef<HTMLDivElement, { readonly summary: RunSummary; readonly baseline: string | null; readonly relative?: boolean }>(function MetricBars(props, ref) {
  const table = useMemo(() => buildCompareTable(props.summary, props.baseline), [props.summary, props.baseline]);
  // Charts grow with the root font size (large-font mode).
  const k = useFontScale();
  const [W, BAR_H, LEFT, RIGHT, TOP] = [BASE.W, BASE.BAR_H, BASE.LEFT, BASE.RIGHT, BASE.TOP].map((v) => Math.round(v * k));
  const names = table.rows.map((r) => r.scheduler);
  const height = TOP + names.length * BAR_H + 8;
  const y = scaleBand<number>()
    .domain(names.map((_, i) => i))
    .range([TOP, TOP + names.length * BAR_H])
    .padding(0.18);
  return (
    <div className="metric-bars" data-testid="metric-bars" ref={ref}>
      {table.columns.map((column, c) => {
        const values = table.rows.map((r) => r.values[c]);
        if (props.relative) return <RelativeChart key={column.key} table={table} c={c} names={names} dims={{ W, LEFT, RIGHT, TOP, height }} y={y} />;
        const max = Math.max(0, d3max(values, (v) => (Number.isFinite(v) ? v : undefined)) ?? 0);
        const x = scaleLinear()
          .domain([0, max > 0 ? max : 1])
          .range([LEFT, W - RIGHT]);
        const baseValue = values[table.baseline];
        return (
          <svg key={column.key} className="bar-chart" width={W} height={height} role="img" aria-label={`${column.label} per scheduler`} data-testid="bar-chart" xmlns="http://www.w3.org/2000/svg">
            <text className="bar-title" x={4} y={14}>
              {column.label} <tspan className="bar-better">({column.better} is better)</tspan>
            </text>
            {values.map((v, i) => {
              const best = table.best[c].includes(i);
              const w = Number.isFinite(v) ? Math.max(1, x(v) - LEFT) : 0;
              const yy = y(i) ?? 0;
              return (
                <g key={names[i] + i}>
                  <text className="bar-label" x={LEFT - 6} y={yy + y.bandwidth() / 2} textAnchor="end" dominantBaseline="middle">
                    {schedulerLabel(names[i])}
                  </text>
                  <rect x={LEFT} y={yy} width={w} height={y.bandwidth()} fill={schedulerColor(i)} rx={2}>
                    <title>{`${names[i]}: ${column.format(v)}`}</title>
                  </rect>
                  <text className="bar-value" x={LEFT + w + 4} y={yy + y.bandwidth() / 2} dominantBaseline="middle">
                    {Number.isFinite(v) ? column.format(v) : "—"}
                    {best ? " ★" : ""}
                    {i !== table.baseline && Number.isFinite(table.diffs[i][c]) && column.key !== "speedup" ? ` (${formatDiff(table.diffs[i][c])})` : ""}
                  </text>
                </g>
              );
            })}
            {Number.isFinite(baseValue) && <line className="bar-baseline" x1={x(baseValue)} x2={x(baseValue)} y1={TOP - 3} y2={height - 4} />}
          </svg>
        );
      })}
    </div>
  );
});

/**
 * One metric as differences from the baseline run: bars grow left or right from the baseline's value (the centre
 * line), on a symmetric scale, so a ±1.6% difference is as visible as the data allow; the ticks are percentages.
 */
function RelativeChart(props: {
  readonly table: CompareTable;
  readonly c: number;
  readonly names: readonly string[];
  readonly dims: { readonly W: number; readonly LEFT: number; readonly RIGHT: number; readonly TOP: number; readonly height: number };
  readonly y: ScaleBand<number>;
}) {
  const { table, c, names, y } = props;
  const { LEFT, TOP, height } = props.dims;
  // Wider plot than the absolute charts: the values column only holds "+12%".
  const W = props.dims.W + 40;
  const RIGHT = Math.round(props.dims.RIGHT * 0.6);
  const column = table.columns[c];
  const diffs = table.rows.map((_, i) => table.diffs[i][c]);
  const extent = Math.max(0.001, d3max(diffs, (d) => (Number.isFinite(d) ? Math.abs(d) : undefined)) ?? 0);
  const x = scaleLinear().domain([-extent, extent]).range([LEFT, W - RIGHT]).nice(4);
  // The two ends and the baseline: always three readable ticks.
  const ticks = [x.domain()[0], 0, x.domain()[1]];
  return (
    <svg className="bar-chart" width={W} height={height + 14} role="img" aria-label={`${column.label}: difference from the baseline per scheduler`} data-testid="bar-chart" data-relative="true" xmlns="http://www.w3.org/2000/svg">
      <text className="bar-title" x={4} y={14}>
        Δ {column.label} <tspan className="bar-better">({column.better} is better)</tspan>
      </text>
      {ticks.map((t) => (
        <g key={t}>
          <line className="bar-grid" x1={x(t)} x2={x(t)} y1={TOP - 2} y2={height - 4} />
          <text className="bar-tick" x={x(t)} y={height + 8} textAnchor="middle">
            {formatDiff(t)}
          </text>
        </g>
      ))}
      {diffs.map((d, i) => {
        const yy = y(i) ?? 0;
        const x0 = x(0);
        const x1 = Number.isFinite(d) ? x(d) : x0;
        return (
          <g key={names[i] + i}>
            <text className="bar-label" x={LEFT - 6} y={yy + y.bandwidth() / 2} textAnchor="end" dominantBaseline="middle">
              {schedulerLabel(names[i])}
            </text>
            <rect x={Math.min(x0, x1)} y={yy} width={Math.max(1, Math.abs(x1 - x0))} height={y.bandwidth()} fill={schedulerColor(i)} rx={2}>
              <title>{`${names[i]}: ${column.format(table.rows[i].values[c])} (${i === table.baseline ? "baseline" : formatDiff(d)})`}</title>
            </rect>
            <text className="bar-value" x={W - RIGHT + 4} y={yy + y.bandwidth() / 2} dominantBaseline="middle">
              {i === table.baseline ? "baseline" : formatDiff(d)}
            </text>
          </g>
        );
      })}
      <line className="bar-baseline" x1={x(0)} x2={x(0)} y1={TOP - 3} y2={height - 4} />
    </svg>
  );
}
