// Issue 14, point 5: honest pixels. Zoomed out, a mostly busy run stays the work colour (level of detail keeps the
// dominant kind); pies colour an execution place the same in every scheduler and read out values on hover; the work
// bars have an axis; bar charts can be drawn relative to the baseline; 11 schedulers get 11 distinct colours.
import { expect, test } from "@playwright/test";
import { shootAll, waitIdle } from "./helpers";

test("the 32,000-task run zoomed out is mostly the work colour, not overhead grey", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/#preset=tx2-matmul-32000");
  await waitIdle(page);
  const counts = await page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="gantt"] canvas');
    if (!canvas) return null;
    const { data } = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height);
    let blue = 0;
    let grey = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
      if (b > 120 && r < 90 && b - r > 60) blue++; // the work colour (#0072B2) and its darker priority shade
      else if (Math.abs(r - g) < 12 && Math.abs(g - b) < 16 && r > 110 && r < 170) grey++; // the overhead grey (#8c959f)
    }
    return { blue, grey };
  });
  expect(counts).not.toBeNull();
  expect(counts!.blue).toBeGreaterThan(4 * counts!.grey);
  await shootAll(page, "pixels-32000");
});

test("pies share place colours and read out values; work bars have an axis; relative bars; 11 distinct colours", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/#preset=dam-fig5&tab=task-runtime");
  await waitIdle(page);
  const pies = page.getByTestId("priority-pie");
  await expect(pies.first()).toBeVisible();
  // The same place has the same colour in every pie that has it.
  const fills = await page.evaluate(() => {
    const byPlace = new Map<string, Set<string>>();
    for (const path of document.querySelectorAll<SVGPathElement>('[data-testid="pie-slice"]')) {
      const place = (path.getAttribute("aria-label") ?? "").split(":")[0];
      byPlace.set(place, (byPlace.get(place) ?? new Set()).add(path.getAttribute("fill") ?? ""));
    }
    return [...byPlace].map(([place, set]) => [place, set.size] as const);
  });
  expect(fills.length).toBeGreaterThan(0);
  for (const [place, n] of fills) expect(n, place).toBe(1);
  const slice = page.getByTestId("pie-slice").first();
  await slice.hover();
  await expect(page.getByTestId("pie-readout").first()).toContainText(/\(C\d+,\d+\): [\d,]+ priority tasks \([\d.]+%\)/);
  await expect(page.getByTestId("work-axis").first().locator("text")).not.toHaveCount(0);
  expect(await page.getByTestId("work-axis").first().locator("text").count()).toBeGreaterThanOrEqual(2);
  await shootAll(page, "pixels-pies-bars", async () => undefined);

  await page.goto("/");
  await waitIdle(page);
  await page.getByTestId("pick-all").click();
  await waitIdle(page);
  await page.getByTestId("tab-compare").click();
  await expect.poll(() => page.getByTestId("bar-chart").first().locator("rect").count()).toBe(11);
  const colours = await page.getByTestId("bar-chart").first().locator("rect").evaluateAll((rects) => rects.map((r) => r.getAttribute("fill")));
  expect(new Set(colours).size).toBe(11);
  await page.getByTestId("relative-bars").check();
  await expect(page.getByTestId("bar-chart").first()).toHaveAttribute("data-relative", "true");
  await expect(page.getByTestId("bar-chart").first().locator(".bar-tick").first()).toBeVisible();
  await shootAll(page, "pixels-relative-bars", async () => undefined);
});
