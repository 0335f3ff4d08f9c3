import { csvParseRows } from "d3-dsv";
import { describe, expect, it } from "vitest";
import { toCsv } from "./csv";

describe("CSV writing", () => {
  const nasty = ["gts[up=700,down=256]", 'say "hi"', "two\nlines", "cr\r\nlf", "", "plain"];

  it("quotes fields with commas, quotes and line breaks, doubling the quotes", () => {
    const csv = toCsv(["scheduler", "makespan_ns"], nasty.map((name, i) => [name, i]));
    expect(csv).toContain('"gts[up=700,down=256]",0\n');
    expect(csv).toContain('"say ""hi""",1\n');
    expect(csv).toContain('"two\nlines",2\n');
    expect(csv).toContain("\nplain,5\n");
    expect(csv.endsWith("\n")).toBe(true);
  });

  it("round-trips every nasty name as one field of its row", () => {
    const csv = toCsv(["scheduler", "a,b", "c"], nasty.map((name) => [name, 1.5, "x"]));
    const rows = csvParseRows(csv.slice(0, -1));
    expect(rows[0]).toEqual(["scheduler", "a,b", "c"]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(nasty);
    for (const row of rows) expect(row).toHaveLength(3);
  });

  it("writes non-finite and absent values as empty fields", () => {
    expect(toCsv(["a", "b", "c", "d"], [[Number.NaN, Number.POSITIVE_INFINITY, null, undefined]])).toBe("a,b,c,d\n,,,\n");
    expect(toCsv(["n"], [[0.1 + 0.2], [-0], [1e21]])).toBe("n\n0.30000000000000004\n0\n1e+21\n");
  });
});
