import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { postLedgerEntry } from "../server/billing/ledger.ts";
import { purchaseSubscriptions } from "../server/billing/purchase-subscriptions.ts";
import type { Database } from "../server/db/client.ts";
import { createTestDatabase } from "../tests/helpers/database.ts";
import { checkMoneyInvariant } from "./bench-money-invariant.ts";
import type { KindResult } from "./bench-money-rounds.ts";
import { CODE_PRICE, PERCENT_OFF, PLAN_PRICE, seedBenchCode, seedPlansAndMembers } from "./bench-scratch.ts";

// The money bench's last line says whether its run kept the money rules. Each rule is broken here
// once, on a database a few purchases of each kind made, and the line must say BROKEN.
const FREE = "INVFREE20";
const LIMITED = "INVLIMITED20";

let database: Database;
let drop: () => Promise<void>;
let limitedId: number;

/** A kind's result as the rounds report it: `ok` of `done` succeeded, nothing warmed up. */
const run = (name: string, done: number, ok = done): KindResult => ({
  name,
  done,
  ok,
  seconds: 1,
  latencies: [],
  nodeMs: 0,
  databaseMs: null,
  warmup: { done: 0, ok: 0 },
});

/** The runs that match what beforeAll bought: one purchase of each kind, two with the free code. */
const runs = (changed: Partial<Record<"purchase" | "coupon" | "limited", KindResult>> = {}) => ({
  alone: run("purchase", 0),
  purchase: changed.purchase ?? run("purchase", 1),
  upgrade: run("upgrade", 0),
  coupon: changed.coupon ?? run("coupon", 2),
  limited: changed.limited ?? run("limited", 1),
});

/** checkMoneyInvariant's answer and the line it printed. */
async function check(options: { runs?: ReturnType<typeof runs>; costRuns?: number } = {}) {
  const log = vi.spyOn(console, "log").mockImplementation(() => {});
  try {
    const holds = await checkMoneyInvariant({
      db: database.db,
      codes: { free: FREE, limited: LIMITED, limitedId },
      runs: options.runs ?? runs(),
      costRuns: options.costRuns ?? 0,
    });
    return { holds, line: String(log.mock.calls.at(-1)?.[0]) };
  } finally {
    log.mockRestore();
  }
}

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase("pglite"));
  const { db } = database;
  const { plans, ids } = await seedPlansAndMembers(db, { planCount: 3, price: PLAN_PRICE, members: 4 });
  for (const id of ids)
    await db.transaction((tx) =>
      postLedgerEntry({ tx, userId: id, kind: "deposit", amount: PLAN_PRICE * 3n, reference: `invariant:${id}` }),
    );
  await seedBenchCode(db, { code: FREE, percentOff: PERCENT_OFF, planIds: [plans[1]!.id], maxRedemptions: null });
  limitedId = await seedBenchCode(db, {
    code: LIMITED,
    percentOff: PERCENT_OFF,
    planIds: [plans[2]!.id],
    maxRedemptions: 100,
  });
  const buy = (member: number, plan: number, couponCode?: string) =>
    purchaseSubscriptions({
      db,
      userId: ids[member]!,
      planIds: [plans[plan]!.id],
      billingPeriod: "monthly",
      totalAmount: couponCode ? CODE_PRICE : PLAN_PRICE,
      idempotencyKey: `invariant:${member}:${plan}`,
      couponCode,
    });
  await buy(0, 0);
  await buy(1, 1, FREE);
  await buy(2, 1, FREE);
  await buy(3, 2, LIMITED);
});

afterAll(() => drop());

describe("checkMoneyInvariant", () => {
  it("holds for what the purchases did", async () => {
    const { holds, line } = await check();
    expect(holds).toBe(true);
    expect(line).toMatch(/^ledger invariant: ok/);
  });

  it("is broken by a balance that is not its ledger's sum", async () => {
    const shift = (by: number) =>
      database.db.execute(sql`update profiles set balance = balance + ${by}
        where id = (select user_id from ledger_entries order by id limit 1)`);
    await shift(1);
    try {
      const { holds, line } = await check();
      expect(holds).toBe(false);
      expect(line).toContain("1 balances off");
    } finally {
      await shift(-1);
    }
  });

  it("is broken by a refused purchase", async () => {
    const { holds, line } = await check({ runs: runs({ purchase: run("purchase", 2, 1) }) });
    expect(holds).toBe(false);
    expect(line).toContain("1 refused");
  });

  it("is broken by a code's use counted twice or not at all", async () => {
    // One limited purchase more than its billing rows: a use the code's slots never counted.
    expect((await check({ runs: runs({ limited: run("limited", 2) }) })).line).toContain("coupon uses miscounted");
    // One free-code purchase more than its billing rows.
    expect((await check({ runs: runs({ coupon: run("coupon", 3) }) })).holds).toBe(false);
    // The one-at-a-time purchases count too: two of each kind with a code claimed, none made.
    expect((await check({ costRuns: 2 })).holds).toBe(false);
    // A code with no limit keeps no count of its own: a count on it means a use went the wrong way.
    await database.db.execute(sql`update coupons set redemption_count = 1 where code = ${FREE}`);
    try {
      expect((await check()).line).toContain("coupon uses miscounted");
    } finally {
      await database.db.execute(sql`update coupons set redemption_count = 0 where code = ${FREE}`);
    }
  });

  it("is broken by a plan held twice", async () => {
    // The schema refuses a second active row of one plan; the invariant is what notices if it ever
    // did not. The index comes back afterwards, so no test after this one meets a weaker schema.
    const [index] = (
      await database.db.execute<{ indexdef: string }>(
        sql`select indexdef from pg_indexes where indexname = 'subscriptions_one_active_per_plan'`,
      )
    ).rows;
    await database.db.execute(sql`drop index subscriptions_one_active_per_plan`);
    const [copy] = (
      await database.db.execute<{ id: number }>(sql`insert into subscriptions
          (user_id, plan_id, billing_period, status, next_billing_date)
        select user_id, plan_id, billing_period, status, next_billing_date
        from subscriptions where status = 'active' limit 1 returning id`)
    ).rows;
    try {
      const { holds, line } = await check();
      expect(holds).toBe(false);
      expect(line).toContain("1 duplicates");
    } finally {
      await database.db.execute(sql`delete from subscriptions where id = ${copy!.id}`);
      await database.db.execute(sql.raw(index!.indexdef));
    }
    expect((await check()).holds, "the copy gone and the index back").toBe(true);
  });
});
