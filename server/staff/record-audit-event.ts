import type { DbOrTx } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";

/** Who did a staff write: a signed-in staff member, or an operator at the command line. */
export type StaffActor = {
  /** The staff member's user id; null for the command line. */
  userId: string | null;
  /** An email, or `cli:user@host` / `ops-token`. */
  label: string;
  /** The role at the time, or `operator`. */
  role: string;
  ipAddress?: string | null;
};

/**
 * Writes one audit row with the caller's transaction, so the row exists exactly
 * when the change it describes committed.
 */
export async function recordAuditEvent(options: {
  tx: DbOrTx;
  actor: StaffActor;
  action: string;
  target: { type: string; id: string };
  summary: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  now?: Date;
}) {
  const { tx, actor, target } = options;
  await tx.insert(auditLog).values({
    at: options.now ?? new Date(),
    actorUserId: actor.userId,
    actorLabel: actor.label,
    actorRole: actor.role,
    action: options.action,
    targetType: target.type,
    targetId: target.id,
    summary: options.summary,
    before: options.before ?? null,
    after: options.after ?? null,
    ipAddress: actor.ipAddress ?? null,
  });
}
