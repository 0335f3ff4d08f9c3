// The canvas painter of one scheduler run: sized by devicePixelRatio and
// redrawn at most once per animation frame through the shared RenderLoop.
import { useLayoutEffect, useRef } from "react";
import { type PaintInput, paintGantt } from "./gantt-painter";
import type { RenderLoop } from "./render-loop";

/** What the painter draws (everything but the canvas context), plus which run this is and the shared render loop. */
interface Props extends Omit<PaintInput, "ctx"> {
  readonly runIndex: number;
  readonly renderLoop: RenderLoop;
}

export function GanttCanvas(props: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const { runIndex, widthCss, layout, clusters, run, seg, scale, theme, hoverIndex, renderLoop, labelOf, match } = props;
  const highlightTask = props.highlightTask ?? -1;

  // A layout effect: the frame is requested as soon as the new props are committed. Preact runs passive effects only
  // after the next paint, a frame later (App.tsx's edit-to-redraw job relies on the same order).
  useLayoutEffect(() => {
    const key = `gantt-${runIndex}`;
    renderLoop.schedule(key, () => {
      const canvas = canvasRef.current;
      if (!canvas) return;
      const dpr = window.devicePixelRatio || 1;
      const widthDev = Math.round(widthCss * dpr);
      const heightDev = Math.round(layout.height * dpr);
      if (canvas.width !== widthDev) canvas.width = widthDev;
      if (canvas.height !== heightDev) canvas.height = heightDev;
      const ctx = canvas.getContext("2d");
      if (!ctx) return;
      ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
      paintGantt({ ctx, widthCss, layout, clusters, run, seg, scale, theme, hoverIndex, highlightTask, labelOf, match });
    });
    return () => renderLoop.cancel(key);
  }, [runIndex, widthCss, layout, clusters, run, seg, scale, theme, hoverIndex, highlightTask, renderLoop, labelOf, match]);

  return (
    <canvas
      ref={canvasRef}
      className="gantt-canvas"
      data-testid="gantt-canvas"
      style={{ width: `${widthCss}px`, height: `${layout.height}px` }}
    />
  );
}
