import { sql } from "drizzle-orm";
import type { BroadcastWay } from "~/lib/broadcasts";
import type { Db } from "../../db/client.ts";
import { isMember, reachableBy } from "./audience-sql.ts";

/** A claimed delivery with what sending it needs. */
export type ClaimedDelivery = {
  id: string;
  broadcast_id: string;
  user_id: string;
  way: BroadcastWay;
  /** `sending` when a run died during its call: it may have arrived, so it is never sent again. */
  status: "queued" | "sending";
  attempts: number;
  subject: string;
  body: string;
  email: string;
  telegram_user_id: string | null;
  /** Still a member reachable this way (not opted out, not blocked, not unlinked since queuing). */
  reachable: boolean;
};

/**
 * Claims up to `limit` due deliveries of broadcasts being sent, oldest first, with FOR UPDATE
 * SKIP LOCKED and a lease of `leaseSeconds` (their try counted): another run leaves them alone
 * until the lease ends, and a run that dies leaves them to the next one after it.
 */
export async function claimDueDeliveries({ db, ...options }: { db: Db; limit: number; leaseSeconds: number }) {
  const claimed = await db.execute<ClaimedDelivery>(sql`
    with due as (
      select d.id from broadcast_deliveries d join broadcasts b on b.id = d.broadcast_id
      where d.status in ('queued', 'sending') and d.next_attempt_at <= now() and b.state = 'sending'
      order by d.id
      limit ${options.limit}
      for update of d skip locked
    )
    update broadcast_deliveries d
    set next_attempt_at = now() + make_interval(secs => ${options.leaseSeconds}), attempts = d.attempts + 1
    from due, broadcasts b, profiles p, "user" u
    where d.id = due.id and b.id = d.broadcast_id and p.id = d.user_id and u.id = d.user_id
    returning d.id::text as id, d.broadcast_id, d.user_id, d.way, d.status, d.attempts, b.subject, b.body,
      u.email, p.telegram_user_id::text as telegram_user_id,
      (${isMember} and ${reachableBy(sql`d.way`)}) as reachable`);
  return claimed.rows.sort((a, b) => Number(BigInt(a.id) - BigInt(b.id)));
}

/** queued → sending, just before the call; false when it is no longer queued (the broadcast was cancelled). */
export async function markSending({ db, id }: { db: Db; id: string }) {
  const rows = await db.execute(sql`
    update broadcast_deliveries set status = 'sending'
    where id = ${id}::bigint and status = 'queued' returning id`);
  return rows.rows.length > 0;
}

/** What the call came to. */
export async function recordOutcome({
  db,
  id,
  outcome,
}: {
  db: Db;
  id: string;
  outcome: { status: "sent" | "failed" | "blocked" | "skipped"; error?: string };
}) {
  await db.execute(sql`
    update broadcast_deliveries
    set status = ${outcome.status}::broadcast_delivery_status, last_error = ${outcome.error?.slice(0, 500) ?? null},
      sent_at = ${outcome.status === "sent" ? sql`now()` : sql`null`}
    where id = ${id}::bigint`);
}

/** Not delivered, to be tried again after `delaySeconds` (its try counted unless `uncounted`). */
export async function retryLater({
  db,
  id,
  ...options
}: {
  db: Db;
  id: string;
  delaySeconds: number;
  error?: string;
  uncounted?: boolean;
}) {
  await db.execute(sql`
    update broadcast_deliveries
    set status = 'queued', next_attempt_at = now() + make_interval(secs => ${options.delaySeconds}),
      last_error = coalesce(${options.error?.slice(0, 500) ?? null}, last_error),
      attempts = attempts - ${options.uncounted ? 1 : 0}
    where id = ${id}::bigint and status in ('queued', 'sending')`);
}

/** Claimed rows a stopping run did not reach: due again at once, their try not counted. */
export async function handBack({ db, rows }: { db: Db; rows: ClaimedDelivery[] }) {
  if (rows.length === 0) return;
  await db.execute(sql`
    update broadcast_deliveries set next_attempt_at = now(), attempts = attempts - 1
    where id in (${sql.join(
      rows.map((r) => sql`${r.id}::bigint`),
      sql`, `,
    )}) and status = 'queued'`);
}
