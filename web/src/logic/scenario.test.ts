import { describe, expect, it } from "vitest";
import { parseScenario, withPlatform } from "./scenario";

describe("scenario edits", () => {
  it("reports invalid JSON with a readable message", () => {
    const parsed = parseScenario("{bad");
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(/^Scenario JSON: /);
    expect(parseScenario("[1]").ok).toBe(false);
  });
  it("accepts a UTF-8 byte-order mark, as the engine does", () => {
    expect(parseScenario('\ufeff{"name":"x"}')).toEqual({ ok: true, value: { name: "x" } });
  });
  it("replaces only the platform", () => {
    const text = withPlatform('{"name":"x","platform":{"name":"a"},"schedulers":["fifo"]}', '{"name":"b"}');
    expect(JSON.parse(text)).toEqual({ name: "x", platform: { name: "b" }, schedulers: ["fifo"] });
  });
});
