// The selected core row: marked on the Gantt's row labels (CSS draws the band
// across the plot) and picked by clicking a row label. Works on the DOM the
// timeline renders, so the timeline needs no change.
import { useEffect, useRef } from "react";
import type { Selection } from "../url/link-state";
import { useView } from "../url/ViewProvider";

const ATTR = "data-selected";

export function useRowSelection(selection: Selection | null, renderKey: unknown): void {
  const { viewDispatch } = useView();
  const scrolledFor = useRef<Selection | null>(null);

  useEffect(() => {
    for (const el of document.querySelectorAll(`[${ATTR}]`)) el.removeAttribute(ATTR);
    if (!selection) return;
    let first: Element | null = null;
    for (const gantt of document.querySelectorAll<HTMLElement>('[data-testid="gantt"]')) {
      if (selection.scheduler && gantt.dataset.scheduler !== selection.scheduler) continue;
      const row = gantt.querySelector(`[data-testid="gantt-row"][data-core="${selection.core}"]`);
      if (row) {
        row.setAttribute(ATTR, "");
        first ??= row;
      }
    }
    // Bring the row into view when the selection changes, not on every re-render.
    if (first && scrolledFor.current !== selection) {
      scrolledFor.current = selection;
      first.scrollIntoView?.({ block: "nearest" });
    }
  }, [selection, renderKey]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const row = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-testid="gantt-row"]') : null;
      if (!row) return;
      const gantt = row.closest<HTMLElement>('[data-testid="gantt"]');
      const core = Number(row.dataset.core);
      const scheduler = gantt?.dataset.scheduler;
      viewDispatch({ type: "select", selection: row.hasAttribute(ATTR) ? null : { core, scheduler } });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [viewDispatch]);
}
