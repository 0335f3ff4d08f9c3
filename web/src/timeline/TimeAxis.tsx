// The shared SVG time axis, drawn by d3-axis from the visible window.
import { axisTop } from "d3-axis";
import { scaleLinear } from "d3-scale";
import { select } from "d3-selection";
import { useEffect, useRef } from "react";
import { formatTick } from "../logic/format";
import type { TimeScale } from "./time-scale";

const HEIGHT = 24;

export function TimeAxis(props: { readonly scale: TimeScale }) {
  const groupRef = useRef<SVGGElement>(null);
  const { scale } = props;

  useEffect(() => {
    if (!groupRef.current) return;
    const d3scale = scaleLinear().domain([scale.t0Ns, scale.t1Ns]).range([0, scale.widthCss]);
    const ticks = d3scale.ticks(Math.max(2, Math.floor(scale.widthCss / 110)));
    const step = ticks.length > 1 ? ticks[1] - ticks[0] : scale.t1Ns - scale.t0Ns;
    const axis = axisTop<number>(d3scale)
      .tickValues(ticks)
      .tickSizeOuter(0)
      .tickFormat((t) => formatTick(t, step));
    select(groupRef.current).call(axis);
  }, [scale]);

  return (
    <svg className="time-axis" data-testid="time-axis" width={scale.widthCss} height={HEIGHT}>
      <g ref={groupRef} transform={`translate(0, ${HEIGHT - 1})`} />
    </svg>
  );
}
