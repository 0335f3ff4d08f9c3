// The Schedule tab: event lanes over the stacked Gantts of every compared
// run, one time axis, the selected event shaded across all of them.
import { drawnEnd } from "../editor/events-model";
import { EventLanes } from "../editor/EventLanes";
import { useAppStore } from "../state/AppProvider";
import { selectBounds, selectEvents, selectPlatform, selectSelectedEvent } from "../state/selectors";
import { Timeline } from "../timeline/Timeline";
import type { ViewProps } from "./views";

export function ScheduleView(props: ViewProps) {
  const platform = useAppStore(selectPlatform);
  const bounds = useAppStore(selectBounds);
  const selected = useAppStore((s) => {
    const index = selectSelectedEvent(s);
    return index !== null ? selectEvents(s)[index] : undefined;
  });
  return (
    <Timeline
      renderLoop={props.renderLoop}
      above={(scale, gutterCss) => platform && <EventLanes scale={scale} gutterCss={gutterCss} platform={platform} runEndNs={bounds.t1Ns} />}
      overlay={(scale) => {
        if (!selected) return null;
        const x0 = Math.max(0, scale.timeToPx(selected.start_ns));
        const x1 = Math.min(scale.widthCss, scale.timeToPx(drawnEnd(selected, bounds.t1Ns)));
        return x1 > x0 ? <div className="event-band" data-testid="event-band" style={{ left: x0, width: x1 - x0 }} /> : null;
      }}
    />
  );
}
