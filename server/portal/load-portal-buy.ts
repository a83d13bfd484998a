import crypto from "node:crypto";
import { isBillingPeriod, priceFor } from "~/lib/pricing";
import type { PortalBuy } from "~/lib/view-types/portal";
import { listPublishedPlans } from "../content/list-published-plans.ts";
import { getMemberProfile } from "../dashboard/get-member-profile.ts";
import { listMemberSubscriptions } from "../dashboard/list-member-subscriptions.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../lib/errors.ts";
import type { PortalSession } from "./get-portal-session.ts";
import { requirePortalMember } from "./require-portal-member.ts";

/**
 * The confirm step before buying one plan: its price from the one pricing module (what the
 * purchase will recompute and compare) and the member's balance. A plan not on sale or an
 * unknown period is a 404, like an address that names nothing.
 */
export async function loadPortalBuy(options: {
  db: Db;
  session: PortalSession;
  planId: string;
  billingPeriod: string;
}): Promise<PortalBuy> {
  const { db, billingPeriod } = options;
  const userId = requirePortalMember(options.session);
  const plan = (await listPublishedPlans({ db })).find((p) => String(p.id) === options.planId);
  if (!plan || !isBillingPeriod(billingPeriod)) throw new AppError("NOT_FOUND", "This plan is not on sale.");
  const [profile, subscriptions] = await Promise.all([
    getMemberProfile({ db, userId }),
    listMemberSubscriptions({ db, userId }),
  ]);
  return {
    planId: plan.id,
    planName: plan.name,
    billingPeriod,
    price: priceFor(BigInt(plan.price), billingPeriod).toString(),
    balance: profile.balance,
    idempotencyKey: crypto.randomUUID(),
    alreadyActive: subscriptions.some((s) => s.planId === plan.id && s.status === "active"),
  };
}
