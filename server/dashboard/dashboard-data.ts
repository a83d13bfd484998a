import { switchingToWire } from "~/lib/billing/plan-switch";
import { readSidebarOpen } from "~/lib/http/cookies";
import type {
  BillingData,
  DepositWallet,
  KnowledgebaseData,
  ReferralsData,
  SectionData,
  SubscriptionsData,
  WelcomeData,
} from "~/lib/view-types/member";
import type { OpenOrderNotice, OrderData } from "~/lib/view-types/member-order";
import { getHeldPlans, plansAround } from "../billing/held-plans.ts";
import { listPublishedPlans } from "../content/list-published-plans.ts";
import type { Db, DbOrTx } from "../db/client.ts";
import { getLogger } from "../lib/logger.ts";
import { getMemberCart } from "../orders/get-member-cart.ts";
import { getOpenOrderNotice } from "../orders/get-open-order-notice.ts";
import { getOpenOrder } from "../orders/get-open-order.ts";
import { getMemberReferrals } from "./get-member-referrals.ts";
import { listBillingHistory } from "./list-billing-history.ts";
import { listKnowledgebase } from "./list-knowledgebase.ts";
import { listMemberSubscriptions } from "./list-member-subscriptions.ts";

// The texts shown in place of a section whose data failed to load.
export const SUBSCRIPTIONS_LOAD_FAILED = "Failed to load data";
export const BILLING_LOAD_FAILED = "Failed to load billing history";
export const ORDER_LOAD_FAILED = "Failed to load your order";
export const REFERRALS_LOAD_FAILED = "Failed to load your referrals";
export const KNOWLEDGEBASE_LOAD_FAILED = "Failed to load articles. Please try again later.";

/**
 * Section data never rejects: a failure is logged and answered with the section's message,
 * so the rest of the dashboard still renders (and a streamed promise never errors mid-page).
 */
async function orMessage<T>(load: () => Promise<T>, message: string, what: string): Promise<SectionData<T>> {
  try {
    return await load();
  } catch (error) {
    getLogger().error({ err: error }, `dashboard: ${what} failed to load`);
    return { error: message };
  }
}

export function loadSubscriptionsData(options: { db: DbOrTx; userId: string }): Promise<SubscriptionsData> {
  return orMessage(
    async () => {
      // The kept cart never holds a plan the member already has at its period or a longer one
      // (getMemberCart leaves them out); at a longer period it is a switch, credited.
      const [subscriptions, cart, plans] = await Promise.all([
        listMemberSubscriptions(options),
        getMemberCart(options),
        listPublishedPlans({ db: options.db }),
      ]);
      const planIds = plans.map((plan) => plan.id);
      const read = await getHeldPlans({ db: options.db, userId: options.userId, planIds });
      // Which plans include which, so the cart says "Already included in …" of two plans sharing
      // channels before the purchase refuses them.
      const inside = Object.fromEntries(plansAround(planIds, read.chatsByPlan));
      return { plans, subscriptions, cart, switching: switchingToWire(read), inside };
    },
    SUBSCRIPTIONS_LOAD_FAILED,
    "subscriptions",
  );
}

/** Welcome's active plans (the same rows as Subscriptions' list, only the active ones). */
export function loadWelcomeData(options: { db: DbOrTx; userId: string }): Promise<WelcomeData> {
  return orMessage(
    async () => ({
      active: (await listMemberSubscriptions(options)).filter((subscription) => subscription.status === "active"),
    }),
    SUBSCRIPTIONS_LOAD_FAILED,
    "welcome",
  );
}

export function loadBillingData(options: { db: DbOrTx; userId: string }): Promise<BillingData> {
  return orMessage(async () => ({ rows: await listBillingHistory(options) }), BILLING_LOAD_FAILED, "billing history");
}

/** The order view: the member's order (null when there is none), what is due, and their deposit address. */
export function loadOrderData(options: { db: Db; userId: string; wallet: DepositWallet | null }): Promise<OrderData> {
  return orMessage(
    async () => {
      const open = await getOpenOrder(options);
      return { view: open ? { ...open, wallet: options.wallet } : null };
    },
    ORDER_LOAD_FAILED,
    "order",
  );
}

/**
 * The open order every page reminds the member of. A failure to read it is logged and leaves the
 * reminder out: the page the member asked for still opens.
 */
export async function loadOpenOrderNotice(options: { db: DbOrTx; userId: string }): Promise<OpenOrderNotice | null> {
  try {
    return await getOpenOrderNotice(options);
  } catch (error) {
    getLogger().error({ err: error }, "dashboard: the open order failed to load");
    return null;
  }
}

export function loadKnowledgebaseData({ db }: { db: DbOrTx }): Promise<KnowledgebaseData> {
  return orMessage(
    async () => ({ articles: await listKnowledgebase({ db }) }),
    KNOWLEDGEBASE_LOAD_FAILED,
    "knowledgebase",
  );
}

export function loadReferralsData(options: { db: DbOrTx; userId: string }): Promise<ReferralsData> {
  return orMessage(() => getMemberReferrals(options), REFERRALS_LOAD_FAILED, "referrals");
}

/** The sidebar's open state from its cookie (kept 7 days), read on the server so the first paint matches. */
export function readSidebarState(request: Request): boolean {
  return readSidebarOpen(request.headers.get("cookie"));
}
