import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "../db/client.ts";

/**
 * The first key of a code's gate: a transaction-level advisory lock keyed (COUPON_GATE, the code's
 * id). The app's other advisory locks take one bigint key, a space of their own in PostgreSQL's
 * lock table, so this pair can meet no other lock.
 */
export const COUPON_GATE = 4401;

/**
 * A code's gate held shared, as an expression of a purchase's first statement (purchase-state.ts
 * takes it after the member's profile row): from there to its commit, whatever would change what
 * the purchase's write statement checks (the code's terms and text, its limit, its slots'
 * generation) waits for it, and the write, a later statement, sees whatever such a change committed
 * before. Null `couponId` (no such code) takes nothing.
 *
 * Why not the code's row locked for share, as before: each purchase's lock rewrote the row's lock
 * word, and purchases with a popular code at once made a new multixact of all its lockers each
 * time, each with its WAL record and its exclusive hold of the row's page. A purchase with a code
 * cost measurably more than one without (the money benchmark). A shared advisory lock is kept in
 * the lock table only: nothing is written.
 */
export function couponGateShared(couponId: SQL): SQL {
  return sql`pg_advisory_xact_lock_shared(${COUPON_GATE}::int, ${couponId})`;
}

/**
 * Closes the code's gate for the rest of the caller's transaction: waits for every purchase with
 * it in flight (each holds it shared) and keeps new ones out until the commit. Taken first by
 * every change a purchase in flight must not miss: the form's save, a pause, a recount of the
 * uses and a new spread of the slots. A purchase takes it after its member's profile row, as its
 * shared hold is: one order, so the two never wait for each other in a cycle.
 */
export async function closeCouponGate({ tx, couponId }: { tx: Tx; couponId: number }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COUPON_GATE}::int, ${couponId}::int)`);
}
