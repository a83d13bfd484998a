import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.ts";
import { paymentFlags } from "../../db/schema.ts";
import { AppError } from "../../lib/errors.ts";
import { recordAuditEvent, type StaffActor } from "../record-audit-event.ts";

export const FLAG_NOT_FOUND = "This payment flag no longer exists.";

/**
 * Marks a member's card payment flag resolved, with the operator's note, and audits it on the
 * member in the same transaction. The update's condition is the open state itself, so of two
 * submits (a double click, two operators) the first resolves and the second, which waited on the
 * row, finds it resolved and changes nothing: it is answered with the resolution that stands,
 * and no second audit row is written.
 */
export async function resolvePaymentFlag(options: {
  db: DbOrTx;
  memberId: string;
  flagId: number;
  note: string;
  actor: StaffActor;
}): Promise<{ alreadyResolved: boolean; resolvedBy: string; resolvedAt: string; note: string }> {
  const { db, memberId, flagId, note, actor } = options;
  return db.transaction(async (tx) => {
    const ofMember = and(eq(paymentFlags.id, flagId), eq(paymentFlags.userId, memberId));
    const [resolved] = await tx
      .update(paymentFlags)
      .set({ resolvedAt: sql`now()`, resolvedBy: actor.label, resolutionNote: note })
      .where(and(ofMember, isNull(paymentFlags.resolvedAt)))
      .returning();
    if (resolved) {
      await recordAuditEvent({
        tx,
        actor,
        action: "member.payment-flag-resolved",
        target: { type: "member", id: memberId },
        summary: `Resolved a card payment flag (${resolved.kind === "dispute" ? "dispute" : "refund shortfall"})`,
        before: { flag: resolved.id, reference: resolved.reference, resolved: false },
        after: { flag: resolved.id, resolved: true, note },
      });
      return { alreadyResolved: false, ...resolutionOf(resolved) };
    }
    const [existing] = await tx.select().from(paymentFlags).where(ofMember);
    if (!existing) throw new AppError("NOT_FOUND", FLAG_NOT_FOUND);
    return { alreadyResolved: true, ...resolutionOf(existing) };
  });
}

function resolutionOf(flag: typeof paymentFlags.$inferSelect) {
  return {
    resolvedBy: flag.resolvedBy ?? "",
    resolvedAt: (flag.resolvedAt ?? new Date()).toISOString(),
    note: flag.resolutionNote ?? "",
  };
}
