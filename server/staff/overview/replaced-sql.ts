import { sql, type SQL } from "drizzle-orm";

/**
 * True for a subscription that ended because another of its member's took its place: an upgrade
 * bought (record-purchase.ts's endReplacedSql) or a free trial converting over it
 * (endReplacedByTrial). Both end it `cancelled`, in the same statement or transaction and at the
 * same `now` that the replacing subscription starts (its start_date) or converts (its
 * trial_converted_at); no other writer ends a subscription at the moment another of the member's
 * begins or is first paid. Read from those timestamps, written once, rather than from the plans'
 * chats, which staff may edit afterwards.
 */
export function replacedSql(alias: string): SQL {
  const ended = sql.raw(alias);
  return sql`(${ended}.status = 'cancelled' and exists (
    select 1 from subscriptions successor
     where successor.user_id = ${ended}.user_id and successor.id <> ${ended}.id
       and (successor.start_date = ${ended}.updated_at or successor.trial_converted_at = ${ended}.updated_at)))`;
}
