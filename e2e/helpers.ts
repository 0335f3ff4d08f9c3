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
