import { describe, expect, it } from "vitest";
import type { PlatformSummary } from "../engine/engine-types";
import { checkEvent, eventLaneKeys, lanesOf, moveEvent, moveToLane, newEvent, parseField, resizeEvent, type ScenarioEvent, splitErrorPath, stackEvents } from "./events-model";

const PLATFORM: PlatformSummary = {
  name: "test",
  n_cores: 4,
  clusters: [
    { name: "big", core_type: "A15", first_core: 0, cores: 2, freqs_mhz: [200, 1000, 2000], freq_mhz: 2000 },
    { name: "little", core_type: "A7", first_core: 2, cores: 2, freqs_mhz: [200, 800], freq_mhz: 800 },
  ],
};

describe("event lanes", () => {
  it("lists each cluster lane followed by its cores", () => {
    expect(lanesOf(PLATFORM).map((l) => (l.type === "cluster" ? `C${l.cluster}` : `c${l.core}`))).toEqual(["C0", "c0", "c1", "C1", "c2", "c3"]);
  });

  it("makes valid defaults for every kind on either lane type", () => {
    for (const kind of ["dvfs", "dvfs_square", "cpu_interference", "memory_interference", "core_offline"] as const) {
      for (const lane of lanesOf(PLATFORM)) {
        const ev = newEvent(kind, lane, PLATFORM, 5_000, 20_000);
        expect(checkEvent(ev, PLATFORM), `${kind} on ${JSON.stringify(lane)}`).toEqual({});
        expect(ev.start_ns).toBe(5_000);
        expect(ev.end_ns).toBe(25_000);
      }
    }
    // A CPU co-runner dropped on a cluster lane covers all its cores.
    expect(newEvent("cpu_interference", { type: "cluster", cluster: 1 }, PLATFORM, 0, 10).cores).toEqual([2, 3]);
    expect(newEvent("dvfs", { type: "core", core: 3, cluster: 1 }, PLATFORM, 0, 10).cluster).toBe(1);
  });

  it("moves keep the duration and clamp at 0; resizes keep a minimum", () => {
    const ev: ScenarioEvent = { kind: "dvfs", cluster: 0, freq_mhz: 200, start_ns: 10_000, end_ns: 30_000 };
    expect(moveEvent(ev, 5_000.4)).toMatchObject({ start_ns: 15_000, end_ns: 35_000 });
    expect(moveEvent(ev, -50_000)).toMatchObject({ start_ns: 0, end_ns: 20_000 });
    expect(resizeEvent(ev, "end", 12_000, 100_000)).toMatchObject({ start_ns: 10_000, end_ns: 12_000 });
    expect(resizeEvent(ev, "end", 9_000, 100_000)).toMatchObject({ end_ns: 11_000 });
    expect(resizeEvent(ev, "start", 40_000, 100_000)).toMatchObject({ start_ns: 29_000 });
    const open: ScenarioEvent = { kind: "core_offline", core: 1, start_ns: 10 };
    expect(moveEvent(open, 5).end_ns).toBeUndefined();
    expect(resizeEvent(open, "end", 5_000, 100_000).end_ns).toBe(5_000);
    // Presets write an open end as null.
    const nullEnd: ScenarioEvent = { kind: "core_offline", core: 1, start_ns: 10, end_ns: null };
    expect(moveEvent(nullEnd, 5).end_ns).toBeNull();
    expect(checkEvent(nullEnd, PLATFORM)).toEqual({});
  });

  it("moving to another lane retargets cluster or core", () => {
    const dvfs: ScenarioEvent = { kind: "dvfs", cluster: 0, freq_mhz: 200, start_ns: 0, end_ns: 10 };
    expect(moveToLane(dvfs, { type: "core", core: 3, cluster: 1 }, PLATFORM).cluster).toBe(1);
    const fast: ScenarioEvent = { kind: "dvfs_square", cluster: 0, high_mhz: 2000, low_mhz: 200, high_ns: 1000, low_ns: 1000, start_ns: 0 };
    expect(moveToLane(fast, { type: "cluster", cluster: 1 }, PLATFORM)).toMatchObject({ cluster: 1, high_mhz: 800, low_mhz: 200 });
    const off: ScenarioEvent = { kind: "core_offline", core: 0, start_ns: 0 };
    expect(eventLaneKeys(moveToLane(off, { type: "core", core: 2, cluster: 1 }, PLATFORM))).toEqual(["core-2"]);
  });

  it("checks fields as the engine does", () => {
    expect(checkEvent({ kind: "dvfs", cluster: 0, freq_mhz: 333, start_ns: 0 }, PLATFORM)).toHaveProperty("freq_mhz");
    expect(checkEvent({ kind: "dvfs", cluster: 5, freq_mhz: 200, start_ns: 0 }, PLATFORM)).toHaveProperty("cluster");
    expect(checkEvent({ kind: "memory_interference", cluster: 0, intensity: 1.5, start_ns: 0 }, PLATFORM)).toHaveProperty("intensity");
    expect(checkEvent({ kind: "cpu_interference", cores: [9], threads: 1, start_ns: 0 }, PLATFORM)).toHaveProperty("cores");
    expect(checkEvent({ kind: "core_offline", core: 1, start_ns: 10, end_ns: 5 }, PLATFORM)).toHaveProperty("end_ns");
    expect(parseField({ name: "start_ns", label: "", input: "int" }, "-3")).toMatchObject({ ok: false });
    expect(parseField({ name: "end_ns", label: "", input: "optional-int" }, "")).toEqual({ ok: true, value: undefined });
    expect(parseField({ name: "cores", label: "", input: "cores" }, "1, 2 3")).toEqual({ ok: true, value: [1, 2, 3] });
  });

  it("splits engine error paths", () => {
    expect(splitErrorPath("events[2].freq_mhz: must be one of 200, 800")).toEqual({ path: "events[2].freq_mhz", message: "must be one of 200, 800" });
    // A JSON syntax message names no field.
    expect(splitErrorPath("Scenario JSON: Unexpected token")).toBeNull();
    expect(splitErrorPath(null)).toBeNull();
  });
});

describe("stackEvents", () => {
  it("puts overlapping events of one lane on separate rows and reuses free rows", () => {
    const ev = (start_ns: number, end_ns: number | undefined, cluster = 0): ScenarioEvent => ({ kind: "dvfs", cluster, freq_mhz: 200, start_ns, end_ns }) as ScenarioEvent;
    const events = [ev(0, 100), ev(50, 150), ev(120, 200), ev(10, 20, 1)];
    const { row, rows } = stackEvents(events, "cluster-0", 1000);
    expect(rows).toBe(2);
    expect([row.get(0), row.get(1), row.get(2)]).toEqual([0, 1, 0]);
    expect(row.has(3)).toBe(false);
    expect(stackEvents(events, "cluster-1", 1000).rows).toBe(1);
  });
});
