import { sql, type SQL } from "drizzle-orm";

/**
 * The rule "a complimentary plan of the member's covers this plan at this date" as SQL, the one
 * copy the renewal, its reminders, the dashboard and the back office's figures all read, so what
 * is shown as covered is what the renewal skips:
 * - the covering row, named `cover`, is another subscription of the same member, active and
 *   complimentary, whose end (`next_billing_date`, null: never) is after `at` (a gift ending on
 *   the due date itself does not cover that renewal);
 * - every chat of `planId` is a chat of the covering plan, and `planId` has chats (a plan
 *   without chats sells something else and is never covered).
 * The arguments are SQL expressions of the outer query (columns or parameters).
 */
export function coverConditionSql(options: { userId: SQL; planId: SQL; subscriptionId: SQL; at: SQL }): SQL {
  const { userId, planId, subscriptionId, at } = options;
  return sql`cover.user_id = ${userId} and cover.status = 'active' and cover.complimentary
    and cover.id <> ${subscriptionId}
    and (cover.next_billing_date is null or cover.next_billing_date > ${at})
    and ${planChatsWithinSql({ inner: planId, outer: sql`cover.plan_id` })}`;
}

/** True when some complimentary plan of the member's covers `planId` at `at` (coverConditionSql). */
export function isCoveredSql(options: { userId: SQL; planId: SQL; subscriptionId: SQL; at: SQL }): SQL {
  return sql`exists (select 1 from subscriptions cover where ${coverConditionSql(options)})`;
}

/** True when plan `inner` has chats and every one of them is a chat of plan `outer`. */
export function planChatsWithinSql(options: { inner: SQL; outer: SQL }): SQL {
  const { inner, outer } = options;
  return sql`exists (select 1 from plan_telegram_chats inner_chat where inner_chat.plan_id = ${inner})
    and not exists (
      select 1 from plan_telegram_chats inner_chat
       where inner_chat.plan_id = ${inner}
         and not exists (select 1 from plan_telegram_chats outer_chat
                          where outer_chat.plan_id = ${outer} and outer_chat.chat_id = inner_chat.chat_id))`;
}
