// A progress bar along the top of the page while a simulation has been running for more than 400 ms (big
// scenarios): indeterminate at first, then how many events the engine has handled against its estimate, with Cancel
// (the engine's worker is replaced; the last good result stays on screen).
import { useEffect, useState } from "react";
import { useShallow } from "zustand/shallow";
import { useActions, useAppStore } from "../state/AppProvider";

const SHOW_AFTER_MS = 400;

export function SimProgress() {
  const { simPending, progress } = useAppStore(useShallow((s) => ({ simPending: s.sim.simPending, progress: s.sim.progress })));
  const { cancelSimulation } = useActions();
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
  const share = progress && progress.expectedEvents > 0 ? Math.min(1, progress.events / progress.expectedEvents) : null;
  return (
    <div className="sim-progress" role="progressbar" aria-label="Simulating" aria-valuenow={share === null ? undefined : Math.round(share * 100)} data-testid="sim-progress">
      <div className={share === null ? "sim-progress-bar" : "sim-progress-bar determinate"} style={share === null ? undefined : { width: `${(share * 100).toFixed(1)}%` }} />
      {progress && (
        <div className="sim-progress-text">
          <span data-testid="sim-progress-text">
            Simulating: {(progress.events / 1e6).toFixed(0)} million events{share === null ? "" : ` (about ${Math.round(share * 100)}% of the estimate)`}
          </span>
          <button type="button" data-testid="sim-cancel" onClick={cancelSimulation}>
            Cancel
          </button>
        </div>
      )}
    </div>
  );
}
