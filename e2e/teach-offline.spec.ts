// Issue 14, point 4: after one visit the app opens offline. The Workbox service worker (vite-plugin-pwa) precaches
// the app, both Wasm modules and the manifest; with the network off a reload draws the default scenario, and a view
// that needs the full engine module (the OS lab's catalog) still works.
import { expect, test } from "@playwright/test";
import { waitIdle } from "./helpers";

test("the app reloads offline after one visit and draws the default scenario", async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await waitIdle(page);
  // The manifest is linked and served.
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href;
    return href ? ((await (await fetch(href)).json()) as { name: string }) : null;
  });
  expect(manifest?.name).toBe("Asymmetry Lab");
  // The service worker has installed (its precache is complete) and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    const urls: string[] = [];
    for (const n of names) for (const r of await (await caches.open(n)).keys()) urls.push(r.url);
    return urls;
  });
  expect(cached.filter((u) => new URL(u).pathname.endsWith(".wasm"))).toHaveLength(2);
  expect(cached.some((u) => new URL(u).pathname.endsWith("/index.html"))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByTestId("gantt").first()).toBeVisible();
  await waitIdle(page);
  await expect(page.getByTestId("metrics-row").first()).toBeVisible();
  expect(await page.evaluate(() => window.__explorerStats?.().segments ?? 0)).toBeGreaterThan(100);
  // The full engine module (loaded on first use) also comes from the cache.
  await page.getByTestId("tab-os-lab").click();
  await expect(page.getByTestId("os-figure")).toBeVisible({ timeout: 30_000 });
  await page.screenshot({ path: "e2e/__screenshots__/teach/offline-reload.png" });
  await context.setOffline(false);
});
