// Issue 14, point 9 (the 6): Perfetto-style navigation. Find tasks by id or type (matches outlined, the rest
// faded, Enter zooms to the next), and Shift+drag a time range to get each core's work share per scheduler.
import { expect, test } from "@playwright/test";
import { openDefault, shootAll, waitIdle } from "./helpers";

test.use({ viewport: { width: 1280, height: 720 } });

test("find a task, step to it, and select a range for per-core statistics", async ({ page }) => {
  await openDefault(page);
  const full = await page.getByTestId("visible-window").innerText();
  await page.getByTestId("gantt-search").fill("T100");
  await expect(page.getByTestId("search-count")).toHaveText("2 matches"); // one task in each of the two runs
  await page.getByTestId("gantt-search").press("Enter");
  await waitIdle(page);
  // The window moved to the task (the default window shows the whole run, so the span is kept and the window centres on it).
  await page.getByTestId("gantt-search").fill("matmul");
  await expect(page.getByTestId("search-count")).toHaveText("2,048 matches");
  await page.getByTestId("gantt-search").fill("T7");
  await expect(page.getByTestId("search-count")).toHaveText("2 matches"); // one task in each of the two runs
  // Matching blocks are outlined in the highlight colour on the canvas.
  const outlined = await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="gantt"] canvas');
    const { data } = canvas!.getContext("2d")!.getImageData(0, 0, canvas!.width, canvas!.height);
    let n = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i] - 0xbf) < 6 && Math.abs(data[i + 1] - 0x39) < 6 && Math.abs(data[i + 2] - 0x89) < 6) n++;
    return n;
  });
  expect(outlined).toBeGreaterThan(4);
  await page.getByTestId("gantt-search").press("Escape");
  await expect(page.getByTestId("search-count")).toHaveCount(0);
  await page.getByTestId("reset-zoom").click();
  await expect(page.getByTestId("visible-window")).toHaveText(full);

  // Shift+drag over the first Gantt selects a range; its statistics appear per scheduler and core.
  const plot = await page.getByTestId("gantt-plot").first().boundingBox();
  if (!plot) throw new Error("no plot");
  await page.keyboard.down("Shift");
  await page.mouse.move(plot.x + plot.width * 0.2, plot.y + 30);
  await page.mouse.down();
  await page.mouse.move(plot.x + plot.width * 0.5, plot.y + 30, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.up("Shift");
  await expect(page.getByTestId("range-band")).toBeVisible();
  await expect(page.getByTestId("range-stats")).toBeVisible();
  await expect(page.getByTestId("range-row")).toHaveCount(2);
  const cells = await page.getByTestId("range-row").first().locator("td").allTextContents();
  expect(cells).toHaveLength(9); // 8 cores + total
  for (const c of cells.slice(0, 8)) expect(c).toMatch(/^\d+%/);
  // Dragging with Shift did not pan the window.
  expect(await page.getByTestId("visible-window").innerText()).toBe(full);
  await shootAll(page, "navigation-range", async () => undefined);
  await page.getByTestId("range-clear").click();
  await expect(page.getByTestId("range-stats")).toHaveCount(0);
});

test("fold and pin Gantts: a pinned run stays above the scrolling stack", async ({ page }) => {
  await openDefault(page);
  await page.getByTestId("pick-all").click();
  await expect(page.getByTestId("gantt")).toHaveCount(11);
  await waitIdle(page);
  const fifo = page.locator('[data-testid="gantt"][data-scheduler="fifo"]');
  await fifo.getByTestId("gantt-collapse").click();
  await expect(fifo.getByTestId("gantt-plot")).toHaveCount(0);
  await expect(fifo.getByTestId("gantt-collapse")).toHaveAttribute("aria-expanded", "false");
  const damc = page.locator('[data-testid="gantt"][data-scheduler="dam-c"]');
  await damc.getByTestId("gantt-pin").click();
  await expect(page.getByTestId("gantt-pinned").locator('[data-testid="gantt"]')).toHaveAttribute("data-scheduler", "dam-c");
  // Scrolling the stack to its end leaves the pinned run where it was.
  const before = await damc.boundingBox();
  await page.getByTestId("gantt-stack").evaluate((el) => (el.scrollTop = el.scrollHeight));
  const after = await damc.boundingBox();
  expect(after?.y).toBe(before?.y);
  expect((after?.y ?? 1e9) + 40).toBeLessThan(720);
  await waitIdle(page);
  await shootAll(page, "navigation-fold-pin", async () => undefined);
  await damc.getByTestId("gantt-pin").click();
  await expect(page.getByTestId("gantt-pinned")).toHaveCount(0);
});
