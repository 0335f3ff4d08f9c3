// Importing real traces from traces/: the systrace sample by drag and drop,
// the Chrome JSON sample (gzip) through the file picker, a truncated file with
// its diagnostics, then "Calibrate and simulate" beside the imported run.
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { openDefault, SCREENSHOTS, waitIdle } from "./helpers";

test.beforeEach(async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(err.message));
  await openDefault(page);
  await page.getByTestId("tab-import").click();
  expect(errors).toEqual([]);
});

/** Drops `path` on the drop zone, as a user dragging a file from their desktop would. */
async function dropFile(page: Page, path: string, name: string, mime: string): Promise<void> {
  const base64 = readFileSync(path).toString("base64");
  const dataTransfer = await page.evaluateHandle(
    ({ base64, name, mime }) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name, { type: mime }));
      return dt;
    },
    { base64, name, mime },
  );
  await page.getByTestId("drop-zone").dispatchEvent("drop", { dataTransfer });
}

test("a dropped systrace shows per-CPU lanes with frequencies, then calibrates and simulates", async ({ page }) => {
  await dropFile(page, "traces/trace_surfaceflinger.html", "trace_surfaceflinger.html", "text/html");
  const gantt = page.getByTestId("imported-gantt");
  await expect(gantt).toBeVisible();
  await expect(gantt).toHaveAttribute("data-format", "systrace");
  await expect(gantt.getByTestId("imported-row").first()).toHaveText("CPU 0");
  await expect(gantt.getByTestId("imported-row")).toHaveCount(16);
  await expect(gantt).toContainText("CPUs 0–3");
  await expect(gantt).toContainText("CPUs 4–7");
  await expect(page.getByTestId("import-status")).toContainText("systrace, 856 slices");
  await waitIdle(page);
  await page.screenshot({ path: `${SCREENSHOTS}/import-systrace.png`, fullPage: true });

  // Hovering CPU 0 names what ran there (or its idle state).
  const row = gantt.getByTestId("imported-row").first();
  const rowBox = await row.boundingBox();
  const canvasBox = await gantt.getByTestId("gantt-canvas").boundingBox();
  if (!rowBox || !canvasBox) throw new Error("no boxes");
  const tooltip = page.getByTestId("imported-tooltip");
  for (let x = 2; x < canvasBox.width; x += 9) {
    await page.mouse.move(canvasBox.x + x, rowBox.y + rowBox.height / 2);
    if (await tooltip.isVisible()) break;
  }
  await expect(tooltip).toContainText("CPU 0");
  await expect(tooltip).toContainText("duration");
  await page.screenshot({ path: `${SCREENSHOTS}/import-tooltip.png` });
  await page.mouse.move(0, 0);

  await page.getByTestId("calibrate").click();
  await expect(page.getByTestId("import-status")).toContainText("Calibrated scenario loaded");
  await waitIdle(page);
  // The calibrated scenario runs every registered task scheduler.
  const gantts = page.getByTestId("gantt");
  const registered = await page.locator('[data-testid="scheduler-picker"] input[type=checkbox]').count();
  expect(registered).toBeGreaterThan(2);
  await expect(gantts).toHaveCount(registered);
  await expect(gantts.first().getByTestId("gantt-row")).toHaveCount(8);
  await expect(page.getByTestId("imported-gantt")).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/import-calibrated.png`, fullPage: true });
});

test("the 24 MB Chrome JSON sample imports from the file picker with string and number tids", async ({ page }) => {
  await page.getByTestId("trace-file-input").setInputFiles("traces/worker0.pt.trace.json.gz");
  const gantt = page.getByTestId("imported-gantt");
  await expect(gantt).toBeVisible({ timeout: 30_000 });
  await expect(gantt).toHaveAttribute("data-format", "chrome_json");
  await expect(page.getByTestId("import-status")).toContainText("48,892 slices");
  await expect(gantt.getByTestId("imported-row")).toHaveCount(4);
  await waitIdle(page);
  await page.screenshot({ path: `${SCREENSHOTS}/import-chrome.png`, fullPage: true });
});

test("a truncated trace shows what parsed and where it broke", async ({ page }) => {
  await page.getByTestId("trace-file-input").setInputFiles("traces/fixtures/chrome-corner-cases.json");
  await expect(page.getByTestId("imported-gantt")).toBeVisible();
  await expect(page.getByTestId("import-status")).toContainText("7 problems found");
  const diagnostics = page.getByTestId("import-diagnostics");
  await diagnostics.locator("summary").click();
  await expect(diagnostics).toContainText("byte 1227: the file ends inside an event");
  await page.screenshot({ path: `${SCREENSHOTS}/import-diagnostics.png`, fullPage: true });
});

test("Paraver traces import with their .pcf names and .row labels when picked together", async ({ page }) => {
  await page
    .getByTestId("trace-file-input")
    .setInputFiles(["traces/fixtures/paraver-small.prv", "traces/fixtures/paraver-small.pcf", "traces/fixtures/paraver-small.row"]);
  const gantt = page.getByTestId("imported-gantt");
  await expect(gantt).toHaveAttribute("data-format", "paraver");
  await expect(gantt.getByTestId("imported-row")).toHaveText(["1.big", "2.little", "THREAD 1.1.1 (master)", "THREAD 1.1.2 (helper)"]);
});

test("a 150 MB ftrace file parses in the worker with a progress bar, and Cancel stops it", async ({ page }, testInfo) => {
  // Made here by repeating the systrace sample's ftrace lines (not committed).
  const lines = readFileSync("traces/trace_surfaceflinger.html", "utf8")
    .split("\n")
    .filter((l) => /\[\d{3}\] .{4,5} +\d+\.\d+: /.test(l))
    .join("\n");
  const path = testInfo.outputPath("big.ftrace.txt");
  const { openSync, writeSync, closeSync } = await import("node:fs");
  const fd = openSync(path, "w");
  const block = Buffer.from(`${lines}\n`);
  for (let size = 0; size < 150e6; size += block.length) writeSync(fd, block);
  closeSync(fd);
  await page.getByTestId("trace-file-input").setInputFiles(path);
  const progress = page.getByTestId("import-progress");
  await expect(progress).toBeVisible();
  // The page stays responsive while the worker parses: the zoom button still answers.
  await page.getByTestId("reset-zoom").click();
  await progress.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByTestId("import-status")).toContainText("cancelled");
  await expect(page.getByTestId("imported-gantt")).toHaveCount(0);
});
