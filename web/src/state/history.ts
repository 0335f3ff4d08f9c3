// Undo/redo stacks of scenario texts. Pure, unit-tested. Consecutive edits
// with the same coalesce key (one drag, one held arrow key) form one step.

export interface History {
  readonly past: readonly string[];
  readonly future: readonly string[];
  /** Key and time of the last recorded edit, for coalescing. */
  readonly lastKey: string | null;
  readonly lastAtMs: number;
}

export const EMPTY_HISTORY: History = { past: [], future: [], lastKey: null, lastAtMs: 0 };
const LIMIT = 200;
const COALESCE_MS = 1200;

/** Records that `before` was replaced by an edit. */
export function record(h: History, before: string, key: string | null, nowMs: number): History {
  if (key !== null && key === h.lastKey && nowMs - h.lastAtMs < COALESCE_MS) return { ...h, future: [], lastAtMs: nowMs };
  const past = [...h.past, before].slice(-LIMIT);
  return { past, future: [], lastKey: key, lastAtMs: nowMs };
}

/** Undoes one step from `current`: the text to show, or null when there is nothing to undo. */
export function undo(h: History, current: string): { history: History; text: string } | null {
  if (h.past.length === 0) return null;
  const text = h.past[h.past.length - 1];
  return { history: { past: h.past.slice(0, -1), future: [...h.future, current], lastKey: null, lastAtMs: 0 }, text };
}

export function redo(h: History, current: string): { history: History; text: string } | null {
  if (h.future.length === 0) return null;
  const text = h.future[h.future.length - 1];
  return { history: { past: [...h.past, current], future: h.future.slice(0, -1), lastKey: null, lastAtMs: 0 }, text };
}
