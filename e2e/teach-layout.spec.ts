// Issue 14, points 1–2: the schedule is the first thing under the header at 1280×720, results are compact and
// collapsible, 11 schedulers still show Gantts without scrolling the page; presenter mode for a 1280×720 projector
// (guide, the Gantt it talks about and its metric all in view, editors hidden, PageUp/PageDown, predict then reveal).
import { expect, type Locator, type Page, test } from "@playwright/test";
import { shootAll, waitIdle } from "./helpers";

test.use({ viewport: { width: 1280, height: 720 } });

let problems: string[] = [];
test.beforeEach(({ page }) => {
  problems = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
});
test.afterEach(() => expect(problems).toEqual([]));

/** The element's box lies inside the 1280×720 window (the page is not scrolled). */
async function inView(locator: Locator, page: Page): Promise<void> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  expect(box, "element has a box").not.toBeNull();
  if (!box || !size) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(size.height + 1);
  expect(box.x + box.width).toBeLessThanOrEqual(size.width + 1);
}

test("the schedule comes first under the header; results fold; 11 schedulers fit", async ({ page }) => {
  await page.goto("/");
  await waitIdle(page);
  const firstGantt = page.getByTestId("gantt").first();
  await inView(firstGantt, page);
  // Nothing but one line of pickers and the tabs between the header and the Gantts; the metrics come after them.
  const ganttTop = (await firstGantt.boundingBox())?.y ?? 1e9;
  const metricsTop = (await page.getByTestId("metrics-table").boundingBox())?.y ?? 0;
  expect(ganttTop).toBeLessThan(320);
  expect(metricsTop).toBeGreaterThan(ganttTop);
  // The metrics section folds and unfolds.
  await page.getByTestId("results-metrics").locator("summary").click();
  await expect(page.getByTestId("metrics-table")).toBeHidden();
  await expect(page.getByTestId("results-metrics").locator("summary")).toContainText("fastest:");
  await page.getByTestId("results-metrics").locator("summary").click();
  await expect(page.getByTestId("metrics-table")).toBeVisible();
  await shootAll(page, "layout-default");

  // Every task scheduler side by side: compact rows, the stack scrolls on its own, the page does not need to.
  await page.getByTestId("pick-all").click();
  await expect(page.getByTestId("gantt")).toHaveCount(11);
  await waitIdle(page);
  const stack = page.getByTestId("gantt-stack");
  await inView(stack, page);
  await expect(stack).toHaveClass(/compact/);
  let visible = 0;
  for (const g of await page.getByTestId("gantt").all()) {
    const box = await g.boundingBox();
    if (box && box.y + box.height <= 720) visible++;
  }
  expect(visible).toBeGreaterThanOrEqual(4);
  await shootAll(page, "layout-11-schedulers");
});

test("a loop preset shows its Gantts first too", async ({ page }) => {
  await page.goto("/#preset=aid-explained");
  await waitIdle(page);
  await inView(page.getByTestId("gantt").first(), page);
  await expect(page.getByTestId("results-loops")).toBeVisible();
});

test("presenter mode on a 1280×720 projector: guide, Gantt and metric in view, editors hidden, predict then reveal", async ({ page }) => {
  await page.goto("/#preset=tx2-corunner&step=0&presenter=1");
  await waitIdle(page);
  await expect(page.locator(".app.presenter")).toBeVisible();
  for (const hidden of ["scenario-details", "preset-picker", "scheduler-picker", "tab-events"]) await expect(page.getByTestId(hidden)).toBeHidden();
  await expect(page.locator(".event-lanes")).toBeHidden();
  await inView(page.getByTestId("guide"), page);
  await inView(page.getByTestId("guide-metric"), page);
  await inView(page.getByTestId("gantt").first(), page);
  // Labels are scaled up: rows taller than the normal 18 px.
  const row = await page.getByTestId("gantt-row").first().boundingBox();
  expect(row?.height ?? 0).toBeGreaterThan(20);
  await shootAll(page, "presenter-step1");

  await page.keyboard.press("PageDown");
  await expect(page.getByTestId("guide-count")).toHaveText("Step 2 of 3");
  await page.keyboard.press("PageUp");
  await expect(page.getByTestId("guide-count")).toHaveText("Step 1 of 3");

  await page.getByTestId("predict-toggle").check();
  await expect(page).toHaveURL(/predict=1/);
  await expect(page.getByTestId("predict-box")).toBeVisible();
  await expect(page.getByTestId("guide-metric-row")).toHaveCount(0);
  await expect(page.locator(".gantt-subtitle").first()).toBeHidden();
  await shootAll(page, "presenter-predict");
  await page.keyboard.press("r");
  await expect(page.getByTestId("guide-metric-row")).toHaveCount(2);
  await expect(page.locator(".gantt-subtitle").first()).toBeVisible();
  // The next step hides the numbers again until revealed.
  await page.keyboard.press("PageDown");
  await expect(page.getByTestId("predict-box")).toBeVisible();
});

test("every gallery guide can be walked in presenter mode at 1280×720 without scrolling", async ({ page }) => {
  test.setTimeout(600_000);
  await page.goto("/");
  await waitIdle(page);
  const presets = await page.evaluate(async () => {
    const options = [...document.querySelectorAll<HTMLOptionElement>('[data-testid="preset-picker"] option')];
    return options.map((o) => o.value).filter((v) => v !== "");
  });
  let walked = 0;
  for (const name of presets) {
    await page.goto(`/#preset=${name}&step=0&presenter=1`);
    await waitIdle(page);
    if ((await page.getByTestId("guide").count()) === 0) continue;
    const count = Number((await page.getByTestId("guide-count").innerText()).replace(/^Step 1 of /, ""));
    for (let s = 0; s < count; s++) {
      await test.step(`${name} step ${s + 1}`, async () => {
        await waitIdle(page);
        await inView(page.getByTestId("guide"), page);
        await inView(page.getByTestId("guide-metric"), page);
        // The row the step highlights (its label and band), or, when it points at none, the top of some Gantt, is in view.
        // (The stack scrolls to it after the step's effects have run: poll. One read of the DOM per poll: a locator
        // would wait for a row the next render un-selects.)
        const seen = () =>
          page.evaluate(() => {
            const row = document.querySelector('[data-testid="gantt-row"][data-selected]');
            const boxes = (row ? [row] : [...document.querySelectorAll('[data-testid="gantt"]')]).map((e) => e.getBoundingClientRect());
            return boxes.some((box) => box.width > 0 && box.height > 0 && box.y >= 0 && box.y + Math.min(box.height, 40) <= 720);
          });
        const where = async () =>
          page.evaluate(() => {
            const tops = (sel: string) => [...document.querySelectorAll(sel)].map((e) => `${Math.round(e.getBoundingClientRect().top)}+${Math.round(e.getBoundingClientRect().height)}`).join(", ");
            const stack = document.querySelector<HTMLElement>('[data-testid="gantt-stack"]');
            return `scrollY ${window.scrollY}, stack scrollTop ${stack?.scrollTop}, Gantts ${tops('[data-testid="gantt"]')}, selected rows ${tops('[data-testid="gantt-row"][data-selected]')}`;
          });
        await expect.poll(seen, { message: `${name} step ${s + 1}: the Gantt is in view` }).toBe(true).catch(async (e) => {
          throw new Error(`${String(e)}\n(${await where()})`);
        });
        expect(await page.evaluate(() => window.scrollY)).toBe(0);
      });
      if (s + 1 < count) {
        await page.keyboard.press("PageDown");
        // The app took the key (not the browser, which would scroll the page).
        await expect(page.getByTestId("guide-count")).toHaveText(new RegExp(`^Step ${s + 2} of`));
      }
    }
    walked++;
  }
  expect(walked).toBeGreaterThanOrEqual(10);
});
