import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { signInNewMember } from "../support/member";
import { expectNoSidewaysScroll } from "../support/sideways";
import { signUpStaff } from "../support/staff";

/**
 * Where the header's brand name ends, against where the element after it on the row begins
 * (`next`, a selector), and whether the name is cut short by its ellipsis.
 */
const brandEdge = (page: Page, next: string) =>
  page.evaluate((selector) => {
    const name = document.querySelector('[data-slot="brand-logo"] span')!;
    return {
      nameRight: name.getBoundingClientRect().right,
      nextLeft: document.querySelector(selector)!.getBoundingClientRect().left,
      cut: name.scrollWidth > name.clientWidth,
    };
  }, next);

test.describe("the header's account menu", () => {
  test("a visitor sees Sign in and no account menu", async ({ page }) => {
    await page.goto("/pricing");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/signin");
    await expect(banner.locator('[data-slot="account-menu"]')).toHaveCount(0);
  });

  test("a member sees their menu with Dashboard and Sign out, which signs them out", async ({ page, context, app }) => {
    const member = await signInNewMember(app, context, { firstName: "Quintilla", lastName: "Marchbanks" });
    await page.goto("/pricing");
    const banner = page.getByRole("banner");
    await expect(banner.getByRole("link", { name: "Sign in" })).toHaveCount(0);
    const menu = banner.locator('[data-slot="account-menu"]');
    // On a wide screen the name shows, not the initials a phone shows instead.
    await expect(menu.getByText("QM", { exact: true })).toBeHidden();
    await menu.locator("summary").getByText("Quintilla Marchbanks").click();
    // The wide button names the account itself: the menu's own "Signed in as" line is a phone's.
    await expect(menu.locator("[data-slot=account-menu-who]")).toBeHidden();
    await expect(menu.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/dashboard");
    await expect(menu.getByRole("link", { name: "Back office" })).toHaveCount(0);
    await expectAccessible(page, "pricing with the account menu open");
    // Their support dialog has their name and address filled in.
    await page.getByRole("button", { name: "Contact support" }).click();
    const contact = page.getByRole("dialog", { name: "Contact support" });
    await expect(contact.getByLabel("Name")).toHaveValue("Quintilla Marchbanks");
    await expect(contact.getByLabel("Email")).toHaveValue(member.email);
    await page.keyboard.press("Escape");

    await menu.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto("/");
    await page.getByRole("banner").locator("summary").getByText("Quintilla Marchbanks").click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
    // Signed out for real: the session is gone, so the dashboard sends the browser to sign in.
    const { db } = app.testing.getDatabase();
    const { session } = app.testing.schema;
    await expect
      .poll(async () => (await db.select().from(session).where(eq(session.userId, member.userId))).length)
      .toBe(0);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/signin\?redirectTo=/);
  });

  test.describe("on a phone", () => {
    test.use({ viewport: { width: 360, height: 780 }, hasTouch: true });

    // The member's name beside the brand, EN, support and the menu button once pushed the header
    // past the screen (phone-widths.spec checks every page at 375 px, signed in too): on a 360 px
    // one, the narrowest common Android width, both buttons are on screen and the menu works.
    test("a member's header fits a 360 px screen with their initials, and the menu still opens", async ({
      page,
      context,
      app,
    }) => {
      await signInNewMember(app, context, { firstName: "Quintilla", lastName: "Marchbanks" });
      await page.goto("/pricing");
      const banner = page.getByRole("banner");
      const summary = banner.locator("summary");
      await expect(summary).toHaveAccessibleName("Account menu for Quintilla Marchbanks");
      // No room for the name: the button shows the member's initials, so whose account it is shows.
      await expect(summary.getByText("QM", { exact: true })).toBeVisible();
      await expect(summary.getByText("Quintilla Marchbanks")).toHaveClass(/sr-only/);
      await expectNoSidewaysScroll(page);
      for (const control of [banner.getByRole("button", { name: "Open menu" }), summary]) {
        const box = await control.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
      }
      await summary.tap();
      // Opened, the menu names the account in full, inside the screen.
      const who = banner.locator("[data-slot=account-menu-who]");
      await expect(who).toHaveText("Signed in as Quintilla Marchbanks");
      const whoBox = await who.boundingBox();
      expect(whoBox && whoBox.x >= 0 && whoBox.x + whoBox.width <= 360).toBe(true);
      await banner.getByRole("link", { name: "Dashboard" }).tap();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });

  test.describe("on a 320 px phone", () => {
    test.use({ viewport: { width: 320, height: 640 }, hasTouch: true });

    // The narrowest width a page must reflow to: a member's header has no room for the whole brand
    // name there, and the name, not EN or a button, gives way (an ellipsis) where it used to run under EN.
    test("the brand's name gives way for the member's buttons; a visitor's is whole", async ({
      page,
      context,
      app,
    }) => {
      const beforeEn = () => brandEdge(page, '[data-slot="language-label"]');
      await page.goto("/pricing");
      expect((await beforeEn()).cut).toBe(false);
      await expectNoSidewaysScroll(page, "a visitor's page");

      await signInNewMember(app, context, { firstName: "Quintilla", lastName: "Marchbanks" });
      await page.goto("/pricing");
      const banner = page.getByRole("banner");
      await expect(banner.locator("summary").getByText("QM", { exact: true })).toBeVisible();
      const member = await beforeEn();
      expect(member.cut).toBe(true);
      expect(member.nameRight).toBeLessThanOrEqual(member.nextLeft);
      await expectNoSidewaysScroll(page, "a member's page");
      // Its link still says the whole name, and still goes home.
      const brand = banner.locator('[data-slot="brand-logo"]');
      await expect(brand).toHaveAccessibleName("NovaSignals");
      await brand.tap();
      await expect(page).toHaveURL(/\/$/);
    });
  });

  test.describe("on a 768 px tablet", () => {
    test.use({ viewport: { width: 768, height: 1024 } });

    // The links show from 768 px, beside the member's name: the brand's name once ran under
    // "Home" and the page scrolled sideways by 10 px (an iPad held upright).
    test("the member's header fits beside the links", async ({ page, context, app }) => {
      await signInNewMember(app, context, { firstName: "Quintilla", lastName: "Marchbanks" });
      await page.goto("/pricing");
      const banner = page.getByRole("banner");
      await expect(banner.getByRole("link", { name: "Home" })).toBeVisible();
      await expect(banner.locator("summary").getByText("Quintilla Marchbanks")).toBeVisible();
      await expectNoSidewaysScroll(page);
      const fit = await brandEdge(page, 'nav[aria-label="Main"] a');
      expect(fit.nameRight).toBeLessThanOrEqual(fit.nextLeft);
    });
  });

  test("staff also see Back office", async ({ page, context, app }) => {
    await signUpStaff(app, context, "support");
    await page.goto("/");
    const menu = page.getByRole("banner").locator('[data-slot="account-menu"]');
    await menu.locator("summary").click();
    await expect(menu.getByRole("link", { name: "Back office" })).toHaveAttribute("href", "/admin");
    await menu.getByRole("link", { name: "Back office" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("the anonymous page is still a cache HIT after a member visited, and never holds their name", async ({
    page,
    context,
    app,
    request,
  }) => {
    await request.get("/indicator");
    await signInNewMember(app, context, { firstName: "Ottoline", lastName: "Vexworthy" });
    const visited = await page.goto("/indicator");
    expect(visited?.headers()["x-page-cache"]).toBeUndefined();
    await expect(page.getByRole("banner").locator("summary").getByText("Ottoline Vexworthy")).toBeVisible();

    const anonymous = await request.get("/indicator");
    expect(anonymous.headers()["x-page-cache"]).toBe("HIT");
    const html = await anonymous.text();
    expect(html).toContain('href="/signin"');
    expect(html).not.toContain("Ottoline");
    expect(html).not.toContain("account-menu");
  });
});
