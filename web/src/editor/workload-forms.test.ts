import { describe, expect, it } from "vitest";
import { setPath } from "./form-context";
import { withCurrent } from "./form-fields";
import { checkExplicit, checkThresholds, costKinds, meanIterNs, switchCost } from "./workload-forms";

describe("workload form helpers", () => {
  it("keeps the mean iteration cost when the profile kind changes", () => {
    expect(meanIterNs({ kind: "ramp", first_ns: 100, last_ns: 300 })).toBe(200);
    expect(switchCost({ kind: "ramp", first_ns: 100, last_ns: 300 }, "uniform", 4)).toEqual({ kind: "uniform", iter_ns: 200 });
    expect(switchCost({ kind: "uniform", iter_ns: 50 }, "random", 4)).toEqual({ kind: "random", mean_ns: 50, cv: 0.1 });
    expect(switchCost({ kind: "uniform", iter_ns: 50 }, "explicit", 3)).toEqual({ kind: "explicit", iter_ns: [50, 50, 50] });
    expect(switchCost({ kind: "explicit", iter_ns: [1, 3] }, "ramp", 2)).toEqual({ kind: "ramp", first_ns: 2, last_ns: 2 });
    const same = { kind: "uniform", iter_ns: 7 };
    expect(switchCost(same, "uniform", 1)).toBe(same);
    expect(switchCost({}, "uniform", 1)).toEqual({ kind: "uniform", iter_ns: 1000 });
  });

  it("offers explicit only for small loops or when already explicit", () => {
    expect(costKinds("uniform", 100)).toContain("explicit");
    expect(costKinds("uniform", 1e9)).not.toContain("explicit");
    expect(costKinds("explicit", 1e9)).toContain("explicit");
  });

  it("checks explicit lengths and threshold order", () => {
    expect(checkExplicit({ kind: "explicit", iter_ns: [1, 2] }, 2)).toBeUndefined();
    expect(checkExplicit({ kind: "explicit", iter_ns: [1, 2] }, 3)).toMatch(/2 costs/);
    expect(checkExplicit({ kind: "uniform", iter_ns: 1 }, 3)).toBeUndefined();
    expect(checkThresholds({})).toBeUndefined();
    expect(checkThresholds({ up_threshold: 500, down_threshold: 500 })).toMatch(/below the up threshold \(500\)/);
  });

  it("select options keep a value outside the list; setPath creates missing objects", () => {
    expect(withCurrent(["a", "b"], "c")).toEqual(["a", "b", "c"]);
    expect(withCurrent(["a", "b"], "a")).toEqual(["a", "b"]);
    expect(setPath({ workload: { kind: "applications" } }, "workload.os.slice_ns", 1000)).toEqual({ workload: { kind: "applications", os: { slice_ns: 1000 } } });
  });
});
