import type { Page } from "@playwright/test";
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
    const support = document.querySelector('[aria-label="Contact support"]');
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

for (const viewport of [
  { name: "a 375×812 phone", size: { width: 375, height: 812 } },
  { name: "a desktop", size: { width: 1280, height: 800 } },
]) {
  test.describe(`the support button on ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    // The footer keeps room below its last line, so the end of a page is clear; the first screens
    // of the home and pricing pages are clear too (the pricing page's through the cart's strip).
    test("covers no text at the end of a page, nor on the first screen of home and pricing", async ({ page }) => {
      for (const path of ["/", "/pricing", "/blog", "/results", "/signals", "/privacy-policy", "/signin"])
        await expectClear(page, path, "end");
      for (const path of ["/", "/pricing"]) await expectClear(page, path, "top");
    });

    test("never covers the sticky cart, folded or open, nor the text beside it", async ({ page, app }) => {
      const plans = (await plansFromDb(app)).filter((p) => p.published);
      await openPricing(page);
      for (const plan of plans.slice(0, 3))
        await card(page, plan.name).getByRole("button", { name: "Add to cart" }).click();
      const show = cart(page).getByRole("button", { name: "Show cart items" });
      // A phone pins the cart to the bottom edge as the plans scroll by; a desktop keeps it in a
      // column on the right, so there only the top and the end of the page are resting places.
      const pinned = await show.isVisible();
      const states = pinned ? ["folded", "open"] : ["beside the plans"];
      for (const state of states) {
        if (state === "open") await show.click();
        for (const y of pinned ? [0, 400, 1200, 100_000] : [0, 100_000]) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          const box = (await button(page).boundingBox())!;
          const bar = (await cart(page).boundingBox())!;
          expect(overlaps(box, bar), `cart ${state}, scrolled to ${y}`).toBe(false);
          expect(await textUnder(page, box), `cart ${state}, scrolled to ${y}`).toEqual([]);
        }
      }
    });
  });
}
