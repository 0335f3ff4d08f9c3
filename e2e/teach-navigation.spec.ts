// Issue 14, point 9 (the 6): Perfetto-style navigation. Find tasks by id or type (matches outlined, the rest
// faded, Enter zooms to the next), Shift+drag a time range to get each core's work share per scheduler, dependency
// arrows for the hovered or keyboard-selected task, and folded and pinned tracks.
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

test("the hovered or selected task shows arrows from its predecessors and to its successors", async ({ page }) => {
  await openDefault(page);
  await expect(page.getByTestId("dep-arrows")).toHaveCount(0);
  // Keyboard: select segments along core 0 until one is a layer's critical task (one predecessor, the whole next
  // layer waiting for it); the read-out names them.
  const plot = page.getByTestId("gantt-plot").nth(1);
  // Zoomed in on the start of the run, so that one task's arrows spread over more than a few pixels.
  const start = await plot.boundingBox();
  if (!start) throw new Error("no plot");
  await page.mouse.move(start.x + 4, start.y + 20);
  for (let k = 0; k < 6; k++) await page.mouse.wheel(0, -400);
  await page.mouse.move(start.x + start.width / 2, start.y - 120);
  await waitIdle(page);
  await plot.focus();
  for (let i = 0; i < 60; i++) {
    await plot.press("ArrowRight");
    const text = await page.getByTestId("gantt-announce").nth(1).innerText();
    if (/waits for T\d+; .* wait for it/.test(text)) break;
  }
  await expect(page.getByTestId("gantt-announce").nth(1)).toContainText(/T\d+ waits for T\d+; (T\d+, )+T\d+ and 2 more wait for it/);
  const arrows = page.getByTestId("dep-arrows");
  await expect(arrows).toHaveCount(1);
  expect(Number(await arrows.getAttribute("data-arrows"))).toBe(9);
  await shootAll(page, "navigation-deps-keyboard", async () => undefined);
  await plot.press("Escape");
  await expect(arrows).toHaveCount(0);
  await page.getByTestId("reset-zoom").click();
  await waitIdle(page);

  // Mouse: hover the middle of the RWS run's first core, where tasks run back to back.
  const box = await plot.boundingBox();
  if (!box) throw new Error("no plot");
  const rows = await page.getByTestId("gantt").nth(1).getByTestId("gantt-row").first().boundingBox();
  const y = (rows?.y ?? box.y + 20) + (rows?.height ?? 18) / 2;
  // A few positions, in case the first falls on the runtime's overhead between two tasks.
  for (let k = 0; k < 10 && (await arrows.count()) === 0; k++) {
    await page.mouse.move(box.x + box.width * (0.5 + k * 0.013), y);
    await page.waitForTimeout(50);
  }
  await expect(arrows).toHaveCount(1);
  const task = await arrows.getAttribute("data-task");
  const drawn = Number(await arrows.getAttribute("data-arrows"));
  expect(drawn).toBeGreaterThanOrEqual(1); // every task but the first waits for the previous layer's critical task
  // The arrows are on the canvas: dark (light theme) pixels where the overlay is otherwise transparent.
  const inked = await arrows.evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext("2d")!.getImageData(0, 0, c.width, c.height);
    let n = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 128) n++;
    return n;
  });
  // At least one arrow's shaft and head (a single arrow to a neighbouring task takes about 40 pixels at this zoom).
  expect(inked).toBeGreaterThan(30);
  expect(Number(task)).toBeGreaterThan(0);
  await shootAll(page, "navigation-deps", async () => undefined);
});
