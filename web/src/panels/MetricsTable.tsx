// One row per scheduler run with the headline metrics; the best value of
// each column is marked.
import { useMemo } from "react";
import type { RunSummary } from "../engine/engine-types";
import { schedulerLabel } from "../logic/format";
import { buildMetricsTable } from "../logic/metrics-table";

export function MetricsTable(props: { readonly summary: RunSummary }) {
  const table = useMemo(() => buildMetricsTable(props.summary), [props.summary]);
  return (
    <table className="metrics" data-testid="metrics-table">
      <thead>
        <tr>
          <th scope="col">Scheduler</th>
          {table.columns.map((c) => (
            <th key={c.key} scope="col" title={`${c.title} (${c.better} is better)`}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {table.rows.map((row, r) => (
          <tr key={`${r}-${row.scheduler}`} data-testid="metrics-row" data-scheduler={row.scheduler}>
            <th scope="row">{schedulerLabel(row.scheduler)}</th>
            {row.values.map((value, c) => {
              const best = table.best[c].includes(r);
              return (
                <td key={table.columns[c].key} className={best ? "best" : undefined} title={best ? "best" : undefined}>
                  {table.columns[c].format(value)}
                  {best && <span className="best-mark" aria-label="best"> ★</span>}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
