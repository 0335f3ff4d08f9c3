// The papers page: the four source papers with their full citations (authors, title, venue) from the engine's
// catalogue (`list_papers()`, engine/catalogue/papers.json), what the explorer takes from each, the gallery scenarios
// that reproduce its figures, its headline effects (the results it leads with) and whether each is reproduced, and how
// close the model comes to it: the few mechanisms the model lacks behind its known gaps, every claim with its verdict
// (a known gap with its reason and mechanism), and the result statements left out of the claims (fidelity.json, as the
// gallery's cards). A link `#papers` opens it.
import { useEffect, useMemo } from "react";
import type { ClaimResult, PaperInfo, PresetInfo } from "../engine/engine-types";
import { useActions, useAppStore } from "../state/AppProvider";
import { paperText, simulatedText, verdictText } from "../teach/claim-rows";
import { CodeSpans } from "../teach/CodeSpans";
import { KnownGap } from "../teach/KnownGap";
import { fidelityLine, headlineLine, lackTitles, type PaperFidelity, paperFidelity, useFidelity } from "./fidelity-data";
import { presetHref } from "./Gallery";

/** "K. Chronaki, M. Moretó, … (2019). Title. Venue." as one line. */
export function fullCitation(paper: PaperInfo): string {
  return `${paper.authors}. “${paper.title}”. ${paper.venue}.`;
}

/** The mechanisms the model lacks behind one paper's known gaps, most gaps first. */
function PaperLacks(props: { readonly fidelity: PaperFidelity }) {
  const f = props.fidelity;
  if (f.lacks.length === 0) return null;
  return (
    <>
      <p className="paper-left-out-head">
        What the model lacks: {f.lacks.length === 1 ? "the mechanism" : `the ${f.lacks.length} mechanisms`} behind its {f.gaps} known {f.gaps === 1 ? "gap" : "gaps"}.
      </p>
      <ul className="paper-lacks" data-testid="paper-lacks">
        {f.lacks.map((m) => (
          <li key={m.id} data-testid="paper-lack">
            <span className="claim-figure">{m.title}</span>{" "}
            <span className="muted">
              ({m.gaps.length} known {m.gaps.length === 1 ? "gap" : "gaps"})
            </span>
            <div className="muted paper-lack-text">
              <CodeSpans text={m.text} />
            </div>
          </li>
        ))}
      </ul>
      <p className="paper-left-out-head">Every claim:</p>
    </>
  );
}

/** One claim on a line: ✓ or ✗, figure and label, the paper's and the simulated value, the verdict, and a link that opens
 * its scenario. */
function ClaimLine(props: { readonly claim: ClaimResult; readonly preset: PresetInfo | undefined }) {
  const c = props.claim;
  const holds = c.verdict?.holds ?? false;
  return (
    <>
      <span aria-hidden="true" className="claim-mark">
        {holds ? "✓" : "✗"}
      </span>{" "}
      <span className="claim-figure">{c.figure}</span> · {c.label}: paper {paperText(c)}, simulated {simulatedText(c)},{" "}
      <span className={holds ? "claim-holds" : "claim-off"}>{verdictText(c)}</span>
      {props.preset && (
        <>
          {" "}
          <a className="muted" href={presetHref(props.preset)}>
            open
          </a>
        </>
      )}
    </>
  );
}

/** The title of the mechanism a known gap points to (`lackTitles`), if any. */
function gapLack(c: ClaimResult, lacks: ReadonlyMap<string, string>): string | undefined {
  return c.status === "known_gap" && c.lacks ? lacks.get(`${c.paper}/${c.lacks}`) : undefined;
}

/** The results a paper leads with and whether the model reproduces each, shown open: what a class or a reader checks
 * first. A known gap names the mechanism the model lacks. */
function PaperHeadline(props: {
  readonly fidelity: PaperFidelity;
  readonly presets: ReadonlyMap<string, PresetInfo>;
  readonly lacks: ReadonlyMap<string, string>;
}) {
  const f = props.fidelity;
  if (f.headline.length === 0) return null;
  return (
    <div className="paper-headline" data-testid="paper-headline">
      <p className="paper-left-out-head">{headlineLine(f)}:</p>
      <ul className="paper-claims">
        {f.headline.map((c) => {
          const lack = gapLack(c, props.lacks);
          return (
            <li key={c.id} data-testid="headline-claim" data-holds={c.verdict?.holds ?? false}>
              <ClaimLine claim={c} preset={props.presets.get(c.preset)} />
              {lack && <div className="muted paper-lack-text">The model lacks {lack}.</div>}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** What the model lacks, every claim of one paper with its verdict (a known gap with its reason and mechanism), and the
 * statements left out. */
function PaperClaims(props: {
  readonly fidelity: PaperFidelity;
  readonly presets: ReadonlyMap<string, PresetInfo>;
  /** Every paper's mechanisms by `paper/id` (`lackTitles`), as the "Paper vs simulated" table names them. */
  readonly lacks: ReadonlyMap<string, string>;
}) {
  const f = props.fidelity;
  if (f.claims.length === 0 && f.leftOut.length === 0) return null;
  return (
    <details className="paper-fidelity" data-testid="paper-fidelity">
      <summary>How close the model comes: {fidelityLine(f)}</summary>
      <PaperLacks fidelity={f} />
      <ul className="paper-claims">
        {f.claims.map((c) => (
          <li key={c.id} data-testid="paper-claim" data-holds={c.verdict?.holds ?? false}>
            <ClaimLine claim={c} preset={props.presets.get(c.preset)} />
            {c.status === "known_gap" && <KnownGap summary={c.gap_summary} gap={c.gap} lack={gapLack(c, props.lacks)} />}
          </li>
        ))}
      </ul>
      {f.leftOut.length > 0 && (
        <>
          <p className="paper-left-out-head">Left out: what the paper reports that the model cannot measure.</p>
          <ul className="paper-left-out" data-testid="paper-left-out">
            {f.leftOut.map((l) => (
              <li key={`${l.where} ${l.statement}`}>
                <span className="claim-figure">{l.where}</span> · “{l.statement}” <span className="muted">{l.why}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </details>
  );
}

/** A paper's headline effects (shown open), then how close the model comes to all its claims (folded). */
function PaperFidelityView(props: {
  readonly fidelity: PaperFidelity;
  readonly presets: ReadonlyMap<string, PresetInfo>;
  readonly lacks: ReadonlyMap<string, string>;
}) {
  return (
    <>
      <PaperHeadline {...props} />
      <PaperClaims {...props} />
    </>
  );
}

export function PapersPage(props: { readonly presets: readonly PresetInfo[] }) {
  const { loadPapers } = useActions();
  const papers = useAppStore((s) => s.sim.papers);
  useEffect(loadPapers, [loadPapers]);
  const byPaper = useMemo(() => {
    const map = new Map<string, PresetInfo[]>();
    for (const p of props.presets) if (p.paper) map.set(p.paper, [...(map.get(p.paper) ?? []), p]);
    return map;
  }, [props.presets]);
  const presetsByName = useMemo(() => new Map(props.presets.map((p) => [p.name, p])), [props.presets]);
  const fidelity = useFidelity();
  const lacks = useMemo(() => lackTitles(fidelity), [fidelity]);
  return (
    <main className="papers-page" data-testid="papers-page">
      <h2>The papers this explorer reproduces</h2>
      <p className="gallery-intro">
        Every scheduler, platform and claim in Asymmetry Lab comes from one of these four papers; the model they share is described in docs/model-reference.md. Each scenario below opens with a guide and the paper's numbers beside the simulated ones.
      </p>
      {papers.length === 0 && <p className="muted">Loading the papers…</p>}
      {papers.map((paper) => (
        <section key={paper.id} className="paper-entry" data-testid="paper-entry" data-paper={paper.id} aria-labelledby={`paper-${paper.id}`}>
          <h3 id={`paper-${paper.id}`}>
            {paper.cite} {paper.year} · {paper.title}
          </h3>
          <p className="paper-citation" data-testid="paper-citation">
            {fullCitation(paper)}
          </p>
          <p className="paper-summary">{paper.summary}</p>
          {(byPaper.get(paper.id)?.length ?? 0) > 0 && (
            <details className="paper-presets">
              <summary>{byPaper.get(paper.id)?.length} scenarios reproduce its figures</summary>
              <ul>
                {byPaper.get(paper.id)?.map((p) => (
                  <li key={p.name}>
                    <a href={presetHref(p)}>{p.title}</a>
                    {p.question && <span className="muted"> — {p.question}</span>}
                  </li>
                ))}
              </ul>
            </details>
          )}
          {fidelity && <PaperFidelityView fidelity={paperFidelity(fidelity, paper.id, paper.headline)} presets={presetsByName} lacks={lacks} />}
        </section>
      ))}
    </main>
  );
}
