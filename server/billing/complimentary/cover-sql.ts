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

/**
 * True when a subscription's renewal at `at` is charged nothing because a complimentary plan of the
 * member's covers what it renews: the plan held (a change the member scheduled then waits), or else
 * the plan a scheduled change switches it to, when that change can happen (the plan published and
 * not held in another active subscription, as resolve-scheduled-change.ts decides): the change then
 * applies and, the plan now held being covered, is not charged. A figure of what renewals charge
 * reads renewalUnchargedSql, which also leaves out a plan ended for a switch to a plan held.
 */
export function renewalCoveredSql(options: {
  userId: SQL;
  heldPlanId: SQL;
  scheduledPlanId: SQL;
  scheduledPeriod: SQL;
  subscriptionId: SQL;
  at: SQL;
}): SQL {
  const { userId, heldPlanId, scheduledPlanId, scheduledPeriod, subscriptionId, at } = options;
  return sql`(${isCoveredSql({ userId, planId: heldPlanId, subscriptionId, at })}
    or (${scheduledChangeAppliesSql({ userId, scheduledPlanId, scheduledPeriod, subscriptionId })}
      and ${isCoveredSql({ userId, planId: scheduledPlanId, subscriptionId, at })}))`;
}

/**
 * True when the change a subscription has scheduled takes effect at its renewal, as
 * resolve-scheduled-change.ts decides: a plan and period other than lifetime, the plan published
 * (a change to a plan withdrawn from sale is dropped) and not held in another active subscription
 * (scheduledPlanHeldSql: that plan held ends instead).
 */
export function scheduledChangeAppliesSql(options: {
  userId: SQL;
  scheduledPlanId: SQL;
  scheduledPeriod: SQL;
  subscriptionId: SQL;
}): SQL {
  const { scheduledPlanId, scheduledPeriod } = options;
  return sql`(${scheduledPeriod} is not null and ${scheduledPeriod} <> 'lifetime'
      and exists (select 1 from pricing switched where switched.id = ${scheduledPlanId} and switched.published)
      and not ${scheduledPlanHeldSql(options)})`;
}

/**
 * True when a scheduled change switches the subscription to a plan the member holds already in
 * another active subscription (a gift of the very plan they move to), as resolve-scheduled-change.ts
 * decides: the change cannot apply, and the renewal ends the plan held, uncharged.
 */
export function scheduledPlanHeldSql(options: {
  userId: SQL;
  scheduledPlanId: SQL;
  scheduledPeriod: SQL;
  subscriptionId: SQL;
}): SQL {
  const { userId, scheduledPlanId, scheduledPeriod, subscriptionId } = options;
  return sql`(${scheduledPlanId} is not null and ${scheduledPeriod} is not null and ${scheduledPeriod} <> 'lifetime'
    and exists (select 1 from subscriptions taken
                 where taken.user_id = ${userId} and taken.plan_id = ${scheduledPlanId}
                   and taken.status = 'active' and taken.id <> ${subscriptionId}))`;
}

/**
 * True when a subscription's renewal at `at` charges nothing: it is covered (renewalCoveredSql), or
 * it ends uncharged because the plan a scheduled change switches to is held already
 * (scheduledPlanHeldSql). The reminders, the due renewals, the renewals at risk and MRR leave it out.
 */
export function renewalUnchargedSql(options: Parameters<typeof renewalCoveredSql>[0]): SQL {
  return sql`(${renewalCoveredSql(options)} or ${scheduledPlanHeldSql(options)})`;
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
