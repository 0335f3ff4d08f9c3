// An indeterminate progress bar along the top of the page while a
// simulation has been running for more than 400 ms (big scenarios).
import { useEffect, useState } from "react";
import { useAppStore } from "../state/AppProvider";
import { selectSimPending } from "../state/selectors";

const SHOW_AFTER_MS = 400;

export function SimProgress() {
  const simPending = useAppStore(selectSimPending);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!simPending) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [simPending]);
  if (!visible) return null;
  return (
    <div className="sim-progress" role="progressbar" aria-label="Simulating" data-testid="sim-progress">
      <div className="sim-progress-bar" />
    </div>
  );
}
