// Side panel for timeline events: the palette, the list of events, and the
// exact fields of the selected one with inline validation (the same checks
// as the engine, plus the engine's own error when it names this event).
import { useEffect, useState } from "react";
import type { PlatformSummary } from "../engine/engine-types";
import { formatMs } from "../logic/format";
import { useActions, useAppStore } from "../state/AppProvider";
import { selectCanRedo, selectCanUndo, selectError, selectEvents, selectSelectedEvent } from "../state/selectors";
import { checkEvent, eventLabel, type FieldSpec, fieldText, fieldsOf, kindInfo, parseField, type ScenarioEvent, splitErrorPath } from "./events-model";
import { EventPalette } from "./EventPalette";

export function EventInspector(props: { readonly platform: PlatformSummary | null }) {
  const { undo, redo, selectEvent } = useActions();
  const canUndo = useAppStore(selectCanUndo);
  const canRedo = useAppStore(selectCanRedo);
  const events = useAppStore(selectEvents);
  const sel = useAppStore(selectSelectedEvent);
  const event = sel !== null ? events[sel] : undefined;

  return (
    <div className="inspector" data-testid="event-inspector">
      <h3 className="panel-title">Event palette</h3>
      <EventPalette />
      <div className="undo-row">
        <button type="button" data-testid="undo" disabled={!canUndo} onClick={undo} title="Undo (Ctrl+Z)">
          ↶ Undo
        </button>
        <button type="button" data-testid="redo" disabled={!canRedo} onClick={redo} title="Redo (Ctrl+Shift+Z)">
          ↷ Redo
        </button>
      </div>
      <h3 className="panel-title">Events ({events.length})</h3>
      {events.length === 0 ? (
        <p className="muted small">No events yet. Drag a kind from the palette onto a lane above the Gantts, or focus a lane (Tab) and press Enter.</p>
      ) : (
        <ol className="event-list" data-testid="event-list">
          {events.map((ev, i) => (
            <li key={i}>
              <button type="button" className={`event-list-item${sel === i ? " selected" : ""}`} onClick={() => selectEvent(i)} data-testid="event-list-item">
                <span className={`palette-swatch kind-${ev.kind}`} aria-hidden="true" />
                {kindInfo(ev.kind).label} · {eventLabel(ev)} · from {formatMs(ev.start_ns)}
              </button>
            </li>
          ))}
        </ol>
      )}
      {event && sel !== null && props.platform && <EventFields key={sel} index={sel} event={event} platform={props.platform} />}
    </div>
  );
}

function EventFields(props: { readonly index: number; readonly event: ScenarioEvent; readonly platform: PlatformSummary }) {
  const { index, event, platform } = props;
  const { edit, selectEvent } = useActions();
  const error = useAppStore(selectError);
  const specs = fieldsOf(event.kind);
  const checks = checkEvent(event, platform);
  const engineError = splitErrorPath(error);
  const prefix = `events[${index}]`;
  const engineFieldError = (name: string) => (engineError && engineError.path === `${prefix}.${name}` ? engineError.message : undefined);

  const update = (spec: FieldSpec, value: unknown) =>
    edit(
      (scenario) => {
        const list = [...((scenario.events as ScenarioEvent[] | undefined) ?? [])];
        const next: Record<string, unknown> = { ...list[index] };
        if (value === undefined) delete next[spec.name];
        else next[spec.name] = value;
        list[index] = next as ScenarioEvent;
        return { ...scenario, events: list };
      },
      { coalesce: `field-${index}-${spec.name}`, debounceMs: 150 },
    );

  return (
    <form className="event-fields" data-testid="event-fields" onSubmit={(e) => e.preventDefault()}>
      <h3 className="panel-title">
        {kindInfo(event.kind).label} <span className="muted">#{index}</span>
      </h3>
      <p className="muted small">{kindInfo(event.kind).help}</p>
      {specs.map((spec) => (
        <Field key={spec.name} spec={spec} value={event[spec.name]} error={checks[spec.name] ?? engineFieldError(spec.name)} onValue={(v) => update(spec, v)} platform={platform} event={event} />
      ))}
      {engineError && engineError.path.startsWith(prefix) && !specs.some((s) => `${prefix}.${s.name}` === engineError.path) && (
        <p className="field-error" role="alert">
          {engineError.path}: {engineError.message}
        </p>
      )}
      <button
        type="button"
        className="danger"
        data-testid="delete-event"
        onClick={() => {
          edit((scenario) => ({ ...scenario, events: ((scenario.events as unknown[]) ?? []).filter((_, i) => i !== index) }));
          selectEvent(null);
        }}
      >
        Delete event
      </button>
    </form>
  );
}

function Field(props: {
  readonly spec: FieldSpec;
  readonly value: unknown;
  readonly error?: string;
  readonly onValue: (value: unknown) => void;
  readonly platform: PlatformSummary;
  readonly event: ScenarioEvent;
}) {
  const { spec, value, onValue, platform, event } = props;
  const shown = fieldText(spec, value);
  const [text, setText] = useState(shown);
  const [localError, setLocalError] = useState<string | null>(null);
  // Follow outside changes (drags, undo) unless the field holds an unparsed edit.
  useEffect(() => {
    setText(shown);
    setLocalError(null);
  }, [shown]);
  const id = `event-field-${spec.name}`;
  const error = localError ?? props.error;
  const cluster = platform.clusters[Number(event.cluster)];
  const onChange = (next: string) => {
    setText(next);
    const parsed = parseField(spec, next);
    if (!parsed.ok) {
      setLocalError(parsed.message);
      return;
    }
    setLocalError(null);
    onValue(parsed.value);
  };
  return (
    <div className={`field${error ? " invalid" : ""}`}>
      <label htmlFor={id}>{spec.label}</label>
      {spec.input === "cluster" ? (
        <select id={id} data-testid={id} value={shown} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error}>
          {!platform.clusters[Number(value)] && <option value={shown}>{shown}</option>}
          {platform.clusters.map((c, i) => (
            <option key={c.name} value={i}>
              {c.name} ({c.core_type}, cores {c.first_core}–{c.first_core + c.cores - 1})
            </option>
          ))}
        </select>
      ) : spec.input === "freq" && cluster ? (
        <select id={id} data-testid={id} value={shown} onChange={(e) => onChange(e.target.value)} aria-invalid={!!error}>
          {!cluster.freqs_mhz.includes(Number(value)) && <option value={shown}>{shown}</option>}
          {cluster.freqs_mhz.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          data-testid={id}
          inputMode={spec.input === "number" || spec.input === "ms" || spec.input === "optional-ms" ? "decimal" : "numeric"}
          value={text}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {spec.unit && (
        <span className="unit muted">
          {spec.unit}
          {spec.unit.startsWith("ms") && typeof value === "number" && value % 1000 !== 0 ? ` (${value.toLocaleString("en-US")} ns)` : ""}
        </span>
      )}
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
