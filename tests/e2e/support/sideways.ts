import { expect, type Page } from "@playwright/test";

/**
 * How far the page reaches past the window's width, in CSS pixels: 0 or less, no sideways
 * scrolling. Measured on the document, so anything that sticks out (a wide table, a long word,
 * a header that does not wrap) counts, whatever element it is.
 */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The page does not scroll sideways; `what` names the page or state in the failure's message. */
export async function expectNoSidewaysScroll(page: Page, what?: string): Promise<void> {
  expect(
    await sidewaysOverflow(page),
    what ? `${what} scrolls sideways` : "the page scrolls sideways",
  ).toBeLessThanOrEqual(0);
}
