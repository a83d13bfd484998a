import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { plural } from "~/lib/plural";
import { formatUsdt } from "../../../app/lib/money.ts";
import { expect, test } from "../support/fixtures";
import { createMember, waitForHydration } from "../support/member";
import { priceAt, publishedPlan } from "../support/pricing";
import { signUpStaff } from "../support/staff";

const figure = (page: Page, name: string) => page.getByRole("group", { name, exact: true });
const usdt = (micro: bigint) => formatUsdt(micro, { suffix: true });

/*
 * The overview's growth figures move with the money as it happens: an operator reads them, a
 * member buys with a code and a referred member's first purchase pays its referrer, and the
 * operator reads them again. Each figure has moved by what the bills and the ledger say, no more.
 */
test("an operator sees a code's redemption and the revenue it gave up, and a referral reward paid, once each", async ({
  page,
  context,
  app,
}) => {
  const { db } = app.testing.getDatabase();
  const { coupons, referrals, referralSettings, billingHistory, ledgerEntries, profiles } = app.testing.schema;
  const vip = await publishedPlan(app, "vip-signals");
  const overview = async () => (await app.testing.getAdminOverview({ db, role: "owner" })).money!;
  const before = await overview();

  await signUpStaff(app, context, "owner");
  await page.goto("/admin");
  await waitForHydration(page);
  const coupons30 = figure(page, "Coupons, 30 days");
  const referrals30 = figure(page, "Referral rewards, 30 days");
  await expect(coupons30).toContainText(usdt(BigInt(before.coupons.days30.givenUp)));
  await expect(referrals30).toContainText(usdt(BigInt(before.referrals.days30.paid)));

  // A member buys VIP Signals with a quarter off.
  const code = `WALK${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
  await db.insert(coupons).values({ code, kind: "percent", percentOff: 25 });
  const discount = vip.price / 4n;
  const buyer = await createMember(app, `buyer-${code.toLowerCase()}@example.com`);
  await app.testing.postLedgerEntry({
    tx: db,
    userId: buyer.userId,
    kind: "adjustment",
    amount: vip.price,
    reference: `e2e:${code}`,
    memo: "e2e credit",
  });
  await app.testing.purchaseSubscriptions({
    db,
    userId: buyer.userId,
    planIds: [vip.id],
    billingPeriod: "monthly",
    totalAmount: vip.price - discount,
    idempotencyKey: crypto.randomUUID(),
    couponCode: code.toLowerCase(),
    clientIp: "192.0.2.10",
  });

  // A member referred by another buys VIP Signals quarterly: the referrer earns 5 USDT, once.
  const [rule] = await db.select().from(referralSettings).where(eq(referralSettings.id, 1));
  await db
    .update(referralSettings)
    .set({ kind: "fixed", amount: 5_000_000n, percent: null })
    .where(eq(referralSettings.id, 1));
  const referrer = await createMember(app, `referrer-${code.toLowerCase()}@example.com`);
  const referred = await createMember(app, `referred-${code.toLowerCase()}@example.com`);
  // Two people: createMember gives every account the same Telegram name, which a referral refuses.
  await db
    .update(profiles)
    .set({ telegramUsername: `referred_${code.toLowerCase()}` })
    .where(eq(profiles.id, referred.userId));
  await db
    .insert(referrals)
    .values({ referrerId: referrer.userId, referredId: referred.userId, visitedAt: new Date() });
  const quarterly = priceAt(vip.price, "quarterly");
  await app.testing.postLedgerEntry({
    tx: db,
    userId: referred.userId,
    kind: "adjustment",
    amount: quarterly,
    reference: `e2e:ref:${code}`,
    memo: "e2e credit",
  });
  const purchase = {
    db,
    userId: referred.userId,
    planIds: [vip.id],
    billingPeriod: "quarterly" as const,
    totalAmount: quarterly,
    idempotencyKey: crypto.randomUUID(),
  };
  await app.testing.purchaseSubscriptions(purchase);
  // The same checkout sent twice (a double tap): one purchase, one reward.
  await app.testing.purchaseSubscriptions(purchase);
  await db
    .update(referralSettings)
    .set({ kind: rule!.kind, amount: rule!.amount, percent: rule!.percent })
    .where(eq(referralSettings.id, 1));

  // What the bills and the ledger hold for these people: the figures must have moved by that.
  const [bill] = await db.select().from(billingHistory).where(eq(billingHistory.userId, buyer.userId));
  expect(bill).toMatchObject({
    couponCode: code,
    listAmount: vip.price,
    discountAmount: discount,
    totalAmount: vip.price - discount,
  });
  const rewards = (await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, referrer.userId))).filter(
    (row) => row.kind === "referral",
  );
  expect(rewards.map((row) => row.amount)).toEqual([5_000_000n]);

  await page.reload();
  await waitForHydration(page);
  const givenUp = BigInt(before.coupons.days30.givenUp) + discount;
  const charged = BigInt(before.coupons.days30.charged) + bill!.totalAmount;
  await expect(coupons30).toContainText(usdt(givenUp));
  await expect(coupons30).toContainText(
    `Given up in ${plural(before.coupons.days30.count + 1, "redemption")} · ${usdt(charged)} charged after discount`,
  );
  const paid = BigInt(before.referrals.days30.paid) + 5_000_000n;
  await expect(referrals30).toContainText(usdt(paid));
  await expect(referrals30).toContainText(
    `${plural(before.referrals.days30.count + 1, "reward")} paid · ${usdt(BigInt(before.referrals.days30.reversed))} taken back with refunds`,
  );
  // The definitions say where the figures come from.
  await page.getByRole("button", { name: "How Coupons, 30 days is counted" }).click();
  await expect(page.getByText(/the sum of their discounts/)).toBeVisible();
  await expect(page.getByText(/credit for unused days is the member's own money, not a discount/)).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page.getByText(/the sum of their discounts/)).toBeHidden();
});
