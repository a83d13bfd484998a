import { sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { expect, it } from "vitest";
import { couponPurchaseUses } from "#server/coupons/coupon-purchase-uses";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";
import { makeCoupon, otherMembersUses } from "./coupon-fixtures";

type PlanNode = { "Index Name"?: string; Plans?: PlanNode[] };

const indexesOf = (node: PlanNode): string[] => [
  ...(node["Index Name"] ? [node["Index Name"]] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

// Every checkout with a code counts the member's own uses of it, in the purchase's first statement,
// which is kept prepared and so runs a generic plan. That count must read the member's bills alone:
// a plan that also reads the code's index (ANDing the two) reads every use the code ever had, so a
// popular code's checkouts grew dearer with each one sold.
describeEachDatabase("a member's uses of a code in a generic plan", (database) => {
  const db = () => database().db;

  it("are read from the member's own bills, not from every use of the code", async () => {
    const coupon = await makeCoupon(db());
    const member = await createMember(db(), {});
    await otherMembersUses(db(), coupon.id, 3000);
    const { sql: text, params } = new PgDialect().sqlToQuery(
      sql`select ${couponPurchaseUses({ couponId: sql`${coupon.id}::int`, userId: member.id })} as uses`,
    );
    const plan = await db().transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare member_uses_probe as ${text}`));
      const explained = await tx.execute<{ "QUERY PLAN": unknown }>(
        sql.raw(
          `explain (format json) execute member_uses_probe(${params.map((value) => `'${String(value)}'`).join(", ")})`,
        ),
      );
      await tx.execute(sql.raw("deallocate member_uses_probe"));
      const json = explained.rows[0]!["QUERY PLAN"];
      return (typeof json === "string" ? JSON.parse(json) : json) as { Plan: PlanNode }[];
    });
    expect(indexesOf(plan[0]!.Plan)).toEqual(["billing_user_issue_idx"]);
  });
});
