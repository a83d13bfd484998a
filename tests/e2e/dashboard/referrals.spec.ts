import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { randomTronAddress, randomTxId, USDT_CONTRACT } from "../../helpers/fake-trongrid";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { openDashboard, signInNewMember, submitSignUp } from "../support/member";
import { firstPublishedPlan, usd } from "../support/pricing";
import { expectNoSidewaysScroll } from "../support/sideways";
import { signUpStaff } from "../support/staff";

const USDT = 1_000_000n;

/** The owner's reward rule, set through /admin/referrals as an owner would. */
async function setRule(page: Page, rule: { kind: "off" } | { kind: "percent"; percent: number }) {
  await page.goto("/admin/referrals");
  const card = page.getByRole("region", { name: "Reward rule" });
  await card.getByLabel("Reward").selectOption(rule.kind);
  if (rule.kind === "percent") await card.getByLabel("Percent").fill(String(rule.percent));
  await card.getByRole("button", { name: "Save reward rule" }).click();
  await expect(page.locator("[data-sonner-toast]").getByText("Referral rule saved", { exact: true })).toBeVisible();
}

test.describe("referrals, as members and the owner use them", () => {
  test("the owner sets a reward; a member copies their link; a visitor signs up through it and pays; the member sees the reward", async ({
    browser,
    app,
  }) => {
    // A long walk through several pages and browsers: three times the usual time, for a loaded machine.
    test.slow();
    const { db } = app.testing.getDatabase();
    const { ledgerEntries, referrals, user } = app.testing.schema;
    const ownerContext = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 } });
    const referrerContext = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 } });
    const visitorContext = await browser.newContext({ baseURL: app.url, viewport: { width: 1280, height: 800 } });
    const owner = await ownerContext.newPage();
    try {
      await signUpStaff(app, ownerContext, "owner");
      await setRule(owner, { kind: "percent", percent: 10 });
      await expect(owner.locator("[data-slot=referral-rule-in-force]")).toContainText("10%");

      // The referrer copies their link from the dashboard's Referrals section.
      const referrer = await signInNewMember(app, referrerContext);
      await referrerContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.url });
      const mine = await referrerContext.newPage();
      await openDashboard(mine, "referrals");
      await expect(mine.getByRole("img", { name: "QR code of your referral link" })).toBeVisible();
      await expect(mine.getByText("Nobody has signed up through your link yet.")).toBeVisible();
      const link = (await mine.locator("[data-slot=referral-link]").textContent())!.trim();
      expect(link).toMatch(/\/r\/[A-Za-z0-9_-]+$/);
      await mine.getByRole("button", { name: "Copy link" }).click();
      await expect(mine.getByRole("button", { name: "Link copied" })).toBeVisible();
      expect(await mine.evaluate(() => navigator.clipboard.readText())).toBe(link);
      await expectAccessible(mine, "the Referrals section");

      // A visitor follows the link, picks the first plan on /pricing and signs up.
      const visitor = await visitorContext.newPage();
      await visitor.goto(new URL(link).pathname);
      await expect(visitor).toHaveURL(new RegExp(`^${app.url}/?$`));
      const plan = await firstPublishedPlan(app);
      await visitor.goto("/pricing");
      await visitor.getByRole("button", { name: "Add to cart" }).first().click();
      await visitor.getByRole("button", { name: "Next Step" }).click();
      // A tap before the page has hydrated posts the cart as a form does, and the details page
      // then carries it in its address: either way the visitor lands on the same page.
      await expect(visitor).toHaveURL(/\/join\/details(\?cart=[^&]+)?$/);
      const tag = crypto.randomUUID().slice(0, 8);
      const email = `referred-${tag}@example.com`;
      await submitSignUp(visitor, {
        firstName: "Grace",
        lastName: "Hopper",
        email,
        password: "Analytical1",
        telegram: `grace_${tag}`,
      });
      await expect(visitor).toHaveURL(/\/dashboard\?section=order$/);
      await expect(visitor.getByRole("list", { name: "Plans in this order" })).toContainText(plan.name);
      const [referred] = await db.select().from(user).where(eq(user.email, email));
      const [attributed] = await db.select().from(referrals).where(eq(referrals.referredId, referred!.id));
      expect(attributed).toMatchObject({ referrerId: referrer.userId, refusal: null, reward: null });

      // Before any payment the referrer sees the sign-up waiting.
      await mine.reload();
      const signUps = mine.getByRole("list", { name: "Sign-ups through your link" });
      await expect(signUps.getByRole("listitem")).toHaveCount(1);
      await expect(signUps).toContainText("Waiting for a first payment");

      // The visitor's deposit pays their order; the first payment earns the referrer 10 % of it.
      await app.testing.creditDeposit({
        db,
        userId: referred!.id,
        event: {
          txId: randomTxId(),
          eventIndex: 0,
          blockNumber: 1,
          blockTimestamp: Date.now(),
          contract: USDT_CONTRACT,
          from: randomTronAddress(),
          to: randomTronAddress(),
          amount: 1_000n * USDT,
        },
      });
      const [rewarded] = await db.select().from(referrals).where(eq(referrals.referredId, referred!.id));
      expect(rewarded!.paymentAmount).toBeGreaterThan(0n);
      const expected = (rewarded!.paymentAmount! * 10n) / 100n;
      expect(rewarded!.reward).toBe(expected);
      const rows = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, referrer.userId));
      expect(rows.filter((row) => row.kind === "referral").map((row) => row.amount)).toEqual([expected]);

      await mine.reload();
      await expect(signUps).toContainText(`Reward ${usd(expected)}`);
      await expect(mine.getByRole("definition").filter({ hasText: usd(expected) })).toBeVisible();

      // The owner's list names the referred member and the reward paid.
      await owner.goto("/admin/referrals");
      const referredTable = owner.getByRole("table", { name: "Referred members" });
      await expect(referredTable).toContainText(email);
      await expect(referredTable).toContainText(usd(expected));
    } finally {
      // The rule is the site's, shared by every test on this server: leave it off, as it starts.
      await setRule(owner, { kind: "off" }).catch(() => undefined);
      await Promise.all([ownerContext.close(), referrerContext.close(), visitorContext.close()]);
    }
  });

  test("on a phone the Referrals section shows the link, its QR code and the copy button within the screen", async ({
    browser,
    app,
  }) => {
    const context = await browser.newContext({ baseURL: app.url, viewport: { width: 375, height: 812 } });
    try {
      await signInNewMember(app, context);
      const page = await context.newPage();
      await openDashboard(page, "referrals");
      await expect(page.getByRole("img", { name: "QR code of your referral link" })).toBeVisible();
      await expect(page.locator("[data-slot=referral-link]")).toContainText("/r/");
      await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page, "the Referrals section at 375 px");
    } finally {
      await context.close();
    }
  });
});
