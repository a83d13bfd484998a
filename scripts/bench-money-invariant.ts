// The money bench's last word: after every purchase it made, each member's balance is the sum of
// their ledger and never below zero, no member holds a plan twice, nothing was refused, and every
// use of a code was counted once.
import { sql } from "drizzle-orm";
import { couponUsePool } from "../server/coupons/coupon-use-pool.ts";
import type { Db } from "../server/db/client.ts";
import type { KindResult } from "./bench-money-rounds.ts";

/** Prints the invariant's line; true when it holds. */
export async function checkMoneyInvariant(options: {
  db: Db;
  codes: { free: string; limited: string; limitedId: number };
  runs: { alone: KindResult; purchase: KindResult; upgrade: KindResult; coupon: KindResult; limited: KindResult };
  /** One-at-a-time purchases of each kind made after the rounds (each with a code counts). */
  costRuns: number;
}): Promise<boolean> {
  const { db, codes, runs, costRuns } = options;
  const broken = await db.execute<{ id: string }>(sql`
    select p.id from profiles p
    left join (select user_id, sum(amount) as total from ledger_entries group by user_id) l on l.user_id = p.id
    where p.balance <> coalesce(l.total, 0) or p.balance < 0`);
  const duplicates = await db.execute<{ n: string }>(sql`
    select count(*)::text as n from (select user_id, plan_id from subscriptions where status = 'active'
    group by user_id, plan_id having count(*) > 1) d`);
  // Every coupon purchase's billing row is its use; the limited code counted each once on its slots,
  // where the uses this process took in blocks and has not handed out are counted too (as spent:
  // coupon-use-pool.ts); the other keeps no count.
  const uses = await db.execute<{ counted: number; free: number; limited: number; rows: number }>(sql`
    select (select c.redemption_count + coalesce(sum(u.uses), 0)::int from coupons c
              left join coupon_use_slots u on u.coupon_id = c.id where c.code = ${codes.limited} group by c.id) as counted,
           (select redemption_count from coupons where code = ${codes.free}) as free,
           (select count(*)::int from billing_history b join coupons c on c.id = b.coupon_id
             where c.code = ${codes.limited} and b.coupon_use = 'purchase') as limited,
           (select count(*)::int from billing_history where coupon_use = 'purchase') as rows`);
  const counts = uses.rows[0];
  // What each kind bought, its unmeasured warm-up included.
  const ok = (run: KindResult) => run.ok + run.warmup.ok;
  const refused = (run: KindResult) => run.done + run.warmup.done - ok(run);
  const couponOk =
    counts?.counted === ok(runs.limited) + costRuns + couponUsePool.held(codes.limitedId) &&
    counts.limited === ok(runs.limited) + costRuns &&
    counts.free === 0 &&
    counts.rows === ok(runs.coupon) + ok(runs.limited) + 2 * costRuns;
  const all = Object.values(runs);
  const refusals = all.reduce((n, run) => n + refused(run), 0);
  const holds = couponOk && broken.rows.length === 0 && duplicates.rows[0]?.n === "0" && refusals === 0;
  console.log(
    holds
      ? "ledger invariant: ok (balance = sum(ledger) ≥ 0 for every member; no duplicate active subscription; every coupon use counted once)"
      : `ledger invariant: BROKEN (${broken.rows.length} balances off, coupon uses ${couponOk ? "ok" : "miscounted"}, ${duplicates.rows[0]?.n} duplicates, ${refusals} refused)`,
  );
  return holds;
}
