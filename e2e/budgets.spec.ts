// Runaway inputs in the page (issue 16): a runaway scenario is refused at once by field with the last good result kept;
// a long run shows its progress and can be cancelled without losing the last good result; a runaway or mangled link
// and a corrupt trace say what was wrong while the page keeps working and keeps the last good scenario.
import { gzipSync } from "node:zlib";
import { expect, type Page, test } from "@playwright/test";
import { formatFragment } from "../web/src/url/link-state";
import { openDefault, waitIdle } from "./helpers";

/** Page errors (an uncaught exception, a crashed worker) collected for the test to check. */
let pageErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  pageErrors = [];
  page.on("pageerror", (err) => pageErrors.push(err.message));
  page.on("crash", () => pageErrors.push("the page crashed"));
  await openDefault(page);
});

test.afterEach(() => {
  expect(pageErrors).toEqual([]);
});

async function ganttRows(page: Page): Promise<number> {
  return page.getByTestId("gantt").first().getByTestId("gantt-row").count();
}

async function editScenario(page: Page, change: (s: Record<string, any>) => void): Promise<string> {
  await page.getByText("Scenario JSON").click();
  const editor = page.getByTestId("scenario-editor");
  await expect(editor).toBeVisible();
  const good = await editor.inputValue();
  const scenario = JSON.parse(good);
  change(scenario);
  await editor.fill(JSON.stringify(scenario, null, 2));
  return good;
}

test("a runaway scenario is refused at once, naming the field and the limit, and the Gantt stays", async ({ page }) => {
  const rows = await page.getByTestId("gantt").first().getByTestId("gantt-row").count();
  await editScenario(page, (s) => {
    s.workload.parallelism = 4_000_000_000;
  });
  await expect(page.getByTestId("error-banner")).toContainText("workload.parallelism");
  await expect(page.getByTestId("error-banner")).toContainText("at most 5000000");
  await waitIdle(page);
  await expect(page.getByTestId("gantt").first().getByTestId("gantt-row")).toHaveCount(rows);

  const editor = page.getByTestId("scenario-editor");
  const scenario = JSON.parse(await editor.inputValue());
  scenario.workload.parallelism = 4;
  scenario.workload.tasks = 5_000_000;
  scenario.schedulers = ["fifo", "rws", "rwsm-c", "fa", "fam-c", "da", "dam-c", "dam-p", "heft", "dheft", "cats"];
  await editor.fill(JSON.stringify(scenario, null, 2));
  await expect(page.getByTestId("error-banner")).toContainText("workload.tasks: 5000000 tasks under 11 schedulers");
  await expect(page.getByTestId("error-banner")).toContainText("the limit is 800 MB");
  await waitIdle(page);
  await expect(page.getByTestId("gantt").first().getByTestId("gantt-row")).toHaveCount(rows);
});

test("a long run shows its progress and Cancel keeps the last good result", async ({ page }) => {
  const rows = await page.getByTestId("gantt").first().getByTestId("gantt-row").count();
  await editScenario(page, (s) => {
    s.workload.tasks = 2_000_000;
    s.schedulers = ["fifo", "fifo"];
  });
  await expect(page.getByTestId("sim-progress-text")).toContainText("million events", { timeout: 20_000 });
  await page.getByTestId("sim-cancel").click();
  await expect(page.getByTestId("error-banner")).toContainText("Simulation cancelled");
  await waitIdle(page);
  await expect(page.getByTestId("gantt").first().getByTestId("gantt-row")).toHaveCount(rows);
  await expect(page.getByTestId("sim-progress")).toBeHidden();

  // The engine still works after its worker was replaced.
  const editor = page.getByTestId("scenario-editor");
  const scenario = JSON.parse(await editor.inputValue());
  scenario.workload.tasks = 500;
  scenario.schedulers = ["fifo"];
  await editor.fill(JSON.stringify(scenario, null, 2));
  await expect(page.getByTestId("error-banner")).toBeHidden();
  await waitIdle(page);
});

test("a link carrying a runaway scenario names the field and opens the default scenario", async ({ page }) => {
  await page.getByText("Scenario JSON").click();
  const scenario = JSON.parse(await page.getByTestId("scenario-editor").inputValue());
  scenario.workload.tasks = 5_000_000;
  scenario.workload.parallelism = 4;
  scenario.schedulers = ["fifo", "rws", "rwsm-c", "fa", "fam-c", "da", "dam-c", "dam-p", "heft", "dheft", "cats"];
  const fragment = await formatFragment({ scenario, view: {} });
  await page.goto("about:blank");
  await page.goto(`/${fragment}`);
  await expect(page.getByTestId("link-error")).toContainText("workload.tasks: 5000000 tasks under 11 schedulers");
  await expect(page.getByTestId("link-error")).toContainText(/default scenario is shown/);
  await expect(page.getByTestId("preset-picker")).toHaveValue("odroid-xu3-matmul");
  await waitIdle(page);
  await expect(page.getByTestId("gantt").first().getByTestId("gantt-row")).toHaveCount(8);
});

test("a mangled or runaway link typed over an edited scenario says so and keeps that scenario", async ({ page }) => {
  await editScenario(page, (s) => {
    s.workload.tasks = 300;
  });
  await waitIdle(page);
  const editor = page.getByTestId("scenario-editor");
  const good = await editor.inputValue();
  const rows = await ganttRows(page);
  const metrics = await page.getByTestId("metrics-table").innerText();

  await page.evaluate(() => {
    window.location.hash = "#v1.eJzz%%%SM-not-a-link";
  });
  await expect(page.getByTestId("link-error")).toContainText("This link could not be opened");
  await waitIdle(page);
  await expect(editor).toHaveValue(good);
  await expect(page.getByTestId("gantt").first().getByTestId("gantt-row")).toHaveCount(rows);
  expect(await page.getByTestId("metrics-table").innerText()).toBe(metrics);

  const runaway = JSON.parse(good);
  runaway.workload.parallelism = 4_000_000_000;
  const fragment = await formatFragment({ scenario: runaway, view: {} });
  await page.evaluate((f) => {
    window.location.hash = f;
  }, fragment);
  await expect(page.getByTestId("link-error")).toContainText("workload.parallelism");
  await expect(page.getByTestId("link-error")).toContainText("The scenario you had open is kept");
  await waitIdle(page);
  await expect(editor).toHaveValue(good);
  await expect(page.getByTestId("gantt").first().getByTestId("gantt-row")).toHaveCount(rows);
  expect(await page.getByTestId("metrics-table").innerText()).toBe(metrics);
});

test("corrupt traces say what they are, and the simulated scenario stays", async ({ page }) => {
  const rows = await ganttRows(page);
  const metrics = await page.getByTestId("metrics-table").innerText();
  await page.getByTestId("tab-import").click();
  const garbage = Buffer.alloc(256 * 1024);
  for (let i = 0; i < garbage.length; i++) garbage[i] = (i * 2654435761) >>> 24;
  const cases: [string, Buffer, RegExp][] = [
    ["garbage.bin", garbage, /Nothing was imported from garbage\.bin: .*binary data/],
    ["notes.txt", Buffer.from("\uFEFFcpu0 sched_switch", "utf16le"), /Nothing was imported from notes\.txt: .*UTF-16/],
    ["empty.json", Buffer.alloc(0), /Nothing was imported from empty\.json: .*empty/],
    ["perf.data", Buffer.concat([Buffer.from("PERFILE2"), Buffer.alloc(4096, 1)]), /perf\.data file \(convert it with `perf script`/],
    // 256 MiB of zeros in 256 KiB: stopped at the 200× ratio cap.
    ["bomb.json.gz", gzipSync(Buffer.alloc(256 << 20)), /expands more than 200×/],
  ];
  for (const [name, buffer, message] of cases) {
    await test.step(name, async () => {
      await page.getByTestId("trace-file-input").setInputFiles({ name, mimeType: "application/octet-stream", buffer });
      await expect(page.getByTestId("import-status")).toContainText(message, { timeout: 20_000 });
      await expect(page.getByTestId("imported-gantt")).toHaveCount(0);
    });
  }
  // A good trace still imports afterwards, beside the simulated scenario, which never changed.
  await page.getByTestId("trace-file-input").setInputFiles("traces/fixtures/chrome-corner-cases.json");
  await expect(page.getByTestId("imported-gantt")).toBeVisible();
  await expect(page.getByTestId("gantt").first().getByTestId("gantt-row")).toHaveCount(rows);
  expect(await page.getByTestId("metrics-table").innerText()).toBe(metrics);
});
