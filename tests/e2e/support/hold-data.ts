import type { Page } from "@playwright/test";

/**
 * Holds every request matching `pattern` (a page's `.data` fetch) until `release()`, as a slow
 * connection would, so a test can see what shows while it waits.
 */
export async function holdData(page: Page, pattern: string | RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
