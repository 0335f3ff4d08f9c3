// Issue 14, point 3: papers by name. A Papers page with the four full citations from the engine's catalogue, one
// gallery section per paper naming its authors and venue, and no internal names (the source papers' file names, preset
// ids) in any user-visible text of the gallery, the papers page or any preset with its guide. The page also shows each
// paper's headline effects with their verdicts (issue 12).
import { expect, test } from "@playwright/test";
import { shootAll, waitIdle } from "./helpers";

// Internal names: the source papers' numbered files and their folder, the brief's files, preset ids. The model is cited as docs/model-reference.md.
const INTERNAL = /\b[Ss]eed\s*0\d\d|\bseeds\/|TARGETS\.md|MODEL\.md|\b(?:dam|aid|pbs|maturity|tx2|odroid)-[a-z0-9-]*fig\d/;
// A student has never heard of a "seed": the page says repetitions, runs or random streams.
const SEED = /\bseed(?:s|ed)?\b/i;

test("the Papers page cites the four papers in full and links their scenarios", async ({ page }) => {
  await page.goto("/");
  await waitIdle(page);
  await page.getByTestId("open-papers").click();
  await expect(page).toHaveURL(/page=papers/);
  const entries = page.getByTestId("paper-entry");
  await expect(entries).toHaveCount(4);
  await expect(page.locator('[data-paper="chen2020"] [data-testid="paper-citation"]')).toContainText("Jing Chen, Pirah Noor Soomro");
  await expect(page.locator('[data-paper="chen2020"] [data-testid="paper-citation"]')).toContainText("Scheduling Task-parallel Applications in Dynamically Asymmetric Environments");
  await expect(page.locator('[data-paper="saez2020"] [data-testid="paper-citation"]')).toContainText("ICPP 2020");
  await expect(page.locator('[data-paper="zhang2013"] [data-testid="paper-citation"]')).toContainText("NPC 2013");
  await expect(page.locator('[data-paper="chronaki2019"] [data-testid="paper-citation"]')).toContainText("JPDC");
  // Every paper's summary and scenario list, opened.
  const openAll = (open: boolean) => page.locator("[data-paper] details, details[data-paper]").evaluateAll((els, o) => els.forEach((e) => ((e as HTMLDetailsElement).open = o)), open);
  // Shown open under each paper: the results it leads with, each with its verdict; a known gap names what the model lacks.
  for (const id of ["chronaki2019", "chen2020", "zhang2013", "saez2020"]) {
    const headline = page.locator(`[data-paper="${id}"] [data-testid="paper-headline"]`);
    await expect(headline).toBeVisible();
    const items = headline.getByTestId("headline-claim");
    const n = await items.count();
    expect(n, `${id}: headline effects`).toBeGreaterThanOrEqual(5);
    const reproduced = await headline.locator('[data-testid="headline-claim"][data-holds="true"]').count();
    await expect(headline.locator("p").first()).toHaveText(`${reproduced} of ${n} headline effects reproduced:`);
  }
  const chenHeadline = page.locator('[data-paper="chen2020"] [data-testid="paper-headline"]');
  await expect(chenHeadline.getByTestId("headline-claim").first()).toContainText("DAM-C over RWS, up to 3.5×: paper 3.50×, simulated");
  await expect(chenHeadline.locator('[data-testid="headline-claim"][data-holds="false"]').first()).toContainText(/The model lacks \S.{10,}\.$/);
  // How close the model comes to each paper: every claim with its verdict, the known gaps with what the model lacks.
  const chen = page.locator('[data-paper="chen2020"] [data-testid="paper-fidelity"]');
  await expect(chen.locator("summary").first()).toContainText(/\d+ of \d+ claims hold · \d+ known gaps/);
  await openAll(true);
  expect(await chen.getByTestId("paper-claim").count()).toBeGreaterThan(20);
  await expect(chen.locator('[data-testid="paper-claim"][data-holds="false"] .paper-gap p').first()).toContainText("model");
  await expect(chen.locator('[data-testid="paper-claim"][data-holds="false"] [data-testid="known-gap"]').first()).toHaveText(/^Known gap: \S.{60,}/s);
  // Before the claims, the few mechanisms the model lacks, each with how many known gaps point to it; each gap names its.
  const lacks = chen.getByTestId("paper-lack");
  expect(await lacks.count()).toBeGreaterThanOrEqual(2);
  await expect(lacks.first()).toContainText(/\(\d+ known gaps?\)\s*\S.{80,}/s);
  await expect(chen.locator('[data-testid="paper-claim"][data-holds="false"] [data-testid="known-gap-lack"]').first()).toContainText(/The model lacks: \S/);
  const papersText = await page.locator("body").innerText();
  expect(papersText).not.toMatch(INTERNAL);
  expect(papersText).not.toMatch(SEED);
  await openAll(false);
  await shootAll(page, "papers-page");
  // A link straight to the page works, and its scenario links open the explorer with the guide.
  await page.goto("/#papers");
  await expect(entries).toHaveCount(4);
  await page.locator('[data-paper="saez2020"] .paper-presets summary').click();
  await page.locator('[data-paper="saez2020"] a').first().click();
  await expect(page.getByTestId("guide")).toBeVisible();
});

test("the gallery has one section per paper, named by authors and venue", async ({ page }) => {
  await page.goto("/#gallery");
  await expect(page.getByTestId("gallery-card").first()).toBeVisible();
  for (const [id, who] of [
    ["chronaki2019", "Chronaki et al. 2019"],
    ["chen2020", "Chen et al. 2020"],
    ["zhang2013", "Zhang et al. 2013"],
    ["saez2020", "Saez et al. 2020"],
  ]) {
    const section = page.locator(`[data-testid="gallery-group"][data-paper="${id}"]`);
    await expect(section).toHaveCount(1);
    await expect(section.locator("h2")).toContainText(who);
    await expect(section.getByTestId("gallery-paper")).toBeVisible();
    await expect(section.getByTestId("gallery-headline")).toHaveText(/^\d+ of \d+ headline effects reproduced · $/);
  }
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(INTERNAL);
  expect(text).not.toMatch(SEED);
  await shootAll(page, "gallery", async () => undefined);
});

test("no preset's title, description, question or guide shows an internal name", async ({ page }) => {
  test.setTimeout(300_000);
  await page.goto("/");
  await waitIdle(page);
  const presets = await page.evaluate(() => [...document.querySelectorAll<HTMLOptionElement>('[data-testid="preset-picker"] option')].map((o) => ({ name: o.value, title: o.textContent ?? "", description: o.title })));
  expect(presets.length).toBeGreaterThan(20);
  for (const p of presets) {
    expect(`${p.title} ${p.description}`, p.name).not.toMatch(INTERNAL);
    expect(`${p.title} ${p.description}`, p.name).not.toContain(p.name);
  }
  // The explorer with its editors: the workload form's random stream is named in plain words.
  await page.getByRole("tab", { name: "Workload" }).click();
  await expect(page.getByText("Random stream #")).toBeVisible();
  const explorer = await page.locator("body").innerText();
  expect(explorer).not.toMatch(SEED);
  await page.goto("/#preset=dam-fig5&step=0");
  await expect(page.getByTestId("guide")).toBeVisible();
  await waitIdle(page);
  await page.locator("details").evaluateAll((els) => els.forEach((e) => ((e as HTMLDetailsElement).open = true)));
  expect(await page.locator("body").innerText(), "dam-fig5 with its claim table").not.toMatch(SEED);
  // Every guide step's words, read on the page.
  for (const p of presets) {
    await page.goto(`/#preset=${p.name}&step=0`);
    await expect(page.getByTestId("preset-picker")).toHaveValue(p.name);
    if ((await page.getByTestId("guide").count()) === 0) continue;
    const count = Number((await page.getByTestId("guide-count").innerText()).replace(/^Step 1 of /, ""));
    for (let s = 0; s < count; s++) {
      const text = await page.getByTestId("guide").innerText();
      expect(text, `${p.name} step ${s + 1}`).not.toMatch(INTERNAL);
      expect(text, `${p.name} step ${s + 1}`).not.toMatch(SEED);
      // No preset is named by its file name (scheduler names such as aid-static-offline are fine).
      for (const other of presets) expect(text, `${p.name} step ${s + 1}`).not.toMatch(new RegExp(`(^|[^\\w-])${other.name}($|[^\\w-])`));
      if (s + 1 < count) await page.getByTestId("guide-next").click();
    }
  }
});
