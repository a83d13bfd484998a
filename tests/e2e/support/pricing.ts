import type { BrowserContext, Page } from "@playwright/test";
import { and, asc, eq } from "drizzle-orm";
import { expect } from "./fixtures";
import { buyOnDashboard, confirmPurchase, signInNewMember } from "./member";

export type Fixture = { testing: typeof import("./server-entry.ts") };

/** "$1,416.00" for micro-USDT; written out here so the test does not trust the app's formatter. */
export function usd(micro: bigint) {
  const cents = micro / 10_000n;
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `$${whole}.${(cents % 100n).toString().padStart(2, "0")}`;
}

export async function plansFromDb(app: Fixture) {
  const { db } = app.testing.getDatabase();
  const { pricing } = app.testing.schema;
  return db.select().from(pricing).orderBy(asc(pricing.displayOrder), asc(pricing.id));
}

/** The first card on /pricing: the page's own order (other tests' edits move rows, so never "any" plan). */
export async function firstPublishedPlan(app: Fixture) {
  const { db } = app.testing.getDatabase();
  const { pricing } = app.testing.schema;
  const [plan] = await db
    .select()
    .from(pricing)
    .where(eq(pricing.published, true))
    .orderBy(asc(pricing.displayOrder), asc(pricing.id))
    .limit(1);
  if (!plan) throw new Error("no published plan in the test database");
  return plan;
}

export async function publishedPlan(app: Fixture, planId: string) {
  const plan = (await plansFromDb(app)).find((p) => p.planId === planId && p.published);
  if (!plan) throw new Error(`seeded plan ${planId} is missing`);
  return plan;
}

/** The seed's plans: All-in-One's chats include VIP Signals' (an upgrade of it). */
export async function vipAndAllInOne(app: Fixture) {
  return { vip: await publishedPlan(app, "vip-signals"), all: await publishedPlan(app, "all-in-one") };
}

export const card = (page: Page, name: string) =>
  page.getByRole("list", { name: "Plans" }).getByRole("group", { name, exact: true });
export const cart = (page: Page) => page.getByRole("complementary", { name: "Your cart" });
export const cartItems = (page: Page) => cart(page).getByRole("list", { name: "Cart items" }).getByRole("listitem");
export const cartTotal = (page: Page) => cart(page).locator('[data-slot="cart-total"]');
export const nextStep = (page: Page) => page.getByRole("button", { name: "Next Step" });
export const storedCart = (page: Page) => page.evaluate(() => JSON.parse(sessionStorage.getItem("cart") ?? "null"));

/** Waits until the page has restored its cart: hydrated, the restore written to the tab's storage. */
const cartRestored = (page: Page) => expect.poll(() => storedCart(page)).not.toBeNull();

/**
 * Puts `value` in this tab's stored cart, as a visitor's earlier visit would have left it. Waits
 * for the page's own restore first: it writes the cart it restored (after hydration, in a
 * transition), which would otherwise overwrite `value` before the next load reads it.
 */
export async function replaceStoredCart(page: Page, value: { planIds: number[]; billingPeriod: string }) {
  await cartRestored(page);
  await page.evaluate((v) => sessionStorage.setItem("cart", JSON.stringify(v)), value);
}

/**
 * Opens /pricing (or `path`) and waits until its scripts have restored the cart. A walk that
 * follows the cart the scripts keep starts here: a tap before then may go the no-script way (a
 * form post, the cart in the next page's address) or be overwritten by the restore. Taps before
 * the scripts have run are walked in pricing-states.spec.ts and before-scripts.spec.ts.
 */
export async function openPricing(page: Page, path = "/pricing") {
  await page.goto(path);
  await cartRestored(page);
}

type Plan = Awaited<ReturnType<typeof publishedPlan>>;

/**
 * A monthly price at a period, written out here rather than taken from the app's pricing:
 * quarterly is three months less 15 %, floored to whole USDT; lifetime is twelve months.
 */
export function priceAt(monthly: bigint, period: "monthly" | "quarterly" | "lifetime") {
  if (period === "monthly") return monthly;
  if (period === "lifetime") return monthly * 12n;
  return ((monthly * 3n * 85n) / 100n / 1_000_000n) * 1_000_000n;
}

/**
 * The rows (term, amount) of the arithmetic a cart shows for an upgrade: `to` (at `period`,
 * monthly unless said; the same plan for a longer period is a switch) replacing the member's
 * monthly `held` plan, bought a moment ago, so every day of its period is unused and all it cost
 * is credited. Written out here rather than taken from the app's pricing; `charged` is the last row's amount.
 */
export async function upgradeCreditRows(
  app: Fixture,
  {
    userId,
    held,
    to,
    period = "monthly",
  }: { userId: string; held: Plan; to: Plan; period?: "quarterly" | "monthly" | "lifetime" },
) {
  const { db } = app.testing.getDatabase();
  const { subscriptions } = app.testing.schema;
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.planId, held.id)));
  if (!subscription?.nextBillingDate) throw new Error(`the member holds no ${held.name} with a renewal date`);
  const days = Math.round((subscription.nextBillingDate.getTime() - subscription.startDate.getTime()) / 86_400_000);
  const list = priceAt(to.price, period);
  const charged = list - held.price;
  const rows: [term: string, amount: string][] = [
    ["List price", `${usd(list)} USDT`],
    [`Credit for unused ${days} days of ${held.name}`, `\u2212${usd(held.price)} USDT`],
    ["Amount charged", `${usd(charged)} USDT`],
  ];
  return { rows, charged, terms: rows.map(([term]) => term), amounts: rows.map(([, amount]) => amount) };
}

/**
 * A new member, signed in with `balance`, who has just bought `held` monthly on the dashboard, and
 * the arithmetic (`upgradeCreditRows`) a cart shows for replacing it with `to` at `period`.
 */
export async function memberHoldingForUpgrade(
  app: Fixture & { url: string },
  { page, context }: { page: Page; context: BrowserContext },
  { held, to, period, balance }: { held: Plan; to: Plan; period?: "quarterly" | "monthly"; balance: bigint },
) {
  const member = await signInNewMember(app, context, { balance });
  await buyOnDashboard(page, held.name);
  const rows = await upgradeCreditRows(app, { userId: member.userId, held, to, period });
  return { member, ...rows };
}

/**
 * Checkout from /pricing: a signed-in member's Next Step leads to the dashboard's cart, whose
 * confirmation shows the same arithmetic (`amounts`), and the purchase is confirmed.
 */
export async function confirmUpgradeOnDashboard(page: Page, amounts: string[]) {
  await nextStep(page).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm purchase" });
  await expect(dialog.locator("[data-slot=switch-arithmetic]").getByRole("definition")).toHaveText(amounts);
  await confirmPurchase(page);
}

/** The member's money went out twice: `held`'s purchase, then the upgrade's credited total. */
export async function expectUpgradeDebits(
  app: Fixture,
  { userId, held, charged }: { userId: string; held: Plan; charged: bigint },
) {
  const { db } = app.testing.getDatabase();
  const { ledgerEntries } = app.testing.schema;
  const debits = (await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)))
    .filter((entry) => entry.amount < 0n)
    .map((entry) => entry.amount);
  expect(debits).toHaveLength(2);
  expect(new Set(debits)).toEqual(new Set([-held.price, -charged]));
}
