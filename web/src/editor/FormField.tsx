// One labelled input of a form editor: parses as you type, shows its own
// message or the engine's when the engine's error names this field's path.
import { useEffect, useState } from "react";
import { type FieldRule, parseFormField, showValue, withCurrent } from "./form-fields";

export function FormField(props: {
  readonly path: string;
  readonly label: string;
  readonly value: unknown;
  readonly rule: FieldRule;
  readonly unit?: string;
  /** A longer explanation, shown as the label's tooltip. */
  readonly help?: string;
  readonly options?: readonly string[];
  /** Shown text of an option, by value (default: the value). */
  readonly optionLabels?: Readonly<Record<string, string>>;
  /** The engine's message when its error path is this field's. */
  readonly engineError?: string;
  readonly crossError?: string;
  readonly onValue: (value: unknown) => void;
}) {
  const shown = showValue(props.value);
  const [text, setText] = useState(shown);
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => {
    setText(shown);
    setLocal(null);
  }, [shown]);
  const error = local ?? props.crossError ?? props.engineError;
  const id = `field-${props.path.replace(/[^\w]+/g, "-")}`;
  const change = (next: string) => {
    setText(next);
    const parsed = parseFormField(next, props.rule);
    if (!parsed.ok) {
      setLocal(parsed.message);
      return;
    }
    setLocal(null);
    props.onValue(parsed.value);
  };
  return (
    <div className={`field${error ? " invalid" : ""}`} data-path={props.path}>
      <label htmlFor={id} title={props.help}>
        {props.label}
      </label>
      {props.options ? (
        <select id={id} data-testid={id} value={text} onChange={(e) => change(e.target.value)}>
          {withCurrent(props.options, text).map((o) => (
            <option key={o} value={o}>
              {props.optionLabels?.[o] ?? o}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} data-testid={id} value={text} aria-invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} onChange={(e) => change(e.target.value)} />
      )}
      {props.unit && <span className="unit muted">{props.unit}</span>}
      {error && (
        <span className="field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}

/** A value the form shows but does not edit. */
export function ReadOnlyField(props: { readonly path: string; readonly label: string; readonly value: string; readonly unit?: string }) {
  const id = `field-${props.path.replace(/[^\w]+/g, "-")}`;
  return (
    <div className="field read-only" data-path={props.path}>
      <label htmlFor={id}>{props.label}</label>
      <output id={id} data-testid={id}>
        {props.value}
      </output>
      {props.unit && <span className="unit muted">{props.unit}</span>}
    </div>
  );
}

/** The engine's error under `prefix` when no field of the form shows it. */
export function UnplacedError(props: { readonly prefix: string; readonly error: { path: string; message: string } | null | undefined }) {
  const e = props.error;
  if (!e || !e.path.startsWith(props.prefix) || document.querySelector(`[data-path="${e.path}"]`)) return null;
  return (
    <p className="field-error" role="alert">
      {e.path}: {e.message}
    </p>
  );
}
