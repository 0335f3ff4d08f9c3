// Event lanes above the Gantts, on the shared time scale: one lane per
// cluster and per core. Drop a palette kind on a lane, drag blocks to move
// them (also to another lane), drag their edges to resize, and use the
// keyboard: focus a lane, Enter/Insert inserts, arrows move, Alt+arrows or
// [ ] resize, Delete removes, Escape deselects.
import { type DragEvent, type KeyboardEvent, type PointerEvent, useMemo, useRef, useState } from "react";
import type { PlatformSummary } from "../engine/engine-types";
import { formatDuration } from "../logic/format";
import type { TimeScale } from "../timeline/time-scale";
import {
  drawnEnd,
  eventLabel,
  eventLaneKeys,
  type EventKind,
  kindInfo,
  type Lane,
  laneKey,
  lanesOf,
  stackEvents,
  moveEvent,
  moveToLane,
  newEvent,
  resizeEvent,
  type ScenarioEvent,
} from "./events-model";
import { useActions, useAppStore } from "../state/AppProvider";
import { selectEvents, selectPaletteKind, selectSelectedEvent } from "../state/selectors";

export const PALETTE_MIME = "application/x-asymlab-event";
/** Share of the visible span one arrow press moves an event (Shift: 10×). */
const KEY_STEP = 0.01;

interface Props {
  readonly scale: TimeScale;
  readonly gutterCss: number;
  readonly platform: PlatformSummary;
  readonly runEndNs: number;
}

interface Drag {
  readonly index: number;
  readonly mode: "move" | "start" | "end";
  readonly x0: number;
  readonly original: ScenarioEvent;
  readonly id: number;
}

let dragIds = 0;

export function EventLanes(props: Props) {
  const { scale, gutterCss, platform, runEndNs } = props;
  const { edit, selectEvent } = useActions();
  const selectedIndex = useAppStore(selectSelectedEvent);
  const paletteKind = useAppStore(selectPaletteKind);
  const events = useAppStore(selectEvents);
  const [showCores, setShowCores] = useState(false);
  const [dropLane, setDropLane] = useState<string | null>(null);
  // Core lanes are folded away unless asked for, or while they hold an event.
  const lanes = useMemo(() => {
    const used = new Set(events.flatMap(eventLaneKeys));
    return lanesOf(platform).filter((l) => l.type === "cluster" || showCores || used.has(laneKey(l)));
  }, [platform, events, showCores]);
  const dragRef = useRef<Drag | null>(null);
  const laneRefs = useRef(new Map<string, HTMLDivElement>());

  const setEvents = (change: (events: ScenarioEvent[]) => ScenarioEvent[], coalesce?: string) =>
    edit((scenario) => ({ ...scenario, events: change([...((Array.isArray(scenario.events) ? scenario.events : []) as ScenarioEvent[])]) }), { coalesce });

  const insert = (kind: EventKind, lane: Lane, startNs: number) => {
    const span = scale.t1Ns - scale.t0Ns;
    const event = newEvent(kind, lane, platform, startNs, span * 0.15);
    const index = events.length;
    if (setEvents((list) => [...list, event])) selectEvent(index);
  };

  const onDrop = (lane: Lane) => (e: DragEvent<HTMLDivElement>) => {
    const kind = e.dataTransfer.getData(PALETTE_MIME) as EventKind;
    if (!kind) return;
    e.preventDefault();
    const rect = e.currentTarget.getBoundingClientRect();
    insert(kind, lane, scale.pxToTime(e.clientX - rect.left - gutterCss));
  };

  const onPointerDown = (index: number, mode: Drag["mode"]) => (e: PointerEvent<HTMLElement>) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    e.preventDefault();
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
    selectEvent(index);
    dragRef.current = { index, mode, x0: e.clientX, original: events[index], id: ++dragIds };
  };

  const onPointerMove = (e: PointerEvent<HTMLElement>) => {
    const drag = dragRef.current;
    if (!drag) return;
    const dt = scale.pxToDuration(e.clientX - drag.x0);
    let next: ScenarioEvent;
    if (drag.mode === "move") {
      next = moveEvent(drag.original, dt);
      const under = document.elementsFromPoint(e.clientX, e.clientY).find((el) => el instanceof HTMLElement && el.dataset.lane);
      const lane = under ? lanes.find((l) => laneKey(l) === (under as HTMLElement).dataset.lane) : undefined;
      if (lane && !eventLaneKeys(drag.original).includes(laneKey(lane))) next = moveToLane(next, lane, platform);
    } else {
      const edgeNs = drag.mode === "start" ? drag.original.start_ns : drawnEnd(drag.original, runEndNs);
      next = resizeEvent(drag.original, drag.mode, edgeNs + dt, runEndNs);
    }
    setEvents((list) => list.map((ev, i) => (i === drag.index ? next : ev)), `drag-${drag.id}`);
  };

  const onPointerUp = () => {
    dragRef.current = null;
  };

  const onLaneKeyDown = (lane: Lane, laneIndex: number) => (e: KeyboardEvent<HTMLDivElement>) => {
    const span = scale.t1Ns - scale.t0Ns;
    const sel = selectedIndex;
    const step = span * KEY_STEP * (e.shiftKey ? 10 : 1);
    const focusLane = (i: number) => laneRefs.current.get(laneKey(lanes[Math.max(0, Math.min(lanes.length - 1, i))]))?.focus();
    if (e.key === "Enter" || e.key === "Insert" || e.key === "i") insert(paletteKind, lane, scale.t0Ns + span * 0.1);
    else if (e.key === "ArrowDown" && !e.altKey) focusLane(laneIndex + 1);
    else if (e.key === "ArrowUp" && !e.altKey) focusLane(laneIndex - 1);
    else if ((e.key === "ArrowLeft" || e.key === "ArrowRight" || e.key === "[" || e.key === "]") && sel !== null && events[sel]) {
      // Arrows move; Alt+arrows or [ ] move the end (resize).
      const dir = e.key === "ArrowLeft" || e.key === "[" ? -1 : 1;
      const resize = e.altKey || e.key === "[" || e.key === "]";
      const ev = events[sel];
      const next = resize ? resizeEvent(ev, "end", drawnEnd(ev, runEndNs) + dir * step, runEndNs) : moveEvent(ev, dir * step);
      setEvents((list) => list.map((x, i) => (i === sel ? next : x)), `key-${sel}-${resize ? "size" : "move"}`);
    } else if ((e.key === "Delete" || e.key === "Backspace") && sel !== null) {
      setEvents((list) => list.filter((_, i) => i !== sel));
      selectEvent(null);
    } else if (e.key === "Escape") selectEvent(null);
    else return;
    e.preventDefault();
    e.stopPropagation();
  };

  const laneTitle = (lane: Lane) => {
    const cluster = platform.clusters[lane.cluster];
    return lane.type === "cluster" ? `${cluster?.name ?? `cluster ${lane.cluster}`} cluster` : `core ${lane.core}`;
  };

  return (
    <section className="event-lanes" data-testid="event-lanes" data-no-pan aria-label="Timeline events (drop events from the palette on a lane)">
      <div className="event-lanes-head" style={{ paddingLeft: gutterCss }}>
        <button type="button" className="link" data-testid="toggle-core-lanes" aria-expanded={showCores} onClick={() => setShowCores(!showCores)}>
          {showCores ? "hide core lanes" : `show core lanes (${platform.n_cores})`}
        </button>
        <span className="muted">Timeline events: drag a kind from the palette onto a lane; drag blocks to move, their edges to resize.</span>
      </div>
      {lanes.map((lane, laneIndex) => {
        const key = laneKey(lane);
        // Overlapping events on this lane are stacked in rows; the lane grows to hold them.
        const stack = stackEvents(events, key, runEndNs);
        return (
          <div
            key={key}
            style={stack.rows > 1 ? { height: `${1.3 * stack.rows}rem` } : undefined}
            data-rows={stack.rows}
            ref={(el) => {
              if (el) laneRefs.current.set(key, el);
              else laneRefs.current.delete(key);
            }}
            className={`event-lane event-lane-${lane.type}${dropLane === key ? " drop-target" : ""}`}
            data-testid="event-lane"
            data-lane={key}
            tabIndex={0}
            role="group"
            aria-label={`${laneTitle(lane)} events lane. Enter inserts the palette's event; arrows move the selected one; Delete removes it.`}
            onDragOver={(e) => {
              if (!e.dataTransfer.types.includes(PALETTE_MIME)) return;
              e.preventDefault();
              if (dropLane !== key) setDropLane(key);
            }}
            onDragLeave={() => setDropLane((current) => (current === key ? null : current))}
            onDrop={(e) => {
              setDropLane(null);
              onDrop(lane)(e);
            }}
            onKeyDown={onLaneKeyDown(lane, laneIndex)}
          >
            <div className="event-lane-label" style={{ width: gutterCss }}>
              {laneTitle(lane)}
            </div>
            <div className="event-lane-plot" data-lane={key}>
              {events.map((ev, i) => {
                if (!eventLaneKeys(ev).includes(key)) return null;
                const x0 = scale.timeToPx(ev.start_ns);
                const x1 = scale.timeToPx(drawnEnd(ev, runEndNs));
                if (x1 < -2 || x0 > scale.widthCss + 2) return null;
                const left = Math.max(-4, x0);
                const width = Math.max(4, Math.min(scale.widthCss + 4, x1) - left);
                const info = kindInfo(ev.kind);
                const selected = selectedIndex === i;
                return (
                  <div
                    key={i}
                    className={`event-block kind-${ev.kind}${selected ? " selected" : ""}${ev.end_ns == null ? " open-ended" : ""}`}
                    data-testid="event-block"
                    data-index={i}
                    data-kind={ev.kind}
                    style={{ left, width, top: `calc(${(100 * (stack.row.get(i) ?? 0)) / stack.rows}% + 2px)`, bottom: "auto", height: `calc(${100 / stack.rows}% - 4px)` }}
                    tabIndex={0}
                    role="button"
                    aria-pressed={selected}
                    aria-label={`${info.label} ${eventLabel(ev)} on ${laneTitle(lane)}`}
                    onFocus={() => selectEvent(i)}
                    title={`${info.label}: ${eventLabel(ev)}, ${formatDuration(ev.start_ns)} → ${ev.end_ns == null ? "end of run" : formatDuration(ev.end_ns)}`}
                    onPointerDown={onPointerDown(i, "move")}
                    onPointerMove={onPointerMove}
                    onPointerUp={onPointerUp}
                    onPointerCancel={onPointerUp}
                  >
                    <span className="event-handle start" data-testid="event-handle-start" onPointerDown={onPointerDown(i, "start")} />
                    <span className="event-block-label">{width > 40 ? `${info.short} ${eventLabel(ev)}` : info.short}</span>
                    <span className="event-handle end" data-testid="event-handle-end" onPointerDown={onPointerDown(i, "end")} />
                  </div>
                );
              })}
            </div>
          </div>
        );
      })}
    </section>
  );
}
