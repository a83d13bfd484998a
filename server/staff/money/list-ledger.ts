import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { LEDGER_PAGE_SIZE, type LedgerQuery } from "~/lib/validation/admin/money";
import type { LedgerExplorer } from "~/lib/view-types/admin/money";
import type { DbOrTx } from "../../db/client.ts";
import { ledgerEntries, user } from "../../db/schema.ts";

/** LIKE's own characters in a prefix are matched literally. */
const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The member filter's account: by email (any case) when it has an @, else by id; null when none. */
async function memberId(db: DbOrTx, member: string): Promise<string | null> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(member.includes("@") ? sql`lower(${user.email}) = ${member.toLowerCase()}` : eq(user.id, member))
    .limit(1);
  return row?.id ?? null;
}

/** The filter's conditions, without the page cursor (the totals cover the whole filtered set). */
function ledgerWhere(query: LedgerQuery, userId: string | null): SQL[] {
  const where: SQL[] = [];
  if (query.kind) where.push(eq(ledgerEntries.kind, query.kind));
  if (query.from) where.push(sql`${ledgerEntries.createdAt} >= ${`${query.from}T00:00:00Z`}::timestamptz`);
  // The end day is included: everything before the next midnight.
  if (query.to) where.push(sql`${ledgerEntries.createdAt} < (${query.to}::date + 1)::timestamptz`);
  if (userId) where.push(eq(ledgerEntries.userId, userId));
  if (query.reference) {
    where.push(
      query.prefix
        ? sql`${ledgerEntries.reference} LIKE ${`${escapeLike(query.reference)}%`}`
        : eq(ledgerEntries.reference, query.reference),
    );
  }
  return where;
}

/**
 * One page of ledger entries across every member, newest first, with the count and sum per kind
 * of the whole filtered set. Paged by keyset (created_at, id), so a page deep in the ledger costs
 * what the first does; the cursor carries microseconds, which JavaScript dates would round off.
 */
export async function listLedger(options: { db: DbOrTx; query: LedgerQuery }): Promise<LedgerExplorer> {
  const { db, query } = options;
  let userId: string | null = null;
  if (query.member) {
    userId = await memberId(db, query.member);
    if (!userId) return { rows: [], totals: [], next: null, memberFound: false };
  }
  const where = ledgerWhere(query, userId);
  const page = query.before
    ? [
        ...where,
        sql`(${ledgerEntries.createdAt}, ${ledgerEntries.id}) < (${query.before.createdAt}::timestamptz, ${query.before.id}::bigint)`,
      ]
    : where;
  const [records, totals] = await Promise.all([
    db
      .select({
        id: ledgerEntries.id,
        userId: ledgerEntries.userId,
        email: user.email,
        kind: ledgerEntries.kind,
        amount: ledgerEntries.amount,
        reference: ledgerEntries.reference,
        memo: ledgerEntries.memo,
        cursorAt: sql<string>`to_char(${ledgerEntries.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(ledgerEntries)
      .innerJoin(user, eq(user.id, ledgerEntries.userId))
      .where(and(...page))
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(LEDGER_PAGE_SIZE + 1),
    db
      .select({
        kind: ledgerEntries.kind,
        count: sql<number>`count(*)::int`,
        sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text`,
      })
      .from(ledgerEntries)
      .where(and(...where))
      .groupBy(ledgerEntries.kind)
      .orderBy(ledgerEntries.kind),
  ]);
  const shown = records.slice(0, LEDGER_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    rows: shown.map((r) => ({
      id: String(r.id),
      userId: r.userId,
      email: r.email,
      kind: r.kind,
      amount: String(r.amount),
      reference: r.reference,
      memo: r.memo,
      createdAt: r.cursorAt,
    })),
    totals: totals.map((t) => ({ kind: t.kind, count: Number(t.count), sum: String(t.sum) })),
    next: records.length > LEDGER_PAGE_SIZE && last ? { createdAt: last.cursorAt, id: String(last.id) } : null,
    memberFound: true,
  };
}
