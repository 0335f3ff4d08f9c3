// Exercises: a gallery card opens the policy editor on the starter policy, the verdict says "not yet"; a known-good policy
// (engine/tests/it/exercises/, the one the engine's tests check) saved in the editor passes, with the numbers shown.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { SCREENSHOTS, waitIdle, watchErrors } from "./helpers";

const GOOD = readFileSync("engine/tests/it/exercises/critical-fastest.rhai", "utf8");

test("open an exercise card, fail with the starter, pass with a better policy", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/#gallery");
  const card = page.locator('[data-testid="gallery-card"][data-preset="exercise-corunner"]');
  await expect(page.locator('[data-testid="gallery-card"][data-exercise]')).toHaveCount(3);
  await expect(card.getByTestId("card-goal")).toContainText("10% sooner than RWS");
  await card.click();
  const code = page.getByTestId("policy-code");
  await expect(code).toBeVisible();
  await expect(code).toContainText("FIFO (Chronaki et al. 2019)");
  await expect(page.getByLabel("Policy name")).toHaveValue("mine");
  await waitIdle(page);
  const verdict = page.getByTestId("exercise-verdict");
  await expect(verdict).toHaveAttribute("data-passed", "false");
  await expect(verdict).toContainText("Not yet");
  await expect(verdict).toContainText("mine 192.442 ms · rws 180.992 ms · required ≤ 162.892 ms");

  await code.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.evaluate((text) => navigator.clipboard.writeText(text), GOOD);
  await page.keyboard.press("ControlOrMeta+v");
  await page.getByRole("button", { name: "Save & run" }).click();
  await waitIdle(page);
  await expect(verdict).toHaveAttribute("data-passed", "true");
  await expect(verdict).toContainText("Passed");
  await expect(verdict).toContainText("mine 118.189 ms");
  await page.screenshot({ path: `${SCREENSHOTS}/exercise-passed.png` });
  await page.getByLabel("Theme").selectOption("dark");
  await expect(verdict).toContainText("Passed");
  await page.screenshot({ path: `${SCREENSHOTS}/exercise-passed-dark.png` });
  expect(errors).toEqual([]);
});
