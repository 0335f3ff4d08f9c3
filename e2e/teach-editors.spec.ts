// Issue 14, point 7 (the 8): the event inspector speaks the user's units (milliseconds, cluster names) and
// overlapping events on one lane are stacked, not drawn over each other.
import { expect, test } from "@playwright/test";
import { openDefault, shootAll, waitIdle } from "./helpers";

test("times in ms, clusters by name, overlapping events stacked", async ({ page }) => {
  await openDefault(page);
  const lane = page.locator('.event-lane-plot[data-lane="cluster-0"]');
  await page.getByTestId("palette-item").filter({ hasText: "DVFS step" }).dragTo(lane, { targetPosition: { x: 60, y: 8 } });
  await expect(page.getByTestId("event-fields")).toBeVisible();
  // The cluster is picked by name, the times read in milliseconds.
  const cluster = page.getByTestId("event-field-cluster");
  await expect(cluster.locator("option:checked")).toHaveText(/^big \(A15, cores 0–3\)$/);
  const start = Number(await page.getByTestId("event-field-start_ns").inputValue());
  expect(start).toBeGreaterThan(0);
  expect(start).toBeLessThan(30); // ms, not ns: the default run lasts about 22 ms
  await expect(page.locator(".field").filter({ has: page.getByTestId("event-field-start_ns") }).locator(".unit")).toContainText("ms");
  await page.getByTestId("event-field-start_ns").fill("2.5");
  await page.getByTestId("event-field-end_ns").fill("12");
  await cluster.selectOption({ label: "little (A7, cores 4–7)" });
  await waitIdle(page);
  await page.getByText("Scenario JSON").click();
  const events = JSON.parse(await page.getByTestId("scenario-editor").inputValue()).events as { start_ns: number; end_ns: number; cluster: number }[];
  await page.getByText("Scenario JSON").click();
  expect(events[0]).toMatchObject({ start_ns: 2_500_000, end_ns: 12_000_000, cluster: 1 });
  await expect(page.getByTestId("event-field-start_ns")).toHaveValue("2.5");
  // A bad time names the unit.
  await page.getByTestId("event-field-start_ns").fill("soon");
  await expect(page.locator(".field-error").first()).toContainText("milliseconds");
  await page.getByTestId("event-field-start_ns").fill("2.5");

  // A second DVFS step overlapping the first on the little cluster's lane: the two blocks are stacked.
  const little = page.locator('.event-lane-plot[data-lane="cluster-1"]');
  const box = await little.boundingBox();
  if (!box) throw new Error("no lane");
  await page.getByTestId("palette-item").filter({ hasText: "DVFS step" }).dragTo(little, { targetPosition: { x: box.width * 0.3, y: 8 } });
  await waitIdle(page);
  await expect(page.locator('[data-testid="event-lane"][data-lane="cluster-1"]')).toHaveAttribute("data-rows", "2");
  const blocks = page.locator('.event-lane-plot[data-lane="cluster-1"] [data-testid="event-block"]');
  await expect(blocks).toHaveCount(2);
  const [a, b] = [await blocks.nth(0).boundingBox(), await blocks.nth(1).boundingBox()];
  expect(a && b && (a.y + a.height <= b.y + 1 || b.y + b.height <= a.y + 1)).toBe(true);
  await shootAll(page, "editors-ms-stacked");
});
