import { count, desc } from "drizzle-orm";
import type { AuditPage } from "~/lib/view-types/admin";
import type { DbOrTx } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";

export const AUDIT_PAGE_SIZE = 50;

/** The audit log, newest first, one page at a time (a page past the end shows the last one). */
export async function listAuditLog(options: { db: DbOrTx; page: number }): Promise<AuditPage> {
  const { db } = options;
  const [{ total }] = (await db.select({ total: count() }).from(auditLog)) as [{ total: number }];
  const pageCount = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(options.page) || 1), pageCount);
  const rows = await db
    .select()
    .from(auditLog)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
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
  };
}
