// Import → replay → compare: the systrace sample replayed under linux with the
// recorded wake-up CPUs, the recorded placement and every OS-level scheduler,
// their span and busy errors in a table, recording and replay busy per CPU on
// one scale; a new import clears the replay.
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { openDefault, SCREENSHOTS, waitIdle } from "./helpers";

async function pick(page: Page, path: string, name: string): Promise<void> {
  await page.getByTestId("tab-import").click();
  const input = page.locator('input[type="file"]').first();
  await input.setInputFiles({ name, mimeType: "application/octet-stream", buffer: readFileSync(path) });
}

test("a recorded trace replays under every OS-level scheduler with its errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await openDefault(page);
  await pick(page, "traces/trace_surfaceflinger.html", "trace_surfaceflinger.html");
  await expect(page.getByTestId("import-status")).toContainText("systrace");
  await page.getByTestId("replay").click();
  const result = page.getByTestId("replay-result");
  await expect(result).toBeVisible();
  const rows = result.getByTestId("replay-row");
  await expect(rows.first()).toContainText("linux");
  await expect(rows.first()).toContainText("recorded");
  await expect(rows.nth(1)).toContainText("recorded");
  expect(await rows.count()).toBeGreaterThanOrEqual(7);
  await expect(result).toContainText("CPU 7");
  await waitIdle(page);
  await page.screenshot({ path: `${SCREENSHOTS}/replay-systrace.png`, fullPage: true });
  // A new import clears the replay of the previous one.
  await pick(page, "traces/fixtures/paje-handwritten.trace", "paje.trace");
  await expect(page.getByTestId("import-status")).toContainText("paje");
  await expect(page.getByTestId("replay-result")).toHaveCount(0);
  expect(errors).toEqual([]);
});
