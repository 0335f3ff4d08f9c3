import { describe, expect, it } from "vitest";
import type { ClaimResult } from "../engine/engine-types";
import { type Fidelity, fidelityLine, paperFidelity } from "./fidelity-data";
import real from "./fidelity.json";

function claim(id: string, paper: string, holds: boolean, gap: boolean): ClaimResult {
  return {
    id,
    paper,
    preset: "p",
    status: gap ? "known_gap" : "holds",
    verdict: { holds, text: holds ? "holds" : "off by 10%" },
  } as unknown as ClaimResult;
}

describe("a paper's fidelity summary", () => {
  const f: Fidelity = {
    claims: [claim("a", "x", true, false), claim("b", "x", false, true), claim("c", "y", true, false), claim("d", "x", true, false)],
    left_out: { x: [{ where: "§5", statement: "misses rise 3.6x", why: "no counters" }] },
  };
  it("counts one paper's claims, holding claims, known gaps and left-out statements", () => {
    const x = paperFidelity(f, "x");
    expect(x.claims.map((c) => c.id)).toEqual(["a", "b", "d"]);
    expect([x.holding, x.gaps, x.leftOut.length]).toEqual([2, 1, 1]);
    expect(fidelityLine(x)).toBe("2 of 3 claims hold · 1 known gap · 1 statement left out");
    expect(fidelityLine(paperFidelity(f, "y"))).toBe("1 of 1 claim holds");
  });
  it("reads the generated fidelity.json: every claim is a paper's, and the counts add up", () => {
    const data = real as unknown as Fidelity;
    const papers = new Set(data.claims.map((c) => c.paper));
    expect(papers.size).toBe(4);
    let total = 0;
    for (const p of papers) {
      const s = paperFidelity({ claims: data.claims, left_out: data.left_out ?? {} }, p);
      expect(s.holding + s.gaps).toBe(s.claims.length);
      total += s.claims.length;
    }
    expect(total).toBe(data.claims.length);
  });
});
