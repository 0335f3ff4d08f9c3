// The recording against its replays (engine/src/replay): per run its span and
// busy-time errors, and per core the recorded and replayed busy time on one scale.
import type { ReplayResult } from "../engine/import-protocol";
import { formatDuration } from "../logic/format";

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export function ReplayTable({ result }: { readonly result: ReplayResult }) {
  const first = result.runs[0];
  const max = Math.max(1, ...result.trace.busy_ns_per_core, ...(first?.sim.busy_ns_per_core ?? []));
  return (
    <div className="replay-result" data-testid="replay-result">
      <table className="replay-runs">
        <caption>Recording ({formatDuration(result.trace.span_ns)}) against its replays; target: errors within 10%</caption>
        <thead>
          <tr>
            <th>scheduler · wake-up CPUs</th>
            <th>span</th>
            <th title="|replayed span − recorded span| / recorded span">span error</th>
            <th title="mean over CPUs of |replayed busy − recorded busy| / recorded busy">busy error</th>
          </tr>
        </thead>
        <tbody>
          {result.runs.map((r) => (
            <tr key={`${r.scheduler}-${r.wakeups}`} data-testid="replay-row">
              <td className="replay-scheduler">
                {r.scheduler} <span className="replay-wakeups">· {r.wakeups}</span>
              </td>
              <td>{formatDuration(r.sim.span_ns)}</td>
              <td className={r.span_error > 0.1 ? "replay-miss" : undefined}>{pct(r.span_error)}</td>
              <td className={r.busy_error > 0.1 ? "replay-miss" : undefined}>{pct(r.busy_error)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {first && (
        <table className="replay-cores">
          <caption>Busy time per CPU: recording (upper bar) and {first.scheduler} replay (lower bar)</caption>
          <tbody>
            {result.cpus.map((cpu, k) => (
              <tr key={cpu}>
                <th scope="row">CPU {cpu}</th>
                <td>
                  <div className="replay-bar replay-bar-trace" style={{ width: `${(100 * (result.trace.busy_ns_per_core[k] ?? 0)) / max}%` }} title={formatDuration(result.trace.busy_ns_per_core[k] ?? 0)} />
                  <div className="replay-bar replay-bar-sim" style={{ width: `${(100 * (first.sim.busy_ns_per_core[k] ?? 0)) / max}%` }} title={formatDuration(first.sim.busy_ns_per_core[k] ?? 0)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
