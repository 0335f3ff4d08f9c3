import { describe, expect, it } from "vitest";
import { formatDuration, formatMetric, formatMs, formatPercent, formatTick, schedulerLabel } from "./format";

describe("format", () => {
  it("formats durations with a fitting unit", () => {
    expect(formatDuration(850)).toBe("850 ns");
    expect(formatDuration(12_500)).toBe("12.50 µs");
    expect(formatDuration(3_210_000)).toBe("3.210 ms");
    expect(formatDuration(1.5e9)).toBe("1.500 s");
    expect(formatDuration(456_700)).toBe("456.7 µs");
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
    expect(formatMetric(1234.5678)).toBe("1,235");
    expect(formatMetric(123456)).toBe("123,456");
    expect(formatMetric(12.345678)).toBe("12.35");
    expect(formatMetric(0.0123456)).toBe("0.01235");
    expect(formatMetric(0)).toBe("0");
    expect(formatMetric(Number.NaN)).toBe("—");
    expect(formatMetric(0.00001234)).toBe("1.234e-5");
  });
  it("formats percentages and scheduler names", () => {
    expect(formatPercent(0.9234)).toBe("92.3 %");
    expect(schedulerLabel("rws")).toBe("RWS");
  });
});
