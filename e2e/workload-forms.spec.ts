// The Workload tab's forms for loop programs and application mixes: an edit
// re-simulates (the makespans change), a bad value shows next to its field
// and the last good result stays.
import { expect, type Page, test } from "@playwright/test";
import { openDefault, SCREENSHOTS, waitIdle } from "./helpers";

const makespans = (page: Page) => page.getByTestId("metrics-row").locator('td[data-column="makespan"]').allTextContents();

async function openPreset(page: Page, name: string): Promise<void> {
  await openDefault(page);
  await page.getByTestId("preset-picker").selectOption(name);
  await waitIdle(page);
  await expect(page.getByTestId("error-banner")).toBeHidden();
  await page.getByTestId("tab-workload").click();
}

test("loop program: changing a loop's iterations re-simulates; 0 iterations is an inline error", async ({ page }) => {
  await openPreset(page, "aid-ep-a");
  const form = page.getByTestId("workload-form");
  await expect(form).toHaveAttribute("data-kind", "loop_program");
  const loop = form.locator('[data-path$=".iterations"]').first();
  const input = loop.locator("input");
  const path = await loop.getAttribute("data-path");
  const before = await makespans(page);
  expect(before.length).toBeGreaterThan(0);

  const n = Number(await input.inputValue());
  await input.fill(String(n * 2));
  await expect.poll(() => makespans(page)).not.toEqual(before);
  await waitIdle(page);
  const doubled = await makespans(page);

  // The cost profile select offers the kinds; the class select the scenario's classes.
  const profile = form.locator(`[data-path="${path?.replace(/iterations$/, "cost.kind")}"] select`);
  await expect(profile.locator("option")).toContainText(["uniform", "ramp", "random"]);

  await input.fill("0");
  await expect(loop.getByRole("alert")).toHaveText("must be at least 1");
  await expect(loop).toHaveClass(/invalid/);
  await waitIdle(page);
  expect(await makespans(page)).toEqual(doubled);
  await expect(page.getByTestId("error-banner")).toBeHidden();
  await form.screenshot({ path: `${SCREENSHOTS}/workload-loop-form.png` });
});

test("application mix: changing an application's threads re-simulates; bad values show inline", async ({ page }) => {
  await openPreset(page, "pbs-fig2");
  const form = page.getByTestId("workload-form");
  await expect(form).toHaveAttribute("data-kind", "applications");
  await expect(page.getByTestId("app-fields").first()).toBeVisible();
  // The application select lists the catalog's profiles.
  await expect(page.getByTestId("field-workload-apps-0-app").locator("option")).not.toHaveCount(0);
  // Option values are read as properties: Preact leaves the attribute off when it equals the option's text.
  await expect
    .poll(() =>
      page.getByTestId("field-workload-apps-0-app").evaluate((el) => Array.from((el as HTMLSelectElement).options, (o) => o.value)),
    )
    .toContain("blackscholes");

  const before = await makespans(page);
  const threads = page.getByTestId("field-workload-apps-0-threads");
  await threads.fill("1");
  await expect.poll(() => makespans(page)).not.toEqual(before);
  await waitIdle(page);
  const one = await makespans(page);

  await threads.fill("0");
  await expect(page.locator('[data-path="workload.apps[0].threads"]').getByRole("alert")).toHaveText("must be at least 1");
  await waitIdle(page);
  expect(await makespans(page)).toEqual(one);

  // The engine's own check (down threshold below up) shows next to its field.
  await page.getByTestId("field-workload-os-down_threshold").fill("900");
  await expect(page.locator('[data-path="workload.os.down_threshold"]').getByRole("alert")).toContainText("below the up threshold");
  await waitIdle(page);
  await expect(page.locator('[data-path="workload.os.down_threshold"]').getByRole("alert")).toContainText("below the up threshold");
  expect(await makespans(page)).toEqual(one);
  await form.screenshot({ path: `${SCREENSHOTS}/workload-apps-form.png` });
});

test("explicit DAG: the task count is shown and the criticality select re-simulates", async ({ page }) => {
  await openDefault(page);
  await page.getByText("Scenario JSON").click();
  const editor = page.getByTestId("scenario-editor");
  const scenario = JSON.parse(await editor.inputValue());
  const cls = scenario.classes[0].name;
  // A long chain 0 → 1 → 2 beside short independent tasks; all low priority until bottom levels mark the chain.
  const tasks = [
    { class: cls, work_ns: 4e6 },
    { class: cls, work_ns: 4e6, deps: [0] },
    { class: cls, work_ns: 4e6, deps: [1] },
    ...Array.from({ length: 12 }, () => ({ class: cls, work_ns: 1e6 })),
  ].map((t) => ({ ...t, priority: "low" }));
  scenario.workload = { kind: "dag", tasks };
  await editor.fill(JSON.stringify(scenario, null, 2));
  await waitIdle(page);
  await expect(page.getByTestId("error-banner")).toBeHidden();
  await page.getByTestId("tab-workload").click();
  await expect(page.getByTestId("workload-form")).toHaveAttribute("data-kind", "dag");
  await expect(page.getByTestId("field-workload-tasks")).toHaveText("15");
  const criticality = page.getByTestId("field-workload-criticality");
  await expect(criticality).toHaveValue("given");
  await criticality.selectOption("bottom_level");
  await expect.poll(() => editor.inputValue()).toContain('"criticality": "bottom_level"');
  await waitIdle(page);
  await expect(page.getByTestId("error-banner")).toBeHidden();
  await page.getByTestId("workload-form").screenshot({ path: `${SCREENSHOTS}/workload-dag-form.png` });
});
