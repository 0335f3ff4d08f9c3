// The "Compare charts" tab: one bar chart per metric for every compared run.
import { useRef } from "react";
import { ChartExport } from "../export/ChartExport";
import { useAppStore } from "../state/AppProvider";
import { selectBaseline, selectSummary } from "../state/selectors";
import { MetricBars } from "../compare/MetricBars";

export function CompareView() {
  const summary = useAppStore(selectSummary);
  const baseline = useAppStore(selectBaseline);
  const ref = useRef<HTMLDivElement>(null);
  if (!summary) return <p className="muted">Waiting for a simulation…</p>;
  return (
    <section className="compare-view" aria-label="Metric bar charts">
      <div className="view-toolbar">
        <span className="muted">Every metric per scheduler; the dashed line is the baseline, ★ the best.</span>
        <ChartExport target={ref} name="metric-bars" />
      </div>
      <MetricBars ref={ref} summary={summary} baseline={baseline} />
    </section>
  );
}
