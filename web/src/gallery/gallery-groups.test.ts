import { expect, test } from "vitest";
import type { PresetInfo } from "../engine/engine-types";
import { groupPresets, OTHER_GROUP } from "./gallery-groups";

const p = (name: string, paper: string | null): PresetInfo => ({ name, title: name, description: "", paper, paper_title: paper && `${paper} title` });

test("cards group by the paper they reproduce, in order of first appearance, then demos", () => {
  const groups = groupPresets([p("demo", null), p("x", "saez2020"), p("y", "chen2020"), p("z", "saez2020")]);
  expect(groups.map((g) => [g.title, g.presets.map((q) => q.name)])).toEqual([
    ["saez2020 title", ["x", "z"]],
    ["chen2020 title", ["y"]],
    [OTHER_GROUP, ["demo"]],
  ]);
});
