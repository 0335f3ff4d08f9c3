// Issue 14, point 8 (the 9): each Gantt has an accessible name and a text summary, its segments are reached
// with the keyboard (the focused segment is outlined, its tooltip shown and read out), and text contrast meets WCAG
// AA (4.5:1) in both themes.
import { expect, type Page, test } from "@playwright/test";
import { openDefault, shootAll, waitIdle } from "./helpers";

/** WCAG contrast of every listed element's text against the page background, in the current theme. */
async function contrasts(page: Page, selectors: readonly string[]): Promise<{ selector: string; ratio: number }[]> {
  return page.evaluate((list) => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
    const lum = (c: string) => {
      const [r, g, b] = rgb(c).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const background = (el: Element | null): string => {
      for (let e = el; e; e = e.parentElement) {
        const bg = getComputedStyle(e).backgroundColor;
        if (bg && !bg.startsWith("rgba(0, 0, 0, 0)") && bg !== "transparent") return bg;
      }
      return getComputedStyle(document.body).backgroundColor || "rgb(255, 255, 255)";
    };
    return list.flatMap((selector) => {
      const el = document.querySelector(selector);
      if (!el) return [];
      const a = lum(getComputedStyle(el).color);
      const b = lum(background(el));
      return [{ selector, ratio: (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05) }];
    });
  }, selectors);
}

const TEXT = [".app-header h1", ".muted", ".gantt-title", ".gantt-subtitle", ".core-label", ".cluster-label", ".time-axis text", ".legend li", ".tab-list [role='tab']", ".tab-list [role='tab'][aria-selected='true']", "table.metrics thead th", "table.metrics td", "table.metrics td.best", ".results-glance", ".event-lane-label", ".palette-lane"];

test("Gantts have names, summaries and keyboard access to their segments", async ({ page }) => {
  await openDefault(page);
  const plots = page.getByTestId("gantt-plot");
  await expect(plots).toHaveCount(2);
  await expect(plots.first()).toHaveAttribute("aria-label", /Schedule of FIFO/);
  const summary = page.getByTestId("gantt-summary").first();
  await expect(summary).toContainText(/makespan .*segments; core 0 \d+% busy/);
  await plots.first().focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("tooltip")).toBeVisible();
  const announce = page.getByTestId("gantt-announce").first();
  await expect(announce).toHaveText(/^core 0: (task \d+ \(matmul.*\)|overhead), [\d.]+ ms to [\d.]+ ms/);
  const first = await announce.innerText();
  await page.keyboard.press("ArrowRight");
  await expect(announce).not.toHaveText(first);
  await page.keyboard.press("ArrowDown");
  await expect(announce).toHaveText(/^core 1: /);
  await page.keyboard.press("End");
  await expect(announce).toHaveText(/^core 1: /);
  await shootAll(page, "a11y-keyboard", async () => undefined);
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("tooltip")).toHaveCount(0);
});

test("text contrast is at least 4.5:1 in both themes", async ({ page }) => {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await openDefault(page);
    await waitIdle(page);
    const ratios = await contrasts(page, TEXT);
    expect(ratios.length).toBeGreaterThan(10);
    for (const r of ratios) expect(r.ratio, `${theme}: ${r.selector}`).toBeGreaterThanOrEqual(4.5);
  }
});
