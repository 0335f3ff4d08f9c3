// The imported trace as one more Gantt on the shared time axis: CPU lanes
// grouped by frequency domain (with their frequency strip), then thread or
// worker lanes. Idle states are drawn as thin grey bars.
import { memo, useMemo } from "react";
import { formatDuration } from "../logic/format";
import { alignColors, type ImportedView } from "../logic/imported-trace";
import type { Theme } from "../logic/palette";
import { computeLayout } from "./gantt-layout";
import { GanttCanvas } from "./GanttCanvas";
import type { RenderLoop } from "./render-loop";
import type { TimeScale } from "./time-scale";

/** Canvas key of the imported Gantt in the render loop (simulated runs use their index). */
const IMPORTED_RUN_KEY = 100_000;

interface Props {
  readonly view: ImportedView;
  readonly scale: TimeScale;
  readonly theme: Theme;
  readonly gutterCss: number;
  readonly renderLoop: RenderLoop;
  /** Task types of the simulated runs, to colour same-named slices alike. */
  readonly taskTypes: readonly string[];
}

export const ImportedGantt = memo(function ImportedGantt({ view, scale, theme, gutterCss, renderLoop, taskTypes }: Props) {
  const layout = useMemo(() => computeLayout(view.platform), [view.platform]);
  const seg = useMemo(() => alignColors(view, taskTypes), [view, taskTypes]);
  const s = view.result.summary;
  return (
    <section className="gantt gantt-imported" data-testid="imported-gantt" data-format={s.format}>
      <h3 className="gantt-title">
        Imported: {view.fileName}
        <span className="gantt-subtitle">
          {s.format} · {s.cores} CPUs · {s.lanes} lanes · {s.segments.toLocaleString()} slices · {formatDuration(s.span_ns)}
        </span>
      </h3>
      <div className="gantt-body" style={{ height: `${layout.height}px` }}>
        <div className="gantt-gutter" style={{ width: `${gutterCss}px` }}>
          {layout.freqStrips.map((strip) => (
            <div key={`c${strip.cluster}`} className="cluster-label" style={{ top: strip.y, height: strip.height }} title="Frequency domain (shaded strip: frequency over time)">
              {view.platform.clusters[strip.cluster].name}
            </div>
          ))}
          {layout.rows.map((row) => (
            <div key={row.core} className="core-label" data-testid="imported-row" style={{ top: row.y, height: row.height }} title={view.laneLabels[row.core]}>
              {view.laneLabels[row.core]}
            </div>
          ))}
        </div>
        <div className="gantt-plot">
          <GanttCanvas
            runIndex={IMPORTED_RUN_KEY}
            widthCss={scale.widthCss}
            layout={layout}
            clusters={view.platform.clusters}
            run={view.run}
            seg={seg}
            scale={scale}
            theme={theme}
            hoverIndex={-1}
            renderLoop={renderLoop}
          />
        </div>
      </div>
    </section>
  );
});
