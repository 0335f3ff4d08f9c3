// Fuzzing of link decoding with fast-check: arbitrary fragments, structure-aware link states that are packed and then
// damaged (characters flipped, cut, inserted), inflation bombs, and arbitrary JSON payloads. Decoding a link either
// gives a state whose scenario passes the shape checks, or throws a LinkError that says what was wrong — nothing else.
// `cargo test`-like fixed budget here; `npm run fuzz -- --minutes N` sets FUZZ_MINUTES for a longer run.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { deflate, LinkError, MAX_INFLATED_BYTES, toBase64Url } from "./codec";
import { checkLinkState, checkScenarioShape, formatFragment, type LinkState, parseFragment, sanitizeView } from "./link-state";

const minutes = Number(process.env.FUZZ_MINUTES ?? 0);
/** Runs per property: a fixed budget in the test suite, unbounded (stopped by time) in a long run. */
const runs = (ciRuns: number) => (minutes > 0 ? { numRuns: Number.MAX_SAFE_INTEGER, interruptAfterTimeLimit: (minutes * 60_000) / 4 } : { numRuns: ciRuns });
/** Vitest's time limit per property: the long run's share, or a minute for the fixed budget. */
const TIMEOUT_MS = minutes > 0 ? (minutes * 60_000) / 4 + 60_000 : 60_000;
const counts: Record<string, number> = {};
const count = (name: string) => {
  counts[name] = (counts[name] ?? 0) + 1;
};

/** Decodes and checks the outcome: a state with a well-shaped scenario, null, or a LinkError. */
async function decodeChecked(fragment: string): Promise<void> {
  let state: LinkState | null;
  try {
    state = await parseFragment(fragment);
  } catch (err) {
    expect(err, fragment.slice(0, 200)).toBeInstanceOf(LinkError);
    expect((err as Error).message.length).toBeGreaterThan(0);
    expect((err as Error).message.length).toBeLessThan(400);
    return;
  }
  if (state?.scenario) expect(() => checkScenarioShape(state.scenario)).not.toThrow();
}

const json = fc.jsonValue({ maxDepth: 4 });
const view = fc.record(
  {
    page: fc.oneof(fc.constant("gallery"), fc.constant("explorer"), fc.string()),
    window: fc.oneof(fc.tuple(fc.double(), fc.double()), fc.array(fc.integer())),
    presenter: fc.oneof(fc.boolean(), json),
    step: fc.oneof(fc.integer(), fc.double()),
    tab: fc.string(),
    selection: fc.oneof(fc.record({ core: fc.integer(), scheduler: fc.string() }), json),
  },
  { requiredKeys: [] },
);
const scenario = fc.record(
  {
    version: fc.oneof(fc.constant(1), fc.integer(), json),
    name: fc.oneof(fc.string(), json),
    seed: fc.oneof(fc.nat(), fc.double(), fc.constant(2 ** 60)),
    platform: fc.oneof(fc.record({ name: fc.string(), clusters: fc.array(json, { maxLength: 3 }) }), json),
    workload: fc.oneof(fc.record({ kind: fc.constantFrom("layered", "dag", "loop_program", "x"), tasks: fc.oneof(fc.nat(), json) }), json),
    events: fc.oneof(fc.array(json, { maxLength: 3 }), json),
    schedulers: fc.oneof(fc.array(fc.constantFrom("fifo", "rws", "dam-c", "", "[", "x".repeat(300)), { maxLength: 4 }), json),
  },
  { requiredKeys: [] },
);
const linkState = fc.record({ preset: fc.option(fc.string(), { nil: undefined }), scenario, view }, { requiredKeys: ["view"] });

/** Damage to a packed link: flip, cut, insert, or swap a character. */
const damage = fc.tuple(fc.nat(), fc.constantFrom("flip", "cut", "insert", "none"), fc.string({ maxLength: 3 }));
function damaged(fragment: string, [at, how, text]: [number, string, string]): string {
  const i = fragment.length === 0 ? 0 : at % fragment.length;
  if (how === "cut") return fragment.slice(0, i);
  if (how === "insert") return fragment.slice(0, i) + text + fragment.slice(i);
  if (how === "flip") return fragment.slice(0, i) + (fragment[i] === "A" ? "B" : "A") + fragment.slice(i + 1);
  return fragment;
}

describe("link decoding under fuzzing", () => {
  test("arbitrary fragments decode or fail with a LinkError", async () => {
    const fragment = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: "grapheme", maxLength: 100 }),
      fc.tuple(fc.constantFrom("#v1.", "#v0.", "#v99.", "#preset=", "v1.", "#", "#gallery&"), fc.string({ maxLength: 400 })).map(([p, s]) => p + s),
      fc.base64String({ maxLength: 2000 }).map((s) => `#v1.${s.replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")}`),
    );
    await fc.assert(
      fc.asyncProperty(fragment, async (f) => {
        count("fragments");
        await decodeChecked(f);
      }),
      runs(1500),
    );
  }, TIMEOUT_MS);

  test("packed link states decode, and fail cleanly when damaged", async () => {
    await fc.assert(
      fc.asyncProperty(linkState, damage, async (state, hurt) => {
        count("states");
        let fragment: string;
        try {
          fragment = await formatFragment(state as LinkState);
        } catch {
          return; // A state that cannot be encoded (a bare preset) is not a link.
        }
        await decodeChecked(fragment);
        await decodeChecked(damaged(fragment, hurt));
      }),
      runs(600),
    );
  }, TIMEOUT_MS);

  test("arbitrary JSON payloads and views are checked, never trusted", async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), fc.anything(), async (payload, anything) => {
        count("payloads");
        const packed = `#v1.${toBase64Url(await deflate(new TextEncoder().encode(JSON.stringify(payload) ?? "null")))}`;
        await decodeChecked(packed);
        try {
          checkLinkState(payload);
        } catch (err) {
          expect(err).toBeInstanceOf(LinkError);
        }
        expect(() => sanitizeView(anything)).not.toThrow();
      }),
      runs(600),
    );
  }, TIMEOUT_MS);

  test("inflation bombs stop at the cap", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4 }), fc.constantFrom(0, 32, 123), async (times, byte) => {
        count("bombs");
        const bomb = new Uint8Array(MAX_INFLATED_BYTES * times + 1).fill(byte);
        await expect(parseFragment(`#v1.${toBase64Url(await deflate(bomb))}`)).rejects.toBeInstanceOf(LinkError);
      }),
      runs(6),
    );
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.info(`link fuzz: ${total} inputs (${JSON.stringify(counts)})`);
  }, TIMEOUT_MS);
});
