import AxeBuilder from "@axe-core/playwright";
import { desc, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";

// Automated accessibility checks (axe-core, WCAG 2.x A/AA rules and best practices) of every
// public page, at desktop and phone widths, in both colour schemes. Only "serious" and
// "critical" findings fail: they block or badly hinder someone using a screen reader, the
// keyboard or low vision.

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;
const SCHEMES = ["light", "dark"] as const;
type Scheme = (typeof SCHEMES)[number];

const PAGES = [
  "/",
  "/signals",
  "/indicator",
  "/why-novasignals",
  "/pricing",
  "/results",
  "/blog",
  "{post}",
  "/privacy-policy",
  "/terms-of-service",
  "/no-such-page",
];

async function blockingViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`),
    }));
}

/** Loads a page the way a visitor would, and waits until it has hydrated and settled. */
async function open(page: Page, path: string, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
  await page.goto(path, { waitUntil: "networkidle" });
  await expect(page.getByRole("button", { name: "Contact support" })).toBeVisible();
  await settle(page);
}

/**
 * Switches the colour scheme and the width of the open page (the CSS follows both at once, as
 * it does when a visitor turns a phone or changes the OS theme), then lets transitions finish.
 */
async function view(page: Page, viewport: (typeof VIEWPORTS)[number], scheme: Scheme) {
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
  await settle(page);
}

/** Waits for finite CSS animations (a dialog fading in) so contrast is measured on final colours. */
async function settle(page: Page) {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
}

for (const path of PAGES) {
  test(`no serious accessibility violations on ${path}`, async ({ page, app }) => {
    test.setTimeout(90_000);
    let url = path;
    if (path === "{post}") {
      const { db } = app.testing.getDatabase();
      const { blogPosts } = app.testing.schema;
      const [post] = await db
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(eq(blogPosts.published, true))
        .orderBy(desc(blogPosts.createdAt))
        .limit(1);
      url = `/blog/${post!.slug}`;
    }
    // One load per page; each width and scheme is then checked on it.
    await page.setViewportSize(VIEWPORTS[0]);
    await open(page, url, SCHEMES[0]);
    for (const viewport of VIEWPORTS) {
      for (const scheme of SCHEMES) {
        await view(page, viewport, scheme);
        expect(await blockingViolations(page), `${url} at ${viewport.name} width in ${scheme}`).toEqual([]);
      }
    }
  });
}

test("no serious accessibility violations with the contact dialog or the mobile menu open", async ({ page }) => {
  test.setTimeout(60_000);
  for (const scheme of SCHEMES) {
    await page.setViewportSize(VIEWPORTS[0]);
    await open(page, "/", scheme);
    await page.getByRole("button", { name: "Contact support" }).click();
    await expect(page.getByRole("dialog", { name: "Contact support" })).toBeVisible();
    await settle(page);
    expect(await blockingViolations(page), `contact dialog in ${scheme}`).toEqual([]);

    await page.setViewportSize(VIEWPORTS[1]);
    await open(page, "/", scheme);
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await settle(page);
    expect(await blockingViolations(page), `mobile menu in ${scheme}`).toEqual([]);
  }
});
