// The OS-level lab: a figure preset's sweep runs in the worker with a progress bar and draws the papers' charts with
// the paper's numbers beside the simulated ones; an OS preset shows threads per core with migrations in the Gantt.
import { expect, test } from "@playwright/test";
import { openDefault, SCREENSHOTS, waitIdle } from "./helpers";

test.beforeEach(async ({ page }) => {
  await openDefault(page);
});

async function runFigure(page: import("@playwright/test").Page, figure: string): Promise<void> {
  await page.getByTestId("tab-os-lab").click();
  await page.getByTestId("os-figure").selectOption(figure);
  await page.getByTestId("os-run").click();
  await expect(page.getByTestId("os-progress")).toBeVisible();
  await page.waitForFunction(
    () => {
      const m = (document.querySelector("[data-testid=os-progress]")?.textContent ?? "").match(/(\d+) \/ (\d+)/);
      return m !== null && m[1] === m[2];
    },
    undefined,
    { timeout: 60_000 },
  );
}

test("the seed 000 Fig. 3 sweep draws speedup with the ideal line and power, energy and EDP bars", async ({ page }) => {
  await runFigure(page, "maturity-fig3");
  const lab = page.getByTestId("os-lab");
  await expect(lab.getByTestId("os-chart")).toHaveCount(4);
  await expect(lab.getByText("ideal B·ratio + L (Eq. 4)")).toBeVisible();
  const table = lab.getByTestId("paper-table");
  await expect(table.locator("tbody tr")).toHaveCount(8);
  // Every paper number has a simulated counterpart.
  for (const cell of await table.locator("tbody tr td:nth-child(3)").allTextContents()) expect(cell).not.toBe("–");
  await lab.screenshot({ path: `${SCREENSHOTS}/os-lab-maturity-fig3.png` });
});

test("the seed 002 repeatability sweep shows LIN spread and PBS, LCSS repeating", async ({ page }) => {
  await runFigure(page, "pbs-fig1");
  const lab = page.getByTestId("os-lab");
  await expect(lab.getByTestId("os-chart")).toHaveCount(1);
  const rows = lab.getByTestId("paper-table").locator("tbody tr");
  await expect(rows.nth(0).locator("td").nth(2)).toHaveText("0.0 %");
  await lab.screenshot({ path: `${SCREENSHOTS}/os-lab-pbs-fig1.png` });
});

test("an OS preset shows each application's threads per core with migrations", async ({ page }) => {
  await page.getByTestId("preset-picker").selectOption("pbs-fig2");
  await waitIdle(page);
  await expect(page.getByTestId("error-banner")).toBeHidden();
  const gantts = page.getByTestId("gantt");
  await expect(gantts).toHaveCount(3);
  await expect(gantts.first().getByTestId("gantt-row")).toHaveCount(16);
  const legend = page.getByRole("list", { name: "Task types" });
  await expect(legend.getByText("freqmine")).toBeVisible();
  await expect(legend.getByText("▼ migration")).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/os-preset-pbs-fig2.png`, fullPage: true });
});
