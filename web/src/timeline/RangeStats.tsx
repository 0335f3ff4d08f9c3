// Statistics of a selected time range (Shift+drag on the Gantts, as in Perfetto): per scheduler, each core's share of
// the range spent working and in runtime overhead, and the total work.
import { sum } from "d3-array";
import { useMemo } from "react";
import type { SimResult } from "../engine/engine";
import { rangeStats } from "../logic/find";
import { formatDuration, formatMs, schedulerLabel } from "../logic/format";
import { useActions } from "../state/AppProvider";
import type { TimeWindow } from "../types/units";

export function RangeStats(props: { readonly result: SimResult; readonly range: TimeWindow }) {
  const { setRange } = useActions();
  const { result, range } = props;
  const cores = result.summary.platform.n_cores;
  const span = range.t1Ns - range.t0Ns;
  const rows = useMemo(() => result.segments.map((seg) => rangeStats(seg, cores, range.t0Ns, range.t1Ns)), [result, cores, range]);
  const pct = (ns: number) => `${Math.round((100 * ns) / Math.max(1, span))}%`;
  return (
    <section className="range-stats" data-testid="range-stats" aria-label="Statistics of the selected time range">
      <div className="range-stats-head">
        <b>Selected range</b> {formatMs(range.t0Ns)} – {formatMs(range.t1Ns)} <span className="muted">({formatDuration(span)}; work % per core, overhead in brackets)</span>
        <button type="button" className="link" data-testid="range-clear" onClick={() => setRange(null)}>
          clear
        </button>
      </div>
      <table className="metrics range-table">
        <thead>
          <tr>
            <th scope="col">Scheduler</th>
            {Array.from({ length: cores }, (_, c) => (
              <th key={c} scope="col">
                core {c}
              </th>
            ))}
            <th scope="col">work in range</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((stats, r) => (
            <tr key={`${r}-${result.summary.runs[r]?.scheduler}`} data-testid="range-row">
              <th scope="row">{schedulerLabel(result.summary.runs[r]?.scheduler ?? "")}</th>
              {stats.map((s) => (
                <td key={s.core} title={`work ${formatDuration(s.workNs)}, overhead ${formatDuration(s.overheadNs)}`}>
                  {pct(s.workNs)}
                  {s.overheadNs > 0 && <span className="muted"> ({pct(s.overheadNs)})</span>}
                </td>
              ))}
              <td>{formatDuration(sum(stats, (s) => s.workNs))}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
