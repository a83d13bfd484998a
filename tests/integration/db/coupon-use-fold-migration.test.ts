import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { couponMessages } from "~/lib/billing/coupons";
import { exportMemberData } from "#server/dashboard/export-member-data";
import { migrateDatabase } from "#server/db/migrate";
import { listCouponRedemptions } from "#server/staff/coupons/list-coupon-redemptions";
import { listCoupons } from "#server/staff/coupons/list-coupons";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase } from "../../helpers/database";
import { createMember } from "../../helpers/members";
import { buy, refusalOf, usdt } from "../coupons/coupon-fixtures";

// Uses recorded before migration 0056 as rows of coupon_redemptions: the migration moves each onto
// the billing row it named, so the code keeps its history (its page, its counts, the per-member
// limit, the member's data download) once that table is gone.
describeEachDatabase(
  "migration 0056: a code's uses recorded before it are its billing rows after it",
  (database) => {
    const db = () => database().db;

    it("keeps every use, purchases counted and renewals listed, and a used code cannot be deleted", async () => {
      const [code] = (
        await db().execute<{ id: number }>(sql`
          insert into coupons (code, kind, percent_off, duration, per_member_limit)
          values ('SPRING', 'percent', 20, 'forever', 1) returning id`)
      ).rows;
      const couponId = Number(code!.id);
      const ada = await createMember(db(), { balance: usdt(50) });
      const bob = await createMember(db(), { balance: usdt(50) });
      const at = (day: number) => new Date(Date.UTC(2026, 9, day, 12));
      // A bill as the site wrote one at 0055, and the use row that named it.
      const used = async (userId: string, kind: "purchase" | "renewal", day: number) => {
        const [bill] = (
          await db().execute<{ id: string }>(sql`
            insert into billing_history (user_id, invoice_id, issue_date, total_amount, status, list_amount,
                                         discount_amount, coupon_code)
            values (${userId}, ${`INV-${kind}-${day}-${userId.slice(0, 6)}`}, ${at(day).toISOString()}::timestamptz,
                    ${usdt(40)}, 'paid', ${usdt(50)}, ${usdt(10)}, 'SPRING')
            returning id`)
        ).rows;
        await db().execute(sql`
          insert into coupon_redemptions (coupon_id, user_id, kind, billing_id, list_amount, discount_amount,
                                          charged_amount, created_at)
          values (${couponId}, ${userId}, ${kind}, ${bill!.id}::uuid, ${usdt(50)}, ${usdt(10)}, ${usdt(40)},
                  ${at(day).toISOString()}::timestamptz)`);
      };
      await used(ada.id, "purchase", 1);
      await used(ada.id, "renewal", 2);
      await used(bob.id, "purchase", 3);
      // A bill that is no use of a code.
      await db().execute(sql`
        insert into billing_history (user_id, invoice_id, total_amount, status)
        values (${ada.id}, 'INV-TOPUP', ${usdt(5)}, 'paid')`);

      await migrateDatabase({ database: database() });

      const page = await listCouponRedemptions({ db: db(), couponId });
      expect(page.map((use) => [use.email, use.kind, use.list, use.discount, use.charged])).toEqual([
        [bob.email, "purchase", usdt(50).toString(), usdt(10).toString(), usdt(40).toString()],
        [ada.email, "renewal", usdt(50).toString(), usdt(10).toString(), usdt(40).toString()],
        [ada.email, "purchase", usdt(50).toString(), usdt(10).toString(), usdt(40).toString()],
      ]);
      expect(page.map((use) => use.at)).toEqual([at(3), at(2), at(1)].map((day) => day.toISOString()));
      expect(await listCoupons({ db: db(), couponId })).toEqual([
        expect.objectContaining({ redemptions: 2, allUses: 3, revenue: usdt(120).toString() }),
      ]);
      const download = await exportMemberData({ db: db(), userId: ada.id });
      expect(download.couponRedemptions.map((use) => [use.code, use.kind, use.invoiceId])).toEqual([
        ["SPRING", "purchase", `INV-purchase-1-${ada.id.slice(0, 6)}`],
        ["SPRING", "renewal", `INV-renewal-2-${ada.id.slice(0, 6)}`],
      ]);

      // Ada's purchase before the migration still counts against her limit of one; a renewal did not.
      const plan = await createPlan(db(), "Sigma", usdt(50));
      expect(await refusalOf(buy(db(), { userId: ada.id, plans: [plan], code: "SPRING", total: usdt(40) }))).toEqual({
        code: "CONFLICT",
        message: couponMessages.perMember,
      });
      const cara = await createMember(db(), { balance: usdt(50) });
      await buy(db(), { userId: cara.id, plans: [plan], code: "SPRING", total: usdt(40) });
      expect(await listCoupons({ db: db(), couponId })).toEqual([expect.objectContaining({ redemptions: 3 })]);

      const deleted = await db()
        .execute(sql`delete from coupons where id = ${couponId}`)
        .then(
          () => "deleted",
          (error: Error) => `${error.message} ${(error.cause as Error | undefined)?.message ?? ""}`,
        );
      expect(deleted).toContain("coupon SPRING has been used");
      expect(
        (await db().execute(sql`select 1 from information_schema.tables where table_name = 'coupon_redemptions'`)).rows,
      ).toEqual([]);
    });
  },
  { migratedUpTo: "0055_member_cart_coupon" },
);
