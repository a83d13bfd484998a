import { eq } from "drizzle-orm";
import { expect, test } from "../support/fixtures";
import { creditBalance, openDashboard, signInNewMember } from "../support/member";
import { card, cart, cartItems, nextStep, openPricing, plansFromDb, replaceStoredCart } from "../support/pricing";

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  test(`after an order is paid, /pricing's cart no longer holds what was bought (${viewport.width} px)`, async ({
    page,
    context,
    app,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const { db } = app.testing.getDatabase();
    const { memberCarts } = app.testing.schema;
    const [first, second, third] = (await plansFromDb(app)).filter((p) => p.published);
    const member = await signInNewMember(app, context);
    // As sign-up leaves it: the cart kept with the account, and the order made from it.
    const chosen = { planIds: [first!.id, second!.id], billingPeriod: "monthly" as const };
    await db.insert(memberCarts).values({ userId: member.userId, ...chosen });
    await app.testing.createOrder({ db, userId: member.userId, ...chosen });

    // The money arrives; the order's page shows it paid.
    await creditBalance(app, member.userId, first!.price + second!.price);
    await openDashboard(page, "order");
    await expect(page.getByText("Paid — your subscription is active.")).toBeVisible();
    const kept = async () => (await db.select().from(memberCarts).where(eq(memberCarts.userId, member.userId)))[0];
    expect((await kept())!.planIds).toEqual([]);

    // /pricing: the plans bought read as subscribed, the cart is empty, and there is no next step.
    await openPricing(page);
    for (const plan of [first!, second!]) {
      await expect(card(page, plan.name).getByRole("button", { name: "Subscribed" })).toBeDisabled();
      await expect(card(page, plan.name).getByRole("button", { name: "Add to cart" })).toHaveCount(0);
    }
    await expect(cart(page).locator('[data-slot="cart-count"]')).toHaveText("0 items");
    await expect(nextStep(page)).toBeDisabled();

    // A tab that still remembers them (stored before the purchase) lets go of them too.
    await replaceStoredCart(page, { planIds: [first!.id, second!.id, third!.id], billingPeriod: "monthly" });
    await page.reload();
    await expect(cart(page).locator('[data-slot="cart-count"]')).toHaveText("1 item");
    if (viewport.width >= 1024) await expect(cartItems(page)).toHaveText([new RegExp(third!.name)]);
    await expect(nextStep(page)).toBeEnabled();
    await expect(nextStep(page)).toBeInViewport();
    await card(page, third!.name).getByRole("button", { name: "Remove from cart" }).click();
    await expect(nextStep(page)).toBeDisabled();
    await expect.poll(async () => (await kept())!.planIds).toEqual([]);
  });
}
