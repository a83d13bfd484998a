import { expect, test } from "../support/fixtures";

test.describe("site chrome", () => {
  test("the first Tab offers Skip to content, which jumps past the header", async ({ page }) => {
    await page.goto("/results");
    await expect(page.getByRole("button", { name: "Contact support" })).toBeVisible();
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
    // The next Tab lands inside the page, not on the header's links.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest("main")))).toBe(true);
  });

  test("top navigation, EN label, sign in and footer", async ({ page }) => {
    await page.goto("/privacy-policy");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "Signals", "Indicator", "Pricing", "Results", "Blog"]);
    const hrefs = await nav.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(hrefs).toEqual(["/", "/signals", "/indicator", "/pricing", "/results", "/blog"]);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");

    // "EN" is a label, not a control.
    const en = page.getByText("EN", { exact: true });
    await expect(en).toBeVisible();
    expect(await en.evaluate((el) => el.closest("a,button,select,[role=button]") === null)).toBe(true);

    const footer = page.getByRole("contentinfo");
    await expect(footer.getByTestId("copyright")).toContainText(`© ${new Date().getFullYear()}`);
    for (const [name, href] of [
      ["Home", "/"],
      ["Signals", "/signals"],
      ["Indicator", "/indicator"],
      ["Blog", "/blog"],
      ["Results", "/results"],
      ["Pricing", "/pricing"],
      ["Why NovaSignals", "/why-novasignals"],
      ["Privacy Policy", "/privacy-policy"],
      ["Terms of Service", "/terms-of-service"],
    ]) {
      await expect(footer.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
    }
    for (const name of ["Telegram channel", "X (Twitter)", "Discord community"]) {
      const link = footer.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", /^https:\/\//);
      await expect(link).toHaveAttribute("rel", /noopener/);
    }
  });

  test("scrolls to the top on every path change", async ({ page }) => {
    await page.goto("/privacy-policy");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await page.getByRole("contentinfo").getByRole("link", { name: "Terms of Service" }).click();
    await expect(page).toHaveURL(/\/terms-of-service$/);
    await expect(page.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("follows the system colour scheme without script", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/terms-of-service");
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: "dark" });
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(dark).not.toBe(light);
  });

  // The footer is laid out only near the viewport and stands in for itself at a fixed height until
  // then: that height must be its own, or the scrollbar jumps as a reader nears the end of a page.
  for (const width of [390, 600, 1280]) {
    test(`the footer's stand-in height is its laid-out height at ${width} px wide`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto("/terms-of-service");
      const footer = page.getByRole("contentinfo");
      const standIn = await footer.evaluate((el) =>
        parseFloat(getComputedStyle(el).containIntrinsicBlockSize.replace("auto", "")),
      );
      expect(standIn).toBeGreaterThan(0);
      await footer.scrollIntoViewIfNeeded();
      const laidOut = await footer.evaluate((el) => el.getBoundingClientRect().height);
      // Within 5 %: the lists' line breaks move a little with the width.
      expect(Math.abs(laidOut - standIn) / laidOut).toBeLessThanOrEqual(0.05);
    });
  }

  test("legal pages carry the site's constants", async ({ page }) => {
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    await expect(page.getByText(/within 30 days/).first()).toBeVisible();
    await expect(page.getByText(/under 18/).first()).toBeVisible();
    await page.goto("/terms-of-service");
    await expect(page.getByText(/at least 18 years old/).first()).toBeVisible();
    await expect(page.getByText(/price changes at least 30 days in advance/).first()).toBeVisible();
    await expect(page.getByText(/12 months before the claim/).first()).toBeVisible();
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 800 } });

  test("slides in, and closes when a link or Sign in is chosen", async ({ page }) => {
    await page.goto("/terms-of-service");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await expect(menu.getByRole("link")).toHaveText([
      "Home",
      "Signals",
      "Indicator",
      "Pricing",
      "Results",
      "Blog",
      "Sign in",
    ]);
    await menu.getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("dialog")).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await page.getByRole("dialog").getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});
