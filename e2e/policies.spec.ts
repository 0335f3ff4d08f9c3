// Custom policies: write a policy in the editor, see its run beside the built-ins, copy the link, reopen it in a fresh
// context, confirm the code, and see the same result; a broken policy shows its error at the line and the page stays usable.
import { expect, type Page, test } from "@playwright/test";
import { waitIdle } from "./helpers";

async function openPolicyTab(page: Page): Promise<void> {
  await page.goto("/#preset=odroid-xu3-matmul");
  await expect(page.getByTestId("gantt").first()).toBeVisible();
  await waitIdle(page);
  await page.getByTestId("tab-policy").click();
  await expect(page.getByTestId("policy-code")).toBeVisible();
}

async function typePolicy(page: Page, source: string): Promise<void> {
  const code = page.getByTestId("policy-code");
  await code.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.evaluate((text) => navigator.clipboard.writeText(text), source);
  await page.keyboard.press("ControlOrMeta+v");
}

const TEN_LINES = `fn init() { this.q = queue(); }
fn on_ready(task, core) {
    if priority(task) > 0 { this.q.push(task); } else { this.q.push(task); }
}
fn on_idle(core) {
    if this.q.is_empty() { return sleep(); }
    let task = this.q.shift();
    if cluster_of(core) == 0 { return run(task, core).because("big core first"); }
    run(task, core)
}`;

test("write a policy, see it beside the built-ins, share it, reopen after confirming: same numbers", async ({ page, browser }) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await openPolicyTab(page);
  await typePolicy(page, TEN_LINES);
  await page.getByLabel("Policy name").fill("big-first");
  await page.getByRole("button", { name: "Save & run" }).click();
  await waitIdle(page);
  await expect(page.getByTestId("policy-result")).toContainText("big-first: makespan");
  const metrics = (await page.getByTestId("metrics-table").innerText()).trim();
  expect(metrics.split("\n").length).toBeGreaterThan(2);
  const url = page.url();
  expect(url).toMatch(/#v1\./);

  const fresh = await browser.newContext();
  const other = await fresh.newPage();
  await other.goto(url);
  const dialog = other.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("link-code").first()).toContainText("big core first");
  await dialog.getByRole("button", { name: "Run this code" }).click();
  await expect(other.getByTestId("gantt").first()).toBeVisible();
  await waitIdle(other);
  expect((await other.getByTestId("metrics-table").innerText()).trim()).toBe(metrics);
  await fresh.close();
});

test("an endless loop and a syntax error show at their line and the page stays usable", async ({ page }) => {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await openPolicyTab(page);
  await typePolicy(page, "fn on_ready(task, core) { }\nfn on_idle(core) {\n  loop { }\n}");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByTestId("policy-error")).toContainText("operations in one call");
  await typePolicy(page, "fn on_ready(task, core) { }\nfn on_idle(core) {\n  let x = ;\n}");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByTestId("policy-error")).toContainText("line 3");
  await typePolicy(page, TEN_LINES);
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByTestId("policy-result")).toContainText("makespan");
});
