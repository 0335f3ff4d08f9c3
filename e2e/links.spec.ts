// Shareable links: a link reproduces exactly what its author saw in a fresh
// browser; bad, hostile and oversized links say what was wrong and open the
// default scenario; back and forward restore earlier states.
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { deflate, toBase64Url } from "../web/src/url/codec";
import { formatFragment } from "../web/src/url/link-state";
import { SCREENSHOTS, waitIdle, watchErrors } from "./helpers";

async function open(page: Page, fragment: string): Promise<void> {
  await page.goto(`/${fragment}`);
  await expect(page.getByTestId("gantt").first()).toBeVisible();
  await waitIdle(page);
}

async function metricsText(page: Page): Promise<string> {
  return (await page.getByTestId("metrics-table").innerText()).trim();
}

async function defaultScenario(page: Page): Promise<Record<string, unknown>> {
  await page.getByText("Scenario JSON").click();
  const text = await page.getByTestId("scenario-editor").inputValue();
  await page.getByText("Scenario JSON").click();
  return JSON.parse(text) as Record<string, unknown>;
}

test("a link opened in a fresh browser context shows exactly the same run and view", async ({ page, browser }) => {
  const errors = watchErrors(page);
  await open(page, "");
  await expect(page).toHaveURL(/#preset=odroid-xu3-matmul$/);
  // Edit the scenario (seed and jitter), then zoom.
  await page.getByText("Scenario JSON").click();
  const editor = page.getByTestId("scenario-editor");
  const scenario = JSON.parse(await editor.inputValue());
  scenario.seed = 42;
  scenario.workload.jitter_cv = 0.3;
  await editor.fill(JSON.stringify(scenario, null, 2));
  await expect(page).toHaveURL(/#v1\./);
  await waitIdle(page);
  const box = await page.getByTestId("gantt-canvas").first().boundingBox();
  if (!box) throw new Error("no canvas");
  await page.mouse.move(box.x + box.width * 0.4, box.y + 20);
  await page.mouse.wheel(0, -600);
  await waitIdle(page);
  await page.getByTestId("gantt-row").nth(2).click();
  await page.getByTestId("tab-step").click();
  const metrics = await metricsText(page);
  const windowText = await page.getByTestId("visible-window").innerText();

  // "Copy link" puts the same URL on the clipboard.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByTestId("copy-link").click();
  await expect(page.getByTestId("copy-link")).toHaveText(/Copied/);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/#v1\.[A-Za-z0-9_-]+$/);
  expect(copied.length).toBeLessThan(3000);
  await expect.poll(() => page.url()).toBe(copied);

  const fresh: BrowserContext = await browser.newContext();
  const other = await fresh.newPage();
  const otherErrors = watchErrors(other);
  await other.goto(copied);
  await expect(other.getByTestId("gantt").first()).toBeVisible();
  await waitIdle(other);
  expect(await metricsText(other)).toBe(metrics);
  await expect(other.getByTestId("visible-window")).toHaveText(windowText);
  await expect(other.locator('[data-testid="gantt-row"][data-selected]')).toHaveCount(1);
  await expect(other.getByTestId("tab-step")).toHaveAttribute("aria-selected", "true");
  await other.screenshot({ path: `${SCREENSHOTS}/link-reopened.png` });
  await fresh.close();
  expect(errors).toEqual([]);
  expect(otherErrors).toEqual([]);
});

test("Copy link on an unchanged preset gives the exact scenario, still named after its preset", async ({ page, browser }) => {
  await open(page, "#preset=tx2-corunner");
  const metrics = await metricsText(page);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByTestId("copy-link").click();
  await expect(page.getByTestId("copy-link")).toHaveText(/Copied/);
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toMatch(/#v1\./);
  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(copied);
  await waitIdle(other);
  await expect(other.getByTestId("preset-picker")).toHaveValue("tx2-corunner");
  expect(await metricsText(other)).toBe(metrics);
  await expect(other.getByTestId("paper-vs-sim")).toBeVisible();
  await expect(other.getByText("The scenario was edited")).toHaveCount(0);
  await fresh.close();
});

test("back and forward restore scenarios and zoom", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, "");
  const picker = page.getByTestId("preset-picker");
  const first = await metricsText(page);
  await picker.selectOption("tx2-matmul");
  await waitIdle(page);
  await expect(page).toHaveURL(/#preset=tx2-matmul$/);
  const second = await metricsText(page);
  await page.keyboard.press("w");
  await waitIdle(page);
  await expect(page).toHaveURL(/#preset=tx2-matmul&t=/);
  const zoomed = await page.getByTestId("visible-window").innerText();
  await picker.selectOption("tx2-corunner");
  await waitIdle(page);
  await expect(page).toHaveURL(/#preset=tx2-corunner(&|$)/);

  await page.goBack();
  await expect(picker).toHaveValue("tx2-matmul");
  await waitIdle(page);
  await expect.poll(() => metricsText(page)).toBe(second);
  await expect(page.getByTestId("visible-window")).toHaveText(zoomed);
  await page.goBack();
  await expect(picker).toHaveValue("odroid-xu3-matmul");
  await waitIdle(page);
  await expect.poll(() => metricsText(page)).toBe(first);
  await page.goForward();
  await expect(picker).toHaveValue("tx2-matmul");
  await waitIdle(page);
  await expect.poll(() => metricsText(page)).toBe(second);
  expect(errors).toEqual([]);
});

test("bad links name what was wrong and open the default scenario", async ({ page }) => {
  const errors = watchErrors(page);
  const good = await formatFragment({ scenario: { name: "x", platform: {}, workload: {}, schedulers: ["fifo"] }, view: {} });
  await open(page, "");
  const valid = await defaultScenario(page);
  const zeroCores = structuredClone(valid) as { platform: { clusters: { cores: number }[] } };
  zeroCores.platform.clusters[0].cores = 0;
  const bomb = `#v1.${toBase64Url(await deflate(new Uint8Array(16 * 1024 * 1024)))}`;
  const cases: [string, string, RegExp][] = [
    ["truncated", good.slice(0, good.length - 10), /damaged or truncated/],
    ["corrupt", `${good.slice(0, 12)}%%%${good.slice(15)}`, /characters that cannot appear/],
    ["oversized", `#v1.${"A".repeat(70_000)}`, /too long/],
    ["inflation bomb", bomb, /more than 4 MB/],
    ["unknown version", "#v7.AAAA", /newer version of Asymmetry Lab \(link format v7/],
    ["not a link", "#hello-world", /not an Asymmetry Lab link/],
    ["unknown preset", "#preset=no-such-preset", /no preset called "no-such-preset"/],
    ["bad shape", await formatFragment({ scenario: { ...valid, schedulers: [] }, view: {} }), /scenario\.schedulers/],
    ["invalid for the engine", await formatFragment({ scenario: zeroCores, view: {} }), /platform\.clusters\[0\]\.cores/],
  ];
  for (const [what, fragment, message] of cases) {
    await test.step(what, async () => {
      await page.goto("about:blank");
      await open(page, fragment);
      await expect(page.getByTestId("link-error")).toContainText(message);
      await expect(page.getByTestId("link-error")).toContainText(/default scenario is shown/);
      expect(await page.getByTestId("link-error").innerText()).not.toMatch(/\.\./);
      await expect(page.getByTestId("preset-picker")).toHaveValue("odroid-xu3-matmul");
      await expect(page.getByTestId("gantt").first().getByTestId("gantt-row")).toHaveCount(8);
      if (what === "invalid for the engine") await page.screenshot({ path: `${SCREENSHOTS}/link-invalid.png` });
    });
  }
  expect(errors).toEqual([]);
});

test("markup in names is shown as text, never run", async ({ page }) => {
  const errors = watchErrors(page);
  await open(page, "");
  const scenario = (await defaultScenario(page)) as { name: string; platform: { name: string; clusters: { name: string }[] } };
  const hostile = '<img src=x onerror="window.__pwned=1">';
  scenario.name = hostile;
  scenario.platform.name = hostile;
  scenario.platform.clusters[0].name = `<b>big</b>${hostile}`;
  await page.goto("about:blank");
  await open(page, await formatFragment({ scenario, view: {} }));
  await expect(page.getByText("<b>big</b>", { exact: false }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(await page.locator("img[src=x], b").count()).toBe(0);
  await page.screenshot({ path: `${SCREENSHOTS}/link-hostile.png` });
  expect(errors).toEqual([]);
});
