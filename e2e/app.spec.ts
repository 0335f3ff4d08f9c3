// The explorer as one app: event timeline editor (drag, keyboard, undo),
// side-by-side comparison, step-through, forms, exports, themes.
// Every test fails on any page error or console error.
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { openDefault, SCREENSHOTS, waitIdle } from "./helpers";

let problems: string[] = [];
test.beforeEach(async ({ page }) => {
  problems = [];
  page.on("pageerror", (err) => problems.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console: ${msg.text()}`);
  });
  await openDefault(page);
});
test.afterEach(() => {
  expect(problems).toEqual([]);
});

const makespans = (page: Page) => page.getByTestId("metrics-row").locator('td[data-column="makespan"]').allTextContents();

async function scenarioEvents(page: Page): Promise<Record<string, unknown>[]> {
  await page.getByText("Scenario JSON").click();
  const text = await page.getByTestId("scenario-editor").inputValue();
  await page.getByText("Scenario JSON").click();
  return JSON.parse(text).events as Record<string, unknown>[];
}

test("dragging a DVFS step onto the big cluster changes the metrics; undo and redo", async ({ page }) => {
  const before = await makespans(page);
  const lane = page.locator('.event-lane-plot[data-lane="cluster-0"]');
  await page.getByTestId("palette-item").filter({ hasText: "DVFS step" }).dragTo(lane, { targetPosition: { x: 40, y: 8 } });
  await expect(page.getByTestId("event-block")).toHaveCount(1);
  await waitIdle(page);
  // The new block is selected (its fields show): a 200 MHz step; make it last until the run ends.
  await expect(page.getByTestId("event-fields")).toBeVisible();
  await expect(page.getByTestId("event-field-freq_mhz")).toHaveValue("200");
  await page.getByTestId("event-field-end_ns").fill("");
  await expect.poll(() => makespans(page)).not.toEqual(before);
  await waitIdle(page);
  const slowed = await makespans(page);
  expect(parseFloat(slowed[0].replace(/,/g, ""))).toBeGreaterThan(parseFloat(before[0].replace(/,/g, "")));
  await expect(page.getByTestId("event-band")).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/event-dvfs.png` });

  // Move the block by dragging it to the right: its start follows.
  const block = page.getByTestId("event-block").first();
  const box = await block.boundingBox();
  if (!box) throw new Error("no block");
  const startBefore = Number(await page.getByTestId("event-field-start_ns").inputValue());
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 150, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(async () => Number(await page.getByTestId("event-field-start_ns").inputValue())).toBeGreaterThan(startBefore);
  await waitIdle(page);
  const moved = await makespans(page);

  // Undo the move, the open end and the drop; then redo all three.
  for (let i = 0; i < 3; i++) await page.getByTestId("undo").click();
  await expect(page.getByTestId("event-block")).toHaveCount(0);
  await expect(page.getByTestId("undo")).toBeDisabled();
  await waitIdle(page);
  await expect.poll(() => makespans(page)).toEqual(before);
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("Control+Shift+Z");
  await expect(page.getByTestId("event-block")).toHaveCount(1);
  for (let i = 0; i < 2; i++) await page.getByTestId("redo").click();
  await expect(page.getByTestId("redo")).toBeDisabled();
  await waitIdle(page);
  await expect.poll(() => makespans(page)).toEqual(moved);
  expect((await scenarioEvents(page))[0]).toMatchObject({ kind: "dvfs", cluster: 0, freq_mhz: 200 });
});

test("the keyboard path: focus a lane, insert, move, resize, delete, undo", async ({ page }) => {
  await page.getByTestId("palette-item").filter({ hasText: "Core offline" }).locator("input").check();
  await page.getByTestId("toggle-core-lanes").click();
  const lane = page.locator('[data-testid="event-lane"][data-lane="core-5"]');
  await lane.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("event-block")).toHaveCount(1);
  // The inspector shows milliseconds; compare in integer nanoseconds.
  const field = async (name: string) => Math.round(Number(await page.getByTestId(`event-field-${name}`).inputValue()) * 1e6);
  const start0 = await field("start_ns");
  const end0 = await field("end_ns");
  await lane.focus();
  // One key at a time: the inspector may still show the first move when the second key press returns.
  await page.keyboard.press("Shift+ArrowRight");
  await expect.poll(() => field("start_ns")).toBeGreaterThan(start0 + 10_000);
  const startFar = await field("start_ns");
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => field("start_ns")).toBeGreaterThan(startFar);
  const start1 = await field("start_ns");
  await expect.poll(async () => (await field("end_ns")) - start1).toBe(end0 - start0);
  await page.keyboard.press("Alt+ArrowRight");
  await expect.poll(async () => (await field("end_ns")) - start1).toBeGreaterThan(end0 - start0);
  const longer = (await field("end_ns")) - start1;
  await page.keyboard.press("[");
  await expect.poll(async () => (await field("end_ns")) - start1).toBeLessThan(longer);
  await waitIdle(page);
  expect((await scenarioEvents(page))[0]).toMatchObject({ kind: "core_offline", core: 5 });
  await page.screenshot({ path: `${SCREENSHOTS}/keyboard-offline.png` });
  await lane.focus();
  await page.keyboard.press("Delete");
  await expect(page.getByTestId("event-block")).toHaveCount(0);
  await page.keyboard.press("Control+z");
  await expect(page.getByTestId("event-block")).toHaveCount(1);
  await waitIdle(page);
});

test("resize by dragging an edge, and drag a block onto another lane", async ({ page }) => {
  await page.getByTestId("palette-item").filter({ hasText: "DVFS step" }).dragTo(page.locator('.event-lane-plot[data-lane="cluster-0"]'), { targetPosition: { x: 120, y: 8 } });
  await waitIdle(page);
  const field = async (name: string) => Number(await page.getByTestId(`event-field-${name}`).inputValue());
  const end0 = await field("end_ns");
  const handle = page.getByTestId("event-handle-end").first();
  const hb = await handle.boundingBox();
  if (!hb) throw new Error("no handle");
  await page.mouse.move(hb.x + hb.width / 2, hb.y + hb.height / 2);
  await page.mouse.down();
  await page.mouse.move(hb.x + 120, hb.y + hb.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect.poll(() => field("end_ns")).toBeGreaterThan(end0);
  expect(await field("cluster")).toBe(0);
  // Drag the block down onto the little cluster's lane.
  const block = page.getByTestId("event-block").first();
  const bb = await block.boundingBox();
  const target = await page.locator('.event-lane-plot[data-lane="cluster-1"]').boundingBox();
  if (!bb || !target) throw new Error("no boxes");
  await page.mouse.move(bb.x + bb.width / 2, bb.y + bb.height / 2);
  await page.mouse.down();
  await page.mouse.move(bb.x + bb.width / 2, target.y + target.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => field("cluster")).toBe(1);
  // 200 MHz is a level of the little cluster too, so the engine accepts the move.
  await waitIdle(page);
  await expect(page.getByTestId("error-banner")).toBeHidden();
  await expect(page.locator('.event-lane-plot[data-lane="cluster-1"]').getByTestId("event-block")).toHaveCount(1);
});

test("an invalid value is flagged next to its field", async ({ page }) => {
  await page.getByTestId("palette-item").filter({ hasText: "Memory interference" }).dragTo(page.locator('.event-lane-plot[data-lane="cluster-1"]'), { targetPosition: { x: 100, y: 8 } });
  await page.getByTestId("event-field-intensity").fill("1.7");
  await expect(page.locator(".field.invalid").getByRole("alert")).toContainText("[0, 1]");
  // The engine refuses it too, naming the field; the last good result stays.
  await expect(page.getByTestId("error-banner")).toContainText("events[0].intensity");
  await page.getByTestId("event-field-start_ns").fill("abc");
  await expect(page.locator(".field.invalid").getByRole("alert").first()).toBeVisible();
  await page.getByTestId("event-field-intensity").fill("0.9");
  await expect(page.getByTestId("error-banner")).toBeHidden();
  await waitIdle(page);
  await page.getByTestId("tab-platform").click();
  await page.getByTestId("field-platform-clusters-0-cores").fill("0");
  await expect(page.locator('[data-path="platform.clusters[0].cores"]')).toContainText("at least 1");
  await page.getByTestId("field-platform-clusters-0-cores").fill("2");
  await waitIdle(page);
  await expect(page.getByTestId("gantt").first().getByTestId("gantt-row")).toHaveCount(6);
  await page.screenshot({ path: `${SCREENSHOTS}/forms.png` });
});

test("compare every scheduler; zooming one Gantt moves them all; baseline differences", async ({ page }) => {
  await page.getByTestId("pick-all").click();
  await waitIdle(page);
  const names = await page.evaluate(() => document.querySelectorAll('[data-testid="scheduler-picker"] input[type=checkbox]').length);
  await expect(page.getByTestId("gantt")).toHaveCount(names);
  await expect(page.getByTestId("metrics-row")).toHaveCount(names);
  const snapshot = () => page.getByTestId("gantt-canvas").evaluateAll((cs) => (cs as HTMLCanvasElement[]).map((c) => c.toDataURL()));
  const before = await snapshot();
  const second = page.getByTestId("gantt-canvas").nth(1);
  await second.scrollIntoViewIfNeeded();
  const box = await second.boundingBox();
  if (!box) throw new Error("no canvas");
  await page.mouse.move(box.x + box.width * 0.25, box.y + 20);
  await page.mouse.wheel(0, -600);
  await waitIdle(page);
  // The wheel event reaches the page asynchronously: wait until every canvas has repainted.
  await expect.poll(async () => (await snapshot()).filter((img, i) => img !== before[i]).length).toBe(before.length);
  await expect(page.getByTestId("time-cursor")).toBeVisible();
  await page.getByTestId("baseline-radio").nth(1).check();
  await expect(page.getByTestId("metrics-row").nth(0).locator(".diff").first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/compare-zoomed.png` });
  await page.getByTestId("tab-compare").click();
  await expect(page.getByTestId("bar-chart").first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/compare-bars.png` });
});

test("step-through explains each decision and marks it on the Gantt", async ({ page }) => {
  await page.getByTestId("tab-step").click();
  await expect(page.getByTestId("decision-head")).toContainText("Decision 1 of");
  for (let i = 0; i < 12; i++) await page.getByTestId("step-next").click();
  await expect(page.getByTestId("decision-head")).toContainText("Decision 13 of");
  await expect(page.getByTestId("decision-task")).toContainText(/T\d+ · matmul/);
  await expect(page.getByTestId("decision-reason")).toContainText("FIFO");
  await expect(page.getByTestId("candidates").locator("tbody tr")).toHaveCount(1);
  await expect(page.getByTestId("time-cursor")).toBeVisible();
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press(".");
  await expect(page.getByTestId("decision-head")).toContainText("Decision 14 of");
  await page.keyboard.press(",");
  await expect(page.getByTestId("decision-head")).toContainText("Decision 13 of");
  await page.getByTestId("step-run").selectOption({ index: 1 });
  await expect(page.getByTestId("decision-reason")).toContainText("deque");
  await page.getByTestId("step-play").click();
  await expect(page.getByTestId("decision-head")).not.toContainText("Decision 13 of", { timeout: 5000 });
  await page.getByTestId("step-play").click();
  await waitIdle(page);
  await page.screenshot({ path: `${SCREENSHOTS}/step.png` });
});

test("exports download valid files", async ({ page }) => {
  await page.getByTestId("tab-export").click();
  const save = async (testId: string) => {
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), bytes: readFileSync(path) };
  };
  const trace = await save("export-trace");
  const json = JSON.parse(trace.bytes.toString("utf8")) as { traceEvents: { ph: string; tid?: number }[] };
  expect(trace.name).toMatch(/-trace\.json$/);
  const begins = json.traceEvents.filter((e) => e.ph === "B");
  expect(begins.length).toBeGreaterThan(1000);
  expect(json.traceEvents.filter((e) => e.ph === "E").length).toBe(begins.length);
  expect(json.traceEvents.some((e) => e.ph === "C")).toBe(true);
  expect(json.traceEvents.some((e) => e.ph === "s")).toBe(true);
  expect(new Set(begins.map((e) => e.tid)).size).toBe(8);
  const csv = (await save("export-csv")).bytes.toString("utf8").trim().split("\n");
  expect(csv[0]).toMatch(/^scheduler,Makespan/);
  expect(csv).toHaveLength(3);
  const scenario = JSON.parse((await save("export-scenario")).bytes.toString("utf8")) as { version: number };
  expect(scenario.version).toBe(1);
  const svg = (await save("export-gantt-svg")).bytes.toString("utf8");
  expect(svg.startsWith("<svg")).toBe(true);
  expect(svg).toContain("<rect");
  const png = (await save("export-gantt-png")).bytes;
  expect(png.subarray(1, 4).toString("latin1")).toBe("PNG");
  await page.getByTestId("tab-compare").click();
  const barsPng = (await save("metric-bars-png")).bytes;
  expect(barsPng.subarray(1, 4).toString("latin1")).toBe("PNG");
  expect((await save("metric-bars-svg")).bytes.toString("utf8")).toContain("<svg");
});

test("dark theme and large fonts for a projector", async ({ page }) => {
  await page.getByTestId("theme-picker").selectOption("dark");
  await page.getByTestId("large-font").click();
  await waitIdle(page);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("20px");
  await page.getByTestId("term").first().hover();
  await expect(page.getByRole("tooltip").first()).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/dark-large.png` });
  await page.getByTestId("large-font").click();
  await page.getByTestId("theme-picker").selectOption("system");
});

test("the critical-path toggle fades every task but the critical ones; moldable tasks are linked across their cores", async ({ page }) => {
  await page.getByTestId("preset-picker").selectOption("dam-fig5");
  await waitIdle(page);
  const canvas = page.getByTestId("gantt-canvas").nth(4);
  await canvas.scrollIntoViewIfNeeded();
  const before = await canvas.evaluate((c) => (c as HTMLCanvasElement).toDataURL());
  await page.getByTestId("critical-toggle").click();
  await expect(page.getByTestId("critical-toggle")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => canvas.evaluate((c) => (c as HTMLCanvasElement).toDataURL())).not.toBe(before);
  await page.screenshot({ path: `${SCREENSHOTS}/critical-path.png` });
  await page.getByTestId("critical-toggle").click();
  await expect.poll(() => canvas.evaluate((c) => (c as HTMLCanvasElement).toDataURL())).toBe(before);
});
