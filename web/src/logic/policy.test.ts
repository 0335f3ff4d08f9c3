import { describe, expect, it } from "vitest";
import { customSchedulersOf, policyError, validPolicyName, withPolicy } from "./policy";

describe("policy helpers", () => {
  it("adds a policy and lists it after the built-ins, replacing it on save and following a rename", () => {
    const base = { schedulers: ["fifo", "rws"] };
    const one = withPolicy(base, "mine", "fn on_idle(core) { sleep() }");
    expect(one.schedulers).toEqual(["fifo", "rws", "mine"]);
    const again = withPolicy(one, "mine", "v2");
    expect(customSchedulersOf(JSON.stringify(again))).toEqual([{ name: "mine", level: "tasks", source: "v2" }]);
    const renamed = withPolicy(again, "yours", "v3", "mine");
    expect(renamed.schedulers).toEqual(["fifo", "rws", "yours"]);
    expect(customSchedulersOf(JSON.stringify(renamed)).map((d) => d.name)).toEqual(["yours"]);
  });

  it("reads the policy and line out of engine errors", () => {
    expect(policyError("custom_schedulers[1].source: policy 'x', line 7: task 3 is not ready")).toEqual({ index: 1, line: 7, message: "policy 'x', line 7: task 3 is not ready" });
    expect(policyError("custom_schedulers[0].source: policy 'x': define fn on_idle(core)")?.line).toBeNull();
    expect(policyError("platform.clusters[0].cores: must be at least 1")).toBeNull();
  });

  it("checks names like the engine", () => {
    expect(validPolicyName("my-rws")).toBe(true);
    expect(validPolicyName("a b")).toBe(false);
    expect(validPolicyName("")).toBe(false);
  });
});
