// Brings an element of a Gantt (a core row) into view inside the Gantt stack, which scrolls on its own: the page
// itself never scrolls for it, so a projected page keeps its header, guide and metric where they are.

/** Scrolls `el`'s Gantt stack just enough to show `el` (nearest edge); outside a stack, the page scrolls as usual. */
export function revealInStack(el: Element): void {
  const stack = el.closest<HTMLElement>('[data-testid="gantt-stack"]');
  if (!stack) {
    el.scrollIntoView?.({ block: "nearest" });
    return;
  }
  if (stack.scrollHeight <= stack.clientHeight) return;
  const box = stack.getBoundingClientRect();
  const r = el.getBoundingClientRect();
  if (r.top < box.top) stack.scrollTop -= box.top - r.top;
  else if (r.bottom > box.bottom) stack.scrollTop += Math.min(r.bottom - box.bottom, r.top - box.top);
}
