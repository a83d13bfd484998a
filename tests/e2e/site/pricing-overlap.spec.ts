import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { holdScripts, isHydrated, openBeforeScripts, tapBeforeScripts } from "../support/held-scripts";
import { signInNewMember, submitSignUp } from "../support/member";
import { card, cart, cartItems, nextStep, openPricing, storedCart, vipAndAllInOne } from "../support/pricing";

// A cart holding a plan and one that includes it (All-in-One has VIP Signals' channel) would be
// refused at the order: the cart says so on the inner plan's line and Next Step waits, for a
// visitor as for a member, before anyone signs up for it.

const included = (name: string) => `Already included in ${name}`;

test("a visitor's cart with VIP Signals and All-in-One says VIP Signals is included and holds Next Step; without All-in-One it goes on", async ({
  page,
  app,
}) => {
  const { vip, all } = await vipAndAllInOne(app);
  await openPricing(page);
  await card(page, vip.name).getByRole("button", { name: "Add to cart" }).click();
  await expect(nextStep(page)).toBeEnabled();
  await card(page, all.name).getByRole("button", { name: "Add to cart" }).click();
  await expect(cartItems(page).filter({ hasText: vip.name })).toContainText(included(all.name));
  await expect(cartItems(page).filter({ hasNotText: vip.name })).not.toContainText("Already included");
  await expect(nextStep(page)).toBeDisabled();
  await expectAccessible(page, "pricing cart with a plan another of it includes");

  await card(page, all.name).getByRole("button", { name: "Remove from cart" }).click();
  await expect(cart(page).getByText(included(all.name))).toHaveCount(0);
  await expect(nextStep(page)).toBeEnabled();
  await nextStep(page).click();
  await expect(page).toHaveURL(/\/join\/details$/);
  expect(await storedCart(page)).toEqual({ planIds: [vip.id], billingPeriod: "monthly" });
});

test("a signed-in member without plans is told the same, whichever plan was added first", async ({
  page,
  context,
  app,
}) => {
  const { vip, all } = await vipAndAllInOne(app);
  await signInNewMember(app, context);
  await openPricing(page);
  await card(page, all.name).getByRole("button", { name: "Add to cart" }).click();
  await card(page, vip.name).getByRole("button", { name: "Add to cart" }).click();
  await expect(cartItems(page).filter({ hasText: vip.name })).toContainText(included(all.name));
  await expect(nextStep(page)).toBeDisabled();
  await card(page, vip.name).getByRole("button", { name: "Remove from cart" }).click();
  await expect(nextStep(page)).toBeEnabled();
});

test("a cart that still arrives at sign-up with both (a link, an older visit) makes the account; the dashboard says why no order was made", async ({
  page,
  app,
}) => {
  const { vip, all } = await vipAndAllInOne(app);
  const { db } = app.testing.getDatabase();
  const { orders, user } = app.testing.schema;
  await page.goto(`/join/details?cart=monthly:${vip.id},${all.id}`);
  const tag = crypto.randomBytes(4).toString("hex");
  const email = `overlap-${tag}@example.com`;
  await submitSignUp(page, {
    firstName: "Olive",
    lastName: "Overlap",
    email,
    password: "Analytical1",
    telegram: `olive_${tag}`,
  });
  await expect(page).toHaveURL(/\/dashboard\?section=subscriptions$/);
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toContainText("Your order was not made");
  await expect(toast).toContainText(`${included(all.name)}. Review your cart below.`);
  // The cart is kept to review, and says the same on VIP Signals' line.
  const line = page.getByRole("list", { name: "Cart items" }).getByRole("listitem").filter({ hasText: vip.name });
  await expect(line).toContainText(included(all.name));
  const [account] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
  expect(await db.select().from(orders).where(eq(orders.userId, account!.id))).toEqual([]);
});

test.describe("before the scripts have run", () => {
  test.use({ hasTouch: true });
  test.beforeEach(({ page }) => holdScripts(page));

  test("All-in-One tapped into a cart holding VIP Signals: the page the server answers says it and holds Next Step", async ({
    page,
    app,
  }) => {
    const { vip, all } = await vipAndAllInOne(app);
    await openBeforeScripts(page, `/pricing?cart=monthly:${vip.id}`);
    // Without scripts the tap posts the cart's form; the answer is this page with both plans.
    await tapBeforeScripts(card(page, all.name).getByRole("button", { name: "Add to cart" }));
    await expect(page).toHaveURL(new RegExp(`cart=monthly%3A${vip.id}%2C${all.id}$`));
    const line = cartItems(page).filter({ hasText: vip.name });
    await expect(line).toContainText(included(all.name));
    await expect(nextStep(page)).toBeDisabled();
    expect(await isHydrated(nextStep(page)), "said by the server's page, before React").toBe(false);

    // Once the page is ready it still says it; taking All-in-One out lets the visitor go on.
    await expect.poll(() => isHydrated(nextStep(page))).toBe(true);
    await expect(line).toContainText(included(all.name));
    await expect(nextStep(page)).toBeDisabled();
    await card(page, all.name).getByRole("button", { name: "Remove from cart" }).click();
    await expect(cart(page).getByText(included(all.name))).toHaveCount(0);
    await expect(nextStep(page)).toBeEnabled();
  });
});
