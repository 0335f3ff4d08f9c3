// Issue 14, point 6 (the 7): a step-through that teaches. Every PTT decision shows its candidates with the
// numbers behind the rule (predicted time and time × width), the text agrees with the choice, play has a speed
// control, and the decided run's Gantt is scrolled into view.
import { expect, test } from "@playwright/test";
import { shootAll, waitIdle } from "./helpers";

test.use({ viewport: { width: 1280, height: 720 } });

test("DAM-C's decisions show their candidate costs, honest reasons, a play speed, and the Gantt in view", async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto("/#preset=dam-fig5&panel=step");
  await waitIdle(page);
  const runs = await page.getByTestId("step-run").locator("option").allTextContents();
  const damc = runs.findIndex((r) => r === "DAM-C");
  expect(damc).toBeGreaterThan(0);
  await page.getByTestId("step-run").selectOption({ index: damc });
  await expect(page.getByTestId("decision-reason")).toContainText("DAM-C");
  // Walk decisions until several PTT decisions with measured places have been seen.
  let measured = 0;
  for (let i = 0; i < 60 && measured < 5; i++) {
    await page.getByTestId("step-next").click();
    const rows = page.getByTestId("candidate");
    const count = await rows.count();
    if (count < 2) continue;
    const costs = await page.getByTestId("candidate-cost").allTextContents();
    // Every candidate has a cost or says it is unmeasured: never a bare dash.
    for (const c of costs) expect(c).toMatch(/\d|not measured/);
    const chosen = page.locator('[data-testid="candidate"].chosen');
    await expect(chosen).toHaveCount(1);
    const chosenCost = await chosen.getByTestId("candidate-cost").innerText();
    if (/not measured/.test(chosenCost)) continue;
    measured++;
    // A measured place was chosen: the text must not say that unmeasured places win.
    await expect(page.getByTestId("decision-reason")).not.toContainText("unmeasured places (PTT 0) win");
  }
  expect(measured).toBeGreaterThanOrEqual(3);
  // The decided run's Gantt is in the window.
  const gantt = page.getByTestId("gantt").nth(damc);
  const box = await gantt.boundingBox();
  expect(box && box.y < 720 && box.y + 40 > 0).toBe(true);
  await shootAll(page, "step-damc", async () => undefined);

  // Play at 10×: several decisions go by within a second.
  const before = await page.getByTestId("decision-head").innerText();
  const n0 = Number(/Decision (\d+)/.exec(before)?.[1]);
  await page.getByTestId("step-speed").selectOption("10");
  await page.getByTestId("step-play").click();
  await page.waitForTimeout(1200);
  await page.getByTestId("step-play").click();
  const n1 = Number(/Decision (\d+)/.exec(await page.getByTestId("decision-head").innerText())?.[1]);
  expect(n1 - n0).toBeGreaterThanOrEqual(5);
});
