import { desc, eq, sql } from "drizzle-orm";
import type { MemberPaymentFlagView } from "~/lib/view-types/admin/members";
import type { DbOrTx } from "../../db/client.ts";
import { paymentFlags } from "../../db/schema.ts";

/** Resolved flags shown under the open ones: the recent past, not the whole history. */
const RESOLVED_SHOWN = 20;

/**
 * The member's card payment flags (refunds the balance could not cover, disputes): the open ones
 * first, then the latest resolved ones with who resolved them, when and their note; newest first
 * within each. A member has a handful at most (payment_flags_user_idx).
 */
export async function listMemberPaymentFlags(options: {
  db: DbOrTx;
  memberId: string;
}): Promise<MemberPaymentFlagView[]> {
  const rows = await options.db
    .select()
    .from(paymentFlags)
    .where(eq(paymentFlags.userId, options.memberId))
    .orderBy(sql`${paymentFlags.resolvedAt} is not null`, desc(paymentFlags.createdAt), desc(paymentFlags.id));
  const open = rows.filter((f) => f.resolvedAt === null);
  const resolved = rows.filter((f) => f.resolvedAt !== null).slice(0, RESOLVED_SHOWN);
  return [...open, ...resolved].map((f) => ({
    id: f.id,
    kind: f.kind,
    amount: f.amount.toString(),
    detail: f.detail,
    createdAt: f.createdAt.toISOString(),
    resolution: f.resolvedAt
      ? { by: f.resolvedBy ?? "", at: f.resolvedAt.toISOString(), note: f.resolutionNote ?? "" }
      : null,
  }));
}
