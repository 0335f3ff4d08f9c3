// The imported trace's replays (engine/src/replay) under the recording on the shared time axis: one Gantt per replay,
// CPUs grouped by the replay's clusters, coloured by thread like the recording, titled with the span and busy-time
// errors against the recording (logic/replay-view.ts). Idle is left empty.
import { memo, useMemo } from "react";
import { formatDuration, formatMs } from "../logic/format";
import type { ImportedView } from "../logic/imported-trace";
import { withSlots } from "../logic/legend";
import { OTHERS_SLOT, type Theme } from "../logic/palette";
import { errorText, REPLAY_TARGET, type ReplayGanttRun, type ReplayView } from "../logic/replay-view";
import { computeLayout, type GanttLayout } from "./gantt-layout";
import { LaneGanttBody } from "./LaneGanttBody";
import type { RenderLoop } from "./render-loop";
import type { TimeScale } from "./time-scale";

/** Canvas keys of the replays in the render loop (after the recording's 100 000). */
const REPLAY_RUN_KEY = 100_001;

interface Props {
  readonly replay: ReplayView;
  /** The recording: its legend colours the threads. */
  readonly imported: ImportedView;
  readonly scale: TimeScale;
  readonly theme: Theme;
  readonly gutterCss: number;
  readonly renderLoop: RenderLoop;
}

export const ReplayGantts = memo(function ReplayGantts(props: Props) {
  const layout = useMemo(() => computeLayout(props.replay.platform), [props.replay.platform]);
  return (
    <div className="replay-gantts" data-testid="replay-gantts">
      {props.replay.runs.map((r, k) => (
        <ReplayGantt key={`${k}-${r.title}`} index={k} run={r} layout={layout} {...props} />
      ))}
    </div>
  );
});

function ReplayGantt({ replay, imported, scale, theme, gutterCss, renderLoop, run, index, layout }: Props & { readonly run: ReplayGanttRun; readonly index: number; readonly layout: GanttLayout }) {
  const labels = replay.result.labels;
  // Replay threads are the recording's legend names (thread labels, or lanes without CPUs), index for index.
  const seg = useMemo(() => withSlots(run.seg, (i) => imported.legend.slotOf[run.seg.group[i]] ?? OTHERS_SLOT), [run, imported]);
  const labelOf = useMemo(() => (i: number) => labels[run.seg.group[i]] ?? "", [labels, run]);
  const s = run.summary;
  const miss = (x: number) => (x > REPLAY_TARGET ? " replay-miss" : "");
  return (
    <section className="gantt gantt-replay" data-testid="replay-gantt" data-scheduler={s.scheduler}>
      <h3 className="gantt-title">
        Replay: {run.title}
        <span className="gantt-subtitle">
          span {formatDuration(s.sim.span_ns)} · <span className={`replay-error${miss(s.span_error)}`}>span error {errorText(s.span_error)}</span> ·{" "}
          <span className={`replay-error${miss(s.busy_error)}`} data-testid="replay-busy-error">
            busy error {errorText(s.busy_error)}
          </span>
        </span>
      </h3>
      <LaneGanttBody
        {...{ scale, theme, gutterCss, renderLoop, labelOf, layout }}
        runKey={REPLAY_RUN_KEY + index}
        lanes={{ platform: replay.platform, labels: replay.laneLabels, run: run.run, seg: run.seg, paintSeg: seg }}
        tooltip={(hover) => (
          <div className="tooltip" role="tooltip" style={{ left: Math.min(hover.x + 14, window.innerWidth - 270), top: hover.y + 16 }}>
            <div className="tooltip-title">{labelOf(hover.index)}</div>
            <dl>
              <dt>CPU</dt>
              <dd>{replay.laneLabels[run.seg.lane[hover.index]]}</dd>
              <dt>start</dt>
              <dd>{formatMs(run.seg.startNs[hover.index])}</dd>
              <dt>duration</dt>
              <dd>{formatDuration(run.seg.endNs[hover.index] - run.seg.startNs[hover.index])}</dd>
            </dl>
          </div>
        )}
      />
    </section>
  );
}
