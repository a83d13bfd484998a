import { inArray, sql, type SQL } from "drizzle-orm";
import { planReach, unusedCredit, type HeldPlan, type PlanReach } from "~/lib/billing/plan-switch";
import type { BillingPeriod } from "~/lib/pricing";
import type { DbOrTx } from "../db/client.ts";
import { planTelegramChats } from "../db/schema.ts";
import { parseJson } from "./purchase-answer.ts";

/** A held plan as the statement reads it (json): money and dates as text. */
type HeldRow = {
  id: string;
  planId: number;
  name: string;
  period: BillingPeriod;
  complimentary: boolean;
  trial: boolean;
  paid: string | null;
  from: string | null;
  until: string | null;
};

/**
 * Sub-selects (for a statement's select list) reading the member's active subscriptions with what
 * was paid for each one's current period, and the chats of those plans and of `planIds`:
 * `held` and `chats` columns, both json.
 *
 * What was paid is the list price less the discount of the plan's line on the paid bill that covers
 * the current period (a purchase's or a renewal's: its period ends at the subscription's next
 * billing date, or never for lifetime). A credit the member carried into that bill counts as paid:
 * it was their money. A bill from before lines were kept counts only when it sold that one plan.
 * No such bill (a complimentary plan, a plan set up by hand): nothing paid, nothing credited.
 */
export function heldPlansColumns(userId: string, planIds: readonly number[]): SQL {
  // One array parameter, so the statement's text is the same for any list (a kept statement: execute-kept.ts).
  const asked = sql`${sql.param([...planIds])}::int[]`;
  return sql`
    (select coalesce(json_agg(json_build_object(
        'id', s.id, 'planId', s.plan_id, 'name', p.name, 'period', s.billing_period,
        'complimentary', s.complimentary,
        'trial', s.trial_ends_at is not null and s.trial_converted_at is null, 'paid', paid.amount::text, 'from', paid.period_start,
        'until', s.next_billing_date) order by s.plan_id), '[]'::json)
       from subscriptions s
       join pricing p on p.id = s.plan_id
       left join lateral (
         select b.period_start,
                coalesce((select (l->>'listPrice')::bigint - (l->>'discount')::bigint
                            from jsonb_array_elements(b.lines) l
                           where (l->>'planId')::int = s.plan_id limit 1),
                         case when b.lines is null and array_length(b.plan_names, 1) = 1
                              then b.list_amount - b.discount_amount end) as amount
           from billing_history b
          where b.user_id = s.user_id and b.status = 'paid' and b.list_amount is not null
            and b.period_end is not distinct from s.next_billing_date
            and (b.lines @> jsonb_build_array(jsonb_build_object('planId', s.plan_id))
                 or (b.lines is null and p.name = any(b.plan_names)))
          order by b.issue_date desc
          limit 1) paid on true
      where s.user_id = ${userId} and s.status = 'active') as held,
    (select coalesce(json_object_agg(c.plan_id, c.chats), '{}'::json)
       from (select plan_id, json_agg(chat_id order by chat_id) as chats
               from plan_telegram_chats
              where plan_id = any(${asked})
                 or plan_id in (select plan_id from subscriptions where user_id = ${userId} and status = 'active')
              group by plan_id) c) as chats`;
}

/**
 * For each of `planIds` with chats, the others of `planIds` that have every one of its chats too
 * (in `planIds` order; plans with the same chats are around each other). A plan without chats
 * sells something else and is inside nothing.
 */
export function plansAround(
  planIds: readonly number[],
  chatsByPlan: ReadonlyMap<number, readonly number[]>,
): Map<number, number[]> {
  const around = new Map<number, number[]>();
  for (const planId of planIds) {
    const mine = chatsByPlan.get(planId) ?? [];
    if (mine.length === 0) continue;
    const outer = planIds.filter((other) => {
      if (other === planId) return false;
      const theirs = new Set(chatsByPlan.get(other) ?? []);
      return mine.every((chat) => theirs.has(chat));
    });
    if (outer.length > 0) around.set(planId, outer);
  }
  return around;
}

/**
 * Which of `planIds` include which (plansAround), from the plans' chats alone: nobody's plans are
 * read, so it is the same for every visitor (the pricing page's cart says the overlap before
 * checkout, as the purchase refuses it).
 */
export async function getPlansAround(options: {
  db: DbOrTx;
  planIds: readonly number[];
}): Promise<Record<number, number[]>> {
  if (options.planIds.length < 2) return {};
  const rows = await options.db
    .select({ planId: planTelegramChats.planId, chatId: planTelegramChats.chatId })
    .from(planTelegramChats)
    .where(inArray(planTelegramChats.planId, [...options.planIds]));
  const chatsByPlan = new Map<number, number[]>();
  for (const row of rows) chatsByPlan.set(row.planId, [...(chatsByPlan.get(row.planId) ?? []), row.chatId]);
  return Object.fromEntries(plansAround(options.planIds, chatsByPlan));
}

/**
 * The plans of a cart whose chats another plan of the same cart has too, each with the first such
 * plan: the member would pay twice for the same channels ("Already included in All-in-One").
 */
export function nestedInCart(
  planIds: readonly number[],
  chatsByPlan: ReadonlyMap<number, readonly number[]>,
): Map<number, number> {
  // A one-plan cart, as most purchases are, has nothing to compare.
  if (planIds.length < 2) return new Map();
  return new Map([...plansAround(planIds, chatsByPlan)].map(([planId, outer]) => [planId, outer[0]!]));
}

/**
 * The member's active plans, with their unused part's worth, the reach of the plans asked over
 * them, and the chats of those plans and the held ones (by plan id).
 */
export type HeldPlans = { held: HeldPlan[]; reach: PlanReach[]; chatsByPlan: Map<number, number[]> };
/** The same for a cart that is bought (a purchase, an order): also the plans of it another of them includes. */
export type CartHeldPlans = HeldPlans & { nested: Map<number, number> };

type ReadOptions = { held: unknown; chats: unknown; planIds: readonly number[]; now: Date };

/**
 * The member's active plans (with their unused part's worth at `now`) and the reach of `planIds`
 * over them; with `cart`, also the plans of `planIds` that another of them includes
 * (nestedInCart), which only a cart being bought is refused for: the catalogue's readers (the
 * dashboard's plans, a scheduled change) do not compare the plans they list with each other.
 */
export function readHeldPlans(options: ReadOptions & { cart?: false }): HeldPlans;
export function readHeldPlans(options: ReadOptions & { cart: true }): CartHeldPlans;
export function readHeldPlans(options: ReadOptions & { cart?: boolean }): HeldPlans | CartHeldPlans {
  const rows = parseJson<HeldRow[] | null>(options.held) ?? [];
  const chats = parseJson<Record<string, number[]> | null>(options.chats) ?? {};
  const held = rows.map((row): HeldPlan => {
    const worth = unusedCredit({
      paid: row.paid === null ? 0n : BigInt(row.paid),
      periodStart: row.from ? new Date(row.from) : null,
      periodEnd: row.until ? new Date(row.until) : null,
      now: options.now,
    });
    return {
      subscriptionId: row.id,
      planId: row.planId,
      name: row.name,
      period: row.period,
      complimentary: row.complimentary,
      trial: row.trial,
      credit: row.complimentary ? 0n : worth.credit,
      daysLeft: worth.daysLeft,
    };
  });
  const chatsByPlan = new Map(Object.entries(chats).map(([planId, ids]) => [Number(planId), ids.map(Number)]));
  const read = { held, reach: planReach({ planIds: options.planIds, chatsByPlan, held }), chatsByPlan };
  return options.cart ? { ...read, nested: nestedInCart(options.planIds, chatsByPlan) } : read;
}

type GetOptions = { db: DbOrTx; userId: string; planIds: readonly number[]; now?: Date };

/** The same, in a statement of its own: for the carts and orders that do not charge yet, and the catalogue's readers. */
export async function getHeldPlans(options: GetOptions & { cart?: false }): Promise<HeldPlans>;
export async function getHeldPlans(options: GetOptions & { cart: true }): Promise<CartHeldPlans>;
export async function getHeldPlans(options: GetOptions & { cart?: boolean }): Promise<HeldPlans | CartHeldPlans> {
  const result = await options.db.execute<{ held: unknown; chats: unknown }>(
    sql`select ${heldPlansColumns(options.userId, options.planIds)}`,
  );
  const row = result.rows[0]!;
  const read = { held: row.held, chats: row.chats, planIds: options.planIds, now: options.now ?? new Date() };
  return options.cart ? readHeldPlans({ ...read, cart: true }) : readHeldPlans(read);
}
