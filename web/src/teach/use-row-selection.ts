// The selected core row: marked on the Gantt's row labels (CSS draws the band
// across the plot) and picked by clicking a row label. Works on the DOM the
// timeline renders, so the timeline needs no change.
import { useEffect, useRef } from "react";
import { useActions } from "../state/AppProvider";
import { revealInStack } from "../timeline/reveal";
import type { Selection } from "../types/view";

const ATTR = "data-selected";

export function useRowSelection(selection: Selection | null, renderKey: unknown): void {
  const { selectRow } = useActions();
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
    // Bring the row into view inside the Gantt stack when the selection changes, not on every re-render.
    if (first && scrolledFor.current !== selection) {
      scrolledFor.current = selection;
      revealInStack(first);
    }
  }, [selection, renderKey]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const row = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-testid="gantt-row"]') : null;
      if (!row) return;
      const gantt = row.closest<HTMLElement>('[data-testid="gantt"]');
      const core = Number(row.dataset.core);
      const scheduler = gantt?.dataset.scheduler;
      selectRow(row.hasAttribute(ATTR) ? null : { core, scheduler });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [selectRow]);
}
