import { describe, expect, it } from "vitest";
import type { SimResult } from "../engine/engine";
import type { ClaimResult, PresetInfo } from "../engine/engine-types";
import { makeSegments, metricsOf, runOf, summaryOf } from "../logic/test-fixtures";
import { initialSimState as initialState, measuresClaims, simReducer as reducer } from "./sim";

function result(makespanNs: number): SimResult {
  const seg = makeSegments([{ core: 0, start: 0, end: makespanNs }], 1);
  return {
    summary: summaryOf([runOf("fifo", metricsOf({ makespan_ns: makespanNs }))]),
    segments: [seg],
    simMs: 1,
  };
}

describe("simulation reducer", () => {
  const edited = reducer(initialState, { type: "scenarioSet", text: "{}", debounceMs: 0 });
  const good = reducer(edited, { type: "simSucceeded", revision: 1, scenarioText: "{}", result: result(1_000) });

  it("stores a good result and shows all of it", () => {
    expect(good.good?.scenarioText).toBe("{}");
    expect(good.window).toEqual({ t0Ns: 0, t1Ns: 1_000 });
    expect(good.simPending).toBe(false);
  });

  it("adds the claims evaluated after the chart to the result they were evaluated on, and to no other", () => {
    const claims = [{ id: "c1" }] as unknown as ClaimResult[];
    const withClaims = reducer(good, { type: "claimsArrived", scenarioText: "{}", claims });
    expect(withClaims.good?.result.summary.claims).toBe(claims);
    expect(withClaims.good?.result.segments).toBe(good.good?.result.segments);
    expect(good.good?.result.summary.claims).toEqual([]);
    expect(reducer(good, { type: "claimsArrived", scenarioText: "{ }", claims })).toBe(good);
    expect(reducer(good, { type: "claimsArrived", scenarioText: "{}", claims: [] }), "nothing measured: nothing changes").toBe(good);
  });

  it("asks for a run's claims only when its preset has claims and the run lacks them", () => {
    const preset = { name: "p", title: summaryOf([]).scenario_name, description: "", claims: [{ id: "c1" }] } as unknown as PresetInfo;
    expect(measuresClaims([preset], result(1_000))).toBe(true);
    expect(measuresClaims([{ ...preset, claims: [] }], result(1_000))).toBe(false);
    expect(measuresClaims([{ ...preset, title: "another" }], result(1_000))).toBe(false);
    const measured = result(1_000);
    expect(measuresClaims([preset], { ...measured, summary: { ...measured.summary, claims: [{ id: "c1" }] as unknown as ClaimResult[] } })).toBe(false);
  });

  it("keeps the last good result on an error", () => {
    const bad = reducer(reducer(good, { type: "scenarioSet", text: "{", debounceMs: 300 }), { type: "simFailed", revision: 2, message: "boom" });
    expect(bad.error).toBe("boom");
    expect(bad.good).toBe(good.good);
    expect(bad.scenarioText).toBe("{");
  });

  it("drops results of superseded revisions", () => {
    const twice = reducer(reducer(edited, { type: "scenarioSet", text: "{ }", debounceMs: 0 }), {
      type: "simSucceeded",
      revision: 1,
      scenarioText: "{}",
      result: result(5),
    });
    expect(twice.good).toBeNull();
    expect(twice.simPending).toBe(true);
  });

  it("keeps a zoomed window across re-simulations, clamped to the new bounds", () => {
    const zoomed = reducer(good, { type: "setWindow", window: { t0Ns: 100, t1Ns: 200 } });
    const again = reducer(reducer(zoomed, { type: "scenarioSet", text: "{}", debounceMs: 0 }), {
      type: "simSucceeded",
      revision: 2,
      scenarioText: "{}",
      result: result(2_000),
    });
    expect(again.window).toEqual({ t0Ns: 100, t1Ns: 200 });
    expect(reducer(again, { type: "resetWindow" }).window).toEqual({ t0Ns: 0, t1Ns: 2_000 });
  });
});

describe("imports, calibrations and replays", () => {
  const edited = reducer(initialState, { type: "scenarioSet", text: "{}", debounceMs: 0 });
  const good = reducer(edited, { type: "simSucceeded", revision: 1, scenarioText: "{}", result: result(1_000) });

  it("fits the window to a calibrated scenario's runs, not to the longer trace", () => {
    const withTrace = { ...good, bounds: { t0Ns: 0, t1Ns: 50_000 }, window: { t0Ns: 20_000, t1Ns: 21_000 } };
    const calibrated = reducer(reducer(withTrace, { type: "calibrated", text: "{ }" }), { type: "scenarioSet", text: "{ }", debounceMs: 0, fitRuns: true });
    expect(calibrated.calibrated).toEqual({ scenarioText: "{ }", previousText: "{}", presetName: "" });
    const ran = reducer(calibrated, { type: "simSucceeded", revision: 2, scenarioText: "{ }", result: result(2_000) });
    expect(ran.window).toEqual({ t0Ns: 0, t1Ns: 2_000 });
    expect(ran.fitRuns).toBe(false);
    // Editing the calibrated scenario makes it the user's own: a new import keeps it.
    expect(reducer(ran, { type: "scenarioSet", text: "{  }", debounceMs: 0 }).calibrated).toBeNull();
  });

  it("a new import drops the previous trace's replays", () => {
    const replay = { spanNs: 9_000 } as unknown as NonNullable<typeof good.replay>;
    const replayed = reducer(good, { type: "replayLoaded", replay });
    expect(replayed.replay).toBe(replay);
    expect(replayed.bounds.t1Ns).toBe(9_000);
    const view = { spanNs: 3_000 } as unknown as NonNullable<typeof good.imported>;
    const next = reducer(replayed, { type: "importLoaded", imported: view });
    expect(next.replay).toBeNull();
    expect(next.bounds.t1Ns).toBe(3_000);
  });
});
