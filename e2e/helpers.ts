// Shared helpers for the end-to-end specs.
import { expect, type Page } from "@playwright/test";

/** Waits until no simulation is pending and the last frame is drawn. */
export async function waitIdle(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__explorerIdle?.() === true, undefined, { timeout: 30_000 });
}

export async function openDefault(page: Page): Promise<void> {
  await page.goto("/");
  await expect(page.getByTestId("gantt").first()).toBeVisible();
  await waitIdle(page);
}

export const SCREENSHOTS = "e2e/__screenshots__";

/** Collects page errors and console errors, for a test to assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(`console: ${msg.text()}`);
  });
  return errors;
}

/** The sizes and themes every teaching page is looked at in (issue 14: a 1280×720 projector, a 1920×1080 screen). */
export const SHOT_SIZES = [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
] as const;

/**
 * Screenshots of the current page at both sizes in both themes, into e2e/__screenshots__/teach/NAME-WxH-THEME.png,
 * then back to 1280×720 light. `ready` re-waits after each change (canvases redraw on resize).
 */
export async function shootAll(page: Page, name: string, ready: () => Promise<void> = () => waitIdle(page)): Promise<void> {
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const size of SHOT_SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(150);
      await ready();
      await page.screenshot({ path: `e2e/__screenshots__/teach/${name}-${size.width}x${size.height}-${theme}.png` });
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize(SHOT_SIZES[0]);
  await ready();
}
