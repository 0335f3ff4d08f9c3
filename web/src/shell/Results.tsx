// The results under the schedule: the metrics of every compared run, the paper's numbers beside this run's
// (for presets) and, for loop programs, the loop schedules' table. Each is a compact collapsible section, so
// the Gantts stay the first thing under the header and a reader can fold what they do not need.
import type { ReactNode } from "react";
import { CompareTable } from "../compare/CompareTable";
import type { PresetInfo, RunSummary } from "../engine/engine-types";
import { formatMetric, schedulerLabel } from "../logic/format";
import { PaperSlot } from "../teach/Teaching";
import { lazyComponent } from "./lazy";

// Only loop programs show it: its own chunk, loaded with the first loop-level result.
const LoopPanel = lazyComponent(() => import("../panels/loops/LoopPanel").then((m) => m.LoopPanel));

function Section(props: { readonly id: string; readonly title: ReactNode; readonly glance?: ReactNode; readonly children: ReactNode }) {
  return (
    <details className="results-section" data-testid={`results-${props.id}`} open>
      <summary>
        <span className="results-title">{props.title}</span>
        {props.glance && <span className="results-glance muted">{props.glance}</span>}
      </summary>
      {props.children}
    </details>
  );
}

/** "best makespan: DAM-C 41.2 ms" for the section's closed line. */
function bestMakespan(summary: RunSummary): string {
  const best = summary.runs.reduce((a, b) => (b.metrics.makespan_ns < a.metrics.makespan_ns ? b : a), summary.runs[0]);
  return best ? `fastest: ${schedulerLabel(best.scheduler)} (${formatMetric(best.metrics.makespan_ns / 1e6)} ms)` : "";
}

export function Results(props: { readonly summary: RunSummary; readonly baseline: string | null; readonly onBaseline: (name: string) => void; readonly preset: PresetInfo | undefined }) {
  const { summary } = props;
  const claims = summary.claims ?? [];
  return (
    <div className="results" data-testid="results">
      <Section id="metrics" title="Metrics" glance={bestMakespan(summary)}>
        <CompareTable summary={summary} baseline={props.baseline} onBaseline={props.onBaseline} />
      </Section>
      {props.preset && claims.length > 0 && (
        <Section id="paper" title="Paper vs simulated" glance={`${claims.filter((c) => c.verdict?.holds).length} of ${claims.length} claims hold in this run`}>
          <PaperSlot preset={props.preset} />
        </Section>
      )}
      {summary.level === "loops" && (
        <Section id="loops" title="Loop schedules">
          <LoopPanel summary={summary} />
        </Section>
      )}
    </div>
  );
}
