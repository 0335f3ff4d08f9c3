// Views the first chart does not need load as their own chunks, on first show: the page's
// first JavaScript is the schedule view and what surrounds it (docs/TARGETS: first chart ≤ 300 KB).
import { type ComponentType, lazy, Suspense } from "react";

/** A component that loads `load()`'s component on first render, showing "Loading…" meanwhile. */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function Loaded(props: P) {
    return (
      <Suspense fallback={<p className="muted">Loading…</p>}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Loaded;
}
