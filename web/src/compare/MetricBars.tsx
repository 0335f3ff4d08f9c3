// Bar charts of the comparison, one small multiple per metric (D3 scales,
// SVG), each run in its own colour-blind-safe colour, the best marked ★ and
// the baseline drawn as a dashed line.
import { max as d3max } from "d3-array";
import { scaleBand, scaleLinear } from "d3-scale";
import { forwardRef, useMemo } from "react";
import type { RunSummary } from "../engine/engine-types";
import { schedulerLabel } from "../logic/format";
import { taskTypeColor } from "../logic/palette";
import { useFontScale } from "../timeline/use-font-scale";
import { buildCompareTable, formatDiff } from "./compare-model";

const BASE = { W: 270, BAR_H: 18, LEFT: 78, RIGHT: 92, TOP: 22 };

export const MetricBars = forwardRef<HTMLDivElement, { readonly summary: RunSummary; readonly baseline: string | null }>(function MetricBars(props, ref) {
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
                  <rect x={LEFT} y={yy} width={w} height={y.bandwidth()} fill={taskTypeColor(i)} rx={2}>
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
