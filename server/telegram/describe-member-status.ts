import { and, asc, eq } from "drizzle-orm";
import { formatDate } from "~/lib/dates";
import { formatUsdt } from "~/lib/money";
import type { DbOrTx } from "../db/client.ts";
import { pricing, subscriptions } from "../db/schema.ts";
import type { LinkedMember } from "./entitlements.ts";
import { botMessages } from "./messages.ts";
import { dashboardUrl } from "./telegram-links.ts";

/** The /status answer: the member's active subscriptions with their end or renewal dates, and the balance. */
export async function describeMemberStatus({ db, member }: { db: DbOrTx; member: LinkedMember }): Promise<string> {
  const rows = await db
    .select({
      plan: pricing.name,
      period: subscriptions.billingPeriod,
      next: subscriptions.nextBillingDate,
      autorenew: subscriptions.autorenew,
    })
    .from(subscriptions)
    .innerJoin(pricing, eq(pricing.id, subscriptions.planId))
    .where(and(eq(subscriptions.userId, member.userId), eq(subscriptions.status, "active")))
    .orderBy(asc(pricing.displayOrder), asc(pricing.name));
  const lines = rows.map((r) => {
    const when =
      r.period === "lifetime" || !r.next
        ? "lifetime access"
        : r.autorenew
          ? `renews on ${formatDate(r.next)}`
          : `ends on ${formatDate(r.next)}`;
    return `• ${r.plan} (${r.period}) — ${when}`;
  });
  return [
    rows.length > 0 ? `${botMessages.statusTitle}\n${lines.join("\n")}` : botMessages.statusNone,
    botMessages.statusBalance(formatUsdt(member.balance, { suffix: true })),
    `Dashboard: ${dashboardUrl()}`,
  ].join("\n\n");
}
