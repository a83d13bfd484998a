import type { Page } from "@playwright/test";

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
