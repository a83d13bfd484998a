import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { migrateDatabase } from "#server/db/migrate";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { buy, otherMembersUses, refusalOf, usdt, usesCounted } from "../coupons/coupon-fixtures";

// Codes written before migration 0053, with a limit and uses already counted on their own row:
// the migration must give each the uses it has left, no more and no fewer, on its new slots.
describeEachDatabase(
  "migration 0053: a limited code made before it keeps exactly the uses it had left",
  (database) => {
    const db = () => database().db;

    it("splits each code's remaining uses across its slots, and purchases then stop at its limit", async () => {
      const codeAt0052 = async (code: string, limit: number | null, count: number) => {
        const rows = await db().execute<{ id: number }>(sql`
          insert into coupons (code, kind, percent_off, duration, max_redemptions, redemption_count)
          values (${code}, 'percent', 20, 'once', ${limit}, ${count}) returning id`);
        return Number(rows.rows[0]!.id);
      };
      const wide = await codeAt0052("WIDE", 20, 7);
      const last = await codeAt0052("LASTTWO", 5, 3);
      const full = await codeAt0052("FULL", 4, 4);
      const open = await codeAt0052("OPEN", null, 9);

      await migrateDatabase({ database: database() });

      const slots = await db().execute<{ coupon_id: number; slot: number; quota: number; uses: number }>(
        sql`select coupon_id, slot, quota, uses from coupon_use_slots order by coupon_id, slot`,
      );
      const of = (id: number) =>
        slots.rows
          .filter((row) => Number(row.coupon_id) === id)
          .map((row) => ({ slot: Number(row.slot), quota: Number(row.quota), uses: Number(row.uses) }));
      // 13 left on 8 slots: the first five hold one more.
      expect(of(wide).map((slot) => slot.quota)).toEqual([2, 2, 2, 2, 2, 1, 1, 1]);
      expect(of(last)).toEqual([
        { slot: 0, quota: 1, uses: 0 },
        { slot: 1, quota: 1, uses: 0 },
      ]);
      expect(of(full)).toEqual([]);
      expect(of(open)).toEqual([]);
      expect(await usesCounted(db(), wide)).toBe(7);
      // What each count stood for: purchases with the code (its actual uses decide once its slots are full).
      for (const [id, count] of [
        [wide, 7],
        [last, 3],
        [full, 4],
        [open, 9],
      ] as const)
        await otherMembersUses(db(), id, count);

      const plan = await createPlan(db(), "Sigma", usdt(50));
      const buyWith = async (code: string) => {
        const member = await createMember(db(), { balance: usdt(50) });
        return buy(db(), { userId: member.id, plans: [plan], code, total: usdt(40) });
      };
      await buyWith("WIDE");
      expect(await usesCounted(db(), wide)).toBe(8);
      await buyWith("LASTTWO");
      await buyWith("LASTTWO");
      expect(await refusalOf(buyWith("LASTTWO"))).toEqual({ code: "CONFLICT", message: couponMessages.usedUp });
      expect(await usesCounted(db(), last)).toBe(5);
      expect(await refusalOf(buyWith("FULL"))).toEqual({ code: "CONFLICT", message: couponMessages.usedUp });
      await expectLedgerInvariant(db());
    });
  },
  { migratedUpTo: "0052_billing_coupon_issue_idx" },
);
