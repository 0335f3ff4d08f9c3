import { describe, expect, it } from "vitest";
import { formatDuration, formatMetric, formatMs, formatPercent, formatTick, schedulerLabel } from "./format";

describe("format", () => {
  it("formats durations with a fitting unit", () => {
    const cases: [number, string][] = [[850, "850 ns"], [12_500, "12.50 µs"], [3_210_000, "3.210 ms"], [1.5e9, "1.500 s"], [456_700, "456.7 µs"]];
    for (const [ns, text] of cases) expect(formatDuration(ns)).toBe(text);
  });
  it("formats times in ms", () => {
    expect(formatMs(12_345_678)).toBe("12.346 ms");
    expect(formatMs(0, 1)).toBe("0.0 ms");
  });
  it("formats axis ticks in ms or µs depending on the step", () => {
    expect(formatTick(0, 1e6)).toBe("0");
    expect(formatTick(5e6, 1e6)).toBe("5 ms");
    expect(formatTick(2.5e6, 5e5)).toBe("2.5 ms");
    expect(formatTick(1_200_000, 1e5)).toBe("1.2 ms");
    expect(formatTick(1_250_000, 50_000)).toBe("1250 µs");
    expect(formatTick(1_234_500, 500)).toBe("1234.5 µs");
  });
  it("formats metrics with 4 significant digits", () => {
    const cases: [number, string][] = [[1234.5678, "1,235"], [123456, "123,456"], [12.345678, "12.35"], [0.0123456, "0.01235"], [0, "0"], [Number.NaN, "—"], [0.00001234, "1.234e-5"]];
    for (const [value, text] of cases) expect(formatMetric(value)).toBe(text);
  });
  it("formats percentages and scheduler names", () => {
    expect(formatPercent(0.9234)).toBe("92.3 %");
    expect(schedulerLabel("rws")).toBe("RWS");
  });
});
