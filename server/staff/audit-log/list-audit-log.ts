import { and, asc, count, desc, eq, type SQL } from "drizzle-orm";
import { splitAuditTarget } from "~/lib/validation/admin/audit-log";
import type { AuditPage } from "~/lib/view-types/admin/audit-log";
import type { DbOrTx } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";

export const AUDIT_PAGE_SIZE = 50;

/**
 * The audit log, newest first, one page at a time (a page past the end shows the last one),
 * narrowed by staff member, action and target when asked. It also lists the staff
 * members and actions that occur, for the filter's choices.
 */
export async function listAuditLog(options: {
  db: DbOrTx;
  page: number;
  filter?: { who?: string; action?: string; target?: string };
}): Promise<AuditPage> {
  const { db, filter = {} } = options;
  const conditions: SQL[] = [];
  if (filter.who) conditions.push(eq(auditLog.actorLabel, filter.who));
  if (filter.action) conditions.push(eq(auditLog.action, filter.action));
  if (filter.target) {
    const target = splitAuditTarget(filter.target);
    conditions.push(eq(auditLog.targetType, target.type));
    if (target.id !== undefined) conditions.push(eq(auditLog.targetId, target.id));
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total }] = (await db.select({ total: count() }).from(auditLog).where(where)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page) || 1), pageCount);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  const [actors, actions] = await Promise.all([
    db.selectDistinct({ label: auditLog.actorLabel }).from(auditLog).orderBy(asc(auditLog.actorLabel)),
    db.selectDistinct({ action: auditLog.action }).from(auditLog).orderBy(asc(auditLog.action)),
  ]);
  return {
    entries: rows.map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actorLabel: row.actorLabel,
      actorRole: row.actorRole,
      action: row.action,
      target: `${row.targetType}:${row.targetId}`,
      summary: row.summary,
      before: row.before ?? null,
      after: row.after ?? null,
    })),
    page,
    pageCount,
    total,
    choices: { actors: actors.map((a) => a.label), actions: actions.map((a) => a.action) },
  };
}
