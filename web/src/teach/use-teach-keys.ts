// Keyboard for teaching: P toggles presenter mode, PageDown / PageUp step
// through the open guide (presentation clickers send these), Escape closes it.
import { useEffect, useRef } from "react";
import { useView } from "../url/ViewProvider";

function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

export function useTeachKeys(stepCount: number): void {
  const { view, viewDispatch } = useView();
  const latest = useRef({ view, stepCount });
  latest.current = { view, stepCount };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const { view: v, stepCount: n } = latest.current;
      const guideOpen = v.step !== null && v.page === "explorer";
      if (event.key === "p" || event.key === "P") {
        viewDispatch({ type: "presenter", on: !v.presenter });
      } else if (guideOpen && event.key === "PageDown") {
        event.preventDefault();
        viewDispatch({ type: "step", step: Math.min(n - 1, v.step + 1) });
      } else if (guideOpen && event.key === "PageUp") {
        event.preventDefault();
        viewDispatch({ type: "step", step: Math.max(0, v.step - 1) });
      } else if (guideOpen && event.key === "Escape") {
        viewDispatch({ type: "step", step: null });
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [viewDispatch]);
}
