import { sql, type SQL } from "drizzle-orm";
import type { PricedCart } from "~/lib/priced-lines";
import type { CachedCoupon } from "../coupons/coupon-cache.ts";
import { purchaseCouponColumns } from "../coupons/purchase-coupon.ts";
import type { Tx } from "../db/client.ts";
import { executeKept } from "../db/execute-kept.ts";
import { AppError } from "../lib/errors.ts";
import { heldPlansColumns } from "./held-plans.ts";
import { purchaseMessages } from "./messages.ts";

/** What a purchase decides on, as its first statement read it (json columns as the driver hands them). */
export type PurchaseState = {
  balance: string;
  stored: unknown;
  held: unknown;
  chats: unknown;
  plans: unknown;
  referred: boolean;
  /** With a code: the code's row and the member's uses of it, and a spent guess limit's wait (purchase-coupon.ts). */
  coupon?: unknown;
  guess_wait?: number | null;
};

/**
 * Locks the member's profile row and reads what the purchase decides on: the stored answer under
 * this idempotency key, the active plans (with what their unused part is worth, and the chats they
 * and the plans asked for unlock: held-plans.ts), the published plans asked for, and whether a
 * referral of the member's still waits for its first payment (attributed at sign-up, long before),
 * and, for a checkout with a code, `couponColumns` (the code and the member's own uses of it, read
 * under the lock so the member's other checkouts cannot race them: purchase-coupon.ts). A code
 * makes a second shape of the statement, each kept prepared (execute-kept.ts).
 *
 * Usually one statement. Its sub-selects read the snapshot taken when the statement began, which
 * misses whatever a transaction that held the lock committed while this one waited for it. Every
 * such transaction that moves money rewrites the profile row (the ledger updates the balance), so
 * a locked row newer than the snapshot's (its xmin differs) means "waited behind a writer": the
 * state is then read again by a second statement, whose snapshot follows the lock. A concurrent
 * writer that left the profile row alone (a purchase that charged nothing) can still be missed
 * here; what it wrote is then refused by a unique index (one active subscription per plan, one
 * answer per idempotency key), or a plan it ended is found still-to-end by the write
 * (record-purchase.ts, a StaleReadError), and the whole transaction reruns (withRetry), reading it.
 */
export async function lockAndRead(options: {
  tx: Tx;
  userId: string;
  idempotencyKey: string;
  planIds: readonly number[];
  couponColumns?: SQL | null;
}): Promise<PurchaseState> {
  const { tx, userId, idempotencyKey, planIds, couponColumns } = options;
  const state = sql`
      (select response from purchase_requests
        where user_id = ${userId} and idempotency_key = ${idempotencyKey}) as stored,
      ${heldPlansColumns(userId, planIds)},
      (select coalesce(json_agg(json_build_object('id', id, 'name', name, 'price', price::text)), '[]'::json)
        from pricing where id = any(${sql.param([...planIds])}::int[]) and published) as plans,
      exists (select 1 from referrals
               where referred_id = ${userId} and billing_id is null and refusal is null) as referred${
                 couponColumns
                   ? sql`,
      ${couponColumns}`
                   : sql``
               }`;
  const lockedRead = sql`
    select p.balance::text as balance,
           p.xmin = (select seen.xmin from profiles seen where seen.id = p.id) as fresh,
           ${state}
    from profiles p where p.id = ${userId}
    for update of p`;
  const locked = await executeKept<PurchaseState & { fresh: boolean }>({
    db: tx,
    name: "purchase_lock_and_read",
    query: lockedRead,
  });
  const row = locked.rows[0];
  if (!row) throw new AppError("NOT_FOUND", purchaseMessages.profileNotFound);
  if (row.fresh) return row;
  const again = await executeKept<Omit<PurchaseState, "balance">>({
    db: tx,
    name: "purchase_read_again",
    query: sql`select ${state}`,
  });
  return { ...again.rows[0]!, balance: row.balance };
}

/** The member's profile row locked, and what the purchase decides on read (lockAndRead). */
export function readState({
  tx,
  ...options
}: {
  tx: Tx;
  userId: string;
  idempotencyKey: string;
  planIds: readonly number[];
  /** An order's cart, priced earlier with its own code (purchase-in-transaction.ts). */
  held?: PricedCart;
  /** A code typed for this checkout. */
  couponCode?: string | null;
  guessKeys?: readonly string[];
  cached?: CachedCoupon | null;
}) {
  // The code is read with the member's state, in the same statement (a held cart brings its own).
  const code = options.held ? options.held.couponCode : options.couponCode;
  return lockAndRead({
    tx,
    userId: options.userId,
    idempotencyKey: options.idempotencyKey,
    planIds: options.planIds,
    couponColumns: code
      ? purchaseCouponColumns({
          code,
          userId: options.userId,
          guessKeys: options.held ? [] : (options.guessKeys ?? []),
          cached: options.cached,
        })
      : null,
  });
}
