import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

/**
 * Every script of the site arrives `ms` late (route interception), as on a slow phone: the page
 * is painted and can be tapped well before React has hydrated it.
 */
export async function holdScripts(page: Page, ms = 2_000) {
  await page.route(/\/assets\/[^?#]+\.js(?:[?#]|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => {});
  });
}

/** Opens `url` and returns as soon as its HTML is parsed, without waiting for any script. */
export async function openBeforeScripts(page: Page, url: string) {
  await page.goto(url, { waitUntil: "domcontentloaded" });
}

/** Whether React has rendered this element on the client (its node carries React's fiber). */
export async function isHydrated(locator: Locator) {
  return locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$")));
}

/** One tap on a control the page's scripts have not reached yet (checked first, so the tap is early). */
export async function tapBeforeScripts(locator: Locator) {
  await expect(locator).toBeVisible();
  expect(await isHydrated(locator), "the control is tapped before React has hydrated it").toBe(false);
  await locator.tap();
}
