// Runaway scenarios in the page: refused at once by field with the last good result kept, and a long run that shows
// its progress and can be cancelled without losing the last good result (issue 16).
import { expect, test } from "@playwright/test";
import { openDefault, waitIdle } from "./helpers";

test.beforeEach(async ({ page }) => {
  await openDefault(page);
});

async function editScenario(page: import("@playwright/test").Page, change: (s: Record<string, any>) => void): Promise<string> {
  await page.getByText("Scenario JSON").click();
  const editor = page.getByTestId("scenario-editor");
  await expect(editor).toBeVisible();
  const good = await editor.inputValue();
  const scenario = JSON.parse(good);
  change(scenario);
  await editor.fill(JSON.stringify(scenario, null, 2));
  return good;
}

test("a runaway scenario is refused at once, naming the field and the limit, and the Gantt stays", async ({ page }) => {
  const rows = await page.getByTestId("gantt").first().getByTestId("gantt-row").count();
  await editScenario(page, (s) => {
    s.workload.parallelism = 4_000_000_000;
  });
  await expect(page.getByTestId("error-banner")).toContainText("workload.parallelism");
  await expect(page.getByTestId("error-banner")).toContainText("at most 5000000");
  await waitIdle(page);
  await expect(page.getByTestId("gantt").first().getByTestId("gantt-row")).toHaveCount(rows);

  const editor = page.getByTestId("scenario-editor");
  const scenario = JSON.parse(await editor.inputValue());
  scenario.workload.parallelism = 4;
  scenario.workload.tasks = 5_000_000;
  scenario.schedulers = ["fifo", "rws", "rwsm-c", "fa", "fam-c", "da", "dam-c", "dam-p", "heft", "dheft", "cats"];
  await editor.fill(JSON.stringify(scenario, null, 2));
  await expect(page.getByTestId("error-banner")).toContainText("workload.tasks: 5000000 tasks under 11 schedulers");
  await expect(page.getByTestId("error-banner")).toContainText("the limit is 800 MB");
  await waitIdle(page);
  await expect(page.getByTestId("gantt").first().getByTestId("gantt-row")).toHaveCount(rows);
});

test("a long run shows its progress and Cancel keeps the last good result", async ({ page }) => {
  const rows = await page.getByTestId("gantt").first().getByTestId("gantt-row").count();
  await editScenario(page, (s) => {
    s.workload.tasks = 2_000_000;
    s.schedulers = ["fifo", "fifo"];
  });
  await expect(page.getByTestId("sim-progress-text")).toContainText("million events", { timeout: 20_000 });
  await page.getByTestId("sim-cancel").click();
  await expect(page.getByTestId("error-banner")).toContainText("Simulation cancelled");
  await waitIdle(page);
  await expect(page.getByTestId("gantt").first().getByTestId("gantt-row")).toHaveCount(rows);
  await expect(page.getByTestId("sim-progress")).toBeHidden();

  // The engine still works after its worker was replaced.
  const editor = page.getByTestId("scenario-editor");
  const scenario = JSON.parse(await editor.inputValue());
  scenario.workload.tasks = 500;
  scenario.schedulers = ["fifo"];
  await editor.fill(JSON.stringify(scenario, null, 2));
  await expect(page.getByTestId("error-banner")).toBeHidden();
  await waitIdle(page);
});
