import { expect, test } from "../support/fixtures";

// The home page's first load carries only what the first screen needs; the
// lower sections are in the HTML from the start and get their script as the reader scrolls.
test.describe("home page loading", () => {
  test.use({ viewport: { width: 1280, height: 400 } });

  test("the lower sections are readable at once and hydrate when scrolled to", async ({ page }) => {
    const scripts: string[] = [];
    page.on(
      "request",
      (request) => request.resourceType() === "script" && scripts.push(new URL(request.url()).pathname),
    );
    await page.goto("/", { waitUntil: "networkidle" });
    const lower = page.locator('[data-slot="below-the-fold"]');
    const carousel = page.getByRole("region", { name: "Benefits", exact: true });

    // Hydrated above the fold (the menu and support buttons work), server HTML below it.
    await page.getByRole("button", { name: "Contact support" }).click();
    await expect(page.getByRole("dialog", { name: "Contact support" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(lower).toHaveAttribute("data-state", "pending");
    await expect(page.getByRole("link", { name: "Join Now" })).toHaveAttribute("href", "/pricing");
    await expect(carousel.getByRole("heading", { level: 3 })).toHaveCount(4);
    expect(scripts.filter((path) => /home-below-the-fold|embla/.test(path))).toEqual([]);

    await carousel.scrollIntoViewIfNeeded();
    await expect(lower).toHaveAttribute("data-state", "ready");
    expect(scripts.some((path) => path.includes("home-below-the-fold"))).toBe(true);
    // Now interactive: the plan tabs switch.
    const quarterly = page.getByRole("tablist", { name: "Billing period" }).getByRole("tab", { name: /^Quarterly/ });
    await quarterly.click();
    await expect(quarterly).toHaveAttribute("aria-selected", "true");
  });

  test("after a client-side navigation the lower sections load at once", async ({ page }) => {
    await page.goto("/pricing");
    await page.getByRole("banner").getByRole("link", { name: "Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-slot="below-the-fold"]')).toHaveAttribute("data-state", "ready");
    await expect(
      page.getByRole("region", { name: "Benefits", exact: true }).getByRole("heading", { level: 3 }),
    ).toHaveCount(4);
  });
});
