import { describe, expect, test } from "vitest";
import { deflate, inflateCapped, LinkError, MAX_FRAGMENT_CHARS, packJson, toBase64Url } from "./codec";
import { checkScenarioShape, formatFragment, type LinkState, parseFragment, upgradePayload } from "./link-state";

const scenario = {
  version: 1,
  name: "tiny <img src=x onerror=alert(1)>",
  seed: 7,
  platform: { name: "p", clusters: [] },
  workload: { type: "layered", kernel: "matmul", parallelism: 4, tasks: 100 },
  events: [],
  schedulers: ["fifo", "rws"],
};

async function expectLinkError(promise: Promise<unknown>, pattern: RegExp): Promise<void> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LinkError);
  expect((err as Error).message).toMatch(pattern);
}

describe("link fragments", () => {
  test("a whole scenario round-trips through #v1. and stays compact", async () => {
    const state: LinkState = { scenario, view: { window: [1000, 2_000_000], presenter: true, step: 2, selection: { scheduler: "rws", core: 3 } } };
    const fragment = await formatFragment(state);
    expect(fragment).toMatch(/^#v1\.[A-Za-z0-9_-]+$/);
    expect(fragment.length).toBeLessThan(JSON.stringify(state).length);
    expect(await parseFragment(fragment)).toEqual(state);
  });

  test("an exact link can name its preset too", async () => {
    const state: LinkState = { preset: "tx2-matmul", scenario, view: {} };
    expect(await parseFragment(await formatFragment(state))).toEqual(state);
  });

  test("a v1 link written by an earlier build still opens (links never break across versions)", async () => {
    // Frozen on 2026-11-22. Never regenerate: if this fails, add an upgrade instead of changing the string.
    const frozen =
      "#v1.RZDBToRAEER_xdR5TGDNXjrGH9l4mIUiThhmSE8DroR_N4NG76-r6vWOWVloENjn5XnyNi0RDqVj8hoyZMdKLSEnSOuQ_EQIBs1fTE-v97fKkj3kxWGO3oasUz36BWc4dHEpRi2Q2_vhsGUdY_Z9pewxVyr6B5U9HEZqYoTgb8ns1cfIGMoEuTiYL2OBtM3hwJXJzty6-IP9En96MIQho7atgVtt2kLq8wa5Xd21aSpvnE-l8wHJqBDThdUnsrPTeP-PrdY11KHLSkh7HMc3";
    expect(await parseFragment(frozen)).toEqual({
      preset: "tx2-matmul",
      scenario: { ...scenario, name: "frozen <b>", seed: 3, workload: { ...scenario.workload, parallelism: 2, tasks: 10 }, schedulers: ["fifo"] },
      view: { window: [5, 500], step: 1, presenter: true, selection: { scheduler: "fifo", core: 1 } },
    });
    expect(await parseFragment("#preset=tx2-matmul&t=5,500&step=1&presenter=1&core=1@fifo")).toEqual({
      preset: "tx2-matmul",
      view: { window: [5, 500], step: 1, presenter: true, selection: { scheduler: "fifo", core: 1 } },
    });
  });

  test("preset links are short and readable", async () => {
    const state: LinkState = { preset: "dam-fig5", view: { window: [0, 5e6], step: 1, presenter: true, selection: { core: 2 } } };
    const fragment = await formatFragment(state);
    expect(fragment).toBe("#preset=dam-fig5&t=0,5000000&step=1&presenter=1&core=2");
    expect(await parseFragment(fragment)).toEqual(state);
    expect(await parseFragment("#preset=tx2-matmul")).toEqual({ preset: "tx2-matmul", view: {} });
    expect(await parseFragment("#gallery")).toEqual({ view: { page: "gallery" } });
    expect(await parseFragment("")).toBeNull();
  });

  test("bad view fields are dropped, not fatal", async () => {
    const parsed = await parseFragment("#preset=x&t=5,1&step=-3&core=abc&tab=%3Cscript%3E&panel=");
    expect(parsed).toEqual({ preset: "x", view: {} });
  });

  test("the open tabs travel in the link", async () => {
    const state: LinkState = { preset: "dam-fig5", view: { tab: "task-runtime", panel: "step" } };
    const fragment = await formatFragment(state);
    expect(fragment).toBe("#preset=dam-fig5&tab=task-runtime&panel=step");
    expect(await parseFragment(fragment)).toEqual(state);
    const whole: LinkState = { scenario: { platform: {}, workload: {}, schedulers: ["rws"] }, view: { tab: "compare" } };
    expect(await parseFragment(await formatFragment(whole))).toEqual(whole);
  });

  test("an unknown newer version is named as such", async () => {
    await expectLinkError(parseFragment("#v9.abc"), /newer version.*v9.*up to v1/);
    await expectLinkError(parseFragment("#v0.abc"), /unknown link format v0/);
  });

  test("older versions go through the upgrade chain", () => {
    // A hypothetical v1 -> v2 -> v3 chain, to exercise the mechanism.
    const upgrades = { 1: (p: unknown) => ({ ...(p as object), two: true }), 2: (p: unknown) => ({ ...(p as object), three: true }) };
    expect(upgradePayload(1, { one: true }, upgrades, 3)).toEqual({ one: true, two: true, three: true });
    expect(upgradePayload(3, { x: 1 }, upgrades, 3)).toEqual({ x: 1 });
    expect(() => upgradePayload(1, {}, { 2: upgrades[2] }, 3)).toThrow(/v1 is not supported/);
  });

  test("corrupt, truncated and foreign links say what was wrong", async () => {
    const good = await formatFragment({ scenario, view: {} });
    await expectLinkError(parseFragment(good.slice(0, good.length - 12)), /damaged or truncated/);
    await expectLinkError(parseFragment(`${good.slice(0, 20)}!!${good.slice(22)}`), /characters/);
    await expectLinkError(parseFragment("#v1."), /no data/);
    await expectLinkError(parseFragment("#hello"), /not an Asymmetry Lab link/);
    await expectLinkError(parseFragment(`#v1.${await packJson([1, 2])}`), /not a JSON object/);
    await expectLinkError(parseFragment(`#v1.${toBase64Url(await deflate(new TextEncoder().encode("{nope")))}`), /not valid JSON/);
    await expectLinkError(parseFragment("#preset=<img>"), /not a preset name/);
  });

  test("oversized links are refused before decoding", async () => {
    await expectLinkError(parseFragment(`#v1.${"A".repeat(MAX_FRAGMENT_CHARS + 1)}`), /too long/);
  });

  test("an inflation bomb aborts at the cap", async () => {
    const bomb = await deflate(new Uint8Array(16 * 1024 * 1024)); // 16 MB of zeros -> ~16 KB, fits the fragment cap
    const fragment = `#v1.${toBase64Url(bomb)}`;
    expect(fragment.length).toBeLessThan(MAX_FRAGMENT_CHARS);
    await expectLinkError(parseFragment(fragment), /more than 4 MB/);
    await expectLinkError(inflateCapped(bomb, 1024), /more than/);
  });

  test("scenario shape errors name the field", () => {
    expect(() => checkScenarioShape({ ...scenario, schedulers: [] })).toThrow(/scenario\.schedulers/);
    expect(() => checkScenarioShape({ ...scenario, platform: 3 })).toThrow(/scenario\.platform/);
    expect(() => checkScenarioShape({ ...scenario, seed: -1 })).toThrow(/scenario\.seed/);
    expect(() => checkScenarioShape("x")).toThrow(/scenario: must be a JSON object/);
    expect(checkScenarioShape(scenario)).toBe(scenario);
  });
});
