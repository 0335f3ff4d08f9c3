// The foundation UI on the default scenario (Odroid-XU3, 4 big + 4 LITTLE).
import { expect, test } from "@playwright/test";
import { openDefault, SCREENSHOTS, waitIdle } from "./helpers";

test.beforeEach(async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await openDefault(page);
  expect(errors).toEqual([]);
});

test("renders one Gantt row per core for every scheduler", async ({ page }) => {
  const gantts = page.getByTestId("gantt");
  const count = await gantts.count();
  expect(count).toBeGreaterThanOrEqual(2);
  for (let i = 0; i < count; i++) {
    await expect(gantts.nth(i).getByTestId("gantt-row")).toHaveCount(8);
    await expect(gantts.nth(i).getByTestId("gantt-canvas")).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Asymmetry Lab" })).toBeVisible();
  await expect(page.getByTestId("metrics-row")).toHaveCount(count);
  await expect(page.getByText("big · A15", { exact: false }).first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/default.png` });
});

test("hovering a busy block shows the tooltip", async ({ page }) => {
  const canvas = page.getByTestId("gantt-canvas").first();
  const box = await canvas.boundingBox();
  if (!box) throw new Error("no canvas box");
  const row = page.getByTestId("gantt").first().getByTestId("gantt-row").first();
  const rowBox = await row.boundingBox();
  if (!rowBox) throw new Error("no row box");
  // Core 0 is busy early in the run: sweep along its row until a tooltip appears.
  const tooltip = page.getByTestId("tooltip");
  for (let x = 4; x < box.width; x += 7) {
    await page.mouse.move(box.x + x, rowBox.y + rowBox.height / 2);
    if (await tooltip.isVisible()) break;
  }
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText("task");
  await expect(tooltip).toContainText("start");
  await expect(tooltip).toContainText("duration");
  await page.screenshot({ path: `${SCREENSHOTS}/tooltip.png` });
});

test("wheel zoom and the W key narrow the visible window; reset restores it", async ({ page }) => {
  const label = page.getByTestId("visible-window");
  const axis = page.getByTestId("time-axis");
  const initial = await label.textContent();
  const initialAxis = await axis.textContent();
  const box = await page.getByTestId("gantt-canvas").first().boundingBox();
  if (!box) throw new Error("no canvas box");
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await page.mouse.wheel(0, -400);
  await waitIdle(page);
  const afterWheel = await label.textContent();
  expect(afterWheel).not.toEqual(initial);
  expect(await axis.textContent()).not.toEqual(initialAxis);
  await page.screenshot({ path: `${SCREENSHOTS}/zoomed.png` });

  await page.keyboard.press("w");
  await waitIdle(page);
  expect(await label.textContent()).not.toEqual(afterWheel);

  await page.getByTestId("reset-zoom").click();
  await waitIdle(page);
  expect(await label.textContent()).toEqual(initial);
});

test("a bad scenario edit shows the error banner and keeps the Gantt", async ({ page }) => {
  await page.getByText("Scenario JSON").click();
  const editor = page.getByTestId("scenario-editor");
  await expect(editor).toBeVisible();
  const good = await editor.inputValue();
  expect(JSON.parse(good)).toHaveProperty("platform");

  await editor.fill(`${good.slice(0, 40)} oops`);
  await expect(page.getByTestId("error-banner")).toBeVisible();
  await expect(page.getByTestId("error-banner")).toContainText("Scenario JSON");
  await expect(page.getByTestId("gantt-row")).not.toHaveCount(0);

  // An engine-level error names the offending field.
  const bad = JSON.parse(good);
  bad.platform.clusters[0].cores = 0;
  await editor.fill(JSON.stringify(bad, null, 2));
  await expect(page.getByTestId("error-banner")).toContainText("platform.clusters[0].cores");
  await waitIdle(page);
  await expect(page.getByTestId("gantt").first().getByTestId("gantt-row")).toHaveCount(8);
  await page.screenshot({ path: `${SCREENSHOTS}/error.png` });

  await editor.fill(good);
  await expect(page.getByTestId("error-banner")).toBeHidden();
});

test("reads in the dark colour scheme too", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await openDefault(page);
  await expect(page.getByTestId("gantt-row").first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/default-dark.png` });
});
