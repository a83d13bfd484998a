import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expect, test } from "../support/fixtures";
import { openDashboard, signInNewMember, submitSignUp } from "../support/member";
import { card, firstPublishedPlan, usd } from "../support/pricing";
import { signUpStaff } from "../support/staff";

// Card payments on (a local Stripe stand-in pays and refunds): a referred member's first payment
// is made by card and then refunded, which takes the referrer's reward back.
test.use({ cardPayments: true });

test("a referred member pays by card and is refunded: the referrer's reward is paid, then taken back, as both pages say", async ({
  browser,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { referralSettings, referrals, orders, user } = app.testing.schema;
  const referrerContext = await browser.newContext({ baseURL: app.url });
  const visitorContext = await browser.newContext({ baseURL: app.url });
  const staffContext = await browser.newContext({ baseURL: app.url });
  // The rule is the site's: 10 % for this test, off again after it.
  await db
    .insert(referralSettings)
    .values({ id: 1, kind: "percent", percent: 10, amount: null, updatedAt: new Date() })
    .onConflictDoUpdate({ target: referralSettings.id, set: { kind: "percent", percent: 10, amount: null } });
  try {
    await signInNewMember(app, referrerContext);
    const mine = await referrerContext.newPage();
    await openDashboard(mine, "referrals");
    const link = new URL((await mine.locator("[data-slot=referral-link]").textContent())!.trim());

    // The visitor comes through the link, picks a plan, signs up and pays the order by card.
    const visitor = await visitorContext.newPage();
    await visitor.goto(link.pathname);
    await visitor.goto("/pricing");
    const plan = await firstPublishedPlan(app);
    await card(visitor, plan.name).getByRole("button", { name: "Add to cart" }).click();
    await visitor.getByRole("button", { name: "Next Step" }).click();
    const tag = crypto.randomUUID().slice(0, 8);
    const email = `card-${tag}@example.com`;
    await submitSignUp(visitor, {
      firstName: "Grace",
      lastName: "Hopper",
      email,
      password: "Analytical1",
      telegram: `card_${tag}`,
    });
    await expect(visitor).toHaveURL(/\/dashboard\?section=order$/);
    const [referred] = await db.select().from(user).where(eq(user.email, email));
    const [order] = await db.select().from(orders).where(eq(orders.userId, referred!.id));
    const dollars = usd(order!.totalAmount);
    await visitor
      .getByRole("region", { name: "Card" })
      .getByRole("button", { name: `Pay ${dollars} by card` })
      .click();
    await expect(visitor).toHaveURL(new RegExp(`^${app.stripe!.url}/pay/cs_test_`));
    const sessionId = new URL(visitor.url()).pathname.split("/").pop()!;
    await visitor.getByRole("button", { name: `Pay ${dollars}` }).click();
    await expect(visitor).toHaveURL(/\/dashboard/);
    await expect
      .poll(async () => (await db.select().from(referrals).where(eq(referrals.referredId, referred!.id)))[0]!.reward, {
        timeout: 30_000,
      })
      .toBe(order!.totalAmount / 10n);
    const reward = order!.totalAmount / 10n;

    await openDashboard(mine, "referrals");
    const signUps = mine.getByRole("list", { name: "Sign-ups through your link" });
    await expect(signUps).toContainText(`Reward ${usd(reward)}`);

    // The whole card payment is refunded: the reward goes back with it.
    await app.stripe!.refund(sessionId, Math.round(Number(order!.totalAmount) / 10_000));
    await expect
      .poll(
        async () => (await db.select().from(referrals).where(eq(referrals.referredId, referred!.id)))[0]!.reversed,
        { timeout: 30_000 },
      )
      .toBe(reward);
    await openDashboard(mine, "referrals");
    await expect(signUps).toContainText(`Reward ${usd(reward)} USDT, ${usd(reward)} USDT taken back (refunded)`);

    await signUpStaff(app, staffContext, "admin");
    const admin = await staffContext.newPage();
    await admin.goto("/admin/referrals");
    const row = admin.getByRole("table", { name: "Referred members" }).getByRole("row").filter({ hasText: email });
    await expect(row).toContainText(`${usd(reward)} USDT, ${usd(reward)} USDT taken back`);
  } finally {
    await db
      .update(referralSettings)
      .set({ kind: "off", percent: null, amount: null })
      .where(eq(referralSettings.id, 1));
    await Promise.all([referrerContext.close(), visitorContext.close(), staffContext.close()]);
  }
});
