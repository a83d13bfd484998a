import type { Page } from "@playwright/test";
import { bootstrapModules } from "../../../scripts/bootstrap-modules";
import { expect, test } from "../support/fixtures";
import { holdData } from "../support/hold-data";

const loading = (page: Page) => page.getByRole("status").and(page.locator('[data-slot="page-loading"]'));

// The loading texts, for a page opened by a click inside the site whose data is slow.
test.describe("opening a page whose data is slow", () => {
  test("Pricing says Loading pricing plans..., then shows the plans", async ({ page }) => {
    await page.goto("/results");
    const release = await holdData(page, "**/pricing.data*");
    await page.getByRole("banner").getByRole("link", { name: "Pricing", exact: true }).click();
    await expect(loading(page)).toHaveText("Loading pricing plans...");
    // The page that was open is out of sight meanwhile.
    await expect(
      page.getByRole("heading", { level: 1, name: "Every month, every signal, on the record" }),
    ).toBeHidden();
    release();
    await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Plans" }).getByRole("group").first()).toBeVisible();
    await expect(loading(page)).toHaveCount(0);
  });

  test("the Blog says Loading blog posts..., then lists them", async ({ page }) => {
    await page.goto("/pricing");
    const release = await holdData(page, "**/blog.data*");
    await page.getByRole("banner").getByRole("link", { name: "Blog", exact: true }).click();
    await expect(loading(page)).toHaveText("Loading blog posts...");
    release();
    await expect(page.locator('[data-slot="blog-post-card"]').first()).toBeVisible();
    await expect(loading(page)).toHaveCount(0);
  });

  test("an article opened from the blog says Loading article...", async ({ page }) => {
    await page.goto("/blog");
    const release = await holdData(page, "**/blog/*.data*");
    const first = page.locator('[data-slot="blog-post-card"]').first();
    const title = await first.getByRole("heading").textContent();
    await first.getByRole("link", { name: /READ MORE/i }).click();
    await expect(loading(page)).toHaveText("Loading article...");
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title!);
  });

  test("Results shows its six skeleton cards, then the results", async ({ page }) => {
    await page.goto("/pricing");
    const release = await holdData(page, "**/results.data*");
    await page.getByRole("banner").getByRole("link", { name: "Results", exact: true }).click();
    const skeletons = page.getByRole("status", { name: "Loading results" });
    await expect(skeletons.locator('[data-slot="result-card-skeleton"]')).toHaveCount(6);
    release();
    await expect(page.locator('[data-slot="result-card"]').first()).toBeVisible();
    await expect(skeletons).toHaveCount(0);
  });

  test("other pages say Loading...", async ({ page }) => {
    await page.goto("/pricing");
    const release = await holdData(page, "**/signals.data*");
    await page.getByRole("banner").getByRole("link", { name: "Signals", exact: true }).click();
    await expect(loading(page)).toHaveText("Loading...");
    release();
    await expect(page).toHaveURL(/\/signals$/);
    await expect(loading(page)).toHaveCount(0);
  });
});

// A first visit paints with the document and its stylesheet alone: the scripts are asked for
// once the page has loaded and painted, then the page hydrates.
test.describe("a first visit", () => {
  for (const path of ["/", "/pricing"]) {
    test(`${path} paints before it asks for a script, then hydrates`, async ({ page }) => {
      // Each batch of preload links added to the page, as one mutation record list: a batch is
      // added in one task, and the observer hears of it before the next task starts.
      await page.addInitScript(() => {
        const batches: string[][] = [];
        (window as unknown as { preloadBatches: string[][] }).preloadBatches = batches;
        new MutationObserver((records) => {
          const links = records
            .flatMap((r) => [...r.addedNodes])
            .filter((n): n is HTMLLinkElement => n instanceof HTMLLinkElement && n.rel === "modulepreload")
            .map((link) => new URL(link.href).pathname);
          if (links.length > 0) batches.push(links);
        }).observe(document, { childList: true, subtree: true });
      });
      const html = await (await page.goto(path))!.text();
      expect(html).not.toMatch(/<link\b[^>]*\brel="modulepreload"/);
      const stylesheet = html.indexOf('rel="stylesheet"');
      expect(stylesheet).toBeGreaterThan(0);
      expect(stylesheet).toBeLessThan(html.indexOf("<script"));

      // Hydrated: the support button, a link to /contact until scripts run, opens its dialog.
      await page.getByRole("button", { name: "Contact support" }).click();
      await expect(page.getByRole("dialog", { name: "Contact support" })).toBeVisible();
      const { firstPaint, scripts } = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => /\/assets\/[^/]+\.js$/.test(new URL(entry.name).pathname))
          .map((entry) => entry.startTime),
      }));
      expect(firstPaint).toBeGreaterThan(0);
      expect(scripts.length).toBeGreaterThan(0);
      expect(Math.min(...scripts)).toBeGreaterThan(firstPaint!);

      // Every module is asked for, a few to a task: each request costs the main thread, and one
      // long task of them all is what a phone's first tap waits behind. (A part opened later,
      // here the support dialog, is preloaded by the bundler's own helper, in a batch of its own.)
      const modules = bootstrapModules(html);
      const batches = (
        await page.evaluate(() => (window as unknown as { preloadBatches: string[][] }).preloadBatches)
      ).filter((batch) => batch.some((href) => modules.includes(href)));
      expect(batches.length).toBeGreaterThan(1);
      expect(Math.max(...batches.map((batch) => batch.length))).toBeLessThanOrEqual(6);
      expect(batches.flat().sort()).toEqual([...modules].sort());
    });
  }
});
