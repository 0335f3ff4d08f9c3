// Metrics of every compared run, with the speedup over the baseline, the
// difference from it in each cell and the best value marked (★).
import { useMemo } from "react";
import type { RunSummary } from "../engine/engine-types";
import { schedulerLabel } from "../logic/format";
import { Term } from "../panels/Glossary";
import { buildCompareTable, formatDiff, isBetter } from "./compare-model";

const TERMS: Record<string, string> = { edp: "EDP", speedup: "speedup" };

export function CompareTable(props: { readonly summary: RunSummary; readonly baseline: string | null; readonly onBaseline: (name: string) => void }) {
  const table = useMemo(() => buildCompareTable(props.summary, props.baseline), [props.summary, props.baseline]);
  return (
    <div className="compare-table-wrap">
      <table className="metrics" data-testid="metrics-table">
        <thead>
          <tr>
            <th scope="col">Scheduler</th>
            <th scope="col" title="The run the differences are measured against">
              Baseline
            </th>
            {table.columns.map((c) => (
              <th key={c.key} scope="col" title={`${c.title} (${c.better} is better)`}>
                {TERMS[c.key] ? <Term name={TERMS[c.key]}>{c.label}</Term> : c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, r) => (
            <tr key={`${r}-${row.scheduler}`} data-testid="metrics-row" data-scheduler={row.scheduler} className={r === table.baseline ? "baseline-row" : undefined}>
              <th scope="row">{schedulerLabel(row.scheduler)}</th>
              <td className="baseline-cell">
                <input
                  type="radio"
                  name="baseline"
                  data-testid="baseline-radio"
                  aria-label={`Use ${row.scheduler} as the baseline`}
                  checked={r === table.baseline}
                  onChange={() => props.onBaseline(row.scheduler)}
                />
              </td>
              {row.values.map((value, c) => {
                const column = table.columns[c];
                const best = table.best[c].includes(r);
                const diff = table.diffs[r][c];
                const showDiff = r !== table.baseline && Number.isFinite(diff);
                return (
                  <td key={column.key} className={best ? "best" : undefined} data-column={column.key} title={best ? "best" : undefined}>
                    {column.format(value)}
                    {best && (
                      <span className="best-mark" aria-label="best">
                        {" "}
                        ★
                      </span>
                    )}
                    {showDiff && column.key !== "speedup" && <span className={`diff ${isBetter(diff, column.better) ? "good" : Math.abs(diff) < 0.0005 ? "" : "bad"}`}>{formatDiff(diff)}</span>}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
