// The imported trace (the recording) as one more Gantt on the shared time axis:
// CPU lanes grouped by frequency domain (with their frequency strip), then
// thread or worker lanes, coloured by thread (the legend's top threads by run
// time, the others alike). Idle states are left empty: idle is never drawn as busy.
import { memo, useMemo } from "react";
import { NO_ITEM, SegKind } from "../engine/engine-types";
import { formatDuration, formatMs } from "../logic/format";
import { type ImportedView, legendKey } from "../logic/imported-trace";
import { withSlots } from "../logic/legend";
import { OTHERS_SLOT } from "../logic/palette";
import type { Theme } from "../logic/palette";
import { computeLayout } from "./gantt-layout";
import { LaneGanttBody } from "./LaneGanttBody";
import type { RenderLoop } from "./render-loop";
import type { TimeScale } from "./time-scale";

/** Canvas key of the imported Gantt in the render loop (simulated runs use their index). */
const IMPORTED_RUN_KEY = 100_000;

interface Props {
  readonly view: ImportedView;
  readonly scale: TimeScale;
  readonly theme: Theme;
  readonly gutterCss: number;
  readonly renderLoop: RenderLoop;
}

export const ImportedGantt = memo(function ImportedGantt({ view, scale, theme, gutterCss, renderLoop }: Props) {
  const layout = useMemo(() => computeLayout(view.platform), [view.platform]);
  const seg = useMemo(() => withSlots(view.seg, (i) => view.legend.slotOf[legendKey(view, i)] ?? OTHERS_SLOT), [view]);
  const labelOf = useMemo(() => (i: number) => view.result.names[view.seg.group[i]] ?? "", [view]);
  const s = view.result.summary;
  return (
    <section className="gantt gantt-imported" data-testid="imported-gantt" data-format={s.format}>
      <h3 className="gantt-title">
        Recording: {view.fileName}
        <span className="gantt-subtitle">
          {s.format} · {s.cores} CPUs · {s.lanes} lanes · {s.segments.toLocaleString()} slices · {formatDuration(s.span_ns)}
        </span>
      </h3>
      <LaneGanttBody
        {...{ scale, theme, gutterCss, renderLoop, labelOf, layout }}
        runKey={IMPORTED_RUN_KEY}
        lanes={{ platform: view.platform, labels: view.laneLabels, run: view.run, seg: view.seg, paintSeg: seg }}
        rowTestId="imported-row"
        clusterTitle="Frequency domain (shaded strip: frequency over time)"
        tooltip={(hover) => <SliceTooltip view={view} index={hover.index} x={hover.x} y={hover.y} />}
      />
    </section>
  );
});

function SliceTooltip({ view, index, x, y }: { readonly view: ImportedView; readonly index: number; readonly x: number; readonly y: number }) {
  const seg = view.seg;
  const r = view.result;
  const thread = seg.item[index] === NO_ITEM ? null : r.threads[seg.item[index]];
  const idle = seg.kind[index] === SegKind.Idle;
  return (
    <div className="tooltip" data-testid="imported-tooltip" role="tooltip" style={{ left: Math.min(x + 14, window.innerWidth - 270), top: y + 16 }}>
      <div className="tooltip-title">{r.names[seg.group[index]] ?? "slice"}</div>
      <dl>
        <dt>lane</dt>
        <dd>{view.laneLabels[seg.lane[index]]}</dd>
        {thread !== null && (
          <>
            <dt>thread</dt>
            <dd>{thread}</dd>
          </>
        )}
        {idle && (
          <>
            <dt>kind</dt>
            <dd>CPU idle state</dd>
          </>
        )}
        <dt>start</dt>
        <dd>{formatMs(seg.startNs[index])}</dd>
        <dt>duration</dt>
        <dd>{formatDuration(seg.endNs[index] - seg.startNs[index])}</dd>
      </dl>
    </div>
  );
}
