// The "Compare charts" tab: one bar chart per metric for every compared run.
import { useRef } from "react";
import { ChartExport } from "../export/ChartExport";
import { useActions, useAppStore } from "../state/AppProvider";
import { selectBaseline, selectSummary } from "../state/selectors";
import { MetricBars } from "../compare/MetricBars";

export function CompareView() {
  const summary = useAppStore(selectSummary);
  const baseline = useAppStore(selectBaseline);
  const relative = useAppStore((s) => s.prefs.relativeBars);
  const { setRelativeBars } = useActions();
  const ref = useRef<HTMLDivElement>(null);
  if (!summary) return <p className="muted">Waiting for a simulation…</p>;
  return (
    <section className="compare-view" aria-label="Metric bar charts">
      <div className="view-toolbar">
        <span className="muted">Every metric per scheduler; the dashed line is the baseline, ★ the best.</span>
        <label className="check" title="Bars start at the baseline's value and show each run's difference from it, so small differences stay visible">
          <input type="checkbox" data-testid="relative-bars" checked={relative} onChange={(e) => setRelativeBars(e.target.checked)} />
          relative to the baseline
        </label>
        <ChartExport target={ref} name="metric-bars" />
      </div>
      <MetricBars ref={ref} summary={summary} baseline={baseline} relative={relative} />
    </section>
  );
}
