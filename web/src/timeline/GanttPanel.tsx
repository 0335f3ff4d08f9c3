// One scheduler run: heading, a label gutter (cluster + core rows) and the
// canvas. Hovering the canvas hit-tests segments and updates the store.
import { type KeyboardEvent, memo, type MouseEvent, useCallback, useMemo, useRef, useState } from "react";
import type { SegmentColumns } from "../engine/engine";
import { type ClusterSummary, type GanttRun, type PlatformSummary } from "../engine/engine-types";
import { formatMetric, schedulerLabel } from "../logic/format";
import { threadLabel } from "../logic/loop-phases";
import type { Theme } from "../logic/palette";
import { hitTest } from "../logic/segments";
import { busyNsPerCore, ganttSummary, moveSelection, segmentText } from "../logic/gantt-keys";
import type { Hover } from "../state/sim";
import { computeLayout, rowAt } from "./gantt-layout";
import { GanttCanvas } from "./GanttCanvas";
import { DependencyArrows } from "./DependencyArrows";
import { cachedTaskSpans, dependencyText, taskArrows, type TaskDeps } from "../logic/dependencies";
import type { RenderLoop } from "./render-loop";
import type { TimeScale } from "./time-scale";

interface Props {
  readonly runIndex: number;
  readonly platform: PlatformSummary;
  readonly run: GanttRun;
  readonly seg: SegmentColumns;
  readonly scale: TimeScale;
  readonly theme: Theme;
  readonly gutterCss: number;
  readonly hover: Hover | null;
  /** Task outlined on this run (the step-through's decision), or -1. */
  readonly highlightTask?: number;
  /** Row height factor (large-font mode). */
  readonly rowScale?: number;
  readonly isDragging: () => boolean;
  readonly onHover: (hover: Hover | null) => void;
  readonly renderLoop: RenderLoop;
  /** Folded to its title line; pinned above the scrolling stack; and the toggles of both. */
  readonly collapsed?: boolean;
  readonly pinned?: boolean;
  readonly onToggleCollapsed?: (scheduler: string) => void;
  readonly onTogglePinned?: (scheduler: string) => void;
  /** Search matches on this run (1 per matching segment), or null. */
  readonly match?: Uint8Array | null;
  /** Task-type names, for the text read out for a focused segment. */
  readonly groups?: readonly string[];
  /** The segments as painted, when their groups are legend colour slots (many task types; logic/legend.ts). */
  readonly paintSeg?: SegmentColumns;
  /** Brings a time into the visible window (keyboard navigation reaching a segment outside it). */
  readonly onRevealTime?: (tNs: number) => void;
  /** The task graph (task level), for the hovered task's dependency arrows. */
  readonly deps?: TaskDeps | null;
}

/** "big · A15 · 1600 MHz", or "Denver · 2035 MHz" when the name is the core type. */
export function clusterLabel(cluster: ClusterSummary): string {
  const parts = cluster.name === cluster.core_type ? [cluster.name] : [cluster.name, cluster.core_type];
  return [...parts, `${cluster.freq_mhz} MHz`].join(" · ");
}

/** Hover tolerance in CSS pixels, so sub-pixel segments can be picked. */
const HIT_SLOP_PX = 3;

export const GanttPanel = memo(function GanttPanel(props: Props) {
  const { runIndex, platform, run, seg, scale, theme, gutterCss, hover, isDragging, onHover, renderLoop } = props;
  const rowScale = props.rowScale ?? 1;
  const layout = useMemo(() => computeLayout(platform, rowScale), [platform, rowScale]);
  const hoverIndex = hover && hover.run === runIndex ? hover.index : -1;
  const plotRef = useRef<HTMLDivElement>(null);
  // The segment read out for keyboard users (transient UI state; the outline and tooltip come from the store's hover).
  const [spoken, setSpoken] = useState("");
  const deps = props.deps ?? null;
  const hoveredTask = hoverIndex >= 0 && hoverIndex < seg.count ? seg.item[hoverIndex] : -1;
  const arrows = useMemo(() => (deps && hoveredTask >= 0 ? taskArrows(deps, cachedTaskSpans(seg, deps.predStart.length - 1), hoveredTask) : null), [deps, seg, hoveredTask]);
  const summary = useMemo(() => ganttSummary(schedulerLabel(run.scheduler), run.metrics.makespan_ns, busyNsPerCore(seg, platform.n_cores), seg.count), [run, seg, platform.n_cores]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLDivElement>) => {
      const from = hover && hover.run === runIndex ? { core: hover.core, index: hover.index } : null;
      const next = moveSelection(seg, layout.rows.map((r) => r.core), from, event.key);
      if (event.key === "Escape") {
        onHover(null);
        setSpoken("");
        return;
      }
      if (!next) return;
      event.preventDefault();
      event.stopPropagation();
      const t0 = seg.startNs[next.index];
      if (t0 < scale.t0Ns || t0 > scale.t1Ns) props.onRevealTime?.(t0);
      const rect = plotRef.current?.getBoundingClientRect();
      const row = layout.rows.find((r) => r.core === next.core);
      const x = Math.max(0, Math.min(scale.widthCss, scale.timeToPx(t0)));
      onHover({ run: runIndex, core: next.core, index: next.index, clientX: (rect?.left ?? 0) + x, clientY: (rect?.top ?? 0) + (row ? row.y + row.height : 0) });
      const task = seg.item[next.index];
      const around = deps ? taskArrows(deps, cachedTaskSpans(seg, deps.predStart.length - 1), task) : null;
      setSpoken(`${segmentText(seg, next.index, props.groups ?? [])}${around ? `. ${dependencyText(around)}` : ""}`);
    },
    [hover, runIndex, seg, layout, scale, onHover, props.onRevealTime, props.groups, deps],
  );

  const onMouseMove = useCallback(
    (event: MouseEvent<HTMLDivElement>) => {
      if (isDragging()) return;
      const rect = event.currentTarget.getBoundingClientRect();
      const row = rowAt(layout, event.clientY - rect.top);
      const tNs = scale.pxToTime(event.clientX - rect.left);
      const index = row ? hitTest(seg, row.core, tNs, scale.pxToDuration(HIT_SLOP_PX)) : -1;
      if (!row || index < 0) {
        if (hover) onHover(null);
        return;
      }
      onHover({ run: runIndex, core: row.core, index, clientX: event.clientX, clientY: event.clientY });
    },
    [isDragging, layout, scale, seg, hover, onHover, runIndex],
  );

  return (
    <section className="gantt" data-testid="gantt" data-run={runIndex} data-scheduler={run.scheduler} data-collapsed={props.collapsed || undefined} data-pinned={props.pinned || undefined}>
      <h3 className="gantt-title">
        <button type="button" className="track-toggle" data-testid="gantt-collapse" aria-expanded={!props.collapsed} aria-label={`${props.collapsed ? "Unfold" : "Fold"} ${schedulerLabel(run.scheduler)}`} onClick={() => props.onToggleCollapsed?.(run.scheduler)}>
          {props.collapsed ? "▸" : "▾"}
        </button>
        {schedulerLabel(run.scheduler)}
        <button type="button" className="track-toggle" data-testid="gantt-pin" aria-pressed={!!props.pinned} title={props.pinned ? "Unpin" : "Pin above the other Gantts (stays in view while they scroll)"} onClick={() => props.onTogglePinned?.(run.scheduler)}>
          {props.pinned ? "unpin" : "pin"}
        </button>
        <span className="gantt-subtitle">makespan {formatMetric(run.metrics.makespan_ns / 1e6)} ms</span>
        {run.extras?.level === "loops" && (
          <span className="gantt-subtitle" title="Thread mapping (SB: small cores first, BS: big first), pool removals and mean imbalance (latest / mean thread finish)">
            {run.extras.mapping} · {run.extras.pool_removals.toLocaleString("en-US")} removals · imbalance {run.extras.mean_imbalance.toFixed(3)}
          </span>
        )}
      </h3>
      {!props.collapsed && (
      <div className="gantt-body" style={{ height: `${layout.height}px` }}>
        <div className="gantt-gutter" style={{ width: `${gutterCss}px` }}>
          {layout.freqStrips.map((strip) => {
            const cluster = platform.clusters[strip.cluster];
            return (
              <div key={`c${strip.cluster}`} className="cluster-label" style={{ top: strip.y, height: strip.height, lineHeight: `${strip.height}px`, fontSize: strip.height < 12 ? `${Math.max(7, strip.height)}px` : strip.height > 20 ? `${Math.round(strip.height * 0.6)}px` : undefined }} title="Cluster · core type · frequency (shaded strip: frequency over time)">
                {clusterLabel(cluster)}
              </div>
            );
          })}
          {layout.rows.map((row) => (
            <div key={row.core} className="core-label" data-testid="gantt-row" data-core={row.core} style={{ top: row.y, height: row.height, lineHeight: `${row.height}px`, fontSize: row.height < 14 ? `${Math.max(7, row.height)}px` : row.height > 22 ? `${Math.round(row.height * 0.62)}px` : undefined }}>
              {threadLabel(run, platform, row.core) ?? `core ${row.core}`}
            </div>
          ))}
        </div>
        <div
          className="gantt-plot"
          ref={plotRef}
          tabIndex={0}
          role="application"
          aria-roledescription="Gantt chart"
          aria-label={`Schedule of ${schedulerLabel(run.scheduler)}, one row per core`}
          aria-describedby={`gantt-summary-${runIndex}`}
          data-testid="gantt-plot"
          onKeyDown={onKeyDown}
          onBlur={() => hover?.run === runIndex && spoken && onHover(null)}
          onMouseMove={onMouseMove}
          onMouseLeave={() => onHover(null)}
        >
          <GanttCanvas
            runIndex={runIndex}
            widthCss={scale.widthCss}
            layout={layout}
            clusters={platform.clusters}
            run={run}
            seg={props.paintSeg ?? seg}
            scale={scale}
            theme={theme}
            hoverIndex={hoverIndex}
            highlightTask={props.highlightTask ?? -1}
            renderLoop={renderLoop}
            match={props.match}
          />
          <DependencyArrows arrows={arrows} layout={layout} scale={scale} theme={theme} />
        </div>
      </div>
      )}
      <p className="visually-hidden" id={`gantt-summary-${runIndex}`} data-testid="gantt-summary">
        {summary}
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid="gantt-announce">
        {spoken}
      </p>
    </section>
  );
});
