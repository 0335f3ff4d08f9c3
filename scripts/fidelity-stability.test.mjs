//! `npm run stability`'s summary: flipped verdicts and margins in standard errors, from hand-written reports.

import { describe, expect, it } from "vitest";
import { firstSeedOf, inside, stability } from "./fidelity-stability.mjs";

const claim = (id, status, bounds, mean, holds) => ({ id, status, band_text: "b", seeds: 5, bounds, simulated: { mean }, verdict: { holds } });

describe("fidelity stability", () => {
  it("keeps its held-out sets clear of the tests' own and check streams", () => {
    expect(firstSeedOf(0)).toBe(2001);
    expect(firstSeedOf(1)).toBe(3001);
  });

  it("measures the distance inside a band, negative outside", () => {
    expect(inside(5, { min: 0, max: 8 })).toBe(3);
    expect(inside(9, { min: 0, max: 8 })).toBe(-1);
    expect(inside(-2, { min: 0, max: null })).toBe(-2);
    expect(inside(4, { min: null, max: null })).toBe(Infinity);
  });

  it("lists the sets whose verdict differs from the catalogue's and the margin in standard errors", () => {
    const band = { min: 10, max: 20 };
    const sets = [11.0, 12.0, 9.5, 11.5].map((m) => ({ claims: [claim("edge", "holds", band, m, m >= 10), claim("steady", "holds", band, 15, true), claim("gap", "known_gap", band, 25, false)] }));
    const [edge, steady, gap] = stability(sets);
    expect(edge.flips.map((f) => f.set)).toEqual([2]);
    expect(edge.mean).toBeCloseTo(11.0);
    // The sets' means 11, 12, 9.5, 11.5 spread with a sample deviation of about 1.08: the mean lies 0.92 of it inside.
    expect(edge.se).toBeCloseTo(1.0801, 3);
    expect(edge.z).toBeCloseTo(1 / 1.0801, 3);
    expect(steady.flips).toEqual([]);
    expect(steady.z).toBe(Infinity);
    expect(gap.flips).toEqual([]);
  });

  it("takes a claim that every set gives the same value, up to rounding, on its band's closed edge as certain", () => {
    const band = { min: 5.39, max: 7.7 };
    const sets = [7.7, 7.700000000000001, 7.7].map((m) => ({ claims: [claim("edge", "holds", band, m, true)] }));
    const [edge] = stability(sets);
    expect(edge.flips).toEqual([]);
    expect(edge.z).toBe(Infinity);
  });
});
