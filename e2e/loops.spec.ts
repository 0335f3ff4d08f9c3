// The OpenMP loop level: a thread timeline per loop schedule (rows labelled with
// thread and core type, chunks coloured by phase), the schedules side by side
// with the paper's claims, and the per-loop SF panel.
import { expect, test } from "@playwright/test";
import { openDefault, SCREENSHOTS, waitIdle } from "./helpers";

test("an AID preset shows thread rows, phase legend, schedules side by side and the SF panel", async ({ page }) => {
  await openDefault(page);
  await page.getByTestId("preset-picker").selectOption("aid-ep-a");
  await waitIdle(page);
  await expect(page.getByTestId("error-banner")).toBeHidden();

  // One Gantt per loop schedule, each with 8 thread rows labelled by core type.
  const gantts = page.getByTestId("gantt");
  await expect(gantts).toHaveCount(9);
  const aid = page.locator('[data-testid="gantt"][data-scheduler="aid-static"]');
  await expect(aid.getByTestId("gantt-row")).toHaveCount(8);
  await expect(aid.getByTestId("gantt-row").first()).toHaveText("T0 · A15");
  await expect(aid.getByTestId("gantt-row").last()).toHaveText("T7 · A7");
  // Under SB the master thread sits on a small core.
  const sb = page.locator('[data-testid="gantt"][data-scheduler="static-sb"]');
  await expect(sb.getByTestId("gantt-row").first()).toHaveText("T4 · A15");

  // The legend names the AID phases.
  const legend = page.getByTestId("legend-item");
  for (const phase of ["sampling", "sampling-wait", "aid", "dynamic", "barrier-wait"]) await expect(legend.filter({ hasText: new RegExp(`^${phase}$`) })).toHaveCount(1);

  // All schedules side by side, with the paper's claim for EP judged on this run.
  await expect(page.getByTestId("loop-row")).toHaveCount(9);
  await expect(page.locator('[data-claim="saez2020-fig4-hybrid-over-static-ep"]')).toContainText("10.5");
  await expect(page.getByTestId("sf-chart")).toBeVisible();
  await expect(page.getByTestId("sf-chart").locator("circle").first()).toBeVisible();
  // The EP-like loop is compute-bound: the shared L2 does not change its SF, so no second mark.
  await expect(page.getByTestId("sf-chart").locator("line.sf-shared")).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/loops-aid-ep-a.png`, fullPage: true });

  // Hovering an AID chunk explains it: sweep along thread 0's row until the tooltip names the phase.
  await aid.scrollIntoViewIfNeeded();
  const row = aid.getByTestId("gantt-row").first();
  const rowBox = await row.boundingBox();
  const canvasBox = await aid.getByTestId("gantt-canvas").boundingBox();
  if (!rowBox || !canvasBox) throw new Error("no row box");
  const tooltip = page.getByTestId("tooltip");
  for (let x = canvasBox.width * 0.3; x < canvasBox.width; x += 9) {
    await page.mouse.move(canvasBox.x + x, rowBox.y + rowBox.height / 2);
    if ((await tooltip.isVisible()) && (await tooltip.textContent())?.includes("iterations")) break;
  }
  await expect(tooltip).toContainText("aid");
  await expect(tooltip).toContainText("iterations");
  await expect(tooltip).toContainText("T0 on core 0");
  await page.screenshot({ path: `${SCREENSHOTS}/loops-tooltip.png` });
});

test("the BT-like preset charts thirty loops with their own SF", async ({ page }) => {
  await openDefault(page);
  await page.getByTestId("preset-picker").selectOption("aid-bt-a");
  await waitIdle(page);
  await expect(page.getByTestId("sf-chart").locator("rect.sf-true")).toHaveCount(60);
  // Platform A's clusters share their L2: each loop also marks its SF with every thread running, below one thread's.
  await expect(page.getByTestId("sf-chart").locator("line.sf-shared")).toHaveCount(60);
  await expect(page.getByTestId("sf-chart")).toContainText("true with every thread running (shared L2)");
  await page.getByTestId("sf-chart").screenshot({ path: `${SCREENSHOTS}/loops-bt-a-sf.png` });
  // Table 2's mean is over five programs: this run (the BT-like one alone) is off, and the row also gives the
  // catalogue's verdict over all of the claim's runs, as the gallery does.
  const mean = page.locator('[data-claim="saez2020-table2-aid-static-over-static-a"]');
  await expect(mean.getByTestId("paper-verdict")).toHaveText(/^off by/);
  await expect(mean.getByTestId("paper-verdict-all")).toHaveText(/^over all 100 runs: holds \(1\d\.\d\s%\)$/);
  await mean.screenshot({ path: `${SCREENSHOTS}/loops-bt-a-table2-row.png` });
});

test("the AID-explained preset makes every phase visible", async ({ page }) => {
  await openDefault(page);
  await page.getByTestId("preset-picker").selectOption("aid-explained");
  await waitIdle(page);
  await expect(page.getByTestId("gantt")).toHaveCount(5);
  await page.locator('[data-testid="gantt"][data-scheduler="aid-hybrid"]').scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/loops-aid-explained.png`, fullPage: true });
});
