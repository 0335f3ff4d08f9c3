import { describe, expect, it } from "vitest";
import { guideMetricKey } from "./guide-metric";

const cols = ["makespan", "throughput", "energy", "edp", "power"].map((key) => ({ key }));

describe("guideMetricKey", () => {
  it("finds the metric the step's words name, the step before the preset", () => {
    expect(guideMetricKey(["DAM-C uses less energy here", "Which is fastest?"], cols)).toBe("energy");
    expect(guideMetricKey(["The EDP of static threading…"], cols)).toBe("edp");
    expect(guideMetricKey(["Throughput drops by 20%"], cols)).toBe("throughput");
  });
  it("prefers the normalised column where the table has it", () => {
    expect(guideMetricKey(["energy"], [...cols, { key: "energy-norm" }])).toBe("energy-norm");
  });
  it("falls back to makespan, also for a metric the table lacks", () => {
    expect(guideMetricKey(["Look at core 0", undefined], cols)).toBe("makespan");
    expect(guideMetricKey(["speedup over one little core"], cols)).toBe("makespan");
  });
});
