import type { Page } from "@playwright/test";
import { newestPublishedPost } from "../support/content";
import { expect, test } from "../support/fixtures";
import { card, cart, openPricing, plansFromDb } from "../support/pricing";

type Box = { x: number; y: number; width: number; height: number };

const button = (page: Page) => page.getByRole("button", { name: "Contact support" });

/**
 * The text the support button hides: every line box of every text node, as the browser lays it
 * out, that intersects the button's box and would be seen there without the button (nothing else
 * painted over it: text behind the pinned cart's strip is hidden by the strip, not the button).
 * Text a reader cannot see (screen-reader only, clipped to a pixel) does not count.
 */
async function textUnder(page: Page, target: Box) {
  return page.evaluate((b) => {
    const hits: string[] = [];
    // The one shown at this width (a phone's is in the header, a wider screen's floats).
    const support = [...document.querySelectorAll('[data-slot="support-button"]')].find(
      (element) => element.getClientRects().length > 0,
    );
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const parent = node.parentElement;
      if (!text || !parent || support?.contains(parent)) continue;
      const style = getComputedStyle(parent);
      if (style.visibility === "hidden" || Number(style.opacity) === 0) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.width < 2 || r.height < 2) continue;
        const left = Math.max(r.left, b.x);
        const right = Math.min(r.right, b.x + b.width);
        const top = Math.max(r.top, b.y);
        const bottom = Math.min(r.bottom, b.y + b.height);
        if (left >= right || top >= bottom) continue;
        // What is on top at the middle of the shared area, the button aside.
        const below = document
          .elementsFromPoint((left + right) / 2, (top + bottom) / 2)
          .find((element) => !support?.contains(element));
        if (below && (below === parent || parent.contains(below))) hits.push(text.slice(0, 40));
      }
    }
    return hits;
  }, target);
}

const overlaps = (a: Box, b: Box) =>
  !(a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y);

async function expectClear(page: Page, path: string, where: "top" | "end") {
  await page.goto(path);
  if (where === "end") await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect(button(page)).toBeInViewport();
  const box = (await button(page).boundingBox())!;
  expect(await textUnder(page, box), `${path} at the ${where}`).toEqual([]);
}

test.describe("the support button on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  // The footer keeps room below its last line, so the end of a page is clear; the first screens
  // of the home and pricing pages are clear too.
  test("covers no text at the end of a page, nor on the first screen of home and pricing", async ({ page }) => {
    for (const path of ["/", "/pricing", "/blog", "/results", "/signals", "/privacy-policy", "/signin"])
      await expectClear(page, path, "end");
    for (const path of ["/", "/pricing"]) await expectClear(page, path, "top");
  });

  test("never covers the cart beside the plans, nor the text beside it; a dialog covers it", async ({ page, app }) => {
    const plans = (await plansFromDb(app)).filter((p) => p.published);
    await openPricing(page);
    for (const plan of plans.slice(0, 3))
      await card(page, plan.name).getByRole("button", { name: "Add to cart" }).click();
    // A desktop keeps the cart in a column on the right: the top and the end of the page are its resting places.
    for (const y of [0, 100_000]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const at = (await button(page).boundingBox())!;
      expect(overlaps(at, (await cart(page).boundingBox())!), `scrolled to ${y}`).toBe(false);
      expect(await textUnder(page, at), `scrolled to ${y}`).toEqual([]);
    }
    // An open dialog lies over the button, never under it.
    const box = (await button(page).boundingBox())!;
    await button(page).click();
    await expect(page.getByRole("dialog", { name: "Contact support" })).toBeVisible();
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest('[data-slot="support-button"]') !== null,
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(onTop, "the support button shows through the dialog's overlay").toBe(false);
  });
});

test.describe("the support button on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("is in the header, never over the page: an article read from top to end, the pinned cart's total", async ({
    page,
    app,
  }) => {
    const article = `/blog/${(await newestPublishedPost(app)).slug}`;
    for (const path of ["/", article, "/pricing"]) {
      await page.goto(path);
      // One support control, in the header bar; nothing floats at the bottom left.
      await expect(page.locator('[data-slot="support-button"]:visible')).toHaveCount(1);
      await expect(page.getByRole("banner").getByRole("button", { name: "Contact support" })).toBeVisible();
      const height = await page.evaluate(() => document.documentElement.scrollHeight);
      for (const y of [0, 400, 1200, Math.floor(height / 2), height]) {
        await page.evaluate((top) => window.scrollTo(0, top), y);
        const box = (await button(page).boundingBox())!;
        expect(box.y + box.height, `${path} at ${y}: in the header bar`).toBeLessThanOrEqual(64);
        expect(await textUnder(page, box), `${path} scrolled to ${y}`).toEqual([]);
      }
    }

    // The pricing cart pinned to the bottom spans the screen, its total in full view.
    const plans = (await plansFromDb(app)).filter((p) => p.published);
    await openPricing(page);
    for (const plan of plans.slice(0, 2))
      await card(page, plan.name).getByRole("button", { name: "Add to cart" }).click();
    await page.evaluate(() => window.scrollTo(0, 600));
    const bar = (await cart(page).boundingBox())!;
    expect(bar.x).toBeLessThanOrEqual(0);
    expect(bar.x + bar.width).toBeGreaterThanOrEqual(375);
    expect(overlaps((await button(page).boundingBox())!, bar)).toBe(false);
    await expect(cart(page).locator('[data-slot="cart-total"]')).toBeInViewport({ ratio: 1 });

    // It opens the contact dialog, as the floating one does.
    await button(page).click();
    await expect(page.getByRole("dialog", { name: "Contact support" })).toBeVisible();
  });
});
