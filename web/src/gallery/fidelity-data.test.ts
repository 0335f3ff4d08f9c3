import { describe, expect, it } from "vitest";
import type { ClaimResult } from "../engine/engine-types";
import { type Fidelity, fidelityLine, headlineLine, inSentence, lackTitles, paperFidelity } from "./fidelity-data";
import real from "./fidelity.json";

function claim(id: string, paper: string, holds: boolean, gap: boolean, lacks?: string): ClaimResult {
  return {
    id,
    paper,
    preset: "p",
    status: gap ? "known_gap" : "holds",
    verdict: { holds, text: holds ? "holds" : "off by 10%" },
    lacks,
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
  it("groups a paper's known gaps by the mechanism they point to, most gaps first, leaving out mechanisms no gap names", () => {
    const g: Fidelity = {
      claims: [claim("a", "x", false, true, "m1"), claim("b", "x", false, true, "m2"), claim("c", "x", false, true, "m2"), claim("d", "y", false, true, "m1")],
      left_out: {},
      lacks: {
        x: [
          { id: "m1", title: "one", text: "t1" },
          { id: "m2", title: "two", text: "t2" },
          { id: "m3", title: "none", text: "t3" },
        ],
      },
    };
    const x = paperFidelity(g, "x");
    expect(x.lacks.map((m) => [m.id, m.gaps.map((c) => c.id)])).toEqual([
      ["m2", ["b", "c"]],
      ["m1", ["a"]],
    ]);
    expect(paperFidelity(g, "y").lacks).toEqual([]);
    expect(lackTitles(g).get("x/m2")).toBe("two");
    expect(lackTitles(null).size).toBe(0);
  });
  it("lists a paper's headline claims in its order, skipping ids with no result, and counts the reproduced ones", () => {
    const x = paperFidelity(f, "x", ["d", "b", "missing", "c"]);
    expect(x.headline.map((c) => c.id)).toEqual(["d", "b"]);
    expect(headlineLine(x)).toBe("1 of 2 headline effects reproduced");
    expect(paperFidelity(f, "x").headline).toEqual([]);
    expect(headlineLine(paperFidelity(f, "y", ["c"]))).toBe("1 of 1 headline effect reproduced");
  });
  it("puts a mechanism's title inside a sentence, keeping acronyms", () => {
    expect(inSentence("The cores' speeds")).toBe("the cores' speeds");
    expect(inSentence("PBS's large cores")).toBe("PBS's large cores");
    expect(inSentence("AID's sampling")).toBe("AID's sampling");
    expect(inSentence("A Linux that")).toBe("a Linux that");
  });
  it("reads the generated fidelity.json: every claim is a paper's, the counts add up, and every known gap has its mechanism", () => {
    const data = real as unknown as Fidelity;
    const papers = new Set(data.claims.map((c) => c.paper));
    expect(papers.size).toBe(4);
    let total = 0;
    for (const p of papers) {
      const s = paperFidelity({ claims: data.claims, left_out: data.left_out ?? {}, lacks: data.lacks ?? {} }, p);
      expect(s.holding + s.gaps).toBe(s.claims.length);
      expect(s.lacks.reduce((n, m) => n + m.gaps.length, 0)).toBe(s.gaps);
      total += s.claims.length;
    }
    expect(total).toBe(data.claims.length);
  });
});
