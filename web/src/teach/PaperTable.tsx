// "Paper vs simulated": the preset's reported numbers beside this run's.
import { useMemo } from "react";
import type { PresetInfo, RunSummary } from "../engine/engine-types";
import { formatMetric } from "../logic/format";
import { paperRows } from "./paper-values";

export function PaperTable(props: { readonly preset: PresetInfo; readonly summary: RunSummary; readonly edited: boolean }) {
  const rows = useMemo(() => paperRows(props.preset, props.summary), [props.preset, props.summary]);
  if (rows.length === 0) return null;
  const unit = (u: string) => (u === "" || u === "×" ? u : ` ${u}`);
  return (
    <section className="paper-table" data-testid="paper-vs-sim" aria-label="Paper vs simulated">
      <h2>
        Paper vs simulated
        {props.preset.figure && <span className="muted"> · {props.preset.figure}</span>}
      </h2>
      {props.edited && <p className="muted">The scenario was edited: the simulated column follows your changes.</p>}
      <table>
        <thead>
          <tr>
            <th scope="col">What</th>
            <th scope="col">Paper</th>
            <th scope="col">Simulated</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i} data-testid="paper-row">
              <th scope="row">
                {row.label}
                {row.note && <div className="muted paper-note">{row.note}</div>}
              </th>
              <td>
                {formatMetric(row.paper, 3)}
                {unit(row.unit)}
              </td>
              <td data-testid="paper-simulated">
                {row.simulated === null ? <span className="muted" title="This run has no such scheduler or metric">—</span> : `${formatMetric(row.simulated, 3)}${unit(row.unit)}`}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
