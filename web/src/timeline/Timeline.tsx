// All Gantts of the current result over ONE shared time window and axis,
// with the zoom toolbar, the task-type legend and the hover tooltip.
import { type MouseEvent, type ReactNode, useCallback, useMemo, useRef } from "react";
import { formatDuration, formatMs } from "../logic/format";
import { PHASE_HELP, phaseColor } from "../logic/loop-phases";
import { taskTypeColor, priorityColor } from "../logic/palette";
import { useShallow } from "zustand/shallow";
import { useActions, useAppStore } from "../state/AppProvider";
import type { AppStore } from "../state/app-store";
import { selectCriticalOnly, selectPresenter } from "../state/selectors";
import { fitRowScale, RUN_CHROME_PX } from "../logic/gantt-fit";
import { matchMask } from "../logic/find";
import { withPredecessors } from "../logic/dependencies";
import { FindBar } from "./FindBar";
import { RangeStats } from "./RangeStats";
import { useRoomBelow } from "./use-room-below";
import { GanttPanel } from "./GanttPanel";
import { RankedLegend } from "./RankedLegend";
import { LEGEND_TOP, rankGroups, withSlots } from "../logic/legend";
import type { RenderLoop } from "./render-loop";
import { TimeAxis } from "./TimeAxis";
import { TimeScale } from "./time-scale";
import { Tooltip } from "./Tooltip";
import { useElementWidth } from "./use-element-width";
import { useFontScale } from "./use-font-scale";
import { useTheme } from "./use-theme";
import { useTimelineInteractions } from "./use-timeline-interactions";
import { lazyComponent } from "../shell/lazy";

// Only an imported trace shows it: its own chunk, loaded with the first import.
const ImportedGantt = lazyComponent(() => import("./ImportedGantt").then((m) => m.ImportedGantt));
// Only a replay of an imported trace shows them: loaded with the first replay.
const ReplayGantts = lazyComponent(() => import("./ReplayGantts").then((m) => m.ReplayGantts));

const GUTTER_CSS = 168;
/** Room on the right for the last axis label. */
const RIGHT_PAD_CSS = 12;

export interface TimelineProps {
  readonly renderLoop: RenderLoop;
  /** Rows drawn above the Gantts on the same scale and gutter (the event lanes). */
  readonly above?: (scale: TimeScale, gutterCss: number) => ReactNode;
  /** Absolutely positioned marks over the plot area (x from `scale`, full height). */
  readonly overlay?: (scale: TimeScale) => ReactNode;
  /** Extra toolbar controls. */
  readonly tools?: ReactNode;
}

export function Timeline(props: TimelineProps) {
  const { setWindow, setHover: onHover, setCursor, resetWindow } = useActions();
  // Everything the Gantts show of the simulation slice; a change elsewhere in the store does not re-render them.
  const { window: visible, bounds, hover, cursorNs, highlight, imported, replay, result } = useAppStore(
    useShallow(({ sim }: AppStore) => ({ window: sim.window, bounds: sim.bounds, hover: sim.hover, cursorNs: sim.cursorNs, highlight: sim.highlight, imported: sim.imported, replay: sim.replay, result: sim.good?.result ?? null })),
  );
  // Many task types (a calibrated trace): the longest-running keep their colours, the others share one.
  const ranked = useMemo(() => {
    if (!result || result.summary.level === "loops" || result.summary.groups.length <= LEGEND_TOP + 1) return null;
    const ranking = rankGroups(result.summary.groups, result.segments);
    return { ranking, segs: result.segments.map((seg) => withSlots(seg, (i) => ranking.slotOf[seg.group[i]])) };
  }, [result]);
  const containerRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(containerRef);
  const baseTheme = useTheme();
  const criticalOnly = useAppStore(selectCriticalOnly);
  const theme = useMemo(() => (criticalOnly ? { ...baseTheme, criticalOnly } : baseTheme), [baseTheme, criticalOnly]);
  const fontScale = useFontScale();
  const presenter = useAppStore(selectPresenter);
  const stackRef = useRef<HTMLDivElement>(null);
  const runCount = result?.summary.runs.length ?? 0;
  const prefs = useAppStore(useShallow((st: AppStore) => ({ collapsed: st.prefs.collapsed, pinned: st.prefs.pinned })));
  const room = useRoomBelow(stackRef, [runCount, presenter, imported, replay, prefs.pinned, prefs.collapsed]);
  const rowScale = useMemo(() => {
    const platform = result?.summary.platform;
    if (!platform) return fontScale;
    const cores = platform.clusters.reduce((n, c) => n + c.cores, 0);
    const folded = result.summary.runs.filter((r) => prefs.collapsed.includes(r.scheduler)).length;
    return fitRowScale({ availablePx: room - folded * RUN_CHROME_PX, runs: runCount - folded, clusters: platform.clusters.length, cores, maxScale: presenter ? Math.max(1.6, fontScale) : fontScale });
  }, [result, room, runCount, presenter, fontScale, prefs.collapsed]);
  // The label gutter grows with the labels (large fonts, presenter mode's taller rows).
  const gutterCss = Math.round(GUTTER_CSS * Math.min(1.35, Math.max(fontScale, rowScale)));
  const plotWidth = Math.max(100, width - gutterCss - RIGHT_PAD_CSS);
  const scale = useMemo(() => new TimeScale(visible, plotWidth), [visible, plotWidth]);
  const { setRange, toggleCollapsed, togglePinned } = useActions();
  const search = useAppStore((s) => s.sim.search);
  const range = useAppStore((s) => s.sim.range);
  const deps = useMemo(() => (result?.graph ? withPredecessors(result.graph) : null), [result]);
  const masks = useMemo(() => (result ? result.segments.map((seg) => matchMask(seg, result.summary.groups, search)) : []), [result, search]);
  const isDragging = useTimelineInteractions({
    setRange,
    containerRef,
    plotLeftCss: gutterCss,
    plotWidthCss: plotWidth,
    window: visible,
    bounds,
    setWindow,
  });

  const onBodyMouseMove = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      const x = event.clientX - event.currentTarget.getBoundingClientRect().left - gutterCss;
      setCursor(x >= 0 && x <= plotWidth ? scale.pxToTime(x) : null);
    },
    [setCursor, scale, plotWidth],
  );
  const cursorX = cursorNs === null ? null : scale.timeToPx(cursorNs);
  // Keyboard navigation reached a segment outside the window: centre the window on it, keeping the span.
  const revealTime = useCallback(
    (tNs: number) => {
      const span = visible.t1Ns - visible.t0Ns;
      const t0 = Math.max(bounds.t0Ns, Math.min(bounds.t1Ns - span, tNs - span / 2));
      setWindow({ t0Ns: t0, t1Ns: t0 + span });
    },
    [visible, bounds, setWindow],
  );

  const loopLevel = result?.summary.level === "loops";
  // Pinned runs sit above the scrolling stack, in pin order; the others follow in the scenario's order.
  const runIndices = result ? result.summary.runs.map((_, i) => i) : [];
  const pinnedRuns = prefs.pinned.flatMap((name) => runIndices.filter((i) => result?.summary.runs[i].scheduler === name));
  const otherRuns = runIndices.filter((i) => !pinnedRuns.includes(i));
  const renderRun = (i: number) => {
    if (!result) return null;
    const run = result.summary.runs[i];
    return (
      <GanttPanel
        key={`${i}-${run.scheduler}`}
        runIndex={i}
        platform={result.summary.platform}
        run={run}
        seg={result.segments[i]}
        scale={scale}
        theme={theme}
        gutterCss={gutterCss}
        hover={hover}
        highlightTask={highlight?.run === i ? highlight.task : -1}
        rowScale={rowScale}
        isDragging={isDragging}
        onHover={onHover}
        renderLoop={props.renderLoop}
        groups={result.summary.groups}
        paintSeg={ranked?.segs[i]}
        match={masks[i] ?? null}
        onRevealTime={revealTime}
        deps={deps}
        collapsed={prefs.collapsed.includes(run.scheduler)}
        pinned={pinnedRuns.includes(i)}
        onToggleCollapsed={toggleCollapsed}
        onTogglePinned={togglePinned}
      />
    );
  };
  return (
    <section className="timeline" aria-label="Per-core schedules">
      <div className="timeline-toolbar">
        <span data-testid="visible-window" className="visible-window">
          {formatMs(visible.t0Ns)} – {formatMs(visible.t1Ns)} <span className="muted">(span {formatDuration(visible.t1Ns - visible.t0Ns)})</span>
        </span>
        <button type="button" data-testid="reset-zoom" onClick={resetWindow}>
          Reset zoom
        </button>
        <span className="muted hint">wheel or W/S: zoom · drag or A/D: pan · Shift+drag: select a range</span>
        {result && <FindBar result={result} masks={masks} />}
        {props.tools}
        {imported && <RankedLegend ranking={imported.legend} what={imported.result.summary.cores > 0 ? "threads" : "lanes"} />}
        {!imported && ranked && <RankedLegend ranking={ranked.ranking} what="task types" />}
        {result && !imported && !ranked && (
          <ul className="legend" aria-label="Task types">
            {result.summary.groups.map((name, i) => (
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
      {result && range && <RangeStats result={result} range={range} />}
      <div className="timeline-body" ref={containerRef} data-testid="timeline" onMouseMove={onBodyMouseMove} onMouseLeave={() => setCursor(null)}>
        <div className="axis-row" style={{ paddingLeft: `${gutterCss}px` }}>
          <TimeAxis scale={scale} />
        </div>
        {imported && <ImportedGantt view={imported} scale={scale} theme={theme} gutterCss={gutterCss} renderLoop={props.renderLoop} />}
        {imported && replay && <ReplayGantts replay={replay} imported={imported} scale={scale} theme={theme} gutterCss={gutterCss} renderLoop={props.renderLoop} />}
        {props.above?.(scale, gutterCss)}
        <div className="timeline-overlay" style={{ left: gutterCss, width: plotWidth }} aria-hidden="true">
          {props.overlay?.(scale)}
          {range && scale.timeToPx(range.t1Ns) > 0 && scale.timeToPx(range.t0Ns) < plotWidth && (
            <div className="range-band" data-testid="range-band" style={{ left: Math.max(0, scale.timeToPx(range.t0Ns)), width: Math.min(plotWidth, scale.timeToPx(range.t1Ns)) - Math.max(0, scale.timeToPx(range.t0Ns)) }} />
          )}
          {cursorX !== null && cursorX >= 0 && cursorX <= plotWidth && <div className="time-cursor" data-testid="time-cursor" style={{ left: cursorX }} />}
        </div>
        {pinnedRuns.length > 0 && (
          <div className="gantt-pinned" data-testid="gantt-pinned">
            {pinnedRuns.map(renderRun)}
          </div>
        )}
        <div ref={stackRef} className={rowScale < 0.8 ? "gantt-stack compact" : "gantt-stack"} data-testid="gantt-stack" style={{ maxHeight: `${room}px` }}>
          {otherRuns.map(renderRun)}
        </div>
      </div>
      <Tooltip hover={hover} result={result} />
    </section>
  );
}
