// The catalogue's evaluated claims and, per paper, the mechanisms the model lacks behind its known gaps and the result
// statements left out of the claims (fidelity.json, written by `asymlab fidelity --json` and kept current by the
// engine's claims test), fetched once and shared by the gallery's cards, the papers page and the "Paper vs simulated"
// table (`useFidelity`); `paperFidelity` sums one paper's up, its headline claims first (pure, unit-tested).
import { useEffect, useState } from "react";
import type { ClaimResult } from "../engine/engine-types";
import fidelityUrl from "./fidelity.json?url";

/** A result statement of a paper that is not a claim because the model cannot measure it. */
export type LeftOutStatement = { readonly where: string; readonly statement: string; readonly why: string };

/** A mechanism the model lacks, which one or more known gaps of a paper point to (their `lacks`). */
export type Lack = { readonly id: string; readonly title: string; readonly text: string };

export type Fidelity = {
  readonly claims: readonly ClaimResult[];
  readonly left_out: Readonly<Record<string, readonly LeftOutStatement[]>>;
  readonly lacks?: Readonly<Record<string, readonly Lack[]>>;
};

let loading: Promise<Fidelity> | null = null;

/** fidelity.json, fetched on first use (it is not needed for the first paint). */
export function loadFidelity(): Promise<Fidelity> {
  loading ??= fetch(fidelityUrl)
    .then((r) => r.json() as Promise<Partial<Fidelity>>)
    .then((f) => ({ claims: f.claims ?? [], left_out: f.left_out ?? {}, lacks: f.lacks ?? {} }));
  return loading;
}

/** fidelity.json once loaded (null until then, or if it cannot be fetched). */
export function useFidelity(): Fidelity | null {
  const [data, setData] = useState<Fidelity | null>(null);
  useEffect(() => {
    let live = true;
    loadFidelity().then(
      (f) => live && setData(f),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return data;
}

/** A mechanism the model lacks with the known gaps that point to it. */
export type LackWithGaps = Lack & { readonly gaps: readonly ClaimResult[] };

/** One paper's claims with how many hold and how many are known gaps, its headline claims (the results it leads with,
 * in its order), what the model lacks behind those gaps (each mechanism with its gaps, most gaps first), and its left-out
 * statements. */
export type PaperFidelity = {
  readonly claims: readonly ClaimResult[];
  readonly headline: readonly ClaimResult[];
  readonly holding: number;
  readonly gaps: number;
  readonly lacks: readonly LackWithGaps[];
  readonly leftOut: readonly LeftOutStatement[];
};

/** `headline`: the paper's headline claim ids (`PaperInfo.headline`); ids with no result are skipped. */
export function paperFidelity(f: Fidelity, paper: string, headline: readonly string[] = []): PaperFidelity {
  const claims = f.claims.filter((c) => c.paper === paper);
  const byId = new Map(claims.map((c) => [c.id, c]));
  const gaps = claims.filter((c) => c.status === "known_gap");
  const lacks = (f.lacks?.[paper] ?? [])
    .map((m) => ({ ...m, gaps: gaps.filter((c) => c.lacks === m.id) }))
    .filter((m) => m.gaps.length > 0)
    .sort((a, b) => b.gaps.length - a.gaps.length);
  return {
    claims,
    headline: headline.flatMap((id) => byId.get(id) ?? []),
    holding: claims.filter((c) => c.verdict?.holds).length,
    gaps: gaps.length,
    lacks,
    leftOut: f.left_out[paper] ?? [],
  };
}

/** "24 of 32 claims hold · 8 known gaps · 3 statements left out". */
export function fidelityLine(p: PaperFidelity): string {
  const parts = [`${p.holding} of ${p.claims.length} ${p.claims.length === 1 ? "claim holds" : "claims hold"}`];
  if (p.gaps > 0) parts.push(`${p.gaps} known ${p.gaps === 1 ? "gap" : "gaps"}`);
  if (p.leftOut.length > 0) parts.push(`${p.leftOut.length} ${p.leftOut.length === 1 ? "statement" : "statements"} left out`);
  return parts.join(" · ");
}

/** "6 of 12 headline effects reproduced". */
export function headlineLine(p: PaperFidelity): string {
  const n = p.headline.length;
  return `${p.headline.filter((c) => c.verdict?.holds).length} of ${n} headline ${n === 1 ? "effect" : "effects"} reproduced`;
}

/** A mechanism's title inside a sentence: "The cores' speeds" → "the cores' speeds", "A Linux" → "a Linux"; "PBS's
 * cores" stays as it is. */
export function inSentence(title: string): string {
  return /^[A-Z][a-z ]/.test(title) ? title[0].toLowerCase() + title.slice(1) : title;
}

/** Every paper's mechanisms by `paper/id`, as titles inside a sentence, for a table that names a known gap's. */
export function lackTitles(f: Fidelity | null): ReadonlyMap<string, string> {
  const map = new Map<string, string>();
  for (const [paper, list] of Object.entries(f?.lacks ?? {})) for (const m of list) map.set(`${paper}/${m.id}`, inSentence(m.title));
  return map;
}
