// Terms a newcomer meets (PTT, SF, EDP, execution place, …) explained in a
// tooltip. A term not yet looked at carries a small dot; hovering or
// focusing it shows the explanation and marks it as seen (kept locally).
import { type ReactNode, useState } from "react";

export const GLOSSARY: Readonly<Record<string, string>> = {
  PTT: "Performance Trace Table: per task type and execution place, the time tasks took there recently (a weighted average). PTT-based schedulers use it to predict where a task runs fastest.",
  SF: "Speedup factor: how much faster a loop chunk or task runs on a big core than on a LITTLE one, measured online by the runtime.",
  EDP: "Energy-delay product: energy × makespan (J·s). Lower is better; it rewards runs that are both fast and frugal.",
  "execution place": "A set of cores a task runs on at once: a leader core and a width (1, 2, 4 … cores of one cluster). A moldable task is split across the cores of its place.",
  makespan: "Time from the start until the last task finished.",
  speedup: "Baseline makespan divided by this run's makespan: 1.25× means 25% faster than the baseline.",
  DVFS: "Dynamic voltage and frequency scaling: a cluster's clock changes while the work runs, and with it every core's speed.",
  "decision": "The moment an idle core asks its scheduler what to do, and the answer: a task and the place it runs on.",
};

const STORAGE_KEY = "asymlab-seen-terms";

function seenTerms(): Set<string> {
  try {
    return new Set(JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]") as string[]);
  } catch {
    return new Set();
  }
}

function markSeen(name: string): void {
  try {
    const seen = seenTerms();
    seen.add(name);
    localStorage.setItem(STORAGE_KEY, JSON.stringify([...seen]));
  } catch {
    // Storage may be unavailable (private mode); the dot then just stays.
  }
}

export function Term(props: { readonly name: string; readonly children?: ReactNode }) {
  const text = GLOSSARY[props.name];
  const [isNew, setIsNew] = useState(() => !seenTerms().has(props.name));
  if (!text) return <>{props.children ?? props.name}</>;
  const seen = () => {
    if (isNew) {
      markSeen(props.name);
      setIsNew(false);
    }
  };
  return (
    <span className={`term${isNew ? " term-new" : ""}`} tabIndex={0} data-testid="term" data-term={props.name} onMouseEnter={seen} onFocus={seen}>
      {props.children ?? props.name}
      <span className="term-tip" role="tooltip">
        <strong>{props.name}</strong>: {text}
      </span>
    </span>
  );
}

export function GlossaryList() {
  return (
    <dl className="glossary" data-testid="glossary">
      {Object.entries(GLOSSARY).map(([name, text]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{text}</dd>
        </div>
      ))}
    </dl>
  );
}
