// Import → calibrate → replay → compare: the systrace sample calibrated (the view fits the calibrated runs), then
// replayed under linux[android=on] (Android's kernel) with the recorded wake-up CPUs, the recorded placement and every OS-level scheduler; the
// recording and every replay drawn as Gantts on one time axis with their span and busy errors; the legend holds the
// top threads by run time plus "others" and finds any thread; a new import clears the replays.
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { openDefault, SCREENSHOTS, waitIdle } from "./helpers";

async function pick(page: Page, path: string, name: string): Promise<void> {
  await page.getByTestId("tab-import").click();
  const input = page.locator('input[type="file"]').first();
  await input.setInputFiles({ name, mimeType: "application/octet-stream", buffer: readFileSync(path) });
}

for (const size of [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }]) {
  test(`a recorded trace is calibrated, replayed and compared side by side (${size.width}×${size.height})`, async ({ page }) => {
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.setViewportSize(size);
    await openDefault(page);
    await pick(page, "traces/trace_surfaceflinger.html", "trace_surfaceflinger.html");
    await expect(page.getByTestId("import-status")).toContainText("systrace");
    await expect(page.getByTestId("imported-gantt")).toContainText("Recording: trace_surfaceflinger.html");
    // The legend: seven threads with their own colours, the rest as "others", any thread found by name.
    const legend = page.getByTestId("ranked-legend");
    await expect(legend.getByTestId("legend-item")).toHaveCount(7);
    await expect(legend.getByTestId("legend-others")).toContainText("others");
    await legend.getByTestId("legend-search").fill("surfacefl");
    await expect(legend.getByTestId("legend-found")).toContainText("surfaceflinger");
    await legend.getByTestId("legend-search").fill("");

    // Calibrate: the view fits the calibrated runs, not the 738 ms recording.
    await page.getByTestId("calibrate").click();
    await expect(page.getByTestId("import-status")).toContainText("Calibrated scenario loaded");
    await waitIdle(page);
    await expect(page.getByTestId("visible-window")).not.toContainText("738");

    // Replay and compare on one axis.
    await page.getByTestId("replay").click();
    const result = page.getByTestId("replay-result");
    await expect(result).toBeVisible();
    const rows = result.getByTestId("replay-row");
    await expect(rows.first()).toContainText("linux");
    await expect(rows.nth(1)).toContainText("recorded");
    expect(await rows.count()).toBeGreaterThanOrEqual(7);
    await expect(result).toContainText("CPU 7");
    // The side table fits the side column: nothing overflows it and its last column ends inside the window.
    expect(await result.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    const lastCell = await rows.first().locator("td").last().boundingBox();
    const panel = await result.boundingBox();
    expect(lastCell !== null && panel !== null && lastCell.x + lastCell.width <= Math.min(panel.x + panel.width, size.width) + 1).toBe(true);
    const gantts = page.getByTestId("replay-gantt");
    // The replay Gantts are their own chunk, loaded with the first replay: wait for them.
    await expect(gantts).toHaveCount(await rows.count());
    // The faithful replay of an Android systrace models Android's kernel, within the 10% target on every CPU's busy time.
    await expect(gantts.first()).toContainText("Replay: linux[android=on] · recorded wake-up CPUs");
    await expect(gantts.first()).toContainText("span error 0.0%");
    await expect(gantts.first().getByTestId("replay-busy-error")).toContainText("busy error 3.1%");
    await expect(gantts.nth(1).getByTestId("replay-busy-error")).toContainText("busy error 0.2%");
    // The replays share the recording's axis: the window covers the whole recording again.
    await expect(page.getByTestId("visible-window")).toContainText("738");
    await waitIdle(page);
    await page.screenshot({ path: `${SCREENSHOTS}/replay-systrace-${size.width}.png` });

    // A new import clears the replay of the previous one.
    await pick(page, "traces/fixtures/paje-handwritten.trace", "paje.trace");
    await expect(page.getByTestId("import-status")).toContainText("paje");
    await expect(page.getByTestId("replay-result")).toHaveCount(0);
    await expect(page.getByTestId("replay-gantt")).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}
