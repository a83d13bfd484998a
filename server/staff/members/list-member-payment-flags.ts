import { and, desc, eq, isNull } from "drizzle-orm";
import type { MemberPaymentFlagView } from "~/lib/view-types/admin/members";
import type { DbOrTx } from "../../db/client.ts";
import { paymentFlags } from "../../db/schema.ts";

/** The member's open card payment flags (refunds the balance could not cover, disputes), newest first. */
export async function listMemberPaymentFlags(options: {
  db: DbOrTx;
  memberId: string;
}): Promise<MemberPaymentFlagView[]> {
  const rows = await options.db
    .select()
    .from(paymentFlags)
    .where(and(eq(paymentFlags.userId, options.memberId), isNull(paymentFlags.resolvedAt)))
    .orderBy(desc(paymentFlags.createdAt), desc(paymentFlags.id));
  return rows.map((f) => ({
    id: f.id,
    kind: f.kind,
    amount: f.amount.toString(),
    detail: f.detail,
    createdAt: f.createdAt.toISOString(),
  }));
}
