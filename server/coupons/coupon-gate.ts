import { sql, type SQL } from "drizzle-orm";
import type { Tx } from "../db/client.ts";

/** `coupons_version` by plan id, as json_object_agg answers it. */
export type PlanVersions = Record<string, number | string>;

/**
 * Every plan row's `coupons_version` as the caller's statement sees it, as a json object by plan
 * id: read with the code, in the same statement, it says which versions that read of the code goes
 * with (planVersionsCheck).
 */
export const planVersions = sql`(select coalesce(json_object_agg(id, coupons_version), '{}'::json) from pricing)`;

/**
 * The gate between purchases with a code and every change of a code, kept on the plan rows (the
 * `pricing` table), which every purchase locks anyway: its subscription's foreign key takes each
 * bought plan's row `for key share`.
 *
 * Every change of any code raises `coupons_version` on every plan row (a trigger on `coupons`,
 * migration 0061). A purchase with a code reads the versions with the code (planVersions, or as
 * its process kept them with it: coupon-cache.ts), and its write statement ends with this check:
 * one row while each of its plans' rows, locked `for share` in id order, still carries the version
 * read with the code, none otherwise. Locking, it sees the newest version of a row even one changed
 * after the statement began; equal versions mean no code changed since the code was read; and the
 * lock keeps every change out until the purchase commits. A plan the read did not know (made since)
 * has no version to match: the check fails. The lock replaces the foreign key's (`for share`
 * includes `for key share`), so a purchase with a code locks what a plain one does.
 *
 * Why not an advisory lock per code from the purchase's first statement and a check of the code's
 * row in the write, as before: both named a lock or a relation a plain purchase does not take, each
 * past the sixteen a backend keeps to itself and so in the server's shared lock table, and a
 * purchase with a code cost measurably more than one without (the money benchmark).
 */
export function planVersionsCheck(options: { planIds: readonly number[]; read: PlanVersions }): SQL {
  const { planIds, read } = options;
  // A plan the read did not know gets a version no row has.
  const versions = planIds.map((id) => (read[id] === undefined ? "-1" : String(read[id])));
  // One plan, as most carts: its row by its key (a statement of its own shape, kept prepared too).
  if (planIds.length === 1)
    return sql`select 1 from pricing where id = ${planIds[0]}::int and coupons_version = ${versions[0]}::bigint for share`;
  return sql`select 1 where (select count(*) from (
      select 1 from pricing p
        join unnest(${sql.param([...planIds])}::int[], ${sql.param(versions)}::bigint[]) as read(id, version)
          on read.id = p.id and read.version = p.coupons_version
       order by p.id for share of p) checked) = ${planIds.length}::int`;
}

/**
 * Closes the gate for the rest of the caller's transaction: locks every plan row `for no key
 * update`, in id order (as purchases lock theirs), which waits for every purchase with a code past
 * its check and keeps the next ones' checks waiting until the commit (a change of a code then
 * fails them: its trigger raised the versions). A plain purchase is never kept out: its foreign
 * key's `for key share` and this lock let each other by. Taken first by every change a purchase in
 * flight must not miss: the form's save, a pause, a recount of the uses and a new spread of the
 * slots. A purchase holding its member's profile row takes it after that row, as its check is.
 *
 * `couponId` names the code the caller changes: the gate is one for every code, so a change of one
 * waits for purchases with any (they hold it for milliseconds; changes are rare).
 */
export async function closeCouponGate({ tx }: { tx: Tx; couponId: number }): Promise<void> {
  await tx.execute(sql`select 1 from pricing order by id for no key update`);
}
