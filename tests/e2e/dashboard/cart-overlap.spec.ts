import { eq } from "drizzle-orm";
import { expect, test } from "../support/fixtures";
import { openDashboard, signInNewMember } from "../support/member";
import { card, publishedPlan } from "../support/pricing";

// The refusal is the purchase's 409, which the browser logs as a failed request.
test.use({ expectedConsoleErrors: [/status of 409 .*\/api\/dashboard\/purchase/] });

test("a cart holding VIP Signals and All-in-One, nothing held yet, is refused at Confirm: VIP Signals would be paid twice", async ({
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
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
  await dialog.getByRole("button", { name: "Confirm purchase" }).click();
  await expect(page.getByText(`Already included in ${all.name}`).first()).toBeVisible();

  expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId))).toHaveLength(0);
  expect(await db.select().from(billingHistory).where(eq(billingHistory.userId, member.userId))).toHaveLength(0);
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, member.userId));
  expect(profile!.balance).toBe(vip.price + all.price);
});
