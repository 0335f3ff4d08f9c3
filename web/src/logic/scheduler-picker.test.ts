import { describe, expect, it } from "vitest";
import { isTaskWorkload, scenarioSchedulers, toggleScheduler } from "./scheduler-picker";

const order = ["fifo", "rws", "rwsm-c", "fa", "dam-c", "dam-p"];

describe("scheduler picker", () => {
  it("adds in registry order, removes, and keeps at least one", () => {
    const text = JSON.stringify({ version: 1, schedulers: ["rws", "fifo"] });
    const added = toggleScheduler(text, "dam-p", true, order);
    expect(scenarioSchedulers(added)).toEqual(["fifo", "rws", "dam-p"]);
    const removed = toggleScheduler(added, "fifo", false, order);
    expect(scenarioSchedulers(removed)).toEqual(["rws", "dam-p"]);
    const single = JSON.stringify({ schedulers: ["rws"] });
    expect(scenarioSchedulers(toggleScheduler(single, "rws", false, order))).toEqual(["rws"]);
    expect(scenarioSchedulers("{ bad")).toBeNull();
    expect(isTaskWorkload(JSON.stringify({ workload: { kind: "layered" } }))).toBe(true);
    expect(isTaskWorkload(JSON.stringify({ workload: { kind: "loop_program" } }))).toBe(false);
  });
});
