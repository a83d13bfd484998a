import { eq } from "drizzle-orm";
import { priceCart, priceLine, toStoredLines, type PricedCart } from "~/lib/priced-lines";
import type { BillingPeriod } from "~/lib/pricing";
import type { Tx } from "../../db/client.ts";
import { StaleReadError } from "../../db/db-errors.ts";
import { billingHistory, subscriptions } from "../../db/schema.ts";
import { enqueueNotification } from "../../notifications/enqueue-notification.ts";
import { newInvoiceId } from "../invoice-id.ts";
import { isoDate } from "../messages.ts";
import { noScheduledChange } from "../no-scheduled-change.ts";
import { endReplacedSql, PAYMENT_TYPE_BALANCE } from "../record-purchase.ts";

// The rows a renewal writes besides its ledger entry (../renew-subscription.ts settles, these write).

/** A renewal's one line: the plan at its price in force, less what its code still takes off. */
export function renewalCart({
  plan,
  coupon,
}: {
  plan: { planId: number; name: string; listPrice: bigint };
  coupon: { code: string; discount: bigint } | null;
}): PricedCart {
  return priceCart([priceLine(plan, { discount: coupon?.discount ?? 0n })], coupon?.code ?? null);
}

/** Ends the row; a change scheduled for a renewal that will not come is dropped with it, so none reads as pending. */
export async function expire({ tx, subscriptionId }: { tx: Tx; subscriptionId: string }) {
  await tx
    .update(subscriptions)
    .set({ status: "expired", ...noScheduledChange })
    .where(eq(subscriptions.id, subscriptionId));
}

/**
 * A scheduled change to a plan the member already holds in another active subscription (staff gave
 * them the very plan they move to) cannot apply, and renewing the plan held would charge for a plan
 * the member asked to leave: the plan held ends at its due date as the member scheduled, uncharged
 * (no ledger or billing row), as any expiry does, so the chats the other plan gives stay. The
 * member is told it ended as scheduled and that the plan they moved to goes on as they hold it.
 */
export async function endAsScheduled(options: {
  tx: Tx;
  subscription: { id: string; userId: string };
  held: string;
  alreadyHeld: string;
  due: Date;
}): Promise<void> {
  const { tx, subscription, due } = options;
  await expire({ tx, subscriptionId: subscription.id });
  await enqueueNotification({
    tx,
    userId: subscription.userId,
    kind: "subscription_expired",
    payload: { plan: options.held, endedOn: isoDate(due), reason: "scheduled", continuing: options.alreadyHeld },
  });
}

/**
 * Ends the plans a converted trial replaced, as a purchase ends those an upgrade replaces (the same
 * statement: cancelled, autorenew off, any scheduled change dropped). All were read active under
 * the member's lock; one that is not any more rolls the conversion back, to be settled again.
 */
export async function endReplacedByTrial(options: {
  tx: Tx;
  replaced: readonly { subscriptionId: string }[];
  now: Date;
}): Promise<void> {
  const { tx, replaced, now } = options;
  if (replaced.length === 0) return;
  const ids = replaced.map((sub) => sub.subscriptionId);
  const ended = await tx.execute(endReplacedSql(ids, now));
  if (ended.rows.length !== ids.length)
    throw new StaleReadError(
      `trial conversion: expected to end ${ids.length} replaced subscriptions, ended ${ended.rows.length}`,
    );
}

/**
 * A renewal's billing row: a paid one names its ledger entry, a failed one moved no money; a paid
 * one a code's rule discounted is that code's use. The
 * cart's credit (a converting trial's upgrade) is on it as on a purchase's row: its amount and each
 * line's note.
 */
export async function insertRenewalBill(options: {
  tx: Tx;
  userId: string;
  now: Date;
  cart: PricedCart;
  status: "paid" | "failed";
  description: string;
  ledgerReference: string | null;
  planName: string;
  period: BillingPeriod;
  from: Date;
  until: Date | null;
  /** The code whose rule discounted this paid renewal: the row is that code's use (a renewal, not counted). */
  renewalCouponId?: number | null;
}) {
  const renewalCouponId = options.renewalCouponId ?? null;
  const invoiceId = newInvoiceId(options.now);
  const [row] = await options.tx
    .insert(billingHistory)
    .values({
      userId: options.userId,
      invoiceId,
      issueDate: options.now,
      totalAmount: options.cart.charged,
      listAmount: options.cart.list,
      discountAmount: options.cart.discount,
      couponCode: options.cart.couponCode,
      couponId: renewalCouponId,
      couponUse: renewalCouponId === null ? null : "renewal",
      creditAmount: options.cart.credit,
      lines: toStoredLines(options.cart.lines),
      paymentType: PAYMENT_TYPE_BALANCE,
      status: options.status,
      description: options.description,
      ledgerReference: options.ledgerReference,
      planNames: [options.planName],
      billingPeriod: options.period,
      periodStart: options.from,
      periodEnd: options.until,
    })
    .returning({ id: billingHistory.id });
  return { invoiceId, billingId: row!.id };
}
