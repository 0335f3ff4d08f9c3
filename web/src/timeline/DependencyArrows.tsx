// Dependency arrows of the hovered or keyboard-selected task, drawn on a canvas over one run's Gantt (Perfetto-style
// flow arrows: predecessors' ends → the task's start, the task's end → its successors' starts). Above MAX_ARROWS
// dependencies nothing is drawn but a note with their count (level of detail).
import { useEffect, useRef } from "react";
import type { TaskArrows } from "../logic/dependencies";
import type { Theme } from "../logic/palette";
import type { GanttLayout } from "./gantt-layout";
import type { TimeScale } from "./time-scale";

interface Props {
  readonly arrows: TaskArrows | null;
  readonly layout: GanttLayout;
  readonly scale: TimeScale;
  readonly theme: Theme;
}

/** Incoming arrows in the theme's text colour, outgoing ones in orange, so the direction reads at a glance. */
function colours(theme: Theme): { pred: string; succ: string } {
  return theme.dark ? { pred: "#f0f6fc", succ: "#ffa657" } : { pred: "#1f2328", succ: "#bc4c00" };
}

function paint(ctx: CanvasRenderingContext2D, { arrows, layout, scale, theme }: Props & { arrows: TaskArrows }): void {
  const yOf = (core: number) => {
    const row = layout.rows.find((r) => r.core === core);
    return row ? row.y + row.height / 2 : -1;
  };
  const colour = colours(theme);
  if (arrows.skipped) {
    const n = arrows.preds.length + arrows.succs.length;
    ctx.font = `${layout.labelFontPx ?? 10}px system-ui, sans-serif`;
    ctx.fillStyle = colour.pred;
    ctx.textBaseline = "top";
    ctx.fillText(`T${arrows.task}: ${n} dependencies, too many to draw`, 4, 2);
    return;
  }
  ctx.lineWidth = 1.5;
  for (const a of arrows.arrows) {
    const x0 = scale.timeToPx(a.fromNs);
    const x1 = scale.timeToPx(a.toNs);
    const y0 = yOf(a.fromCore);
    const y1 = yOf(a.toCore);
    if (y0 < 0 || y1 < 0) continue;
    // A curve that leaves and enters horizontally, like Perfetto's flows; the bend grows with the vertical distance.
    const bend = Math.max(12, Math.min(60, Math.abs(x1 - x0) / 2 + Math.abs(y1 - y0) / 4));
    ctx.strokeStyle = colour[a.kind];
    ctx.fillStyle = colour[a.kind];
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.bezierCurveTo(x0 + bend, y0, x1 - bend, y1, x1, y1);
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(x0, y0, 2.5, 0, 2 * Math.PI);
    ctx.fill();
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x1 - 7, y1 - 4);
    ctx.lineTo(x1 - 7, y1 + 4);
    ctx.closePath();
    ctx.fill();
  }
}

export function DependencyArrows(props: Props) {
  const ref = useRef<HTMLCanvasElement>(null);
  const { arrows, layout, scale, theme } = props;
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const dpr = window.devicePixelRatio || 1;
    canvas.width = Math.round(scale.widthCss * dpr);
    canvas.height = Math.round(layout.height * dpr);
    const ctx = canvas.getContext("2d");
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, scale.widthCss, layout.height);
    if (arrows) paint(ctx, { arrows, layout, scale, theme });
  }, [arrows, layout, scale, theme]);
  if (!arrows) return null;
  return (
    <canvas
      ref={ref}
      className="dep-arrows"
      data-testid="dep-arrows"
      data-task={arrows.task}
      data-arrows={arrows.arrows.length}
      data-skipped={arrows.skipped || undefined}
      aria-hidden="true"
      style={{ width: `${scale.widthCss}px`, height: `${layout.height}px` }}
    />
  );
}
