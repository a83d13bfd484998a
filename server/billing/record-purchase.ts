import crypto from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import { orderReference } from "~/lib/orders";
import { toStoredLines, type PricedCart } from "~/lib/priced-lines";
import type { BillingPeriod } from "~/lib/pricing";
import type { Tx } from "../db/client.ts";
import { pgError, StaleReadError } from "../db/db-errors.ts";
import { executeKept } from "../db/execute-kept.ts";
import type { CommitWith } from "../db/run-transaction-reading-first.ts";
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
 * the notification outbox, the idempotency record (a coupon's use is the invoice itself), the ledger debit (its CTEs written by
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
  commitWith,
}: {
  tx: Tx;
  /**
   * Sends the write statement with the transaction's COMMIT (run-transaction-reading-first.ts):
   * only for a transaction that ends with this purchase. When a check fails, nothing is committed.
   */
  commitWith?: CommitWith;
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
    /** The billing row's id, when the caller names it first (a referral's reward points at it). */
    billId?: string;
    /** A code whose rule keeps discounting renewals: the plans it discounted carry it. */
    renewalCoupon?: { couponId: number; renewalsLeft: number | null } | null;
    /** Active subscriptions this purchase replaces (an upgrade, a longer period): they end at the switch. */
    replaced?: readonly { subscriptionId: string; samePlan: boolean }[];
    /**
     * The code (its id) whose use this purchase is, counted against its limits: the billing row
     * is the use (its coupon_id and coupon_use 'purchase'), so no other row is written for it.
     */
    couponUse?: number | null;
    /**
     * The check of the code's use (coupon-gate.ts `planVersionsCheck`), run by this same statement
     * after every other part: its plans' rows locked, carrying the versions read with the code.
     * When it answers nothing (a code changed since) this throws UseNotCounted and the caller must
     * roll back everything written here.
     */
    countUse?: SQL | null;
  };
}): Promise<bigint> {
  const { userId, period, cart, now } = order;
  const couponUse = order.couponUse ?? null;
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
    : couponUse !== null
      ? sql`, touched as (update profiles set balance = balance where id = ${userId} returning 1)`
      : sql``;
  // The statement checks what it wrote itself (purchase_checked, a function of the migrations) and
  // fails when a check does: so COMMIT can leave with it (commitWith), and a failed check makes that
  // COMMIT answer ROLLBACK. The function's arguments are read in their order (an unread part runs
  // after them): the code's check comes last, reading the code as late as the statement allows.
  const expected = [plans.length, 1, 1, 1, charged ? 1 : 0];
  // A part that writes one row at most, counted without an aggregate (cheaper to start, on every
  // purchase): 1 or 0. Two rows would fail the statement, as a failed check does.
  const one = (part: string) => sql.raw(`coalesce((select 1 from ${part}), 0)`);
  // The part ending replaced plans is left out when there are none, as for most purchases: a
  // statement of its own shape (kept prepared too), which starts no update it would not make.
  const ends = otherPlans.length > 0;
  const query = sql`
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
                                   list_amount, discount_amount, coupon_code, coupon_id, coupon_use, credit_amount, lines)
      values (${billId}, ${userId}, ${invoiceId}, ${now.toISOString()}::timestamptz, ${total}, ${PAYMENT_TYPE_BALANCE}, 'paid', ${description},
              ${charged ? reference : null}, ${order.orderId ?? null}::uuid, ${planNameArray}, ${period}::billing_period,
              ${now.toISOString()}::timestamptz, ${nextBilling}::timestamptz,
              ${cart.list}, ${cart.discount}, ${cart.couponCode}, ${couponUse}::int,
              ${couponUse === null ? null : "purchase"}::coupon_use_kind, ${cart.credit}, ${JSON.stringify(toStoredLines(cart.lines))}::jsonb)
      returning 1
    ), note as (
      insert into notifications (user_id, kind, payload)
      values (${userId}, ${CONFIRMED}, ${JSON.stringify(payload)}::jsonb)
      returning 1
    ), request as (
      insert into purchase_requests (user_id, idempotency_key, response)
      values (${userId}, ${order.idempotencyKey}, ${JSON.stringify(order.answer(newBalance))}::jsonb)
      returning 1
    )${ends ? sql`, ended as (${endReplacedSql(otherPlans, now)})` : sql``}${order.countUse ? sql`, counted as (${order.countUse})` : sql``}, kept_cart as (
      update member_carts
         set plan_ids = array(select kept.plan_id from unnest(plan_ids) with ordinality as kept(plan_id, position)
                               where kept.plan_id <> all(${boughtIds}) order by kept.position),
             updated_at = ${now.toISOString()}::timestamptz
       where user_id = ${userId} and plan_ids && ${boughtIds}
      returning 1
    )${ledger}
    select purchase_checked(
             array[(select count(*)::int from subs), ${one("bill")}, ${one("note")}, ${one("request")},
                   ${charged ? one("ledger") : sql`0`}],
             ${sql.param(expected)}::int[],
             ${ends ? sql`(select count(*)::int from ended)` : sql`0`}, ${otherPlans.length}::int,
             ${charged ? sql`(select balance from balance)` : sql`null::bigint`}, ${charged ? newBalance : null}::bigint,
             ${Boolean(order.countUse)}::boolean,
             ${order.countUse ? one("counted") : sql`null::int`})::text as after`;
  const send = () => executeKept<{ after: string | null }>({ db: tx, name: "purchase_write", query });
  try {
    await (commitWith ? commitWith(send) : send());
  } catch (error) {
    throw checkFailed(error);
  }
  return newBalance;
}

/**
 * A failed check of purchase_checked as the error the callers know: a replaced plan no longer
 * active (it ended after lockAndRead read it, so the switch was decided on a stale read) is a
 * StaleReadError, which withRetry runs again; a code's use not counted is UseNotCounted; a row
 * too few or a ledger disagreeing with the balance already recorded is a plain Error. Any other
 * error is returned as it is.
 */
function checkFailed(error: unknown): unknown {
  const { code, message } = pgError(error);
  if (code === "MP001") return new StaleReadError(message ?? "purchase: a replaced subscription was no longer active");
  if (code === "MP002") return new UseNotCounted();
  if (code === "MP003") return new Error(message ?? "purchase: the write statement's check failed", { cause: error });
  return error;
}

/**
 * The code's use was not counted: a code changed since the purchase read it (the write statement's
 * check), or its use from memory is of a void block (found before writing). What was written must
 * be rolled back, and the purchase runs again reading the code afresh.
 */
export class UseNotCounted extends Error {
  constructor() {
    super("purchase: the code's use was not counted");
    this.name = "UseNotCounted";
  }
}

/**
 * Ends replaced subscriptions at the switch, dropping any change scheduled for their renewal (an
 * ended row never renews, and a change left on it would read as pending); a row no longer active
 * (a race) ends nothing and rolls the purchase back. `now` must be the replacing subscription's
 * start (or a converting trial's trial_converted_at): the overview tells a replaced subscription
 * from one cancelled for good by that alone (server/staff/overview/replaced-sql.ts).
 *
 * The status is compared as text so that only the ids can pick the rows: the kept write statement
 * runs a generic plan, which does not know how many ids there are, and with the status indexed
 * (subscriptions_due_idx, and partial indexes of active subscriptions) it could scan an index
 * entry of every active subscription to AND them with the ids. Seen on a database whose
 * statistics were not yet gathered: 24 000 active subscriptions made each purchase's write 0.9 ms
 * slower, more as the site grows.
 */
export function endReplacedSql(subscriptionIds: readonly string[], now: Date) {
  const ids = sql`${sql.param([...subscriptionIds])}::uuid[]`;
  return sql`update subscriptions set status = 'cancelled', autorenew = false, updated_at = ${now.toISOString()}::timestamptz,
                                      scheduled_plan_id = null, scheduled_billing_period = null, scheduled_at = null
              where id = any(${ids}) and status::text = 'active' returning 1`;
}

async function endReplaced(tx: Tx, subscriptionIds: readonly string[], now: Date) {
  const ended = await tx.execute(endReplacedSql(subscriptionIds, now));
  if (ended.rows.length !== subscriptionIds.length) throw staleReplaced(subscriptionIds.length, ended.rows.length);
}

function staleReplaced(expected: number, ended: number) {
  return new StaleReadError(`purchase: expected to end ${expected} replaced subscriptions, ended ${ended}`);
}
