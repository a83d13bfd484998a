import { sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { expect, it, vi } from "vitest";
import { buildPlainChunks, keptShape } from "#server/db/execute-kept";
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
      expect(keptShape(name, query as SQL, dialect), name).toEqual({
        ...drizzleBuilt(query as SQL),
        name: expect.any(String),
      });
    }
    // Six lock-and-reads (the limited code's first run stops before its write, its process holding
    // no use of it yet: coupon-use-pool.ts) and four writes (the refused one wrote nothing).
    expect(sent.length).toBe(10);
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

  // executeKept finds a statement's text and name again by the chunks it is made of (keptShape)
  // instead of writing the text out on every call: the same strings and values in other places
  // must still be numbered and sent as Drizzle would.
  it("finds the text and name again by the chunks, each call with its own values", () => {
    const byId = (id: number, cut?: string) =>
      sql`select ${pricing.id} from ${pricing} where ${pricing.id} = ${id}${cut ? sql` and ${pricing.id} <> ${sql.param(cut)}::int` : sql``}`;
    const first = keptShape("shape_probe", byId(1), dialect);
    const second = keptShape("shape_probe", byId(2), dialect);
    expect(first).toEqual({ ...drizzleBuilt(byId(1)), name: expect.stringMatching(/^shape_probe_[0-9a-f]{16}$/) });
    expect(second).toEqual({ ...drizzleBuilt(byId(2)), name: first!.name });
    // The very same string: node-postgres compares it with what it prepared at no cost.
    expect(second!.sql).toBe(first!.sql);
    // A part present or not is another shape, with its own text, name and values.
    const longer = keptShape("shape_probe", byId(3, "7"), dialect);
    expect(longer).toEqual({ ...drizzleBuilt(byId(3, "7")), name: expect.any(String) });
    expect(longer!.name).not.toBe(first!.name);
    expect(keptShape("shape_probe", byId(4), dialect)).toEqual({ ...drizzleBuilt(byId(4)), name: first!.name });
    // Another template's text (its chunks alike but for one string) under the same caller's name is another statement.
    const other = keptShape(
      "shape_probe",
      sql`select ${pricing.id} from ${pricing} where ${pricing.id} > ${1}${sql``}`,
      dialect,
    );
    expect(other!.name).not.toBe(first!.name);
    expect(other!.sql).toBe('select "pricing"."id" from "pricing" where "pricing"."id" > $1');
    // Other strings making the same text: the same statement.
    const split = keptShape(
      "shape_probe",
      sql`select ${pricing.id} from ${pricing} where ${sql`${pricing.id} =`} ${5}`,
      dialect,
    );
    expect(split).toEqual({ sql: first!.sql, params: [5], name: first!.name });
    // A value in place of a string, or a string in place of a value, is not the same statement.
    const asValue = keptShape("shape_probe", sql`select ${"x"}`, dialect);
    const asText = keptShape("shape_probe", sql`select x`, dialect);
    expect(asValue).toEqual({ sql: "select $1", params: ["x"], name: expect.any(String) });
    expect(asText).toEqual({ sql: "select x", params: [], name: expect.any(String) });
    expect(asText!.name).not.toBe(asValue!.name);
    // What the walk leaves to Drizzle stays Drizzle's, however often it comes.
    for (let call = 0; call < 2; call++)
      expect(keptShape("shape_probe", sql`select 2 in ${[1, 2]}`, dialect)).toBeNull();
    expect(() => keptShape("shape probe", sql`select 1`, dialect)).toThrow(/not a statement name/);
  });
});
