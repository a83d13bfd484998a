import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import { orderReference } from "~/lib/orders";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { creditBalance, openDashboard, signInNewMember } from "../support/member";
import { publishedPlan } from "../support/pricing";

test.describe("A coupon code on the order page", () => {
  // A refused code is the action's 400, which Chromium logs as a failed resource.
  test.use({ expectedConsoleErrors: [/status of 400 .*\/api\/dashboard\/orders\/coupon\.data/] });

  test("a member is told what is wrong with a code, applies a good one (discount and new total before paying), takes it off, and pays with it", async ({
    page,
    context,
    app,
  }) => {
    const { db } = app.testing.getDatabase();
    const { coupons, orders, billingHistory } = app.testing.schema;
    const code = `ORDER${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
    await db.insert(coupons).values({ code, kind: "percent", percentOff: 20 });
    const plan = await publishedPlan(app, "vip-signals");
    const member = await signInNewMember(app, context);
    await app.testing.createOrder({ db, userId: member.userId, planIds: [plan.id], billingPeriod: "monthly" });
    await openDashboard(page, "order");
    const due = page.locator("[data-slot=order-due]");
    await expect(due).toHaveText(formatUsdt(plan.price, { suffix: true }));

    const form = page.getByRole("form", { name: "Order discount" });
    await form.getByLabel("Coupon code").fill("nosuchcode");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(form.getByText("This code is not valid. Check it and try again.")).toBeVisible();
    await expect(due).toHaveText(formatUsdt(plan.price, { suffix: true }));

    // Typed in lower case: codes ignore case. The discount line and the new total show at once.
    const discounted = plan.price - plan.price / 5n;
    await form.getByLabel("Coupon code").fill(code.toLowerCase());
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(`Discount (code ${code})`)).toBeVisible();
    await expect(due).toHaveText(formatUsdt(discounted, { suffix: true }));
    await expectAccessible(page, "order with a code");

    await page.getByRole("button", { name: "Remove code" }).click();
    await expect(due).toHaveText(formatUsdt(plan.price, { suffix: true }));
    await expect(page.getByText(`Discount (code ${code})`)).toHaveCount(0);

    await form.getByLabel("Coupon code").fill(code);
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(due).toHaveText(formatUsdt(discounted, { suffix: true }));
    const [order] = await db.select().from(orders).where(eq(orders.userId, member.userId));
    expect(order!.couponCode).toBe(code);

    // The balance now covers the discounted total: the order is paid with the code it was priced with.
    await creditBalance(app, member.userId, discounted);
    await app.testing.completeCoveredOrder({ db, userId: member.userId });
    await expect(page.locator("[data-slot=order]")).toHaveAttribute("data-status", "paid", { timeout: 30_000 });
    const [bill] = await db.select().from(billingHistory).where(eq(billingHistory.orderId, order!.id));
    expect(bill).toMatchObject({ couponCode: code, listAmount: plan.price, totalAmount: discounted });
  });

  test("a code that brings the total within the balance pays the order at once: the toast says what it paid and what is left", async ({
    page,
    context,
    app,
  }) => {
    const { db } = app.testing.getDatabase();
    const { coupons, orders } = app.testing.schema;
    const code = `PAYS${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
    await db.insert(coupons).values({ code, kind: "percent", percentOff: 20 });
    const plan = await publishedPlan(app, "vip-signals");
    const member = await signInNewMember(app, context);
    await app.testing.createOrder({ db, userId: member.userId, planIds: [plan.id], billingPeriod: "monthly" });
    // The balance covers the discounted total with 1 USDT to spare, not the list price.
    const discounted = plan.price - plan.price / 5n;
    await creditBalance(app, member.userId, discounted + 1_000_000n);
    await openDashboard(page, "order");
    const [order] = await db.select().from(orders).where(eq(orders.userId, member.userId));
    const reference = orderReference(order!.id);

    const form = page.getByRole("form", { name: "Order discount" });
    await form.getByLabel("Coupon code").fill(code);
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText(`Order ${reference} paid: your subscription is active`)).toBeVisible();
    const told = page.getByText(`Your balance paid order ${reference}: ${plan.name}`);
    await expect(told).toContainText(`for ${formatUsdt(discounted, { suffix: true })}`);
    await expect(told).toContainText("Left on your balance: $1.00 USDT");
    await expect(page.locator("[data-slot=order]")).toHaveAttribute("data-status", "paid");
  });
});
