// Keyboard for teaching: P toggles presenter mode, PageDown / PageUp step
// through the open guide (presentation clickers send these), R reveals the metric in "predict, then reveal"
// mode, Escape closes the guide.
import { useEffect } from "react";
import { useStoreApi } from "../state/AppProvider";

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !["checkbox", "radio", "button", "range"].includes(target.type);
  return target.isContentEditable || ["TEXTAREA", "SELECT"].includes(target.tagName);
}

export function useTeachKeys(stepCount: number): void {
  const store = useStoreApi();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const { view: v, actions } = store.getState();
      const guideOpen = v.step !== null && v.page === "explorer";
      if (event.key === "p" || event.key === "P") {
        actions.setPresenter(!v.presenter);
      } else if (guideOpen && event.key === "PageDown") {
        event.preventDefault();
        actions.setStep(Math.min(stepCount - 1, v.step + 1));
      } else if (guideOpen && event.key === "PageUp") {
        event.preventDefault();
        actions.setStep(Math.max(0, v.step - 1));
      } else if (guideOpen && (event.key === "r" || event.key === "R") && v.predict) {
        actions.reveal(v.step);
      } else if (guideOpen && event.key === "Escape") {
        actions.setStep(null);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [store, stepCount]);
}
