// The catalogue's evaluated claims and, per paper, the result statements left out of them (fidelity.json, written by
// `asymlab fidelity --json` and kept current by the engine's claims test), fetched once and shared by the gallery's
// cards and the papers page (`useFidelity`); `paperFidelity` sums one paper's up (pure, unit-tested).
import { useEffect, useState } from "react";
import type { ClaimResult } from "../engine/engine-types";
import fidelityUrl from "./fidelity.json?url";

/** A result statement of a paper that is not a claim because the model cannot measure it. */
export type LeftOutStatement = { readonly where: string; readonly statement: string; readonly why: string };

export type Fidelity = {
  readonly claims: readonly ClaimResult[];
  readonly left_out: Readonly<Record<string, readonly LeftOutStatement[]>>;
};

let loading: Promise<Fidelity> | null = null;

/** fidelity.json, fetched on first use (it is not needed for the first paint). */
export function loadFidelity(): Promise<Fidelity> {
  loading ??= fetch(fidelityUrl)
    .then((r) => r.json() as Promise<Partial<Fidelity>>)
    .then((f) => ({ claims: f.claims ?? [], left_out: f.left_out ?? {} }));
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

/** One paper's claims with how many hold and how many are known gaps, and its left-out statements. */
export type PaperFidelity = {
  readonly claims: readonly ClaimResult[];
  readonly holding: number;
  readonly gaps: number;
  readonly leftOut: readonly LeftOutStatement[];
};

export function paperFidelity(f: Fidelity, paper: string): PaperFidelity {
  const claims = f.claims.filter((c) => c.paper === paper);
  return {
    claims,
    holding: claims.filter((c) => c.verdict?.holds).length,
    gaps: claims.filter((c) => c.status === "known_gap").length,
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
