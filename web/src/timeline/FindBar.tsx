// Find in the Gantts (as in Perfetto): a task id ("T12") or a task-type or phase name; matching blocks are
// outlined on every Gantt and the rest fade; Enter (or "next") zooms to the next match in time.
import { sum } from "d3-array";
import { useMemo } from "react";
import type { SimResult } from "../engine/engine";
import { matchCount, nextMatch } from "../logic/find";
import { useActions, useAppStore } from "../state/AppProvider";

export function FindBar(props: { readonly result: SimResult; readonly masks: readonly (Uint8Array | null)[] }) {
  const { setSearch, setWindow } = useActions();
  const query = useAppStore((s) => s.sim.search);
  const visible = useAppStore((s) => s.sim.window);
  const count = useMemo(() => sum(props.result.segments, (seg, i) => matchCount(seg, props.masks[i] ?? null)), [props.result, props.masks]);
  const next = () => {
    // The next match after the window's centre, over every run; the window keeps its span around it.
    const centre = (visible.t0Ns + visible.t1Ns) / 2;
    let best: { t: number; end: number } | null = null;
    props.result.segments.forEach((seg, r) => {
      const i = nextMatch(seg, props.masks[r] ?? null, centre + 1);
      if (i >= 0 && (!best || (seg.startNs[i] > centre ? seg.startNs[i] : seg.startNs[i] + 1e18) < (best.t > centre ? best.t : best.t + 1e18))) best = { t: seg.startNs[i], end: seg.endNs[i] };
    });
    if (!best) return;
    const { t, end } = best as { t: number; end: number };
    const span = Math.max(visible.t1Ns - visible.t0Ns, (end - t) * 1.5);
    setWindow({ t0Ns: Math.max(0, t - span / 2), t1Ns: Math.max(0, t - span / 2) + span });
  };
  return (
    <span className="find-bar" role="search">
      <input
        type="search"
        data-testid="gantt-search"
        placeholder="Find task (T12) or type"
        aria-label="Find a task by id or a task type by name"
        value={query}
        onChange={(e) => setSearch(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") next();
          if (e.key === "Escape") setSearch("");
        }}
      />
      {query.trim() !== "" && (
        <>
          <span className="muted" data-testid="search-count" aria-live="polite">
            {count.toLocaleString("en-US")} {count === 1 ? "match" : "matches"}
          </span>
          <button type="button" data-testid="search-next" disabled={count === 0} onClick={next} title="Zoom to the next match (Enter)">
            next
          </button>
        </>
      )}
    </span>
  );
}
