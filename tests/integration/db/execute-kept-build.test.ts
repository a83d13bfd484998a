import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { expect, it, vi } from "vitest";
import { buildPlainChunks } from "#server/db/execute-kept";
import { pricing } from "#server/db/schema";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { buy, makeCoupon, usdt } from "../coupons/coupon-fixtures";

// executeKept builds a statement's text and values with its own walk of the chunks
// (buildPlainChunks) where it can, instead of Drizzle's general builder: what must hold is that
// the walk builds exactly what Drizzle's builder does for every statement a purchase sends, and
// leaves to Drizzle what it does not know.

const sent = vi.hoisted(() => [] as { name: string; query: unknown }[]);
vi.mock("#server/db/execute-kept", async (importOriginal) => {
  const actual = await importOriginal<typeof import("#server/db/execute-kept")>();
  return {
    ...actual,
    executeKept: (options: Parameters<typeof actual.executeKept>[0]) => {
      sent.push({ name: options.name, query: options.query });
      return actual.executeKept(options);
    },
  };
});

const dialect = new PgDialect();
const drizzleBuilt = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};

describeEachDatabase("buildPlainChunks", (database) => {
  it("builds what Drizzle builds for every statement of plain, coupon, limited-code and upgrade purchases", async () => {
    const db = database().db;
    sent.length = 0;
    const member = await createMember(db, { balance: usdt(1000) });
    const [alpha, beta, gamma] = [
      await createPlan(db, "Alpha", usdt(30)),
      await createPlan(db, "Beta", usdt(20)),
      await createPlan(db, "Gamma", usdt(10)),
    ];
    await buy(db, { userId: member.id, plans: [alpha!, beta!], total: usdt(50) });
    const percent = await makeCoupon(db);
    await buy(db, { userId: member.id, plans: [gamma!], code: percent.code, total: usdt(8) });
    const limited = await makeCoupon(db, { maxRedemptions: "5", percentOff: "50", duration: "forever" });
    const other = await createMember(db, { balance: usdt(1000) });
    await buy(db, { userId: other.id, plans: [alpha!], code: limited.code, total: usdt(15) });
    // The same plan for a longer period: an upgrade, its held plan credited (the refusal names the total).
    const required = await buy(db, { userId: other.id, plans: [alpha!], period: "quarterly", total: 1n }).catch(
      (error: { details?: { answer?: { required?: string } } }) => error.details?.answer?.required,
    );
    expect(required).toEqual(expect.any(String));
    await buy(db, { userId: other.id, plans: [alpha!], period: "quarterly", total: BigInt(required as string) });
    await expectLedgerInvariant(db);

    const names = new Set(sent.map((statement) => statement.name));
    expect([...names].sort()).toEqual(expect.arrayContaining(["purchase_lock_and_read", "purchase_write"]));
    for (const { name, query } of sent) {
      const built = buildPlainChunks(query as SQL, dialect);
      expect(built, name).not.toBeNull();
      expect(built, name).toEqual(drizzleBuilt(query as SQL));
    }
    // Five purchases' lock-and-read and four writes (the refused one wrote nothing).
    expect(sent.length).toBe(9);
  });

  it("leaves to Drizzle what it does not know: lists, dates, inlined values", () => {
    const at = new Date("2026-11-29T00:00:00Z");
    for (const query of [
      sql`select 1 where 2 in ${[1, 2]}`,
      sql`select ${at}::timestamptz`,
      sql`select ${sql.param(at)}::timestamptz`,
      sql`select ${1} as n`.inlineParams(),
    ])
      expect(buildPlainChunks(query, dialect)).toBeNull();
    // What it knows, nested, with null and bigint values, a table and a column, numbered and
    // named as Drizzle does.
    const nested = sql`select ${1}, ${sql`${null}::int, ${sql.param([1, 2])}::int[]`}, ${10n}, ${"x"}, ${true}, ${pricing.id} from ${pricing}`;
    expect(buildPlainChunks(nested, dialect)).toEqual(drizzleBuilt(nested));
    expect(buildPlainChunks(nested, dialect)!.sql).toBe(
      'select $1, $2::int, $3::int[], $4, $5, $6, "pricing"."id" from "pricing"',
    );
  });
});
