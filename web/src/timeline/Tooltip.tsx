// The hover tooltip (an HTML div) describing the segment under the mouse.
import { Fragment } from "react";
import type { SimResult } from "../engine/engine";
import { loopExtras, NO_ITEM, SegKind } from "../engine/engine-types";
import { formatDuration, formatMs } from "../logic/format";
import { LOOP_PHASES, PHASE_HELP } from "../logic/loop-phases";
import type { Hover } from "../state/sim";

const KIND_LABEL = ["work", "overhead (steal / search / dispatch)", "idle"];

export function Tooltip(props: { readonly hover: Hover | null; readonly result: SimResult | null }) {
  const { hover, result } = props;
  if (!hover || !result) return null;
  const seg = result.segments[hover.run];
  const i = hover.index;
  if (!seg || i < 0 || i >= seg.count) return null;
  const { groups, record } = result.summary;
  const isWork = seg.kind[i] === SegKind.Work;
  const t = seg.startNs[i];
  const interference = result.summary.runs[hover.run]?.interference_intervals.filter(
    (f) => f.cores.includes(seg.lane[i]) && f.start_ns <= t && t < f.end_ns,
  );
  const run = result.summary.runs[hover.run];
  const loops = run ? loopExtras(run) : null;
  const left = Math.min(hover.clientX + 14, window.innerWidth - 250);
  const top = hover.clientY + 16 > window.innerHeight - 150 ? hover.clientY - 140 : hover.clientY + 16;
  if (loops) {
    const phase = LOOP_PHASES[seg.group[i]] ?? `#${seg.group[i]}`;
    const thread = loops.thread_cores.indexOf(seg.lane[i]);
    const stat = loops.loops.find((l) => l.phase === seg.item[i]);
    const iterations = seg.width[i] > 0 && phase !== "barrier" && phase !== "barrier-wait";
    const kind = seg.kind[i] === SegKind.Overhead ? (phase === "barrier" ? "barrier" : "pool removal") : phase;
    return (
      <div className="tooltip" data-testid="tooltip" role="tooltip" style={{ left, top }}>
        <div className="tooltip-title">{kind}</div>
        <dl>
          <dt>meaning</dt>
          <dd>{seg.kind[i] === SegKind.Overhead && phase !== "barrier" ? "removing iterations from the shared pool" : PHASE_HELP[phase] ?? phase}</dd>
          <dt>thread</dt>
          <dd>T{thread} on core {seg.lane[i]}</dd>
          {stat && (
            <>
              <dt>loop</dt>
              <dd>{stat.name}</dd>
            </>
          )}
          {iterations && (
            <>
              <dt>iterations</dt>
              <dd>{seg.chunkFirst[i] === NO_ITEM ? `${seg.chunkIters[i]} (several chunks)` : `${seg.chunkFirst[i]}–${seg.chunkFirst[i] + seg.chunkIters[i] - 1} (${seg.chunkIters[i]})`}</dd>
            </>
          )}
          <dt>start</dt>
          <dd>{formatMs(seg.startNs[i])}</dd>
          <dt>duration</dt>
          <dd>{formatDuration(seg.endNs[i] - seg.startNs[i])}</dd>
        </dl>
      </div>
    );
  }
  return (
    <div className="tooltip" data-testid="tooltip" role="tooltip" style={{ left, top }}>
      <div className="tooltip-title">
        {seg.item[i] === NO_ITEM ? KIND_LABEL[seg.kind[i]] ?? "segment" : `${record.item} ${seg.item[i]}`}
      </div>
      <dl>
        {seg.item[i] !== NO_ITEM && (
          <>
            <dt>{record.group}</dt>
            <dd>{groups[seg.group[i]] ?? `#${seg.group[i]}`}</dd>
            <dt>priority</dt>
            <dd>{seg.priority[i] === 1 ? "high (critical)" : "low"}</dd>
          </>
        )}
        {!isWork && (
          <>
            <dt>kind</dt>
            <dd>{KIND_LABEL[seg.kind[i]] ?? `kind ${seg.kind[i]}`}</dd>
          </>
        )}
        <dt title="Execution place: (leader core, width)">place</dt>
        <dd>
          (C{seg.leader[i]},{seg.width[i]})
        </dd>
        <dt>{record.lane}</dt>
        <dd>{seg.lane[i]}</dd>
        <dt>start</dt>
        <dd>{formatMs(seg.startNs[i])}</dd>
        <dt>duration</dt>
        <dd>{formatDuration(seg.endNs[i] - seg.startNs[i])}</dd>
        {interference?.map((f) => (
          <Fragment key={`${f.kind}-${f.start_ns}`}>
            <dt>{f.kind === "offline" ? "offline" : `${f.kind} interference`}</dt>
            <dd>{f.label}</dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}
