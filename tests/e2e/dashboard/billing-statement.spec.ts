import type { Page } from "@playwright/test";
import { and, asc, eq } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import { randomTronAddress, randomTxId, USDT_CONTRACT } from "../../helpers/fake-trongrid";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { buyOnDashboard, signInNewMember, waitForHydration } from "../support/member";
import { expectNoSidewaysScroll } from "../support/sideways";

const USDT = 1_000_000n;
const PHONE = { width: 375, height: 812 };
const statement = (page: Page) => page.getByRole("table", { name: "Billing history" });
const rowOf = (page: Page, kind: string) => statement(page).locator(`tr[data-kind="${kind}"]`);

test.describe("billing history reads like a statement", () => {
  test("a credit, a deposit and a purchase: what each was, signed, with the balance after it, on a desktop and a phone", async ({
    page,
    app,
    context,
  }) => {
    const member = await signInNewMember(app, context);
    const { db } = app.testing.getDatabase();
    const { pricing } = app.testing.schema;
    // An operator credits 40 USDT; a transfer of 12.345678 USDT arrives.
    await app.testing.adjustBalance({
      db,
      email: member.email,
      amount: 40n * USDT,
      reference: `e2e-${member.userId}`,
      reason: "Welcome credit",
      actor: "e2e",
    });
    // Then takes 5 USDT back.
    await app.testing.adjustBalance({
      db,
      email: member.email,
      amount: -5n * USDT,
      reference: `e2e-debit-${member.userId}`,
      reason: "Fee correction",
      actor: "e2e",
    });
    const txId = randomTxId();
    await app.testing.creditDeposit({
      db,
      userId: member.userId,
      event: {
        txId,
        eventIndex: 0,
        blockNumber: 1,
        blockTimestamp: Date.now(),
        contract: USDT_CONTRACT,
        from: randomTronAddress(),
        to: randomTronAddress(),
        amount: 12_345_678n,
      },
    });
    const [plan] = await db
      .select()
      .from(pricing)
      .where(and(eq(pricing.planId, "signals-bot"), eq(pricing.published, true)))
      .orderBy(asc(pricing.id));

    // The member buys a plan from the dashboard, then opens the billing history.
    await buyOnDashboard(page, plan!.name);
    await page
      .getByRole("navigation", { name: "Dashboard sections" })
      .getByRole("link", { name: "Billing history" })
      .click();

    await expect(statement(page).getByRole("columnheader")).toHaveText([
      "Invoice ID",
      "Issue date",
      "Kind",
      "Total amount",
      "Balance after",
      "Payment Type",
      "Status",
    ]);
    // Newest first: the purchase, the deposit, the operator's debit and credit; one row each.
    await expect(statement(page).locator("tbody tr")).toHaveCount(4);
    const price = plan!.price;
    const afterCredit = 40n * USDT;
    const afterDebit = afterCredit - 5n * USDT;
    const afterDeposit = afterDebit + 12_345_678n;
    const usd = (micro: bigint) => formatUsdt(micro, { suffix: true });
    await expect(statement(page).locator("tbody tr").first()).toHaveAttribute("data-kind", "purchase");
    await expect(rowOf(page, "purchase").locator('[data-column="amount"]')).toHaveText(`\u2212${usd(price)}`);
    await expect(rowOf(page, "purchase").locator('[data-column="balance-after"]')).toHaveText(
      usd(afterDeposit - price),
    );
    await expect(rowOf(page, "deposit").locator('[data-column="amount"]')).toHaveText("+$12.35 USDT");
    await expect(rowOf(page, "deposit").locator('[data-column="balance-after"]')).toHaveText(usd(afterDeposit));
    await expect(
      rowOf(page, "deposit").getByRole("link", { name: `Transaction ${txId} on the TRON explorer` }),
    ).toBeVisible();
    // The operator's credit says what it is: an adjustment, with its reason, not a TRC-20 deposit.
    const credit = rowOf(page, "adjustment").filter({ hasText: "Welcome credit" });
    await expect(credit).toContainText("Adjustment");
    await expect(credit).toContainText("Welcome credit");
    await expect(credit).toContainText("Balance adjustment");
    await expect(credit).not.toContainText("TRC-20");
    await expect(credit.locator('[data-column="amount"]')).toHaveText("+$40.00 USDT");
    await expect(credit.locator('[data-column="balance-after"]')).toHaveText("$40.00 USDT");
    // The operator's debit is a row of its own, with its invoice id and reason, signed.
    const debit = rowOf(page, "adjustment").filter({ hasText: "Fee correction" });
    await expect(debit).toContainText(/ADJ-[0-9A-F]{10}/);
    await expect(debit.locator('[data-column="amount"]')).toHaveText("\u2212$5.00 USDT");
    await expect(debit.locator('[data-column="balance-after"]')).toHaveText(usd(afterDebit));
    // The header's balance is the newest row's balance after.
    await expect(page.getByRole("button", { name: usd(afterDeposit - price) })).toBeVisible();
    await expectAccessible(page, "billing statement");

    // On a 375 px phone each row is a card of labelled values, and nothing scrolls sideways.
    await page.setViewportSize(PHONE);
    await page.reload();
    await waitForHydration(page);
    await expect(rowOf(page, "purchase").locator('[data-column="amount"]')).toBeVisible();
    const labelled = await rowOf(page, "purchase")
      .locator('[data-column="balance-after"]')
      .evaluate((cell) => getComputedStyle(cell, "::before").content);
    expect(labelled).toBe('"Balance after"');
    await expectNoSidewaysScroll(page);
    await expectAccessible(page, "billing statement on a phone");
  });
});
