import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { expectAccessible } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { confirmPurchase, openDashboard, signInNewMember } from "../support/member";
import { publishedPlan, usd } from "../support/pricing";

// A refused code is the check's 400 or 409, which Chromium logs as a failed resource.
test.use({ expectedConsoleErrors: [/status of 40[09] .*\/api\/coupons\/check/] });

test("the confirm-purchase dialog takes a code: discount line and new total, then the member is charged the discounted amount", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { coupons, billingHistory, ledgerEntries } = app.testing.schema;
  const code = `DIALOG${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
  const plan = await publishedPlan(app, "vip-signals");
  const off = 5_000_000n;
  await db.insert(coupons).values({ code, kind: "fixed", amountOff: off });
  const member = await signInNewMember(app, context, { balance: plan.price });
  await openDashboard(page, "subscriptions");
  await page
    .getByRole("list", { name: "Plans" })
    .getByRole("group", { name: plan.name, exact: true })
    .getByRole("button", { name: "Add to cart" })
    .click();
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
  const total = dialog.getByRole("definition").first();
  await expect(total).toHaveText(`${usd(plan.price)} USDT`);

  await dialog.getByLabel("Coupon code").fill("WRONG-CODE");
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("This code is not valid. Check it and try again.");
  await expect(total).toHaveText(`${usd(plan.price)} USDT`);

  await dialog.getByLabel("Coupon code").fill(code.toLowerCase());
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog.locator("[data-slot=cart-discount]")).toHaveText(`Discount (code ${code})−${usd(off)} USDT`);
  await expect(total).toHaveText(`${usd(plan.price - off)} USDT`);
  await expectAccessible(page, "confirm purchase with a code");

  await confirmPurchase(page);
  const bills = (await db.select().from(billingHistory).where(eq(billingHistory.userId, member.userId))).filter(
    (bill) => bill.listAmount !== null,
  );
  expect(bills).toMatchObject([
    { listAmount: plan.price, discountAmount: off, couponCode: code, totalAmount: plan.price - off },
  ]);
  const debits = (await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, member.userId))).filter(
    (entry) => entry.amount < 0n,
  );
  expect(debits.map((entry) => entry.amount)).toEqual([-(plan.price - off)]);

  // The billing history shows list price, discount (with the code) and the amount charged.
  await openDashboard(page, "billing-history");
  await expect(page.getByText(`Discount (code ${code})`).first()).toBeAttached();
});
