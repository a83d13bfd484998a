import { eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { confirmPurchase, openDashboard, signInNewMember } from "../support/member";
import { card, publishedPlan } from "../support/pricing";

test("a cart holding VIP Signals and All-in-One, nothing held yet, says VIP Signals is included before Subscribe; without it All-in-One is bought once", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { subscriptions, billingHistory, profiles } = app.testing.schema;
  const vip = await publishedPlan(app, "vip-signals");
  const all = await publishedPlan(app, "all-in-one");
  const member = await signInNewMember(app, context, { balance: vip.price + all.price });

  await openDashboard(page, "subscriptions");
  await card(page, vip.name).getByRole("button", { name: "Add to cart" }).click();
  await card(page, all.name).getByRole("button", { name: "Add to cart" }).click();
  const cart = page.locator("aside").filter({ has: page.getByRole("heading", { name: "Your cart" }) });
  await expect(cart.getByText(`Already included in ${all.name}`).first()).toBeVisible();
  const subscribe = page.getByRole("button", { name: "Subscribe", exact: true });
  await expect(subscribe).toBeDisabled();
  await expectAccessible(page, "a cart with a plan another of it includes");
  expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId))).toHaveLength(0);

  // Taking VIP Signals out lets All-in-One, which has its channel, be bought alone.
  await card(page, vip.name).getByRole("button", { name: "Remove from cart" }).click();
  await expect(cart.getByText(`Already included in ${all.name}`)).toHaveCount(0);
  await subscribe.click();
  await confirmPurchase(page);
  const held = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
  expect(held.map((sub) => sub.planId)).toEqual([all.id]);
  expect(await db.select().from(billingHistory).where(eq(billingHistory.userId, member.userId))).toHaveLength(1);
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, member.userId));
  expect(profile!.balance).toBe(vip.price);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

  test("the cart bar says why Subscribe waits", async ({ page, context, app }) => {
    const vip = await publishedPlan(app, "vip-signals");
    const all = await publishedPlan(app, "all-in-one");
    await signInNewMember(app, context, { balance: vip.price + all.price });
    await openDashboard(page, "subscriptions");
    await card(page, all.name).getByRole("button", { name: "Add to cart" }).click();
    await card(page, vip.name).getByRole("button", { name: "Add to cart" }).click();
    await expect(page.locator('[data-slot="cart-refusal"]')).toHaveText(`Already included in ${all.name}`);
    await expect(page.getByRole("button", { name: "Subscribe", exact: true })).toBeDisabled();
  });
});
