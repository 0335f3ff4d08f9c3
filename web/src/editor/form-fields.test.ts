import { describe, expect, it } from "vitest";
import { checkCluster, parseFormField } from "./form-fields";
import { setPath } from "./form-context";

describe("form fields", () => {
  it("parses with limits and lists", () => {
    expect(parseFormField("0", { kind: "int", min: 1 })).toEqual({ ok: false, message: "must be at least 1" });
    expect(parseFormField("2.5", { kind: "int" })).toMatchObject({ ok: false });
    expect(parseFormField("", { kind: "int-optional" })).toEqual({ ok: true, value: null });
    expect(parseFormField("200, 400 800", { kind: "int-list", ascending: true })).toEqual({ ok: true, value: [200, 400, 800] });
    expect(parseFormField("400, 200", { kind: "int-list", ascending: true })).toEqual({ ok: false, message: "must be strictly ascending" });
    expect(parseFormField("", { kind: "number-list" })).toEqual({ ok: false, message: "enter at least one value" });
    expect(parseFormField(" ", { kind: "number-list-optional" })).toEqual({ ok: true, value: [] });
    expect(parseFormField("0.1, -1", { kind: "number-list-optional", min: 0 })).toEqual({ ok: false, message: "-1: must be at least 0" });
  });
  it("checks a cluster across fields", () => {
    expect(checkCluster({ freqs_mhz: [1, 2], freq_mhz: 3, active_w: [1], idle_w: [1, 2] })).toEqual({
      freq_mhz: "must be one of the levels (1, 2)",
      active_w: "needs one value per level (2), has 1",
    });
    // Cluster power is optional: none is fine, a list needs one value per level.
    expect(checkCluster({ freqs_mhz: [1, 2], freq_mhz: 1, active_w: [1, 2], idle_w: [0, 0], cluster_w: [] })).toEqual({});
    expect(checkCluster({ freqs_mhz: [1, 2], freq_mhz: 1, active_w: [1, 2], idle_w: [0, 0], cluster_w: [1] })).toEqual({
      cluster_w: "needs one value per level (2), has 1",
    });
  });
  it("sets a nested path without touching the original", () => {
    const s = { platform: { clusters: [{ cores: 4 }, { cores: 2 }] } };
    const t = setPath(s, "platform.clusters[1].cores", 8);
    expect(t).toEqual({ platform: { clusters: [{ cores: 4 }, { cores: 8 }] } });
    expect(s.platform.clusters[1].cores).toBe(2);
  });
});
