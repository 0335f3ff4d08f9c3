// Accessible tabs (WAI-ARIA tabs pattern): arrow keys move between tabs.
// Only the active panel is mounted.
import type { KeyboardEvent } from "react";
import { ErrorBoundary } from "./ErrorBoundary";
import type { ViewDef, ViewProps } from "./views";

export function Tabs(props: { readonly label: string; readonly views: readonly ViewDef[]; readonly active: string; readonly onActive: (id: string) => void; readonly viewProps: ViewProps; readonly className?: string }) {
  const { views, active } = props;
  const current = views.find((v) => v.id === active) ?? views[0];
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = views.findIndex((v) => v.id === current.id);
    const next = e.key === "ArrowRight" ? i + 1 : e.key === "ArrowLeft" ? i - 1 : null;
    if (next === null) return;
    e.preventDefault();
    e.stopPropagation();
    const view = views[(next + views.length) % views.length];
    props.onActive(view.id);
    document.getElementById(`tab-${props.label}-${view.id}`)?.focus();
  };
  return (
    <div className={`tabs ${props.className ?? ""}`}>
      <div className="tab-list" role="tablist" aria-label={props.label} onKeyDown={onKeyDown}>
        {views.map((v) => (
          <button
            key={v.id}
            id={`tab-${props.label}-${v.id}`}
            type="button"
            role="tab"
            data-testid={`tab-${v.id}`}
            aria-selected={v.id === current.id}
            aria-controls={`panel-${props.label}-${v.id}`}
            tabIndex={v.id === current.id ? 0 : -1}
            onClick={() => props.onActive(v.id)}
          >
            {v.title}
          </button>
        ))}
      </div>
      <div className="tab-panel" role="tabpanel" id={`panel-${props.label}-${current.id}`} aria-labelledby={`tab-${props.label}-${current.id}`}>
        <ErrorBoundary key={current.id} name={current.title}>
          <current.Component {...props.viewProps} />
        </ErrorBoundary>
      </div>
    </div>
  );
}
