import { expect, test } from "vitest";
import type { PresetInfo } from "../engine/engine-types";
import { EXERCISE_GROUP, groupPresets, OTHER_GROUP } from "./gallery-groups";

const RANK: Record<string, number> = { chen2020: 1, saez2020: 3 };
const p = (name: string, paper: string | null): PresetInfo => ({ name, title: name, description: "", paper, paper_title: paper === null ? null : `${paper} title`, paper_rank: paper === null ? null : RANK[paper] });

test("cards group by the paper they reproduce, in the papers' order, then demos", () => {
  const groups = groupPresets([p("demo", null), p("x", "saez2020"), p("y", "chen2020"), p("z", "saez2020")]);
  expect(groups.map((g) => [g.title, g.presets.map((q) => q.name)])).toEqual([
    ["chen2020 title", ["y"]],
    ["saez2020 title", ["x", "z"]],
    [OTHER_GROUP, ["demo"]],
  ]);
});

test("exercises come last, in their own group, whatever set-up they borrow", () => {
  const ex = { ...p("ex", null), exercise: "Finish sooner than RWS" };
  const groups = groupPresets([ex, p("demo", null), p("y", "chen2020")]);
  expect(groups.map((g) => [g.title, g.presets.map((q) => q.name)])).toEqual([
    ["chen2020 title", ["y"]],
    [OTHER_GROUP, ["demo"]],
    [EXERCISE_GROUP, ["ex"]],
  ]);
});
