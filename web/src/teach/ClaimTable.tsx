// "Paper vs simulated": the engine's verdicts on the papers' claims, for one run (the run summary's `claims`) or for a
// sweep over seeds (the OS lab's `evaluateClaims`). The engine evaluates; this only shows.
import type { ReactNode } from "react";
import type { ClaimResult } from "../engine/engine-types";
import { overAllRuns, simulatedText, verdictText, withUnit } from "./claim-rows";
import { KnownGap } from "./KnownGap";

export function ClaimTable(props: {
  readonly rows: readonly ClaimResult[];
  readonly heading: ReactNode;
  readonly note?: ReactNode;
  /** The catalogue's evaluated claims by id (fidelity.json), for the verdict over all of a claim's runs. */
  readonly catalogue?: ReadonlyMap<string, ClaimResult>;
  /** The mechanisms the model lacks by `paper/id` (fidelity.json), to name a known gap's. */
  readonly lacks?: ReadonlyMap<string, string>;
}) {
  if (props.rows.length === 0) return null;
  const oneRun = props.rows.every((r) => r.scope === "run");
  return (
    <section className="paper-table" data-testid="paper-vs-sim" aria-label="Paper vs simulated">
      <h2>{props.heading}</h2>
      {props.note && <p className="muted">{props.note}</p>}
      <table>
        <thead>
          <tr>
            <th scope="col">What the paper says</th>
            <th scope="col">Paper</th>
            <th scope="col" title="The values the paper's words allow">Band</th>
            <th scope="col">{oneRun ? "This run" : "Simulated (range over random runs)"}</th>
            <th scope="col">Verdict</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((r) => (
            <tr key={r.id} data-testid="paper-row" data-claim={r.id} data-holds={r.verdict?.holds ?? ""}>
              <th scope="row" title={r.claim}>
                {r.figure} · {r.label}
                {r.note && <div className="muted paper-note">{r.note}</div>}
                {r.status === "known_gap" && <KnownGap summary={r.gap_summary} gap={r.gap} lack={r.lacks ? props.lacks?.get(`${r.paper}/${r.lacks}`) : undefined} />}
              </th>
              <td>{withUnit(r.value, r.unit)}</td>
              <td>{r.band_text}</td>
              <td data-testid="paper-simulated" title={r.error}>
                {simulatedText(r)}
              </td>
              <td className={r.verdict?.holds ? "claim-holds" : "claim-off"}>
                <span data-testid="paper-verdict">{verdictText(r)}</span>
                <OverAll run={r} all={props.catalogue?.get(r.id)} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {oneRun && <p className="muted">Each row measures this run only; where the paper's value aggregates several programs, configurations or random runs, the line under the verdict gives the verdict over all of them, as the gallery does.</p>}
    </section>
  );
}

/** The catalogue's verdict over all of the claim's runs, under this run's (when the claim has more runs). */
function OverAll(props: { readonly run: ClaimResult; readonly all: ClaimResult | undefined }) {
  const text = overAllRuns(props.run, props.all);
  if (!text) return null;
  return (
    <div className={`paper-note ${props.all?.verdict?.holds ? "claim-holds" : "claim-off"}`} data-testid="paper-verdict-all">
      {text}
    </div>
  );
}
