// Zoom and pan of the shared window: mouse wheel zooms around the cursor,
// drag pans, Shift+drag selects a time range, and W/S (zoom in/out) A/D (pan left/right) work as in Perfetto.
import { type RefObject, useCallback, useEffect, useRef } from "react";
import type { TimeWindow } from "../types/units";
import { panBy, wheelZoomFactor, zoomAround } from "../logic/viewport";

const KEY_ZOOM_IN = 0.8;
const KEY_PAN_FRACTION = 0.15;

interface Options {
  readonly containerRef: RefObject<HTMLElement | null>;
  /** Left edge of the plots relative to the container, in CSS px. */
  readonly plotLeftCss: number;
  readonly plotWidthCss: number;
  readonly window: TimeWindow;
  readonly bounds: TimeWindow;
  readonly setWindow: (window: TimeWindow) => void;
  /** Shift+drag selects a range (null: a click without a drag clears it). */
  readonly setRange?: (range: TimeWindow | null) => void;
}

/** Returns `isDragging()` so hover handling can pause while panning. */
export function useTimelineInteractions(options: Options): () => boolean {
  const latest = useRef(options);
  latest.current = options;
  const dragRef = useRef<{ lastX: number; rangeFromNs?: number } | null>(null);
  const mouseXRef = useRef<number | null>(null);

  // Time under plot x (CSS px), or the window centre when x is unknown.
  const anchorAt = (x: number | null): number => {
    const { window: win, plotWidthCss } = latest.current;
    if (x === null || x < 0 || x > plotWidthCss) return (win.t0Ns + win.t1Ns) / 2;
    return win.t0Ns + (x / plotWidthCss) * (win.t1Ns - win.t0Ns);
  };

  useEffect(() => {
    const element = options.containerRef.current;
    if (!element) return;
    const plotX = (clientX: number) => clientX - element.getBoundingClientRect().left - latest.current.plotLeftCss;

    const onWheel = (event: WheelEvent) => {
      const x = plotX(event.clientX);
      if (x < 0) return;
      event.preventDefault();
      const { window: win, bounds, setWindow, plotWidthCss } = latest.current;
      const span = win.t1Ns - win.t0Ns;
      if (event.shiftKey || Math.abs(event.deltaX) > Math.abs(event.deltaY)) {
        const delta = event.shiftKey ? event.deltaY : event.deltaX;
        setWindow(panBy(win, (delta / plotWidthCss) * span, bounds));
      } else {
        setWindow(zoomAround(win, anchorAt(x), wheelZoomFactor(event.deltaY), bounds));
      }
    };
    const onMouseDown = (event: MouseEvent) => {
      if (event.button !== 0 || plotX(event.clientX) < 0) return;
      // Editors inside the timeline (event lanes) handle their own drags.
      if ((event.target as Element | null)?.closest?.("[data-no-pan]")) return;
      dragRef.current = event.shiftKey && latest.current.setRange ? { lastX: event.clientX, rangeFromNs: anchorAt(plotX(event.clientX)) } : { lastX: event.clientX };
      event.preventDefault();
    };
    const onMouseMove = (event: MouseEvent) => {
      const x = plotX(event.clientX);
      mouseXRef.current = x;
      const drag = dragRef.current;
      if (!drag) return;
      const { window: win, bounds, setWindow, plotWidthCss, setRange } = latest.current;
      if (drag.rangeFromNs !== undefined) {
        const t = anchorAt(Math.max(0, Math.min(plotWidthCss, x)));
        if (Math.abs(event.clientX - drag.lastX) >= 3) setRange?.({ t0Ns: Math.min(drag.rangeFromNs, t), t1Ns: Math.max(drag.rangeFromNs, t) });
        return;
      }
      const dx = event.clientX - drag.lastX;
      drag.lastX = event.clientX;
      if (dx !== 0) setWindow(panBy(win, (-dx / plotWidthCss) * (win.t1Ns - win.t0Ns), bounds));
    };
    const onMouseUp = () => {
      dragRef.current = null;
    };
    const onMouseLeave = () => {
      mouseXRef.current = null;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      const { window: win, bounds, setWindow } = latest.current;
      const span = win.t1Ns - win.t0Ns;
      const key = event.key.toLowerCase();
      if (key === "w") setWindow(zoomAround(win, anchorAt(mouseXRef.current), KEY_ZOOM_IN, bounds));
      else if (key === "s") setWindow(zoomAround(win, anchorAt(mouseXRef.current), 1 / KEY_ZOOM_IN, bounds));
      else if (key === "a") setWindow(panBy(win, -span * KEY_PAN_FRACTION, bounds));
      else if (key === "d") setWindow(panBy(win, span * KEY_PAN_FRACTION, bounds));
      else return;
      event.preventDefault();
    };

    element.addEventListener("wheel", onWheel, { passive: false });
    element.addEventListener("mousedown", onMouseDown);
    element.addEventListener("mouseleave", onMouseLeave);
    window.addEventListener("mousemove", onMouseMove);
    window.addEventListener("mouseup", onMouseUp);
    window.addEventListener("keydown", onKeyDown);
    return () => {
      element.removeEventListener("wheel", onWheel);
      element.removeEventListener("mousedown", onMouseDown);
      element.removeEventListener("mouseleave", onMouseLeave);
      window.removeEventListener("mousemove", onMouseMove);
      window.removeEventListener("mouseup", onMouseUp);
      window.removeEventListener("keydown", onKeyDown);
    };
    // The handlers read everything else through `latest`.
  }, [options.containerRef]);

  return useCallback(() => dragRef.current !== null, []);
}
