import crypto from "node:crypto";
import { expect, test } from "../support/fixtures";
import { holdScripts, openBeforeScripts, tapBeforeScripts } from "../support/held-scripts";
import { openDashboard, signInNewMember, submitSignUp } from "../support/member";
import { signUpStaff } from "../support/staff";

// The referral link as its owner and the same person under another account would use it: the
// copy button tapped at once, the member's own link followed, and a sign-up with the referrer's
// Telegram account, which is recorded but never rewarded.

test.describe("referrals: the link at first paint, and the same person refused", () => {
  test.describe("on a phone", () => {
    test.use({ hasTouch: true, viewport: { width: 375, height: 812 } });

    test("the copy button tapped before the page's scripts have run copies the link", async ({
      page,
      app,
      context,
    }) => {
      await signInNewMember(app, context);
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
      await holdScripts(page);
      await openBeforeScripts(page, "/dashboard?section=referrals");
      const link = (await page.locator("[data-slot=referral-link]").textContent())!.trim();
      expect(link).toMatch(/\/r\/[a-z0-9]{8}$/);
      await tapBeforeScripts(page.getByRole("button", { name: "Copy link" }));
      await expect(page.getByRole("button", { name: "Link copied" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    });
  });

  test("a sign-up through the link with the referrer's own Telegram is shown as refused, to the member and in /admin", async ({
    browser,
    app,
  }) => {
    const referrerContext = await browser.newContext({ baseURL: app.url });
    const visitorContext = await browser.newContext({ baseURL: app.url });
    const staffContext = await browser.newContext({ baseURL: app.url });
    try {
      const referrer = await signInNewMember(app, referrerContext, { firstName: "Alan" });
      const mine = await referrerContext.newPage();
      await openDashboard(mine, "referrals");
      const link = new URL((await mine.locator("[data-slot=referral-link]").textContent())!.trim());
      const visits = mine.locator("dt", { hasText: "Visits (30 days)" }).locator("xpath=following-sibling::dd");
      await expect(visits).toHaveText("0");

      // Following one's own link while signed in counts nothing.
      await mine.goto(link.pathname);
      await expect(mine).toHaveURL(new RegExp(`^${app.url}/?$`));
      await openDashboard(mine, "referrals");
      await expect(visits).toHaveText("0");

      // The same person, on a new account, gives the referrer's Telegram username (another case, with "@").
      const visitor = await visitorContext.newPage();
      await visitor.goto(link.pathname);
      await visitor.goto("/join/details");
      const tag = crypto.randomUUID().slice(0, 8);
      const email = `again-${tag}@example.com`;
      await submitSignUp(visitor, {
        firstName: "Grace",
        lastName: "Hopper",
        email,
        password: "Analytical1",
        telegram: `@${referrer.telegram.toUpperCase()}`,
      });
      await expect(visitor).toHaveURL(/\/dashboard\?section=subscriptions$/);

      await openDashboard(mine, "referrals");
      await expect(visits).toHaveText("1");
      const signUps = mine.getByRole("list", { name: "Sign-ups through your link" });
      await expect(signUps.getByRole("listitem")).toHaveCount(1);
      await expect(signUps).toContainText("Grace H.");
      await expect(signUps).toContainText("No reward: Same Telegram account as yours");

      await signUpStaff(app, staffContext, "admin");
      const admin = await staffContext.newPage();
      await admin.goto("/admin/referrals");
      const row = admin.getByRole("table", { name: "Referred members" }).getByRole("row").filter({ hasText: email });
      await expect(row).toContainText(referrer.email);
      await expect(row).toContainText("Refused: the referrer's Telegram account");
      const referrers = admin.getByRole("table", { name: "Referrers" }).getByRole("row").filter({
        hasText: referrer.email,
      });
      await expect(referrers).toContainText("$0.00 USDT");
    } finally {
      await Promise.all([referrerContext.close(), visitorContext.close(), staffContext.close()]);
    }
  });
});
