import type { Page } from "@playwright/test";
import { blockingViolations, settle } from "../support/axe";
import { newestPublishedPost } from "../support/content";
import { expect, test } from "../support/fixtures";

// Automated accessibility checks (axe-core, WCAG 2.x A/AA rules and best practices) of every
// public page, at desktop width in both colour schemes and at phone width. Only "serious" and
// "critical" findings fail: they block or badly hinder someone using a screen reader, the
// keyboard or low vision.

// The longest file: its tests only read, so both workers may share them.
test.describe.configure({ mode: "parallel" });

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;
const SCHEMES = ["light", "dark"] as const;
type Scheme = (typeof SCHEMES)[number];
const CHECKS: [(typeof VIEWPORTS)[number], Scheme][] = [
  [VIEWPORTS[0], "light"],
  [VIEWPORTS[0], "dark"],
  [VIEWPORTS[1], "light"],
];

const PAGES = [
  "/",
  "/signals",
  "/indicator",
  "/why-novasignals",
  "/pricing",
  "/results",
  "/blog",
  "{post}",
  "/blog/no-such-article",
  "/contact",
  "/privacy-policy",
  "/terms-of-service",
  "/no-such-page",
];

/** Loads a page the way a visitor would, and waits until it has hydrated and settled. */
async function open(page: Page, path: string, scheme: Scheme) {
  await page.emulateMedia({ colorScheme: scheme, reducedMotion: "reduce" });
  await page.goto(path, { waitUntil: "networkidle" });
  await expect(page.getByRole("button", { name: "Contact support" })).toBeVisible();
  // Parts below the fold hydrate when scrolled to (the home page): check them as they work.
  for (const part of await page.locator('[data-slot="below-the-fold"]').all()) {
    await part.scrollIntoViewIfNeeded();
    await expect(part).toHaveAttribute("data-state", "ready");
  }
  await page.evaluate(() => window.scrollTo(0, 0));
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

for (const path of PAGES) {
  test(`no serious accessibility violations on ${path}`, async ({ page, app }) => {
    test.setTimeout(90_000);
    const url = path === "{post}" ? `/blog/${(await newestPublishedPost(app)).slug}` : path;
    // One load per page, then each check on it: every rule at desktop width, the colour rules
    // again in the dark scheme, and every rule on the phone layout (whose colours are the same
    // tokens).
    await page.setViewportSize(VIEWPORTS[0]);
    await open(page, url, "light");
    for (const [viewport, scheme] of CHECKS) {
      await view(page, viewport, scheme);
      const found = await blockingViolations(page, { coloursOnly: scheme === "dark" });
      expect(found, `${url} at ${viewport.name} width in ${scheme}`).toEqual([]);
    }
  });
}

test("no serious accessibility violations with the contact dialog or the mobile menu open", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize(VIEWPORTS[0]);
  await open(page, "/", "light");
  await page.getByRole("button", { name: "Contact support" }).click();
  await expect(page.getByRole("dialog", { name: "Contact support" })).toBeVisible();
  for (const scheme of SCHEMES) {
    await view(page, VIEWPORTS[0], scheme);
    expect(await blockingViolations(page, { coloursOnly: scheme === "dark" }), `contact dialog in ${scheme}`).toEqual(
      [],
    );
  }
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await view(page, VIEWPORTS[1], "light");
  await page.getByRole("button", { name: "Open menu" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  for (const scheme of SCHEMES) {
    await view(page, VIEWPORTS[1], scheme);
    expect(await blockingViolations(page, { coloursOnly: scheme === "dark" }), `mobile menu in ${scheme}`).toEqual([]);
  }
});

test("no serious accessibility violations on the pages behind newsletter email links", async ({ page, app }) => {
  test.setTimeout(90_000);
  const { db } = app.testing.getDatabase();
  const { newsletterSubscribers } = app.testing.schema;
  const token = `a11y-${"x".repeat(40)}`;
  const stamp = Date.now();
  const [, confirmed] = await db
    .insert(newsletterSubscribers)
    .values([
      {
        email: `pending-${stamp}@example.com`,
        tokenHash: app.testing.hashConfirmationToken(token),
        tokenExpiresAt: new Date(stamp + 3_600_000),
      },
      {
        email: `member-${stamp}@example.com`,
        tokenHash: `unused-${stamp}`,
        tokenExpiresAt: new Date(stamp),
        confirmedAt: new Date(stamp),
      },
    ])
    .returning();
  const pages = {
    confirm: `/newsletter/confirm?token=${token}`,
    unsubscribe: `/newsletter/unsubscribe?token=${encodeURIComponent(app.testing.createUnsubscribeToken(confirmed!.id))}`,
  };
  for (const [name, url] of Object.entries(pages)) {
    await page.setViewportSize(VIEWPORTS[0]);
    await open(page, url, "light");
    await expect(page.locator('[data-slot="email-link-page"]')).toHaveAttribute("data-state", "pending");
    for (const [viewport, scheme] of CHECKS) {
      await view(page, viewport, scheme);
      const found = await blockingViolations(page, { coloursOnly: scheme === "dark" });
      expect(found, `${name} at ${viewport.name} width in ${scheme}`).toEqual([]);
    }
  }
});
