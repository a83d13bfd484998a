import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { UNKNOWN_PLAN } from "~/lib/validation/admin/coupons";
import { action as listAction, loader as listLoader } from "~/routes/admin/coupons/admin.coupons";
import { action as couponAction, loader as couponLoader } from "~/routes/admin/coupons/admin.coupons.$couponId";
import { billingHistory, coupons } from "#server/db/schema";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember } from "../../helpers/members";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";
import { buy, usdt } from "../coupons/coupon-fixtures";

withTestDataDir("admin-coupons");

describeEachDatabase("/admin/coupons", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);
  const form = { code: "welcome10", kind: "percent", percentOff: "10", duration: "once" };

  it("creates, refuses a taken code beside its field, pauses, and lists each code's uses and revenue after discount", async () => {
    const admin = await signUpStaff(db(), "admin");
    const made = await callAction(couponAction, {
      path: "/admin/coupons/new",
      params: { couponId: "new" },
      cookie: admin.cookie,
      json: form,
    });
    expect(made.status).toBe(200);
    const couponId = (made.data as { couponId: number }).couponId;
    const again = await callAction(couponAction, {
      path: "/admin/coupons/new",
      params: { couponId: "new" },
      cookie: admin.cookie,
      json: form,
    });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ ok: false, fieldErrors: { code: expect.stringContaining("already exists") } });
    const bad = await callAction(couponAction, {
      path: `/admin/coupons/${couponId}`,
      params: { couponId: String(couponId) },
      cookie: admin.cookie,
      json: { ...form, percentOff: "0" },
    });
    expect(bad.status).toBe(400);

    const member = await createMember(db(), { balance: usdt(100) });
    const plan = await createPlan(db(), "Gold", usdt(40));
    await buy(db(), { userId: member.id, plans: [plan], code: "WELCOME10", total: usdt(36) });
    // The purchase's bill is the code's use.
    expect(await db().select().from(billingHistory).where(eq(billingHistory.couponId, couponId))).toMatchObject([
      { couponUse: "purchase", userId: member.id },
    ]);

    const paused = await callAction(listAction, {
      path: "/admin/coupons",
      cookie: admin.cookie,
      form: { couponId: String(couponId), paused: "true" },
    });
    expect(paused.data).toMatchObject({ ok: true, paused: true });
    const list = await callLoader(listLoader, { path: "/admin/coupons", cookie: admin.cookie });
    expect((list.data as { coupons: unknown[] }).coupons).toEqual([
      expect.objectContaining({ code: "WELCOME10", state: "paused", redemptions: 1, revenue: usdt(36).toString() }),
    ]);
    const page = await callLoader(couponLoader, {
      path: `/admin/coupons/${couponId}`,
      cookie: admin.cookie,
      params: { couponId: String(couponId) },
    });
    expect(page.data).toMatchObject({
      coupon: { discount: usdt(4).toString() },
      redemptions: [{ email: member.email, kind: "purchase", charged: usdt(36).toString() }],
    });
  });

  it("refuses a code limited to a plan that does not exist, beside the plans, and writes nothing", async () => {
    const admin = await signUpStaff(db(), "admin");
    const draft = await createPlan(db(), "Draft", usdt(40), false);
    const missing = draft.id + 1000;
    const create = (planIds: number[]) =>
      callAction(couponAction, {
        path: "/admin/coupons/new",
        params: { couponId: "new" },
        cookie: admin.cookie,
        json: { ...form, code: "draftonly", planIds },
      });
    for (const planIds of [
      [draft.id, missing],
      [draft.id, 3_000_000_000], // past PostgreSQL's integer: refused before any query
    ]) {
      const refused = await create(planIds);
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({ ok: false, fieldErrors: { planIds: UNKNOWN_PLAN } });
    }
    const saved = () =>
      db().select({ planIds: coupons.planIds, note: coupons.note }).from(coupons).where(eq(coupons.code, "DRAFTONLY"));
    expect(await saved()).toEqual([]);

    // A draft plan is a plan: a code may be ready before it is published.
    const made = await create([draft.id]);
    expect(made.status).toBe(200);
    const couponId = (made.data as { couponId: number }).couponId;
    const edited = await callAction(couponAction, {
      path: `/admin/coupons/${couponId}`,
      params: { couponId: String(couponId) },
      cookie: admin.cookie,
      json: { ...form, code: "draftonly", planIds: [missing], note: "edited" },
    });
    expect(edited.status).toBe(400);
    expect(edited.data).toMatchObject({ ok: false, fieldErrors: { planIds: UNKNOWN_PLAN } });
    expect(await saved()).toEqual([{ planIds: [draft.id], note: "" }]);
  });

  it("is only for staff who may move money", async () => {
    const editor = await signUpStaff(db(), "editor");
    expect((await callLoader(listLoader, { path: "/admin/coupons", cookie: editor.cookie })).status).toBe(404);
    const made = await callAction(couponAction, {
      path: "/admin/coupons/new",
      params: { couponId: "new" },
      cookie: editor.cookie,
      json: form,
    });
    expect(made.status).toBe(404);
  });
});
