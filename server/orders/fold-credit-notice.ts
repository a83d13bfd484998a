import { sql } from "drizzle-orm";
import type { Tx } from "../db/client.ts";

/**
 * What arrived and what it paid, in one message: the credit's own message (a deposit, a card
 * payment, a credit from our team), held back while the order was open, is folded into the
 * order's confirmation, which then names what arrived (`via`: the credit's kind, `arrived`, the
 * card's `cardPaid`, the transfer's `txId`) besides the order, its plans and what is left. Only a
 * message nobody has started to send is folded; one already on its way is left as it is, and the
 * confirmation then says what the order took on its own. Returns whether it was folded.
 *
 * When the order was not paid, the credit's message is released to go at once, saying what the
 * order still needs when the money was short of it (`stillDue`, display texts).
 */
export async function foldCreditNotice(options: {
  tx: Tx;
  userId: string;
  notificationId: string;
  /** The paid order's reference, as its confirmation names it; null when nothing was paid. */
  paidOrder: string | null;
  stillDue?: { order: string; due: string };
}): Promise<boolean> {
  const { tx, userId, notificationId, paidOrder, stillDue } = options;
  const untouched = sql`email_sent_at is null and email_attempts = 0 and telegram_status is null`;
  if (paidOrder === null) {
    const owing = stillDue ? sql`, payload = payload || ${JSON.stringify(stillDue)}::jsonb` : sql``;
    await tx.execute(sql`
      update notifications set next_attempt_at = now()${owing}
      where id = ${notificationId}::bigint and user_id = ${userId} and ${untouched}`);
    return false;
  }
  // The confirmation takes the credit's facts, then the credit's own message goes: both in one
  // statement, and the second only when the first found its row.
  const folded = await tx.execute<{ id: string }>(sql`
    with held as (
      select id, kind, payload from notifications
      where id = ${notificationId}::bigint and user_id = ${userId} and ${untouched}
      for update
    ), merged as (
      update notifications n
         set payload = n.payload || jsonb_strip_nulls(jsonb_build_object(
               'via', held.kind, 'arrived', held.payload->>'amount',
               'cardPaid', held.payload->>'paid', 'txId', held.payload->>'txId'))
        from held
       where n.user_id = ${userId} and n.kind = 'purchase_confirmed' and n.payload->>'order' = ${paidOrder}
         and n.email_sent_at is null and n.email_attempts = 0
      returning n.id
    )
    delete from notifications
    where id in (select id from held) and exists (select 1 from merged)
    returning id::text as id`);
  if (folded.rows.length > 0) return true;
  // Not folded (the confirmation or the credit's message already on its way): the credit's goes now.
  await tx.execute(sql`
    update notifications set next_attempt_at = now()
    where id = ${notificationId}::bigint and user_id = ${userId} and ${untouched}`);
  return false;
}
