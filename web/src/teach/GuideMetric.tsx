// Presenter mode's one number: the metric the open guide step talks about (logic/guide-metric.ts), one bar per
// scheduler, best marked, beside the Gantt. With "predict, then reveal" on, the values stay hidden until the
// teacher presses Reveal (or R), so the class can guess which scheduler wins first.
import { useMemo } from "react";
import { buildCompareTable } from "../compare/compare-model";
import type { PresetInfo, RunSummary } from "../engine/engine-types";
import { schedulerColor } from "../logic/palette";
import { schedulerLabel } from "../logic/format";
import { guideMetricKey } from "../logic/guide-metric";
import { useActions, useAppStore } from "../state/AppProvider";
import { selectBaseline, selectView } from "../state/selectors";

export function GuideMetric(props: { readonly preset: PresetInfo | undefined; readonly summary: RunSummary }) {
  const view = useAppStore(selectView);
  const baseline = useAppStore(selectBaseline);
  const { setPredict, reveal } = useActions();
  const table = useMemo(() => buildCompareTable(props.summary, baseline), [props.summary, baseline]);
  const steps = props.preset?.steps ?? [];
  const step = view.step === null ? undefined : steps[Math.min(view.step, steps.length - 1)];
  const key = guideMetricKey([step?.title, step?.text, props.preset?.question, ...(props.preset?.claims ?? []).map((c) => c.label)], table.columns);
  const c = Math.max(0, table.columns.findIndex((col) => col.key === key));
  const column = table.columns[c];
  const values = table.rows.map((r) => r.values[c]);
  const top = Math.max(...values.filter(Number.isFinite), 0);
  const hidden = view.predict && view.revealed !== view.step;
  return (
    <section className="guide-metric" data-testid="guide-metric" data-metric={column.key} aria-label={`${column.label} per scheduler`}>
      <div className="guide-metric-head">
        <h3>{column.label}</h3>
        <span className="muted">{column.better} is better</span>
      </div>
      {hidden ? (
        <div className="predict-box" data-testid="predict-box">
          <p>Which scheduler wins? Guess first.</p>
          <button type="button" data-testid="reveal" onClick={() => reveal(view.step)}>
            Reveal (R)
          </button>
        </div>
      ) : (
        <ul className="guide-metric-bars">
          {table.rows.map((row, r) => (
            <li key={`${r}-${row.scheduler}`} data-testid="guide-metric-row" data-best={table.best[c].includes(r) || undefined}>
              <span className="gm-name">{schedulerLabel(row.scheduler)}</span>
              <span className="gm-bar" style={{ width: `${top > 0 ? (100 * values[r]) / top : 0}%`, background: schedulerColor(r) }} />
              <span className="gm-value">
                {column.format(values[r])}
                {table.best[c].includes(r) && " ★"}
              </span>
            </li>
          ))}
        </ul>
      )}
      <label className="predict-toggle">
        <input type="checkbox" data-testid="predict-toggle" checked={view.predict} onChange={(e) => setPredict(e.target.checked)} />
        Predict, then reveal
      </label>
    </section>
  );
}
