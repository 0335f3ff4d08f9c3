// The gallery: one card per preset (from the engine's list), grouped by
// paper (whose line says how many of its headline effects the model
// reproduces), each with a thumbnail of its schedule, the question it teaches, the
// figure it reproduces and whether its claims hold over their seeds (from
// fidelity.json, which `asymlab fidelity --json` writes and the engine's
// tests keep current). A card is a plain link (#preset=NAME&step=0), so it
// opens in place, in a new tab, or pasted anywhere.
import { useEffect, useMemo, useState } from "react";
import type { ClaimResult, PaperInfo, PresetInfo } from "../engine/engine-types";
import { useActions, useAppStore } from "../state/AppProvider";
import { claimsByPreset, simulatedText, withUnit } from "../teach/claim-rows";
import { type Fidelity, headlineLine, paperFidelity, useFidelity } from "./fidelity-data";
import { groupPresets } from "./gallery-groups";
import { THUMB_H, THUMB_W } from "./thumbnail-painter";
import type { ThumbnailService } from "./thumbnails";

function Thumbnail(props: { readonly name: string; readonly service: ThumbnailService }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    props.service.get(props.name).then(
      (u) => live && setUrl(u),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [props.name, props.service]);
  if (url) return <img className="thumb" data-testid="thumbnail" src={url} width={THUMB_W} height={THUMB_H} alt="" />;
  return (
    <div className="thumb thumb-placeholder" data-testid="thumbnail-pending">
      {failed ? "no preview" : "simulating…"}
    </div>
  );
}

/** The evaluated claims of every preset (fidelity.json, fetched once, after the cards are up). */
function useClaimsByPreset(fidelity: Fidelity | null): Map<string, ClaimResult[]> | null {
  return useMemo(() => fidelity && claimsByPreset(fidelity.claims), [fidelity]);
}

const SHOWN_CLAIMS = 4;

function CardClaims(props: { readonly claims: readonly ClaimResult[] }) {
  const holding = props.claims.filter((c) => c.verdict?.holds).length;
  return (
    <span className="card-claims">
      <span className="muted">
        {holding} of {props.claims.length} claims hold over their random runs
      </span>
      <ul>
        {props.claims.slice(0, SHOWN_CLAIMS).map((c) => (
          <li
            key={c.id}
            data-testid="card-claim"
            data-holds={c.verdict?.holds ?? false}
            title={`${c.figure}: ${c.claim}\nPaper ${withUnit(c.value, c.unit)} (band ${c.band_text}), simulated ${simulatedText(c)}${c.gap_summary ? `\nKnown gap: ${c.gap_summary}` : ""}`}
          >
            <span aria-hidden="true">{c.verdict?.holds ? "✓ " : "✗ "}</span>
            {c.label}
            {!c.verdict?.holds && <span className="muted"> · {c.verdict?.text ?? "not measured"}</span>}
          </li>
        ))}
        {props.claims.length > SHOWN_CLAIMS && <li className="muted">and {props.claims.length - SHOWN_CLAIMS} more</li>}
      </ul>
    </span>
  );
}

/** Authors and venue under a paper's heading, how many of its headline effects the model reproduces (once
 * fidelity.json is in), and a link to the papers page, which lists them. */
function PaperLine(props: { readonly paper: PaperInfo | undefined; readonly fidelity: Fidelity | null }) {
  const paper = props.paper;
  if (!paper) return null;
  const headline = props.fidelity && (paper.headline?.length ?? 0) > 0 ? headlineLine(paperFidelity(props.fidelity, paper.id, paper.headline)) : null;
  return (
    <p className="gallery-paper muted" data-testid="gallery-paper">
      {paper.authors} · {paper.venue} ·{" "}
      {headline && <span data-testid="gallery-headline">{headline} · </span>}
      <a href="#papers" title="Full citations of the four papers, and their headline effects one by one">
        about the papers
      </a>
    </p>
  );
}

/** A preset's link; an exercise opens on the policy editor. */
export function presetHref(preset: PresetInfo): string {
  if (preset.exercise) return `#preset=${encodeURIComponent(preset.name)}&panel=policy`;
  return `#preset=${encodeURIComponent(preset.name)}${(preset.steps?.length ?? 0) > 0 ? "&step=0" : ""}`;
}

export function Gallery(props: { readonly presets: readonly PresetInfo[]; readonly service: ThumbnailService }) {
  const groups = useMemo(() => groupPresets(props.presets), [props.presets]);
  const { loadPapers } = useActions();
  const papers = useAppStore((s) => s.sim.papers);
  useEffect(loadPapers, [loadPapers]);
  const fidelity = useFidelity();
  const claims = useClaimsByPreset(fidelity);
  return (
    <main className="gallery" data-testid="gallery">
      <p className="gallery-intro">
        Each card opens a scenario that reproduces a figure of one of the papers, with a short guided explanation and the paper's numbers beside the simulated ones. Under each card: whether the paper's claims hold in the simulation over every variation and several random runs, or how far off they are. The papers are cited in full on the <a href="#papers">Papers</a> page.
      </p>
      {groups.map((group) => (
        <section key={group.title} className="gallery-group" data-testid="gallery-group" data-paper={group.paper ?? ""}>
          <h2>{group.title}</h2>
          {group.paper && <PaperLine paper={papers.find((p) => p.id === group.paper)} fidelity={fidelity} />}
          <ul className="cards">
            {group.presets.map((preset) => (
              <li key={preset.name}>
                <a className="card" href={presetHref(preset)} data-testid="gallery-card" data-preset={preset.name} data-exercise={preset.exercise ? true : undefined}>
                  {preset.exercise ? (
                    <span className="card-goal" data-testid="card-goal">
                      Goal: {preset.exercise}
                    </span>
                  ) : (
                    <Thumbnail name={preset.name} service={props.service} />
                  )}
                  <span className="card-title">{preset.title}</span>
                  {preset.question && <span className="card-question">{preset.question}</span>}
                  {preset.figure && <span className="card-figure muted">{preset.paper ? `Reproduces ${preset.figure}` : preset.figure}</span>}
                  {(claims?.get(preset.name)?.length ?? 0) > 0 && <CardClaims claims={claims?.get(preset.name) ?? []} />}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </main>
  );
}
