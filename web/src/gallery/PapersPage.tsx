// The papers page: the four source papers with their full citations (authors, title, venue) from the engine's
// catalogue (`list_papers()`, engine/catalogue/papers.json), what the explorer takes from each, and the gallery
// scenarios that reproduce its figures. A link `#papers` opens it.
import { useEffect, useMemo } from "react";
import type { PaperInfo, PresetInfo } from "../engine/engine-types";
import { useActions, useAppStore } from "../state/AppProvider";
import { presetHref } from "./Gallery";

/** "K. Chronaki, M. Moretó, … (2019). Title. Venue." as one line. */
export function fullCitation(paper: PaperInfo): string {
  return `${paper.authors}. “${paper.title}”. ${paper.venue}.`;
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
  return (
    <main className="papers-page" data-testid="papers-page">
      <h2>The papers this explorer reproduces</h2>
      <p className="gallery-intro">
        Every scheduler, platform and claim in Asymmetry Lab comes from one of these four papers; the model they share is described in docs/model.md. Each scenario below opens with a guide and the paper's numbers beside the simulated ones.
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
        </section>
      ))}
    </main>
  );
}
