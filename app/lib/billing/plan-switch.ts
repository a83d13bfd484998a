import { priceLine, type PricedLine } from "~/lib/priced-lines";
import type { BillingPeriod } from "~/lib/pricing";

/*
 * Overlapping plans. A plan covers the Telegram chats it unlocks; a plan whose chats include all of
 * another's (and more) is an upgrade of it, and a plan whose chats are all inside an active plan is
 * already included in it. One module for the browser (the carts and the confirm dialog show what
 * the server will charge) and the server (the purchase charges it).
 */

const DAY_MS = 86_400_000;
const CENT = 10_000n;

/** How long a period lasts, to compare them: a switch to a longer one is bought now, a shorter one waits. */
const PERIOD_RANK: Record<BillingPeriod, number> = { monthly: 1, quarterly: 2, lifetime: 3 };
export const isLongerPeriod = (next: BillingPeriod, than: BillingPeriod) => PERIOD_RANK[next] > PERIOD_RANK[than];

/** An active subscription of the member, with what its unused part is worth now (micro-USDT). */
export type HeldPlan = {
  subscriptionId: string;
  planId: number;
  name: string;
  period: BillingPeriod;
  complimentary: boolean;
  /** A free trial not converted yet: it becomes its own plan, monthly, at its end (nothing else). */
  trial: boolean;
  credit: bigint;
  /** Whole days left of its paid period, the day in progress counted; null for lifetime. */
  daysLeft: number | null;
};

/**
 * How a plan one might buy relates to the member's active plans: the active plan that already
 * includes all its chats (null: none), and the active subscriptions whose chats it includes
 * (with more besides), which it would replace; `within`: the active subscriptions that include all
 * its chats (each could be changed to it at its next renewal).
 */
export type PlanReach = { planId: number; includedIn: string | null; covers: string[]; within: string[] };

/**
 * The reach of each plan asked about, from the chats each plan unlocks. A plan without chats
 * covers nothing and is included in nothing (it sells something other than a channel).
 */
export function planReach(options: {
  planIds: readonly number[];
  chatsByPlan: ReadonlyMap<number, readonly number[]>;
  held: readonly { subscriptionId: string; planId: number; name: string }[];
}): PlanReach[] {
  const { chatsByPlan, held } = options;
  const chatsOf = (planId: number) => new Set(chatsByPlan.get(planId) ?? []);
  return options.planIds.map((planId) => {
    const mine = chatsOf(planId);
    let includedIn: string | null = null;
    const covers: string[] = [];
    const within: string[] = [];
    if (mine.size === 0) return { planId, includedIn, covers, within };
    for (const other of held) {
      if (other.planId === planId) continue;
      const theirs = chatsOf(other.planId);
      if (theirs.size === 0) continue;
      if ([...mine].every((chat) => theirs.has(chat))) {
        includedIn ??= other.name;
        within.push(other.subscriptionId);
      } else if ([...theirs].every((chat) => mine.has(chat))) covers.push(other.subscriptionId);
    }
    return { planId, includedIn, covers, within };
  });
}

/**
 * What the unused part of a paid period is worth now: what was paid for it (list price less
 * discount) times the days left over the period's days, rounded DOWN to the cent. The day in
 * progress counts as unused, so a plan switched on the day it was bought is credited in full. A
 * lifetime plan is worth all that was paid for it (it is never used up).
 */
export function unusedCredit(options: { paid: bigint; periodStart: Date | null; periodEnd: Date | null; now: Date }): {
  credit: bigint;
  daysLeft: number | null;
} {
  const { paid, periodStart, periodEnd, now } = options;
  if (paid <= 0n) return { credit: 0n, daysLeft: periodEnd ? daysBetween(now, periodEnd) : null };
  if (!periodEnd) return { credit: paid, daysLeft: null };
  if (!periodStart) return { credit: 0n, daysLeft: daysBetween(now, periodEnd) };
  const periodDays = Math.max(1, Math.round((periodEnd.getTime() - periodStart.getTime()) / DAY_MS));
  const daysLeft = Math.min(daysBetween(now, periodEnd), periodDays);
  const exact = (paid * BigInt(daysLeft)) / BigInt(periodDays);
  return { credit: (exact / CENT) * CENT, daysLeft };
}

function daysBetween(from: Date, until: Date): number {
  const ms = until.getTime() - from.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}

/** The texts of overlapping plans, word for word where the member reads them. */
export const switchMessages = {
  alreadyIncluded: (planName: string) => `Already included in ${planName}`,
} as const;

/** "Credit for unused 12 days of VIP Signals": what a credit is for, named on the line that gets it. */
export function creditNote(replaced: readonly HeldPlan[]): string {
  const parts = replaced.map((held) =>
    held.daysLeft === null
      ? `${held.name} (lifetime)`
      : `${held.daysLeft} ${held.daysLeft === 1 ? "day" : "days"} of ${held.name}`,
  );
  return `Credit for unused ${parts.join(", ")}`;
}

/** A line to be priced: the plan at its list price and what a code took off it already. */
type LineToPrice = { planId: number; name: string; listPrice: bigint; discount: bigint };

export type PlanSwitch = {
  /** The lines with each one's credit (after the discount: a code is the plan's price, the credit the member's money). */
  lines: PricedLine[];
  /** Active subscriptions the purchase ends at the switch, each with the plan of the cart replacing it. */
  replaced: (HeldPlan & { byPlanId: number })[];
  /** Plans of the cart an active plan already includes, with its name: refused. */
  included: { name: string; includedIn: string }[];
  /** Plans of the cart active already at this period or a longer one: refused as before. */
  already: string[];
};

/**
 * Prices a cart against the member's active plans:
 * - a plan active already, bought again for a longer period, replaces itself (its unused part
 *   credited); at the same or a shorter period it is "already subscribed" (a shorter period is
 *   scheduled on the subscription instead, from its next renewal);
 * - a plan an active plan includes is refused ("Already included in …");
 * - a plan that covers active plans replaces them: the unused part of each is credited on its line,
 *   and they end at the switch. A complimentary plan is never replaced (nothing was paid, and
 *   staff granted it on their own terms), nor is a lifetime plan by anything but a lifetime one (it
 *   would end something that never ends). A subscription covered by two lines of one cart is
 *   credited once, on the first.
 */
export function switchCart(options: {
  lines: readonly LineToPrice[];
  period: BillingPeriod;
  held: readonly HeldPlan[];
  reach: readonly PlanReach[];
}): PlanSwitch {
  const { period, held } = options;
  const reachOf = new Map(options.reach.map((reach) => [reach.planId, reach]));
  const taken = new Set<string>();
  const result: PlanSwitch = { lines: [], replaced: [], included: [], already: [] };
  for (const line of options.lines) {
    const same = held.find((sub) => sub.planId === line.planId);
    const reach = reachOf.get(line.planId);
    const replaces: HeldPlan[] = [];
    if (same) {
      if (same.complimentary || !isLongerPeriod(period, same.period)) result.already.push(line.name);
      else replaces.push(same);
    } else if (reach?.includedIn) {
      result.included.push({ name: line.name, includedIn: reach.includedIn });
    }
    for (const id of reach?.covers ?? []) {
      const sub = held.find((candidate) => candidate.subscriptionId === id);
      if (!sub || sub.complimentary || (sub.period === "lifetime" && period !== "lifetime")) continue;
      replaces.push(sub);
    }
    const fresh = replaces.filter((sub) => !taken.has(sub.subscriptionId));
    for (const sub of fresh) taken.add(sub.subscriptionId);
    result.replaced.push(...fresh.map((sub) => ({ ...sub, byPlanId: line.planId })));
    const credit = fresh.reduce((sum, sub) => sum + sub.credit, 0n);
    // Only what was credited is named: a free trial ended by the switch gave nothing back, so
    // "unused 7 days of …" for it would read as money returned.
    const credited = fresh.filter((sub) => sub.credit > 0n);
    result.lines.push(
      priceLine(line, {
        discount: line.discount,
        credit,
        creditNote: credited.length > 0 ? creditNote(credited) : null,
      }),
    );
  }
  return result;
}

/** What a loader hands the carts: the member's active plans (money as micro-USDT strings) and each plan's reach. */
export type PlanSwitching = { held: (Omit<HeldPlan, "credit"> & { credit: string })[]; reach: PlanReach[] };

export const NO_SWITCHING: PlanSwitching = { held: [], reach: [] };

export function switchingToWire(options: { held: readonly HeldPlan[]; reach: readonly PlanReach[] }): PlanSwitching {
  return { held: options.held.map((held) => ({ ...held, credit: held.credit.toString() })), reach: [...options.reach] };
}

export function heldFromWire(switching: PlanSwitching): HeldPlan[] {
  return switching.held.map((held) => ({ ...held, credit: BigInt(held.credit) }));
}

/**
 * Each plan an active plan already includes, with the text its cart line shows; not a plan held
 * itself, which is bought again as itself (for a longer period) as `switchCart` prices it.
 */
export function includedNotes(switching: PlanSwitching): Record<number, string> {
  const notes: Record<number, string> = {};
  for (const reach of switching.reach)
    if (reach.includedIn && !switching.held.some((held) => held.planId === reach.planId))
      notes[reach.planId] = switchMessages.alreadyIncluded(reach.includedIn);
  return notes;
}

/**
 * The plans a member cannot put in a cart, by the cart's period: a complimentary plan at every
 * period (never replaced), another plan held at the period held and the shorter ones (a shorter
 * one is scheduled for its renewal instead). At a longer period it is a switch, credited.
 */
export function unavailableByPeriod(switching: {
  held: readonly Pick<HeldPlan, "planId" | "period" | "complimentary">[];
}): Record<BillingPeriod, number[]> {
  const at = (period: BillingPeriod) => [
    ...new Set(
      switching.held
        .filter((held) => held.complimentary || !isLongerPeriod(period, held.period))
        .map((held) => held.planId),
    ),
  ];
  return { monthly: at("monthly"), quarterly: at("quarterly"), lifetime: at("lifetime") };
}

/** A change a subscription may take at its next renewal: a plan inside it, or itself for a shorter period. */
export type ScheduledChoice = { planId: number; name: string; period: Exclude<BillingPeriod, "lifetime"> };

/**
 * What an active subscription can be changed to at its next renewal: the same plan for a shorter
 * period, or a plan whose chats it includes, monthly or quarterly. A lifetime or complimentary plan
 * never renews, so it has none; nor has a free trial, which converts to its own plan's monthly
 * price as its offer said (a member who wants less lets it end and buys that). `plans`: the plans on sale.
 */
export function scheduledChoices(options: {
  held: HeldPlan;
  plans: readonly { id: number; name: string }[];
  reach: readonly PlanReach[];
}): ScheduledChoice[] {
  const { held, plans, reach } = options;
  if (held.complimentary || held.trial || held.period === "lifetime") return [];
  const choices: ScheduledChoice[] = [];
  if (held.period === "quarterly") choices.push({ planId: held.planId, name: held.name, period: "monthly" });
  for (const plan of plans) {
    if (plan.id === held.planId) continue;
    if (!reach.find((r) => r.planId === plan.id)?.within.includes(held.subscriptionId)) continue;
    choices.push(
      { planId: plan.id, name: plan.name, period: "monthly" },
      { planId: plan.id, name: plan.name, period: "quarterly" },
    );
  }
  return choices;
}
