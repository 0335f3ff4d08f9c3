// The body shared by the recording's and the replays' Gantts: cluster and lane labels in the gutter, the canvas on the
// shared scale, and the slice under the mouse (reported to the caller, which draws its own tooltip).
import { type MouseEvent, useState } from "react";
import type { SegmentColumns } from "../engine/engine";
import type { GanttRun, PlatformSummary } from "../engine/engine-types";
import type { Theme } from "../logic/palette";
import { hitTest } from "../logic/segments";
import { type GanttLayout, rowAt } from "./gantt-layout";
import { GanttCanvas } from "./GanttCanvas";
import type { RenderLoop } from "./render-loop";
import type { TimeScale } from "./time-scale";

export interface HoverAt {
  readonly index: number;
  readonly x: number;
  readonly y: number;
}

interface Props {
  /** Key of the canvas in the render loop. */
  readonly runKey: number;
  readonly layout: GanttLayout;
  /** The lanes: platform (clusters), labels, run, columns hit-tested (`seg`) and painted (`paintSeg`: groups as colour slots). */
  readonly lanes: {
    readonly platform: PlatformSummary;
    readonly labels: readonly string[];
    readonly run: GanttRun;
    readonly seg: SegmentColumns;
    readonly paintSeg: SegmentColumns;
  };
  readonly scale: TimeScale;
  readonly theme: Theme;
  readonly gutterCss: number;
  readonly renderLoop: RenderLoop;
  readonly labelOf: (i: number) => string;
  readonly rowTestId?: string;
  readonly clusterTitle?: string;
  /** The tooltip of the slice under the mouse. */
  readonly tooltip: (hover: HoverAt) => React.ReactNode;
}

export function LaneGanttBody(props: Props) {
  const { layout, scale } = props;
  const { platform, labels, run, seg, paintSeg } = props.lanes;
  const [hover, setHover] = useState<HoverAt | null>(null);
  const onMouseMove = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const row = rowAt(layout, event.clientY - rect.top);
    const index = row ? hitTest(seg, row.core, scale.pxToTime(event.clientX - rect.left), scale.pxToDuration(3)) : -1;
    setHover(index < 0 ? null : { index, x: event.clientX, y: event.clientY });
  };
  return (
    <>
      <div className="gantt-body" style={{ height: `${layout.height}px` }}>
        <div className="gantt-gutter" style={{ width: `${props.gutterCss}px` }}>
          {layout.freqStrips.map((strip) => (
            <div key={`c${strip.cluster}`} className="cluster-label" style={{ top: strip.y, height: strip.height }} title={props.clusterTitle}>
              {platform.clusters[strip.cluster].name}
            </div>
          ))}
          {layout.rows.map((row) => (
            <div key={row.core} className="core-label" data-testid={props.rowTestId} style={{ top: row.y, height: row.height }} title={labels[row.core]}>
              {labels[row.core]}
            </div>
          ))}
        </div>
        <div className="gantt-plot" onMouseMove={onMouseMove} onMouseLeave={() => setHover(null)}>
          <GanttCanvas
            runIndex={props.runKey}
            widthCss={scale.widthCss}
            layout={layout}
            clusters={platform.clusters}
            run={run}
            seg={paintSeg}
            scale={scale}
            theme={props.theme}
            hoverIndex={hover?.index ?? -1}
            labelOf={props.labelOf}
            renderLoop={props.renderLoop}
          />
        </div>
      </div>
      {hover && props.tooltip(hover)}
    </>
  );
}
