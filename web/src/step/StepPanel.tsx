// Step-through: play, pause and step from one scheduling decision to the
// next. Each step moves the time cursor, outlines the task on its Gantt and
// says what happened: the ready task, the candidate places with their PTT
// values and costs, what was chosen and why.
import { useEffect, useMemo, useRef, useState } from "react";
import type { DecisionLog, DecisionRecord } from "../engine/engine-types";
import { formatDuration, formatMs, schedulerLabel } from "../logic/format";
import { Term } from "../panels/Glossary";
import { useActions, useAppStore, useEngine, useStoreApi } from "../state/AppProvider";
import { selectCursorNs, selectResult } from "../state/selectors";
import { type CostedCandidate, candidatesOf, costedCandidates, decisionAt, placeLabel, revealTime } from "./step-model";

/** Time per decision while playing at 1×. */
const PLAY_INTERVAL_MS = 700;
const SPEEDS = [0.25, 0.5, 1, 2, 4, 10] as const;

export function StepPanel() {
  const engine = useEngine();
  const store = useStoreApi();
  const { setCursor, setHighlight, setWindow } = useActions();
  const result = useAppStore(selectResult);
  const cursorNs = useAppStore(selectCursorNs);
  const runs = result?.summary.runs ?? [];
  const [run, setRun] = useState(0);
  const runIndex = Math.min(run, Math.max(0, runs.length - 1));
  const [log, setLog] = useState<DecisionLog | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const sessionId = result?.sessionId;

  useEffect(() => {
    if (sessionId === undefined) return;
    let cancelled = false;
    engine.decisions(sessionId, runIndex).then(
      (l) => {
        if (cancelled) return;
        setLog(l);
        setError(null);
        setIndex((i) => Math.min(i, Math.max(0, l.decisions.length - 1)));
      },
      (err: unknown) => !cancelled && setError(err instanceof Error ? err.message : String(err)),
    );
    return () => {
      cancelled = true;
    };
  }, [engine, sessionId, runIndex]);

  const decisions = log?.decisions ?? [];
  const d = decisions[index];

  // Show the decision on the Gantts: cursor, outline, and keep it in view once the user steps (opening the panel, or a
  // link that opens it, keeps the visible window as it is).
  const shown = useRef<DecisionRecord | undefined>(undefined);
  useEffect(() => {
    if (!d) return;
    setCursor(d.t_ns);
    setHighlight({ run: runIndex, task: d.task });
    const previous = shown.current;
    shown.current = d;
    // The decided run's Gantt comes into view (inside the Gantt stack and the page), so the outline is never below the fold.
    const gantt = document.querySelector<HTMLElement>(`[data-testid="gantt"][data-run="${runIndex}"]`);
    gantt?.scrollIntoView?.({ block: "nearest" });
    if (previous === undefined || previous === d) return;
    const { window: win, bounds } = store.getState().sim;
    const next = revealTime(win, bounds, d.t_ns);
    if (next !== win) setWindow(next);
  }, [d, runIndex, store, setCursor, setHighlight, setWindow]);
  useEffect(() => () => setHighlight(null), [setHighlight]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setIndex((i) => {
        if (i + 1 >= decisions.length) {
          setPlaying(false);
          return i;
        }
        return i + 1;
      });
    }, PLAY_INTERVAL_MS / speed);
    return () => clearInterval(timer);
  }, [playing, decisions.length, speed]);

  // "." and "," step forward and back while this panel is open (outside text fields).
  const decisionCount = decisions.length;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      if (e.ctrlKey || e.metaKey || e.altKey || (e.key !== "." && e.key !== ",")) return;
      e.preventDefault();
      setPlaying(false);
      setIndex((i) => Math.max(0, Math.min(decisionCount - 1, i + (e.key === "." ? 1 : -1))));
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [decisionCount]);

  const typeName = (t: number) => result?.summary.groups[t] ?? `type ${t}`;
  const candidates = useMemo(() => (d ? costedCandidates(candidatesOf(d)) : []), [d]);
  if (!result) return <p className="muted">Waiting for a simulation…</p>;

  const step = (delta: number) => {
    setPlaying(false);
    setIndex((i) => Math.max(0, Math.min(decisions.length - 1, i + delta)));
  };
  return (
    <div className="step-panel" data-testid="step-panel">
      <h3 className="panel-title">
        Step through <Term name="decision">decisions</Term>
      </h3>
      <label className="picker">
        Run
        <select data-testid="step-run" value={runIndex} onChange={(e) => setRun(Number(e.target.value))}>
          {runs.map((r, i) => (
            <option key={`${i}-${r.scheduler}`} value={i}>
              {schedulerLabel(r.scheduler)}
            </option>
          ))}
        </select>
      </label>
      <div className="step-controls" role="toolbar" aria-label="Step controls">
        <button type="button" data-testid="step-first" onClick={() => step(-decisions.length)} title="First decision">
          ◀◀
        </button>
        <button type="button" data-testid="step-prev" onClick={() => step(-1)} title="Previous decision (,)">
          ◀
        </button>
        <button type="button" data-testid="step-play" onClick={() => setPlaying(!playing)} aria-pressed={playing} title={playing ? "Pause" : "Play"}>
          {playing ? "Pause" : "▶ Play"}
        </button>
        <button type="button" data-testid="step-next" onClick={() => step(1)} title="Next decision (.)">
          ▶|
        </button>
        <button type="button" onClick={() => step(decisions.length)} title="Last decision">
          ▶▶
        </button>
        <label className="picker" title="Decisions per second while playing">
          speed
          <select data-testid="step-speed" value={speed} onChange={(e) => setSpeed(Number(e.target.value))}>
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s}×
              </option>
            ))}
          </select>
        </label>
      </div>
      <input
        type="range"
        className="step-slider"
        aria-label="Decision"
        min={0}
        max={Math.max(0, decisions.length - 1)}
        value={index}
        onChange={(e) => {
          setPlaying(false);
          setIndex(Number(e.target.value));
        }}
      />
      <button
        type="button"
        className="link"
        disabled={cursorNs === null}
        onClick={() => cursorNs !== null && setIndex(decisionAt(decisions, cursorNs))}
        title="Jump to the first decision at or after the time cursor"
      >
        jump to the cursor
      </button>
      {error && <p className="field-error">{error}</p>}
      {d && (
        <div className="decision" data-testid="decision" aria-live="polite">
          <p className="decision-head" data-testid="decision-head">
            Decision {index + 1} of {log?.total ?? decisions.length} · t = {formatMs(d.t_ns)}
          </p>
          <dl className="decision-facts">
            <dt>deciding core</dt>
            <dd>core {d.core}</dd>
            <dt>ready task</dt>
            <dd data-testid="decision-task">
              T{d.task} · {typeName(d.task_type)} · {d.priority === 1 ? "high priority (critical)" : "low priority"}
            </dd>
            <dt>
              chosen <Term name="execution place">place</Term>
            </dt>
            <dd data-testid="decision-place">{placeLabel(d.leader, d.width)}</dd>
            <dt>overhead</dt>
            <dd>{formatDuration(d.overhead_ns)}</dd>
          </dl>
          <table className="candidates" data-testid="candidates">
            <thead>
              <tr>
                <th scope="col">candidate place</th>
                <th scope="col">
                  <Term name="PTT">PTT</Term> prediction
                </th>
                <th scope="col" title="The number the scheduler's rule compares (lowest wins): predicted time × width for local searches and DAM-C, predicted time for DAM-P's and DA's global search">cost</th>
                <th scope="col">chosen</th>
              </tr>
            </thead>
            <tbody>
              {candidates.map((c) => (
                <tr key={`${c.leader}-${c.width}`} className={c.chosen ? "chosen" : undefined} data-testid="candidate">
                  <td>{placeLabel(c.leader, c.width)}</td>
                  <td className={c.fastest ? "lowest" : undefined} title={c.fastest ? "fastest measured place" : undefined}>
                    {c.ptt_ns === null || c.ptt_ns <= 0 ? <span className="muted">not measured yet</span> : formatDuration(c.ptt_ns)}
                  </td>
                  <td data-testid="candidate-cost" className={c.cheapest ? "lowest" : undefined} title={costTitle(c)}>
                    {c.cost === null ? <span className="muted">{c.ptt_ns === null ? "not measured" : "—"}</span> : formatDuration(c.cost)}
                  </td>
                  <td>{c.chosen ? "✓" : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="decision-reason" data-testid="decision-reason">
            {d.explanation ? d.explanation.reason : "This scheduler does not explain its decisions yet; the chosen place is shown above."}
          </p>
        </div>
      )}
      {log && decisions.length === 0 && <p className="muted">This run logged no decisions.</p>}
      {log && log.total > decisions.length && <p className="muted small">The engine keeps the first {decisions.length.toLocaleString("en-US")} of {log.total.toLocaleString("en-US")} decisions.</p>}
    </div>
  );
}

/** How a candidate's cost was computed, for its tooltip. */
function costTitle(c: CostedCandidate): string | undefined {
  if (c.cost === null || c.ptt_ns === null) return undefined;
  const how = c.cost === c.ptt_ns ? "the predicted time" : `width ${c.width} × ${formatDuration(c.ptt_ns)}`;
  return `${how}${c.cheapest ? ": the lowest cost" : ""}`;
}
