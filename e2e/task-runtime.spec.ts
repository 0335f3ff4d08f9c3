// Chen et al.'s views: priority-place pies (Fig. 5), the PTT heatmap with its
// playback slider, per-core work bars (Fig. 6), and the paper-versus-simulation table.
import { expect, test } from "@playwright/test";
import { openDefault, SCREENSHOTS, waitIdle } from "./helpers";

test.beforeEach(async ({ page }) => {
  await openDefault(page);
  await page.getByTestId("preset-picker").selectOption("dam-fig5");
  await waitIdle(page);
  await page.getByTestId("tab-task-runtime").click();
});

test("the Fig. 5 preset shows one pie per scheduler labelled by execution place", async ({ page }) => {
  const pies = page.getByTestId("priority-pie");
  await expect(pies).toHaveCount(7);
  // FA pins priority tasks to the two Denver cores, about evenly.
  const fa = page.locator('[data-testid="priority-pie"][data-scheduler="fa"]');
  await expect(fa.getByTestId("pie-label")).toHaveText([/^\(C[01],1\) 5\d%$/, /^\(C[01],1\) 5\d%$/]);
  await expect(fa.getByTestId("pie-label")).toContainText(["(C0,1)", "(C1,1)"]);
  // DAM-P sends most of them to the uninterfered Denver core 1.
  const damp = page.locator('[data-testid="priority-pie"][data-scheduler="dam-p"]');
  await expect(damp.getByTestId("pie-label").first()).toHaveText(/^\(C1,1\) (9\d|100)%$/);
  await expect(page.getByTestId("work-bars").locator("figure")).toHaveCount(7);
  const claim = page.locator('[data-testid="paper-vs-sim"] [data-claim="chen2020-fig5g-damp-core1"]');
  await expect(claim).toContainText("DAM-P: 92% of priority tasks on (C1,1)");
  await expect(claim.getByTestId("paper-verdict")).toHaveText("holds");
  await page.getByTestId("task-runtime").screenshot({ path: `${SCREENSHOTS}/dam-fig5-task-runtime.png` });
});

test("the PTT heatmap has leader cores as rows, widths as columns, and plays back", async ({ page }) => {
  const heatmap = page.getByTestId("ptt-heatmap");
  await expect(heatmap).toBeVisible();
  const grid = heatmap.locator('[data-testid="ptt-grid"][data-task-type="matmul"]');
  await expect(grid.getByTestId("ptt-col")).toHaveText(["width 1", "width 2", "width 4"]);
  await expect(grid.getByTestId("ptt-row")).toHaveText(["C0", "C1", "C2", "C3", "C4", "C5"]);
  // The TX2's ten places: (C0,1) (C1,1) (C0,2) (C2,1) … (C2,4).
  await expect(grid.getByTestId("ptt-cell")).toHaveCount(10);
  await expect(grid.locator('[data-label="(C2,4)"]')).toHaveCount(1);
  // At the end of the run every place has been measured; at the start none has.
  await expect(grid.locator('[data-label="(C1,1)"] text')).not.toHaveText("—");
  // The uninterfered Denver core is where DAM-P's global search sends priority tasks (★).
  await expect(grid.locator('[data-label="(C1,1)"]').getByTestId("ptt-choice")).toContainText("★");
  // The run itself keeps only the final table; the history is recorded on request when the heatmap is shown.
  await expect(heatmap).toHaveAttribute("data-history", "loaded");
  const slider = page.getByTestId("ptt-slider");
  await slider.fill("0");
  await expect(page.getByTestId("ptt-time")).toContainText("0 tasks done");
  await expect(grid.locator('[data-label="(C1,1)"] text')).toHaveText("—");
  await page.getByTestId("ptt-play").click();
  await expect(grid.locator('[data-label="(C1,1)"] text')).not.toHaveText("—");
  await page.getByTestId("ptt-heatmap").screenshot({ path: `${SCREENSHOTS}/dam-fig5-ptt.png` });
});

test("every scheduler can be switched on from the picker", async ({ page }) => {
  const picker = page.getByTestId("scheduler-picker");
  for (const name of ["rws", "rwsm-c", "fa", "fam-c", "da", "dam-c", "dam-p", "heft", "dheft", "cats"]) {
    await expect(picker.locator(`input[data-scheduler="${name}"]`)).toHaveCount(1);
  }
  await expect(picker.locator('input[data-scheduler="dam-p"]')).toBeChecked();
  await picker.locator('input[data-scheduler="heft"]').check();
  await waitIdle(page);
  await expect(page.getByTestId("priority-pie")).toHaveCount(8);
  await expect(page.locator('[data-testid="priority-pie"][data-scheduler="heft"]')).toBeVisible();
  await picker.locator('input[data-scheduler="rws"]').uncheck();
  await waitIdle(page);
  await expect(page.getByTestId("metrics-row")).toHaveCount(7);
});
