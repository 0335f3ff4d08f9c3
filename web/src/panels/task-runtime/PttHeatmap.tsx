// The Performance Trace Table as a heatmap (rows = leader core, columns = width,
// colour = predicted time), one per task type, with a slider and a play button
// that replay how the table learned during the run. A plain run keeps only the
// final table: the history is asked of the engine (which runs that scheduler
// again with it recorded) when the heatmap is shown.
import { useEffect, useMemo, useState } from "react";
import { type PlatformSummary, type PttHistory, type RunInfo, taskExtras } from "../../engine/engine-types";
import { formatDuration, schedulerLabel } from "../../logic/format";
import { globalChoices, heatColor, heatTextColor, pttGrid } from "../../logic/task-runtime";
import { useAppStore, useEngine } from "../../state/AppProvider";
import { selectResult } from "../../state/selectors";

const CELL_W = 84;
const CELL_H = 22;

export function PttHeatmap(props: { readonly runs: readonly RunInfo[]; readonly taskTypes: readonly string[]; readonly platform: PlatformSummary }) {
  const withPtt = props.runs.map((r, i) => ({ run: r, index: i })).filter((r) => taskExtras(r.run) !== null);
  const [runIndex, setRunIndex] = useState(withPtt.length > 0 ? withPtt[withPtt.length - 1].index : 0);
  const run = props.runs[runIndex] ?? withPtt[0]?.run;
  const metrics = run ? taskExtras(run) : null;
  const { ptt, error } = usePttHistory(runIndex, metrics?.ptt ?? null);
  const loaded = ptt?.history === true;
  const snapshots = ptt?.snapshots ?? [];
  const [step, setStep] = useState(Math.max(0, snapshots.length - 1));
  const [playing, setPlaying] = useState(false);
  const last = Math.max(0, snapshots.length - 1);
  const at = Math.min(step, last);

  useEffect(() => setStep(last), [last, runIndex]);
  useEffect(() => {
    if (!playing) return;
    const id = window.setInterval(() => {
      setStep((s) => {
        if (s >= last) {
          setPlaying(false);
          return last;
        }
        return s + 1;
      });
    }, 60);
    return () => window.clearInterval(id);
  }, [playing, last]);

  const grids = useMemo(
    () => (ptt && snapshots.length > 0 ? props.taskTypes.map((_, type) => pttGrid(ptt, snapshots[at], type, props.platform.n_cores)) : []),
    [ptt, snapshots, at, props.taskTypes, props.platform.n_cores],
  );
  if (!run || !ptt || snapshots.length === 0) return null;
  const snap = snapshots[at];

  return (
    <div className="ptt" data-testid="ptt-heatmap" data-history={loaded ? "loaded" : "final-only"}>
      <div className="ptt-controls">
        <label className="picker">
          PTT of
          <select data-testid="ptt-scheduler" value={runIndex} onChange={(e) => setRunIndex(Number(e.target.value))}>
            {withPtt.map(({ run: r, index }) => (
              <option key={index} value={index}>
                {schedulerLabel(r.scheduler)}
              </option>
            ))}
          </select>
        </label>
        {error && (
          <p className="field-error" data-testid="ptt-error">
            {error}
          </p>
        )}
        <button type="button" data-testid="ptt-play" disabled={!loaded} onClick={() => (playing ? setPlaying(false) : (setStep(at >= last ? 0 : at), setPlaying(true)))}>
          {playing ? "Pause" : "Play"}
        </button>
        <input
          type="range"
          min={0}
          max={last}
          value={at}
          disabled={!loaded}
          data-testid="ptt-slider"
          aria-label="PTT snapshot"
          onChange={(e) => {
            setPlaying(false);
            setStep(Number(e.target.value));
          }}
        />
        <span className="muted ptt-time" data-testid="ptt-time">
          t = {formatDuration(snap.t_ns)} · {snap.updates.toLocaleString("en-US")} tasks done
        </span>
      </div>
      <div className="ptt-grids">
        {grids.map((grid, type) => {
          const choice = globalChoices(ptt, snap, type);
          const mark = (label: string) => (label === choice.fastest ? "★" : "") + (label === choice.cheapest ? "◆" : "");
          return (
          <figure key={type} className="ptt-grid" data-testid="ptt-grid" data-task-type={props.taskTypes[type]}>
            <figcaption>
              Task type <b>{props.taskTypes[type]}</b> <span className="muted">· predicted time per execution place (— = not measured yet; yellow = fast, blue = slow)</span>
            </figcaption>
            <svg width={40 + grid.widths.length * CELL_W} height={22 + grid.leaders.length * CELL_H} role="img" aria-label={`PTT of ${props.taskTypes[type]}`}>
              {grid.widths.map((w, c) => (
                <text key={w} x={40 + c * CELL_W + CELL_W / 2} y={14} textAnchor="middle" className="ptt-axis" data-testid="ptt-col">
                  width {w}
                </text>
              ))}
              {grid.leaders.map((leader, r) => (
                <g key={leader}>
                  <text x={34} y={22 + r * CELL_H + CELL_H / 2} textAnchor="end" dominantBaseline="middle" className="ptt-axis" data-testid="ptt-row">
                    C{leader}
                  </text>
                  {grid.cells[r].map((cell, c) =>
                    cell ? (
                      <g key={c} data-testid="ptt-cell" data-label={cell.label}>
                        <rect x={40 + c * CELL_W} y={22 + r * CELL_H} width={CELL_W - 2} height={CELL_H - 2} fill={heatColor(cell.valueNs, grid.minNs, grid.maxNs)} className="ptt-cell">
                          <title>{`${cell.label}: ${cell.valueNs > 0 ? formatDuration(cell.valueNs) : "not measured yet"}`}</title>
                        </rect>
                        <text
                          x={40 + c * CELL_W + CELL_W / 2 - 1}
                          y={22 + r * CELL_H + CELL_H / 2}
                          textAnchor="middle"
                          dominantBaseline="middle"
                          className="ptt-value"
                          style={cell.valueNs > 0 ? { fill: heatTextColor(cell.valueNs, grid.minNs, grid.maxNs) } : undefined}
                        >
                          {cell.valueNs > 0 ? formatDuration(cell.valueNs) : "—"}
                          {mark(cell.label) && <tspan data-testid="ptt-choice">{` ${mark(cell.label)}`}</tspan>}
                        </text>
                      </g>
                    ) : null,
                  )}
                </g>
              ))}
            </svg>
            <p className="muted hint ptt-legend">
              ★ lowest predicted time, where DAM-P's global search sends a priority task: {choice.fastest} · ◆ lowest time × width, DAM-C's
              choice: {choice.cheapest} (an unmeasured place wins, so each is tried once)
            </p>
          </figure>
          );
        })}
      </div>
    </div>
  );
}

/**
 * The PTT of run `run` over time: `own` when it already has its history, otherwise fetched from the engine (`own`, the
 * final table, meanwhile); `error` is the engine's refusal (the work budget may refuse the re-run that records it).
 */
function usePttHistory(run: number, own: PttHistory | null): { ptt: PttHistory | null; error: string | null } {
  const engine = useEngine();
  const sessionId = useAppStore(selectResult)?.sessionId;
  const [fetched, setFetched] = useState<{ key: string; ptt: PttHistory | null; error: string | null } | null>(null);
  const key = `${sessionId}:${run}`;
  const needed = own !== null && !own.history && sessionId !== undefined;
  useEffect(() => {
    if (!needed || sessionId === undefined) return;
    let cancelled = false;
    const at = `${sessionId}:${run}`;
    engine.pttHistory(sessionId, run).then(
      (ptt) => {
        if (!cancelled && ptt) setFetched({ key: at, ptt, error: null });
      },
      (err: unknown) => {
        const message = err instanceof Error ? err.message : String(err);
        // A newer simulation replaced this one: its own heatmap asks again.
        if (!cancelled && !message.startsWith("stale session")) setFetched({ key: at, ptt: null, error: message });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [engine, needed, sessionId, run]);
  if (fetched?.key !== key) return { ptt: own, error: null };
  return { ptt: fetched.ptt ?? own, error: fetched.error };
}
