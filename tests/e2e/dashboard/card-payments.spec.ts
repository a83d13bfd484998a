import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { openDashboard, signInNewMember } from "../support/member";

// This worker's server has Stripe's keys and talks to the Stripe stand-in (fixtures.ts).
test.use({ cardPayments: true });

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").getByText(text, { exact: true });

test.describe("card payments through Stripe Checkout", () => {
  test("the pricing page names cards and Stripe beside USDT when card payments are on", async ({ page }) => {
    await page.goto("/pricing");
    await expect(
      page.getByText("Pay by card (secure checkout powered by Stripe) or with USDT on TRON (TRC-20)"),
    ).toBeVisible();
    const methods = page.getByRole("list", { name: "Accepted payment methods" });
    for (const name of ["Visa", "Mastercard", "American Express", "Tether (USDT) on TRON (TRC-20)"]) {
      const icon = methods.getByRole("img", { name });
      await expect(icon).toBeVisible();
      expect(await icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    }
  });

  test("top-up by card: the amount, Stripe's hosted page, back to the dashboard with the balance credited", async ({
    page,
    app,
    context,
  }) => {
    const member = await signInNewMember(app, context);
    const { db } = app.testing.getDatabase();
    const { ledgerEntries, cardPayments } = app.testing.schema;
    await openDashboard(page);
    await page.getByRole("button", { name: "$0.00 USDT" }).click();
    const dialog = page.getByRole("dialog", { name: "Deposit Funds" });
    const section = dialog.getByRole("region", { name: "Or top up by card" });
    await expect(section).toContainText("each 1 USD paid credits 1 USDT to your balance");
    await expectAccessible(page, "deposit dialog with the card option");

    // Out of range: the form says so and nothing is opened at Stripe.
    await section.getByLabel("Amount (USD)").fill("5");
    await section.getByRole("button", { name: "Pay by card" }).click();
    await expect(section.getByText("Enter a whole number of US dollars from 10 to 10,000.")).toBeVisible();
    expect(app.stripe!.requests.filter((r) => r.body.client_reference_id === member.userId)).toEqual([]);

    await section.getByLabel("Amount (USD)").fill("25");
    await section.getByRole("button", { name: "Pay by card" }).click();
    // Stripe's (stand-in's) hosted page, on its own origin.
    await expect(page).toHaveURL(new RegExp(`^${app.stripe!.url}/pay/cs_test_`));
    await expect(page.getByRole("heading", { name: "Pay $25.00" })).toBeVisible();
    await expect(page.getByText(member.email)).toBeVisible();
    await page.getByRole("button", { name: "Pay $25.00" }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, "Card payment received")).toBeVisible();
    await expect(page.getByRole("button", { name: "$25.00 USDT" })).toBeVisible();
    const rows = await db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, member.userId), eq(ledgerEntries.kind, "card")));
    expect(rows).toEqual([{ amount: 25_000_000n }]);
    const [payment] = await db.select().from(cardPayments).where(eq(cardPayments.userId, member.userId));
    expect(payment).toMatchObject({ status: "paid", amountCents: 2_500, credited: 25_000_000n });
  });

  test("cancelling on Stripe's page comes back with nothing charged", async ({ page, app, context }) => {
    await signInNewMember(app, context);
    await openDashboard(page);
    await page.getByRole("button", { name: "$0.00 USDT" }).click();
    const section = page
      .getByRole("dialog", { name: "Deposit Funds" })
      .getByRole("region", { name: "Or top up by card" });
    await section.getByLabel("Amount (USD)").fill("10");
    await section.getByRole("button", { name: "Pay by card" }).click();
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toast(page, "Card payment cancelled")).toBeVisible();
    await expect(page.getByRole("button", { name: "$0.00 USDT" })).toBeVisible();
  });
  test("an order paid by card: the amount due on Stripe's page, then the order paid and the plan active", async ({
    page,
    app,
    context,
  }) => {
    const member = await signInNewMember(app, context);
    const { db } = app.testing.getDatabase();
    const { orders, pricing, subscriptions } = app.testing.schema;
    const [plan] = await db.select().from(pricing).where(eq(pricing.published, true)).limit(1);
    await app.testing.createOrder({ db, userId: member.userId, planIds: [plan!.id], billingPeriod: "monthly" });
    await openDashboard(page, "order");
    const [order] = await db.select().from(orders).where(eq(orders.userId, member.userId));
    // The balance is empty: the whole total is due, in dollars, the rate said first.
    const dollars = `$${(Number(order!.totalAmount) / 1e6).toFixed(2)}`;
    const card = page.getByRole("region", { name: "Card" });
    await expect(card).toContainText("1 USD paid credits 1 USDT");
    await card.getByRole("button", { name: `Pay ${dollars} by card` }).click();

    await expect(page).toHaveURL(new RegExp(`^${app.stripe!.url}/pay/cs_test_`));
    await page.getByRole("button", { name: `Pay ${dollars}` }).click();
    await expect(page).toHaveURL(/\/dashboard/);
    await expect
      .poll(async () => (await db.select().from(orders).where(eq(orders.id, order!.id)))[0]!.status, {
        timeout: 30_000,
      })
      .toBe("paid");
    const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, member.userId));
    expect(subs).toMatchObject([{ planId: plan!.id, status: "active" }]);
    await openDashboard(page, "order");
    await expect(page.getByText("Paid — your subscription is active.")).toBeVisible();
  });
});
