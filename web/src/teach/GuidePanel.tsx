// The guided explanation of a preset: one step at a time, each pointing at
// a Gantt row and zooming to a time window when it says so.
import { useEffect } from "react";
import type { GuideStep, PresetInfo } from "../engine/engine-types";
import { schedulerLabel } from "../logic/format";
import { useActions, useAppStore } from "../state/AppProvider";
import { selectSettled, selectStep } from "../state/selectors";

/** Applies a step's pointers: the selected row and the visible window. */
export function useStepFocus(step: GuideStep | undefined, stepIndex: number | null): void {
  const actions = useActions();
  const ready = useAppStore(selectSettled);
  useEffect(() => {
    if (!step || stepIndex === null || !ready) return;
    actions.selectRow(step.core !== undefined ? { scheduler: step.scheduler, core: step.core } : null);
    if (step.window_ns) actions.setWindow({ t0Ns: step.window_ns[0], t1Ns: step.window_ns[1] });
    else actions.resetWindow();
    // The Gantt the step talks about comes into view inside the Gantt stack (which scrolls on its own).
    if (step.scheduler) {
      const gantt = document.querySelector<HTMLElement>(`[data-testid="gantt"][data-scheduler="${CSS.escape(step.scheduler)}"]`);
      const stack = gantt?.closest<HTMLElement>('[data-testid="gantt-stack"]');
      if (gantt && stack) stack.scrollTop = Math.max(0, gantt.offsetTop - stack.offsetTop - 4);
    }
    // Only when the step changes (or its scenario finishes loading), not on every zoom.
  }, [stepIndex, step, ready]);
}

export function GuidePanel(props: { readonly preset: PresetInfo }) {
  const { setStep } = useActions();
  const openStep = useAppStore(selectStep);
  const steps = props.preset.steps ?? [];
  const index = openStep === null ? null : Math.min(openStep, steps.length - 1);
  const step = index === null ? undefined : steps[index];
  useStepFocus(step, index);
  if (!step || index === null) return null;
  const go = (i: number) => setStep(i);
  return (
    <aside className="guide" data-testid="guide" aria-label="Guided explanation">
      <div className="guide-head">
        <span className="guide-count muted" data-testid="guide-count">
          Step {index + 1} of {steps.length}
        </span>
        {props.preset.question && <span className="guide-question">{props.preset.question}</span>}
        <button type="button" className="guide-close" aria-label="Close the guide" title="Close the guide" onClick={() => setStep(null)}>
          ×
        </button>
      </div>
      <h2 className="guide-title" data-testid="guide-title">
        {step.title}
      </h2>
      <p className="guide-text">{step.text}</p>
      {(step.core !== undefined || step.window_ns) && (
        <p className="guide-pointer muted">
          {step.core !== undefined && `Look at core ${step.core}${step.scheduler ? ` in ${schedulerLabel(step.scheduler)}` : ""} (highlighted). `}
          {step.window_ns && "The Gantt is zoomed to the part that matters; Reset zoom shows everything."}
        </p>
      )}
      <div className="guide-nav">
        <button type="button" data-testid="guide-prev" disabled={index === 0} onClick={() => go(index - 1)}>
          ← Back
        </button>
        <button type="button" data-testid="guide-next" disabled={index === steps.length - 1} onClick={() => go(index + 1)}>
          Next →
        </button>
        <span className="muted hint">PageUp / PageDown</span>
      </div>
    </aside>
  );
}
