import crypto from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import { orderReference } from "~/lib/orders";
import { toStoredLines, type PricedCart } from "~/lib/priced-lines";
import type { BillingPeriod } from "~/lib/pricing";
import type { Tx } from "../db/client.ts";
import { StaleReadError } from "../db/db-errors.ts";
import { executeKept } from "../db/execute-kept.ts";
import type { NotificationKind } from "../notifications/enqueue-notification.ts";
import { newInvoiceId } from "./invoice-id.ts";
import { ledgerEntryCtes } from "./ledger.ts";
import { firstBillingDate } from "./periods.ts";
import { priceBreakdownPayload } from "./price-breakdown.ts";

export const PAYMENT_TYPE_BALANCE = "USDT Balance";
const CONFIRMED: NotificationKind = "purchase_confirmed";

/**
 * The writes of an accepted purchase, in ONE statement of the caller's transaction (the member's
 * profile row locked, the checks done): the subscriptions, the paid invoice, the confirmation in
 * the notification outbox, the idempotency record, a coupon's use (its count raised already), the ledger debit (its CTEs written by
 * ledger.ts, the only writer of balances), and the plans bought taken out of the cart kept with
 * the account (whoever completes the purchase: the member's own tab, or a deposit paying an order
 * while the member is elsewhere, so no cart offers them again). The invoice's id is chosen here so the ledger row can
 * name it.
 *
 * With the row locked the balance after the debit is known beforehand: the confirmation and the
 * stored answer carry it, and the ledger's own answer must agree, or everything rolls back.
 * Returns the new balance.
 */
export async function recordPurchase({
  tx,
  order,
}: {
  tx: Tx;
  order: {
    userId: string;
    period: BillingPeriod;
    /** What is bought and charged, line by line: the ledger moves only `cart.charged`. */
    cart: PricedCart;
    now: Date;
    balance: bigint;
    idempotencyKey: string;
    /** The answer stored under the idempotency key, given the new balance. */
    answer: (newBalance: bigint) => Record<string, unknown>;
    /** The order this purchase completes: its invoice names it, so the statement shows one row for both. */
    orderId?: string;
    /** The billing row's id, when the caller names it first (a coupon's use points at it). */
    billId?: string;
    /** A code whose rule keeps discounting renewals: the plans it discounted carry it. */
    renewalCoupon?: { couponId: number; renewalsLeft: number | null } | null;
    /** Active subscriptions this purchase replaces (an upgrade, a longer period): they end at the switch. */
    replaced?: readonly { subscriptionId: string; samePlan: boolean }[];
    /** The coupon use's insert (price-with-coupon.ts), written by this same statement. */
    redemption?: SQL | null;
    /**
     * The count of the code's use (price-with-coupon.ts `countUseStatement`), run by this same
     * statement after every other part: the code's row, which every purchase with that code
     * waits for, is locked only for the rest of this statement and the commit. When it counts
     * nothing (the code changed or was used up meanwhile) this throws UseNotCounted and the
     * caller must roll back everything written here.
     */
    countUse?: SQL | null;
  };
}): Promise<bigint> {
  const { userId, period, cart, now } = order;
  const replaced = order.replaced ?? [];
  // The same plan for a longer period: its old row must end before the new one is written (one
  // active row per plan, checked row by row), and a statement's parts run in no set order.
  const samePlan = replaced.filter((sub) => sub.samePlan).map((sub) => sub.subscriptionId);
  if (samePlan.length > 0) await endReplaced(tx, samePlan, now);
  const otherPlans = replaced.filter((sub) => !sub.samePlan).map((sub) => sub.subscriptionId);
  const plans = cart.lines.map((line) => ({ id: line.planId, name: line.name }));
  const total = cart.charged;
  const lifetime = period === "lifetime";
  const newBalance = order.balance - total;
  const planNames = plans.map((plan) => plan.name).join(", ");
  const description = `${planNames} (${lifetime ? "lifetime, one-time" : period})`;
  const invoiceId = newInvoiceId(now);
  const billId = order.billId ?? crypto.randomUUID();
  const nextBilling = firstBillingDate(now, period)?.toISOString() ?? null;
  const reference = `purchase:${billId}`;
  // A cart totals 0 when a discount or credit covers it (or a tiny price floors to 0 for a
  // quarter): nothing is charged then, and a ledger row must not be 0.
  const charged = total > 0n;
  // The invoice names its ledger entry (none when nothing was charged) and lists what the receipt shows.
  // Lists travel as one array parameter each, so the statement's text is the same for any cart:
  // PostgreSQL keeps it parsed and planned per connection (execute-kept.ts).
  const planNameArray = sql`${sql.param(plans.map((plan) => plan.name))}::text[]`;
  const payload = {
    plans: planNames,
    period,
    amount: formatUsdt(total, { suffix: true }),
    invoiceId,
    balance: formatUsdt(newBalance),
    // The day the plans are paid up to (an ISO date; a lifetime plan has none): the message says how long they are active.
    ...(nextBilling ? { activeUntil: nextBilling.slice(0, 10) } : {}),
    // The order this purchase paid (a deposit or card payment completing it): its message names it.
    ...(order.orderId ? { order: orderReference(order.orderId) } : {}),
    ...priceBreakdownPayload(cart),
  };
  // Only a plan the code took something off keeps its rule, and a lifetime plan has no renewals.
  const keepsCoupon = (line: PricedCart["lines"][number]) => !lifetime && line.discount > 0n && order.renewalCoupon;
  const rules = cart.lines.map((line) => (keepsCoupon(line) ? order.renewalCoupon! : null));
  const lines = sql`unnest(${sql.param(plans.map((plan) => plan.id))}::int[],
                           ${sql.param(rules.map((rule) => rule?.couponId ?? null))}::int[],
                           ${sql.param(rules.map((rule) => rule?.renewalsLeft ?? null))}::int[])
                      with ordinality as line(plan_id, coupon_id, renewals_left, position)`;
  const boughtIds = sql`${sql.param(plans.map((plan) => plan.id))}::int[]`;
  // The ledger debit joins the same statement (ledger.ts writes its CTEs): a purchase is one write.
  // A code's use that charged nothing still rewrites the profile row, as a debit would: a checkout
  // of the member's that waited for this one's lock then reads the member's uses of the code again
  // (purchase-state.ts re-reads when the locked row is newer than its snapshot), not before this use.
  // A data-modifying part runs whether or not the select reads it.
  const ledger = charged
    ? sql`, ${ledgerEntryCtes({ userId, kind: "purchase", amount: -total, reference, memo: `${invoiceId} ${description}` })}`
    : order.redemption
      ? sql`, touched as (update profiles set balance = balance where id = ${userId} returning 1)`
      : sql``;
  // The select list reads the parts in its order (an unread part runs after it): the code's count
  // comes last, so its row lock is taken as late as the statement allows.
  const written = await executeKept<{
    subscriptions: number;
    bills: number;
    notes: number;
    requests: number;
    ledger: number;
    ended: number;
    redeemed: number;
    after: string | null;
    kept: number;
    counted: number | null;
  }>({
    db: tx,
    name: "purchase_write",
    query: sql`
    with subs as (
      insert into subscriptions (user_id, plan_id, status, billing_period, start_date, next_billing_date, autorenew,
                                 coupon_id, coupon_renewals_left)
      select ${userId}::text, line.plan_id, 'active', ${period}::billing_period, ${now.toISOString()}::timestamptz,
             ${nextBilling}::timestamptz, ${!lifetime}::boolean, line.coupon_id, line.renewals_left
        from ${lines}
       order by line.position
      returning 1
    ), bill as (
      insert into billing_history (id, user_id, invoice_id, issue_date, total_amount, payment_type, status, description,
                                   ledger_reference, order_id, plan_names, billing_period, period_start, period_end,
                                   list_amount, discount_amount, coupon_code, credit_amount, lines)
      values (${billId}, ${userId}, ${invoiceId}, ${now.toISOString()}::timestamptz, ${total}, ${PAYMENT_TYPE_BALANCE}, 'paid', ${description},
              ${charged ? reference : null}, ${order.orderId ?? null}::uuid, ${planNameArray}, ${period}::billing_period,
              ${now.toISOString()}::timestamptz, ${nextBilling}::timestamptz,
              ${cart.list}, ${cart.discount}, ${cart.couponCode}, ${cart.credit}, ${JSON.stringify(toStoredLines(cart.lines))}::jsonb)
      returning 1
    ), note as (
      insert into notifications (user_id, kind, payload)
      values (${userId}, ${CONFIRMED}, ${JSON.stringify(payload)}::jsonb)
      returning 1
    ), request as (
      insert into purchase_requests (user_id, idempotency_key, response)
      values (${userId}, ${order.idempotencyKey}, ${JSON.stringify(order.answer(newBalance))}::jsonb)
      returning 1
    ), ended as (${endReplacedSql(otherPlans, now)})${
      order.redemption ? sql`, redeemed as (${order.redemption} returning 1)` : sql``
    }${order.countUse ? sql`, counted as (${order.countUse})` : sql``}, kept_cart as (
      update member_carts
         set plan_ids = array(select kept.plan_id from unnest(plan_ids) with ordinality as kept(plan_id, position)
                               where kept.plan_id <> all(${boughtIds}) order by kept.position),
             updated_at = ${now.toISOString()}::timestamptz
       where user_id = ${userId} and plan_ids && ${boughtIds}
      returning 1
    )${ledger}
    select (select count(*)::int from subs) as subscriptions, (select count(*)::int from bill) as bills,
           (select count(*)::int from note) as notes, (select count(*)::int from request) as requests,
           ${charged ? sql`(select count(*)::int from ledger)` : sql`0`} as ledger,
           (select count(*)::int from ended) as ended,
           ${order.redemption ? sql`(select count(*)::int from redeemed)` : sql`0`} as redeemed,
           ${charged ? sql`(select balance::text from balance)` : sql`null`} as after,
           (select count(*)::int from kept_cart) as kept,
           ${order.countUse ? sql`(select count(*)::int from counted)` : sql`null::int`} as counted`,
  });
  const counts = written.rows[0]!;
  const { after, counted, kept: _kept, ...rows } = counts;
  // A replaced plan that was no longer active: it ended after lockAndRead read it, so its credit
  // and the whole switch were decided on a stale read. The transaction rolls back and runs again.
  if (rows.ended !== otherPlans.length) throw staleReplaced(otherPlans.length, rows.ended);
  if (order.countUse && Number(counted) !== 1) throw new UseNotCounted();
  if (
    rows.subscriptions !== plans.length ||
    rows.bills !== 1 ||
    rows.notes !== 1 ||
    rows.requests !== 1 ||
    rows.ledger !== (charged ? 1 : 0) ||
    rows.ended !== otherPlans.length ||
    rows.redeemed !== (order.redemption ? 1 : 0)
  ) {
    throw new Error(
      `purchase: expected ${plans.length} subscriptions and one of each other row, wrote ${JSON.stringify(rows)}`,
    );
  }
  // With the row locked the balance after the debit was known beforehand (the confirmation and
  // the stored answer carry it): the ledger's own answer must agree, or everything rolls back.
  if (charged && (after === null || BigInt(after) !== newBalance)) {
    throw new Error(`purchase: the ledger left ${after}, not the ${newBalance} already recorded`);
  }
  return newBalance;
}

/** The code's use was not counted by the write statement: what it wrote must be rolled back. */
export class UseNotCounted extends Error {
  constructor() {
    super("purchase: the code's use was not counted");
    this.name = "UseNotCounted";
  }
}

/**
 * Ends replaced subscriptions at the switch, dropping any change scheduled for their renewal (an
 * ended row never renews, and a change left on it would read as pending); a row no longer active
 * (a race) ends nothing and rolls the purchase back.
 */
function endReplacedSql(subscriptionIds: readonly string[], now: Date) {
  const ids = sql`${sql.param([...subscriptionIds])}::uuid[]`;
  return sql`update subscriptions set status = 'cancelled', autorenew = false, updated_at = ${now.toISOString()}::timestamptz,
                                      scheduled_plan_id = null, scheduled_billing_period = null, scheduled_at = null
              where id = any(${ids}) and status = 'active' returning 1`;
}

async function endReplaced(tx: Tx, subscriptionIds: readonly string[], now: Date) {
  const ended = await tx.execute(endReplacedSql(subscriptionIds, now));
  if (ended.rows.length !== subscriptionIds.length) throw staleReplaced(subscriptionIds.length, ended.rows.length);
}

function staleReplaced(expected: number, ended: number) {
  return new StaleReadError(`purchase: expected to end ${expected} replaced subscriptions, ended ${ended}`);
}
