import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { blogPosts, ledgerEntries, pricing, profiles, results, subscriptions, user } from "#server/db/schema";
import { describeEachDatabase } from "../../helpers/database";

/** Postgres reports the violated constraint; both drivers surface it somewhere in the cause chain. */
async function violation(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    let e: unknown = error;
    const text: string[] = [];
    while (e) {
      text.push(String((e as Error).message), String((e as { constraint?: string }).constraint ?? ""));
      e = (e as { cause?: unknown }).cause;
    }
    return text.join(" | ");
  }
  throw new Error("expected the database to refuse the write");
}

describeEachDatabase("schema constraints", (database) => {
  const newUser = async (id: string) => {
    await database()
      .db.insert(user)
      .values({ id, name: id, email: `${id}@example.com` });
    await database().db.insert(profiles).values({ id, firstName: "A", lastName: "B" });
  };

  it("keeps a balance from going negative", async () => {
    await newUser("u-balance");
    expect(
      await violation(
        database()
          .db.update(profiles)
          .set({ balance: -1n })
          .where(sql`id = 'u-balance'`),
      ),
    ).toContain("profiles_balance_nonneg");
  });

  it("refuses values outside the enums", async () => {
    expect(
      await violation(database().db.execute(sql`insert into results (type, title) values ('options', 'x')`)),
    ).toMatch(/invalid input value for enum result_type/);
    expect(
      await violation(
        database().db.execute(
          sql`insert into billing_history (user_id, invoice_id, total_amount, status) values ('x','y',1,'refunded')`,
        ),
      ),
    ).toMatch(/invalid input value for enum billing_status/);
  });

  it("keeps blog slugs unique and well-formed", async () => {
    const post = { title: "T", content: "<p>x</p>", category: "C", date: "2026-01-01", image: "/i.svg", author: "A" };
    await database()
      .db.insert(blogPosts)
      .values({ ...post, slug: "one-post" });
    expect(
      await violation(
        database()
          .db.insert(blogPosts)
          .values({ ...post, slug: "one-post" }),
      ),
    ).toMatch(/blog_slug_unique|duplicate key/);
    expect(
      await violation(
        database()
          .db.insert(blogPosts)
          .values({ ...post, slug: "Bad Slug" }),
      ),
    ).toContain("blog_slug_format");
  });

  it("stores money as exact bigint micro-USDT", async () => {
    const [plan] = await database()
      .db.insert(pricing)
      .values({ planId: "big", name: "Big", price: 9_007_199_254_740_993n, features: ["a"] })
      .returning();
    expect(plan!.price).toBe(9_007_199_254_740_993n);
    expect(
      await violation(database().db.insert(pricing).values({ planId: "free", name: "Free", price: 0n })),
    ).toContain("pricing_price_positive");
  });

  it("gives lifetime subscriptions no end and no autorenew, and allows one active per plan", async () => {
    await newUser("u-subs");
    const [plan] = await database()
      .db.insert(pricing)
      .values({ planId: "p-subs", name: "P", price: 10_000_000n })
      .returning();
    const base = { userId: "u-subs", planId: plan!.id };
    expect(
      await violation(
        database()
          .db.insert(subscriptions)
          .values({ ...base, billingPeriod: "lifetime", autorenew: true }),
      ),
    ).toContain("subscriptions_lifetime_shape");
    await database()
      .db.insert(subscriptions)
      .values({ ...base, billingPeriod: "lifetime", autorenew: false });
    expect(
      await violation(
        database()
          .db.insert(subscriptions)
          .values({ ...base, billingPeriod: "monthly", nextBillingDate: new Date() }),
      ),
    ).toMatch(/subscriptions_one_active_per_plan|duplicate key/);
  });

  it("makes each ledger reference happen once", async () => {
    await newUser("u-ledger");
    const entry = { userId: "u-ledger", kind: "deposit" as const, amount: 5_000_000n, reference: "tron:abc:0" };
    await database().db.insert(ledgerEntries).values(entry);
    expect(await violation(database().db.insert(ledgerEntries).values(entry))).toMatch(
      /ledger_entries_reference_unique|duplicate key/,
    );
    expect(
      await violation(
        database()
          .db.insert(ledgerEntries)
          .values({ ...entry, reference: "zero", amount: 0n }),
      ),
    ).toContain("ledger_amount_nonzero");
  });

  it("refuses a win rate above 100", async () => {
    expect(await violation(database().db.insert(results).values({ type: "spot", title: "x", winRate: 101 }))).toContain(
      "results_win_rate_range",
    );
  });

  it("keeps a code's counted use on a paid bill only (a renewal's discount may sit on any)", async () => {
    await newUser("u-coupon-use");
    const bill = (status: string, use: string) =>
      database().db.execute(sql`
        insert into billing_history (user_id, invoice_id, total_amount, status, list_amount, discount_amount,
                                     coupon_code, coupon_id, coupon_use)
        values ('u-coupon-use', ${`INV-${status}-${use}`}, 40, ${status}::billing_status, 50, 10, 'SPRING', 1,
                ${use}::coupon_use_kind)`);
    expect(await violation(bill("pending", "purchase"))).toContain("billing_coupon_use_paid");
    expect(await violation(bill("failed", "purchase"))).toContain("billing_coupon_use_paid");
    await bill("paid", "purchase");
    await bill("failed", "renewal");
  });
});
