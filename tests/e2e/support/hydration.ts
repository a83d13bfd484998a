import type { BrowserContextOptions, Page } from "@playwright/test";

/**
 * Waits until React has hydrated the element `selector` names (its node carries React's props),
 * so clicks on its buttons and its keyboard shortcuts reach their handlers. By default the
 * dashboard's and the back office's sidebar, which a client-side navigation renders anew.
 */
export async function waitForHydration(
  page: Page,
  selector = '[data-slot="sidebar-wrapper"]',
  options: { timeout?: number } = {},
) {
  await page.waitForFunction(
    (selector) => {
      const element = document.querySelector(selector);
      return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps"));
    },
    selector,
    options,
  );
}

const hydratingPages = new WeakSet<Page>();

/**
 * Makes `page.goto` wait, after the load it waits for, until React has hydrated the page. A page
 * asks for its scripts only once it has loaded and painted, so the load event comes before
 * hydration, and a tap right after a bare `goto` would otherwise go the no-script way on a loaded
 * machine (a form post) where the walk expects the scripted one. Only a goto that waited for the
 * load (as by default), of an HTML page with module scripts, in a context with JavaScript on;
 * a page whose scripts a test holds back is left as it is after 10 s. Once per page.
 */
export function gotoWaitsForHydration(page: Page, { javaScriptEnabled }: { javaScriptEnabled: boolean }): Page {
  if (hydratingPages.has(page)) return page;
  hydratingPages.add(page);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    const waited =
      options?.waitUntil === undefined || options.waitUntil === "load" || options.waitUntil === "networkidle";
    const html = response?.headers()["content-type"]?.startsWith("text/html");
    if (javaScriptEnabled && waited && html && (await page.locator('script[type="module"]').count()) > 0)
      await waitForHydration(page, "body", { timeout: 10_000 }).catch(() => {});
    return response;
  };
  return page;
}

/**
 * Whether a context a test makes runs the site's scripts: as its own options say, else as the
 * test's `javaScriptEnabled` option says (Playwright applies the test's options to every context
 * made during the test, so a context made with no options of its own has the test's).
 */
export function contextRunsScripts(options: BrowserContextOptions | undefined, testOption: boolean): boolean {
  return (options?.javaScriptEnabled ?? testOption) !== false;
}
