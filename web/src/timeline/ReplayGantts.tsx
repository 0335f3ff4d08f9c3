// The imported trace's replays (engine/src/replay) under the recording on the shared time axis: one Gantt per replay,
// CPUs grouped by the replay's clusters, coloured by thread like the recording, titled with the span and busy-time
// errors against the recording (logic/replay-view.ts). Idle is left empty.
import { memo, type MouseEvent, useMemo, useState } from "react";
import { formatDuration, formatMs } from "../logic/format";
import type { ImportedView } from "../logic/imported-trace";
import { withSlots } from "../logic/legend";
import { OTHERS_SLOT, type Theme } from "../logic/palette";
import { errorText, REPLAY_TARGET, type ReplayGanttRun, type ReplayView } from "../logic/replay-view";
import { hitTest } from "../logic/segments";
import { computeLayout, rowAt } from "./gantt-layout";
import { GanttCanvas } from "./GanttCanvas";
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

function ReplayGantt({ replay, imported, scale, theme, gutterCss, renderLoop, run, index, layout }: Props & { readonly run: ReplayGanttRun; readonly index: number; readonly layout: ReturnType<typeof computeLayout> }) {
  const labels = replay.result.labels;
  // Replay threads are the recording's legend names (thread labels, or lanes without CPUs), index for index.
  const seg = useMemo(() => withSlots(run.seg, (i) => imported.legend.slotOf[run.seg.group[i]] ?? OTHERS_SLOT), [run, imported]);
  const labelOf = useMemo(() => (i: number) => labels[run.seg.group[i]] ?? "", [labels, run]);
  const [hover, setHover] = useState<{ index: number; x: number; y: number } | null>(null);
  const onMouseMove = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const row = rowAt(layout, event.clientY - rect.top);
    const i = row ? hitTest(run.seg, row.core, scale.pxToTime(event.clientX - rect.left), scale.pxToDuration(3)) : -1;
    setHover(i < 0 ? null : { index: i, x: event.clientX, y: event.clientY });
  };
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
      <div className="gantt-body" style={{ height: `${layout.height}px` }}>
        <div className="gantt-gutter" style={{ width: `${gutterCss}px` }}>
          {layout.freqStrips.map((strip) => (
            <div key={`c${strip.cluster}`} className="cluster-label" style={{ top: strip.y, height: strip.height }}>
              {replay.platform.clusters[strip.cluster].name}
            </div>
          ))}
          {layout.rows.map((row) => (
            <div key={row.core} className="core-label" style={{ top: row.y, height: row.height }}>
              {replay.laneLabels[row.core]}
            </div>
          ))}
        </div>
        <div className="gantt-plot" onMouseMove={onMouseMove} onMouseLeave={() => setHover(null)}>
          <GanttCanvas
            runIndex={REPLAY_RUN_KEY + index}
            widthCss={scale.widthCss}
            layout={layout}
            clusters={replay.platform.clusters}
            run={run.run}
            seg={seg}
            scale={scale}
            theme={theme}
            hoverIndex={hover?.index ?? -1}
            labelOf={labelOf}
            renderLoop={renderLoop}
          />
        </div>
      </div>
      {hover && (
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
    </section>
  );
}
