import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { endReplacedSql } from "#server/billing/record-purchase";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { genericPlanIndexes } from "../../helpers/generic-plan";

// The purchase's write statement is kept prepared, so it runs a generic plan: one made without
// the ids it is given (none, for most purchases). The part ending replaced subscriptions must find
// them by id alone, whatever else about subscriptions is indexed: with the status compared as the
// indexes' type, such a plan ANDed the ids with an entry of every active subscription (of
// subscriptions_due_idx, or of a partial index of active ones), a cost that grew with the site.
describeEachDatabase("ending replaced subscriptions in a generic plan", (database) => {
  const db = () => database().db;

  it("finds them by id alone among many active subscriptions whose statistics were never gathered", async () => {
    const plan = await createPlan(db(), "Mu", 49_000_000n);
    await db().execute(sql`
      insert into "user" (id, name, email)
      select 'probe-' || g, 'Probe', 'probe-' || g || '@example.invalid' from generate_series(1, 20000) g`);
    await db().execute(sql`
      insert into subscriptions (user_id, plan_id, status, billing_period, start_date, next_billing_date, autorenew)
      select 'probe-' || g, ${plan.id}, 'active', 'monthly', now(), now() + interval '30 days', true
        from generate_series(1, 20000) g`);
    const indexes = await genericPlanIndexes(db(), endReplacedSql([], new Date("2026-11-29T12:00:00Z")), [
      "2026-11-29T12:00:00Z",
      "{}",
    ]);
    expect(indexes).toEqual(["subscriptions_pkey"]);
  });
});
