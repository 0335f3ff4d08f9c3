// All Gantts of the current result over ONE shared time window and axis,
// with the zoom toolbar, the task-type legend and the hover tooltip.
import { useCallback, useMemo, useRef } from "react";
import { formatDuration, formatMs } from "../logic/format";
import { isLoopSummary, PHASE_HELP, phaseColor } from "../logic/loop-phases";
import { taskTypeColor, priorityColor } from "../logic/palette";
import { useStore } from "../state/StoreProvider";
import type { Hover } from "../state/store";
import { GanttPanel } from "./GanttPanel";
import { ImportedGantt } from "./ImportedGantt";
import type { RenderLoop } from "./render-loop";
import { TimeAxis } from "./TimeAxis";
import { TimeScale, type TimeWindow } from "./time-scale";
import { Tooltip } from "./Tooltip";
import { useElementWidth } from "./use-element-width";
import { useTheme } from "./use-theme";
import { useTimelineInteractions } from "./use-timeline-interactions";

const GUTTER_CSS = 168;
const NO_TYPES: readonly string[] = [];
/** Room on the right for the last axis label. */
const RIGHT_PAD_CSS = 12;

export function Timeline(props: { readonly renderLoop: RenderLoop }) {
  const { state, dispatch } = useStore();
  const containerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(containerRef);
  const plotWidth = Math.max(100, width - GUTTER_CSS - RIGHT_PAD_CSS);
  const theme = useTheme();
  const scale = useMemo(() => new TimeScale(state.window, plotWidth), [state.window, plotWidth]);
  const setWindow = useCallback((window: TimeWindow) => dispatch({ type: "setWindow", window }), [dispatch]);
  const onHover = useCallback((hover: Hover | null) => dispatch({ type: "hover", hover }), [dispatch]);
  const isDragging = useTimelineInteractions({
    containerRef,
    plotLeftCss: GUTTER_CSS,
    plotWidthCss: plotWidth,
    window: state.window,
    bounds: state.bounds,
    setWindow,
  });

  const result = state.good?.result ?? null;
  const loopLevel = result !== null && isLoopSummary(result.summary);
  return (
    <section className="timeline" aria-label="Per-core schedules">
      <div className="timeline-toolbar">
        <span data-testid="visible-window" className="visible-window">
          {formatMs(state.window.t0Ns)} – {formatMs(state.window.t1Ns)} <span className="muted">(span {formatDuration(state.window.t1Ns - state.window.t0Ns)})</span>
        </span>
        <button type="button" data-testid="reset-zoom" onClick={() => dispatch({ type: "resetWindow" })}>
          Reset zoom
        </button>
        <span className="muted hint">wheel or W/S: zoom · drag or A/D: pan</span>
        {result && (
          <ul className="legend" aria-label="Task types">
            {result.summary.task_types.map((name, i) => (
              <li key={name} title={loopLevel ? PHASE_HELP[name] : undefined} data-testid="legend-item">
                <span className="swatch" style={{ background: (loopLevel && phaseColor(name)) || taskTypeColor(i) }} />
                {name}
              </li>
            ))}
            {!loopLevel && (
              <li title="High-priority (critical) tasks are darker and outlined">
                <span className="swatch swatch-priority" style={{ background: priorityColor(0, theme.dark) }} />
                high priority
              </li>
            )}
            <li title={loopLevel ? "pool removals and barrier costs (thin grey)" : undefined}>
              <span className="swatch" style={{ background: theme.overhead }} />
              {loopLevel ? "overhead (removals, barrier)" : "overhead"}
            </li>
            {result.summary.runs.some((run) => (run.migrations ?? []).length > 0) && (
              <li title="A thread started on another core than last time (OS level); its 50 µs cost shows as overhead">▼ migration</li>
            )}
          </ul>
        )}
      </div>
      <div className="timeline-body" ref={containerRef} data-testid="timeline">
        <div className="axis-row" style={{ paddingLeft: `${GUTTER_CSS}px` }}>
          <TimeAxis scale={scale} />
        </div>
        {state.imported && <ImportedGantt view={state.imported} scale={scale} theme={theme} gutterCss={GUTTER_CSS} renderLoop={props.renderLoop} taskTypes={result?.summary.task_types ?? NO_TYPES} />}
        {result &&
          result.summary.runs.map((run, i) => (
            <GanttPanel
              key={`${i}-${run.scheduler}`}
              runIndex={i}
              platform={result.summary.platform}
              run={run}
              seg={result.segments[i]}
              scale={scale}
              theme={theme}
              gutterCss={GUTTER_CSS}
              hover={state.hover}
              isDragging={isDragging}
              onHover={onHover}
              renderLoop={props.renderLoop}
            />
          ))}
      </div>
      <Tooltip hover={state.hover} result={result} />
    </section>
  );
}
