// The gallery as a lesson: every card has a thumbnail and opens its
// scenario with the guide and the paper's numbers; presenter mode.
import { expect, test } from "@playwright/test";
import { SCREENSHOTS, waitIdle, watchErrors } from "./helpers";

test("every gallery card has a thumbnail and opens its scenario with its guide", async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.goto("/");
  await waitIdle(page);
  await page.getByTestId("open-gallery").click();
  await expect(page).toHaveURL(/page=gallery/);
  // Exercise cards show their goal instead of a thumbnail and open the policy editor (e2e/exercises.spec.ts).
  const cards = page.locator('[data-testid="gallery-card"]:not([data-exercise])');
  await expect(cards.first()).toBeVisible(); // the gallery loads as its own chunk
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(5);
  await expect(page.getByTestId("thumbnail")).toHaveCount(count, { timeout: 60_000 });
  // Each card says whether its claims hold over their seeds (from fidelity.json): some do, some are known gaps.
  const card = (name: string) => page.locator(`[data-testid="gallery-card"][data-preset="${name}"]`);
  await expect(card("dam-fig4-matmul")).toContainText(/\d+ of 14 claims hold over their random runs/);
  await expect(card("dam-fig4-matmul").locator('[data-testid="card-claim"][data-holds="false"]').first()).toContainText("off by");
  await expect(card("aid-fig1-ep-2b2s").locator('[data-testid="card-claim"][data-holds="true"]')).toHaveCount(1);
  await page.screenshot({ path: `${SCREENSHOTS}/gallery.png`, fullPage: true });
  const names = await cards.evaluateAll((els) => els.map((el) => (el as HTMLElement).dataset.preset ?? ""));

  for (const name of names) {
    await test.step(name, async () => {
      await page.locator(`[data-testid="gallery-card"][data-preset="${name}"]`).click();
      await expect(page.getByTestId("preset-picker")).toHaveValue(name);
      await expect(page.getByTestId("gantt").first()).toBeVisible();
      await waitIdle(page);
      await expect(page.getByTestId("error-banner")).toBeHidden();
      const hasGuide = (await page.getByTestId("open-guide").count()) > 0;
      if (hasGuide) {
        await expect(page.getByTestId("guide")).toBeVisible();
        await expect(page.getByTestId("guide-count")).toHaveText(/^Step 1 of [3-6]$/);
      }
      const paperRows = page.getByTestId("paper-row");
      if ((await paperRows.count()) > 0) {
        // Every paper value of an unedited preset has a simulated counterpart.
        for (const cell of await page.getByTestId("paper-simulated").all()) await expect(cell).not.toHaveText("—");
      }
      if (name === names[0]) await page.screenshot({ path: `${SCREENSHOTS}/gallery-opened.png` });
      await page.goBack();
      await expect(page.getByTestId("gallery")).toBeVisible();
    });
  }
  expect(errors).toEqual([]);
});

test("the guide steps point at rows and time windows, and presenter mode is kept in the link", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/#preset=tx2-corunner&step=0");
  await waitIdle(page);
  await expect(page.getByTestId("guide-count")).toHaveText("Step 1 of 3");
  await expect(page.locator('[data-testid="gantt-row"][data-selected]')).toHaveCount(1);
  const full = await page.getByTestId("visible-window").innerText();
  await page.getByTestId("guide-next").click();
  await expect(page.getByTestId("guide-count")).toHaveText("Step 2 of 3");
  await expect(page.getByTestId("visible-window")).not.toHaveText(full);
  await expect(page).toHaveURL(/step=1/);
  await waitIdle(page);
  await page.screenshot({ path: `${SCREENSHOTS}/guide-step.png` });

  await page.keyboard.press("p");
  await expect(page.locator(".app.presenter")).toBeVisible();
  await expect(page.getByTestId("scenario-details")).toBeHidden();
  await expect(page).toHaveURL(/presenter=1/);
  await waitIdle(page);
  await page.screenshot({ path: `${SCREENSHOTS}/presenter.png` });
  await page.keyboard.press("PageDown");
  await expect(page.getByTestId("guide-count")).toHaveText("Step 3 of 3");
  await page.emulateMedia({ colorScheme: "dark" });
  await waitIdle(page);
  await page.screenshot({ path: `${SCREENSHOTS}/presenter-dark.png` });
  await page.emulateMedia({ colorScheme: "light" });

  await page.reload();
  await waitIdle(page);
  await expect(page.locator(".app.presenter")).toBeVisible();
  await expect(page.getByTestId("guide-count")).toHaveText("Step 3 of 3");
  await page.getByTestId("presenter").click();
  await expect(page.locator(".app.presenter")).toHaveCount(0);
  await expect(page).not.toHaveURL(/presenter/);

  // Picking another preset by hand restarts the guide at its first step.
  await page.getByTestId("preset-picker").selectOption("odroid-xu3-matmul");
  await waitIdle(page);
  await expect(page.getByTestId("guide-count")).toHaveText("Step 1 of 4");
  await expect(page).toHaveURL(/#preset=odroid-xu3-matmul&step=0$/);
  await page.goBack();
  await expect(page.getByTestId("guide-count")).toHaveText("Step 3 of 3");
  expect(errors).toEqual([]);
});
