// A known gap of a claim as the page shows it: the catalogue's one-sentence summary, and its analysis with what was
// measured behind a closed disclosure, so a table of claims stays readable when projected.
import { CodeSpans } from "./CodeSpans";

/** A known gap in one sentence, with the analysis and what was measured behind a disclosure (closed, so a projected
 * table stays one screen); `lack` names the mechanism it points to, where the page lists them. */
export function KnownGap(props: { readonly summary?: string; readonly gap?: string; readonly lack?: string }) {
  // The catalogue's check gives every known gap a summary (`claims::evaluate::check`).
  if (!props.summary) return null;
  return (
    <div className="muted paper-note" data-testid="known-gap">
      Known gap: <CodeSpans text={props.summary} />
      {props.lack && (
        <span className="paper-gap-lack" data-testid="known-gap-lack">
          {" "}
          The model lacks: {props.lack}.
        </span>
      )}
      {props.gap && (
        <details className="paper-gap" data-testid="known-gap-why">
          <summary>Why, and what was measured</summary>
          <p>
            <CodeSpans text={props.gap} />
          </p>
        </details>
      )}
    </div>
  );
}
