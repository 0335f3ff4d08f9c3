// The "Compare charts" tab: one bar chart per metric for every compared run.
import { useRef } from "react";
import { ChartExport } from "../export/ChartExport";
import { useUiPrefs } from "../state/ui-prefs";
import { useStore } from "../state/StoreProvider";
import { MetricBars } from "../compare/MetricBars";

export function CompareView() {
  const { state } = useStore();
  const { baseline } = useUiPrefs();
  const ref = useRef<HTMLDivElement>(null);
  const summary = state.good?.result.summary;
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
