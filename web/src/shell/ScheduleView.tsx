// The Schedule tab: event lanes over the stacked Gantts of every compared
// run, one time axis, the selected event shaded across all of them.
import { useMemo } from "react";
import { scenarioEvents, useEditor } from "../editor/EditorProvider";
import { drawnEnd, type ScenarioEvent } from "../editor/events-model";
import { EventLanes } from "../editor/EventLanes";
import { useStore } from "../state/StoreProvider";
import { Timeline } from "../timeline/Timeline";
import type { ViewProps } from "./views";

export function ScheduleView(props: ViewProps) {
  const { state } = useStore();
  const editor = useEditor();
  const platform = state.good?.result.summary.platform ?? null;
  const events = useMemo(() => scenarioEvents(state.scenarioText) as ScenarioEvent[], [state.scenarioText]);
  const selected = editor.selected !== null ? events[editor.selected] : undefined;
  return (
    <Timeline
      renderLoop={props.renderLoop}
      above={(scale, gutterCss) => platform && <EventLanes scale={scale} gutterCss={gutterCss} platform={platform} runEndNs={state.bounds.t1Ns} />}
      overlay={(scale) => {
        if (!selected) return null;
        const x0 = Math.max(0, scale.timeToPx(selected.start_ns));
        const x1 = Math.min(scale.widthCss, scale.timeToPx(drawnEnd(selected, state.bounds.t1Ns)));
        return x1 > x0 ? <div className="event-band" data-testid="event-band" style={{ left: x0, width: x1 - x0 }} /> : null;
      }}
    />
  );
}
