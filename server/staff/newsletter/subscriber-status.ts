import { sql } from "drizzle-orm";
import type { SubscriberStatus } from "~/lib/view-types/admin/newsletter";
import { newsletterSubscribers as s } from "../../db/schema.ts";

/** A subscriber's state as SQL: unsubscribed wins, then confirmed; otherwise the link is not yet used. */
export const subscriberStatusSql = sql<SubscriberStatus>`case
  when ${s.unsubscribedAt} is not null then 'unsubscribed'
  when ${s.confirmedAt} is not null then 'confirmed'
  else 'pending' end`;

export function subscriberStatusOf(row: { confirmedAt: Date | null; unsubscribedAt: Date | null }): SubscriberStatus {
  if (row.unsubscribedAt) return "unsubscribed";
  return row.confirmedAt ? "confirmed" : "pending";
}
