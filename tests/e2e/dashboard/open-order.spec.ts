import { eq } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { creditBalance, openDashboard, signInNewMember } from "../support/member";
import { firstPublishedPlan } from "../support/pricing";
import { expectNoSidewaysScroll } from "../support/sideways";

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`an unpaid order is where the member looks first, until it is paid (${viewport.width} px)`, async ({
    page,
    context,
    app,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const { db } = app.testing.getDatabase();
    const plan = await firstPublishedPlan(app);
    const balance = 5_000_000n;
    const member = await signInNewMember(app, context, { balance });
    const { orderId } = await app.testing.createOrder({
      db,
      userId: member.userId,
      planIds: [plan.id],
      billingPeriod: "monthly",
    });
    const reference = `ORD-${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
    const due = formatUsdt(plan.price - balance);

    // Welcome: the order first, with what is due, how long it stays open and the way to pay.
    await openDashboard(page);
    const card = page.getByRole("region", { name: `Unpaid order ${reference}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText(plan.name);
    await expect(card.locator("[data-slot=open-order-due]")).toHaveText(`${due} USDT due`);
    await expect(card.locator("[data-slot=open-order-time-left]")).toHaveText("Open for 6 days more");
    await expect(page.getByText("it starts as soon as your order above is paid")).toBeVisible();
    // The header, beside the balance: the amount due, a tap from the order's page.
    const headerLink = page.getByRole("banner").getByRole("link", { name: new RegExp(`^Pay \\${due}`) });
    await expect(headerLink).toBeInViewport({ ratio: 1 });
    await expect(headerLink).toHaveAccessibleName(`Pay ${due} · 6 days left (order ${reference})`);
    // A phone has no room beside the balance: the reminder is a row of its own, and says the time left.
    if (viewport.width < 640) expect((await headerLink.boundingBox())!.width).toBeGreaterThan(viewport.width * 0.8);
    // The member's name still fits beside the balance, whole.
    const name = page.locator('[data-slot="member-name"]');
    await expect(name).toBeInViewport({ ratio: 1 });
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expect(page.locator('[data-slot="balance-button"]')).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "welcome with an open order");

    // Subscriptions: the same reminder above the member's plans.
    await openDashboard(page, "subscriptions");
    await expect(page.getByRole("region", { name: `Unpaid order ${reference}` })).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Billing history: the pending row leads to the order's page.
    await openDashboard(page, "billing-history");
    const row = page.getByRole("row").filter({ hasText: reference });
    await expect(row).toContainText("Pending");
    await row.getByRole("link", { name: "Pay now" }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=order$/);
    await expect(page.getByRole("heading", { level: 1, name: "Your order" })).toBeVisible();
    await expect(page.locator("[data-slot=order-due]")).toHaveText(`${due} USDT`);
    // On the order's own page the header does not send the member to where they are.
    await expect(page.getByRole("banner").getByRole("link", { name: /^Pay / })).toHaveCount(0);

    // From the header on any page, too.
    await openDashboard(page, "user-info");
    await page.getByRole("banner").getByRole("link", { name: /^Pay / }).click();
    await expect(page).toHaveURL(/\/dashboard\?section=order$/);

    // The money arrives and the order is paid: no page reminds of it any more.
    await creditBalance(app, member.userId, plan.price);
    await expect(page.getByText("Paid — your subscription is active.")).toBeVisible({ timeout: 30_000 });
    await openDashboard(page);
    await expect(page.locator("[data-slot=welcome-plans]")).toContainText(plan.name);
    await expect(page.locator("[data-slot=open-order]")).toHaveCount(0);
    await expect(page.getByRole("banner").getByRole("link", { name: /^Pay / })).toHaveCount(0);
    await openDashboard(page, "billing-history");
    await expect(page.getByRole("link", { name: "Pay now" })).toHaveCount(0);
  });
}

test("the time an open order has left counts down while the page stays open", async ({ page, context, app }) => {
  const { db } = app.testing.getDatabase();
  const { orders } = app.testing.schema;
  const plan = await firstPublishedPlan(app);
  const member = await signInNewMember(app, context, { balance: 0n });
  const { orderId } = await app.testing.createOrder({
    db,
    userId: member.userId,
    planIds: [plan.id],
    billingPeriod: "monthly",
  });
  // An hour and a half left: the words are whole hours until less than one is left, then minutes.
  await db
    .update(orders)
    .set({ expiresAt: new Date(Date.now() + 90 * 60_000) })
    .where(eq(orders.id, orderId));
  await page.clock.install();
  await openDashboard(page);
  const timeLeft = page.locator("[data-slot=open-order-time-left]");
  const headerLink = page.getByRole("banner").getByRole("link", { name: /^Pay / });
  await expect(timeLeft).toHaveText("Open for 1 hour more");
  await expect(headerLink).toHaveAccessibleName(/· 1 hour left/);

  // Nothing is asked of the server: the page's own clock moves the words on.
  await page.clock.fastForward("40:00");
  await expect(timeLeft).toHaveText(/^Open for (49|50) minutes more$/);
  await expect(headerLink).toHaveAccessibleName(/· (49|50) minutes left/);
  await page.clock.fastForward("49:00");
  await expect(timeLeft).toHaveText(/^Open for (less than a minute|1 minute) more$/);
});
