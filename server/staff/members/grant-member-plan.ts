import { plural } from "~/lib/plural";
import { grantComplimentary, type ComplimentaryLength } from "../../billing/grant-complimentary.ts";
import type { Db } from "../../db/client.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";

/** A complimentary plan given from the member page, audited in the grant's transaction. */
export async function grantMemberPlan(options: {
  db: Db;
  memberId: string;
  planId: number;
  length: ComplimentaryLength;
  actor: StaffActor;
}) {
  const { db, memberId, planId, length, actor } = options;
  const lengthText = length.period === "days" ? plural(length.days, "day") : length.period;
  const granted = await grantComplimentary({
    db,
    memberId,
    planId,
    length,
    onGranted: (tx, g) =>
      recordAuditEvent({
        tx,
        actor,
        action: "member.subscription-comp",
        target: { type: "member", id: memberId },
        summary: `Gave ${g.plan} complimentary (${lengthText})`,
        before: null,
        after: {
          subscription: g.subscriptionId,
          plan: g.plan,
          complimentary: true,
          nextBillingDate: g.nextBillingDate ? g.nextBillingDate.toISOString() : null,
          invoiceId: g.invoiceId,
        },
      }),
  });
  return { subscriptionId: granted.subscriptionId };
}
