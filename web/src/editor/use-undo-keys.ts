// Ctrl+Z undoes a scenario edit, Ctrl+Shift+Z or Ctrl+Y redoes it (Cmd on macOS), outside text fields
// (which keep their own undo). The history itself is the store's editor slice.
import { useEffect } from "react";
import { useActions } from "../state/AppProvider";

export function useUndoKeys(): void {
  const { undo, redo } = useActions();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey)) return;
      const target = event.target as HTMLElement | null;
      if (target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))) return;
      const key = event.key.toLowerCase();
      if (key === "z" && !event.shiftKey) undo();
      else if ((key === "z" && event.shiftKey) || key === "y") redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [undo, redo]);
}
