import { and, desc, eq } from "drizzle-orm";
import { formatUsdt } from "~/lib/money";
import type { FieldChange, TargetHistory } from "~/lib/view-types/admin/shared";
import type { DbOrTx } from "../db/client.ts";
import { auditLog } from "../db/schema.ts";

export const TARGET_HISTORY_LIMIT = 20;

/**
 * Fields whose stored values are integer micro-USDT strings: shown as USDT, never as raw digits
 * (a fixed referral reward's `amount`, a fixed coupon's `amountOff`).
 */
const MONEY_FIELDS = new Set([
  "price",
  "originalPrice",
  "oldPrice",
  "newPrice",
  "scheduledPrice",
  "balance",
  "amount",
  "amountOff",
]);
const VALUE_MAX = 160;

/** "telegramChats" → "Telegram chats", "role" → "Role". */
function labelOf(field: string) {
  const words = field
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * One value as a person reads it: rich-text bodies lose their tags (the history tells that
 * the body changed and how it starts, the editor shows the whole), money is USDT, long text
 * is cut. Computed here, so the component only renders strings.
 */
function readable(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (
    MONEY_FIELDS.has(field) &&
    (typeof value === "string" || typeof value === "number") &&
    /^-?\d+$/.test(String(value))
  ) {
    return formatUsdt(BigInt(value), { suffix: true });
  }
  let text: string;
  if (typeof value === "string") text = /<[a-z][\s\S]*>/i.test(value) ? value.replace(/<[^>]*>/g, " ") : value;
  else if (typeof value === "boolean") text = value ? "yes" : "no";
  else if (Array.isArray(value))
    text =
      value.length === 0
        ? "(none)"
        : value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))).join(", ");
  else if (typeof value === "object") text = JSON.stringify(value);
  else text = String(value);
  text = text.replace(/\s+/g, " ").trim();
  return text.length > VALUE_MAX ? `${text.slice(0, VALUE_MAX - 1)}…` : text;
}

/** The fields whose values differ between before and after, in the order they were written. */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return keys
    .filter((key) => JSON.stringify(before?.[key] ?? null) !== JSON.stringify(after?.[key] ?? null))
    .map((key) => ({
      field: labelOf(key),
      before: before ? readable(key, before[key]) : null,
      after: after ? readable(key, after[key]) : null,
    }));
}

/**
 * One record's own audit history ("each target's page shows its own history"),
 * newest first, for the loader of its edit page: who, in which role, when, what, and a
 * readable before → after of the fields that changed.
 */
export async function listTargetHistory(options: {
  db: DbOrTx;
  target: { type: string; id: string };
  limit?: number;
}): Promise<TargetHistory> {
  const limit = options.limit ?? TARGET_HISTORY_LIMIT;
  const rows = await options.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, options.target.type), eq(auditLog.targetId, options.target.id)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit + 1);
  return {
    target: `${options.target.type}:${options.target.id}`,
    entries: rows.slice(0, limit).map((row) => ({
      id: row.id,
      at: row.at.toISOString(),
      actorLabel: row.actorLabel,
      actorRole: row.actorRole,
      action: row.action,
      summary: row.summary,
      changes: changedFields(row.before ?? null, row.after ?? null),
    })),
    more: rows.length > limit,
  };
}
