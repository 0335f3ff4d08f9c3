import { expect, test } from "vitest";
import type { PresetInfo } from "../engine/engine-types";
import { groupPresets, OTHER_GROUP, seedOf } from "./gallery-groups";

const p = (name: string, figure?: string, title = name): PresetInfo => ({ name, title, description: "", figure });

test("cards group by the seed of their figure, then demos", () => {
  expect(seedOf(p("a", "seed 001 Fig. 5"))).toBe("001");
  expect(seedOf(p("b", undefined, "Seed 000 Fig. 9 · blackscholes"))).toBe("000");
  expect(seedOf(p("c", "Set-up of seed 001 §5"))).toBeNull();
  const groups = groupPresets([p("demo"), p("x", "seed 003 Fig. 1"), p("y", "Seed 001 Fig. 4"), p("z", "seed 001 Fig. 7")]);
  expect(groups.map((g) => [g.title.slice(0, 8), g.presets.map((q) => q.name)])).toEqual([
    ["Seed 001", ["y", "z"]],
    ["Seed 003", ["x"]],
    [OTHER_GROUP.slice(0, 8), ["demo"]],
  ]);
});
