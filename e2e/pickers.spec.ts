// Preset and platform pickers re-simulate and redraw every scheduler.
import { expect, test } from "@playwright/test";
import { openDefault, SCREENSHOTS, waitIdle } from "./helpers";

test.beforeEach(async ({ page }) => {
  await openDefault(page);
});

test("the platform picker swaps the platform and re-simulates", async ({ page }) => {
  const picker = page.getByTestId("platform-picker");
  const options = await picker.locator("option").allTextContents();
  const tx2 = options.find((label) => label.includes("TX2"));
  test.skip(!tx2, "no Jetson TX2 platform preset");
  await picker.selectOption({ label: tx2 as string });
  await waitIdle(page);
  // 2 Denver + 4 A57 cores.
  const gantts = page.getByTestId("gantt");
  for (let i = 0; i < (await gantts.count()); i++) await expect(gantts.nth(i).getByTestId("gantt-row")).toHaveCount(6);
  await page.getByText("Scenario JSON").click();
  expect(JSON.parse(await page.getByTestId("scenario-editor").inputValue()).platform.name).toContain("TX2");
});

test("every scenario preset renders without an error", async ({ page }) => {
  const picker = page.getByTestId("preset-picker");
  const values = await picker.locator("option").evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value));
  expect(values.length).toBeGreaterThan(0);
  for (const value of values) {
    await picker.selectOption(value);
    await waitIdle(page);
    await expect(page.getByTestId("error-banner")).toBeHidden();
    await expect(page.getByTestId("gantt-row").first()).toBeVisible();
    await page.screenshot({ path: `${SCREENSHOTS}/preset-${value}.png` });
  }
});
