import { eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, expect, it } from "vitest";
import { orderSettingsMessages } from "~/lib/validation/admin/order-settings";
import type { OrderSettingsView } from "~/lib/view-types/admin/money-orders";
import { action, loader } from "~/routes/admin/money/admin.money.orders";
import { auditLog, orders, orderSettings } from "#server/db/schema";
import { completeCoveredOrder } from "#server/orders/complete-covered-order";
import { createOrder } from "#server/orders/create-order";
import { getOrderSettings } from "#server/orders/get-order-settings";
import { changeOrderSettings } from "#server/staff/money/change-order-settings";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember, expectLedgerInvariant } from "../../helpers/members";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-money-orders");

const usdt = (n: number) => BigInt(n) * 1_000_000n;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const PATH = "/admin/money/orders";

describeEachDatabase("money: the order settings an owner sets", (database) => {
  const db = () => database().db;
  let owner: Awaited<ReturnType<typeof signUpStaff>>;

  useProcessDatabase(database);
  beforeAll(async () => {
    owner = await signUpStaff(db(), "owner");
  });
  afterEach(async () => {
    await expectLedgerInvariant(db());
  });

  const post = (cookie: string, form: Record<string, string>) => callAction(action, { path: PATH, cookie, form });

  it("starts at 24 hours and 7 days, and a new order is held and kept open for what the owner saved", async () => {
    expect(await getOrderSettings({ db: db() })).toEqual({ priceHoldHours: 24, lifetimeDays: 7 });
    const answer = await post(owner.cookie, { priceHoldHours: "48", lifetimeDays: "10" });
    expect(answer).toMatchObject({
      status: 200,
      data: { ok: true, settings: { priceHoldHours: 48, lifetimeDays: 10 } },
    });
    expect(await getOrderSettings({ db: db() })).toEqual({ priceHoldHours: 48, lifetimeDays: 10 });

    const plan = await createPlan(db(), "Held", usdt(50));
    const { id } = await createMember(db(), { balance: 0n });
    const now = new Date();
    const { orderId } = await createOrder({ db: db(), userId: id, planIds: [plan.id], billingPeriod: "monthly", now });
    const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(order!.pricesHeldUntil.getTime()).toBe(now.getTime() + 48 * HOUR);
    expect(order!.expiresAt.getTime()).toBe(now.getTime() + 10 * DAY);

    // An order already made keeps its times; a lapsed hold is held again for the hold in force then.
    await post(owner.cookie, { priceHoldHours: "2", lifetimeDays: "10" });
    const later = new Date(now.getTime() + 49 * HOUR);
    expect((await completeCoveredOrder({ db: db(), userId: id, now: later })).status).toBe("not-covered");
    const [again] = await db().select().from(orders).where(eq(orders.id, orderId));
    expect(again!.expiresAt.getTime()).toBe(now.getTime() + 10 * DAY);
    expect(again!.pricesHeldUntil.getTime()).toBe(later.getTime() + 2 * HOUR);
  });

  it("audits each change as the owner, before and after, and shows it on the page", async () => {
    const actor = { userId: owner.userId, label: owner.email, role: "owner" };
    await changeOrderSettings({ db: db(), actor, settings: { priceHoldHours: 24, lifetimeDays: 7 } });
    await post(owner.cookie, { priceHoldHours: "36", lifetimeDays: "5" });
    const [row] = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetType, "order-settings"))
      .orderBy(sql`${auditLog.at} desc, ${auditLog.id} desc`)
      .limit(1);
    expect(row).toMatchObject({
      action: "settings.orders",
      actorLabel: owner.email,
      actorRole: "owner",
      summary: "Orders: prices held 36 hours, open 5 days",
      before: { priceHoldHours: 24, lifetimeDays: 7 },
      after: { priceHoldHours: 36, lifetimeDays: 5 },
    });
    const view = (await callLoader(loader, { path: PATH, cookie: owner.cookie })).data as unknown as OrderSettingsView;
    expect(view).toMatchObject({ settings: { priceHoldHours: 36, lifetimeDays: 5 }, canChange: true });
    expect(view.history.entries[0]).toMatchObject({ action: "settings.orders", actorLabel: owner.email });
  });

  it("refuses out-of-bounds values, a hold past the order's life and no change, each with its message, writing nothing", async () => {
    await post(owner.cookie, { priceHoldHours: "24", lifetimeDays: "7" });
    const audited = async () =>
      (await db().select().from(auditLog).where(eq(auditLog.targetType, "order-settings"))).length;
    const before = await audited();
    const refused = async (form: Record<string, string>) => {
      const r = await post(owner.cookie, form);
      const data = r.data as { error?: string; fieldErrors?: Record<string, string> };
      return {
        status: r.status,
        message: data.fieldErrors?.priceHoldHours ?? data.fieldErrors?.lifetimeDays ?? data.error,
      };
    };
    expect(await refused({ priceHoldHours: "0", lifetimeDays: "7" })).toEqual({
      status: 400,
      message: orderSettingsMessages.priceHoldHours,
    });
    expect(await refused({ priceHoldHours: "24", lifetimeDays: "31" })).toEqual({
      status: 400,
      message: orderSettingsMessages.lifetimeDays,
    });
    expect(await refused({ priceHoldHours: "1.5", lifetimeDays: "7" })).toEqual({
      status: 400,
      message: orderSettingsMessages.priceHoldHours,
    });
    expect(await refused({ priceHoldHours: "48", lifetimeDays: "1" })).toEqual({
      status: 400,
      message: orderSettingsMessages.holdPastLife,
    });
    expect(await refused({ priceHoldHours: "24", lifetimeDays: "7" })).toEqual({
      status: 409,
      message: orderSettingsMessages.unchanged,
    });
    expect(await getOrderSettings({ db: db() })).toEqual({ priceHoldHours: 24, lifetimeDays: 7 });
    expect(await audited()).toBe(before);
    // The table holds the same bounds against a write from anywhere else.
    await expect(db().update(orderSettings).set({ priceHoldHours: 200 })).rejects.toThrow();
    await expect(db().update(orderSettings).set({ priceHoldHours: 48, lifetimeDays: 1 })).rejects.toThrow();
  });

  it("an admin reads the settings but cannot change them; support and editors see nothing", async () => {
    const admin = await signUpStaff(db(), "admin");
    const view = (await callLoader(loader, { path: PATH, cookie: admin.cookie })).data as unknown as OrderSettingsView;
    expect(view.canChange).toBe(false);
    expect((await post(admin.cookie, { priceHoldHours: "12", lifetimeDays: "3" })).status).toBe(404);
    for (const role of ["support", "editor"] as const) {
      const staff = await signUpStaff(db(), role);
      expect((await callLoader(loader, { path: PATH, cookie: staff.cookie })).status).toBe(404);
      expect((await post(staff.cookie, { priceHoldHours: "12", lifetimeDays: "3" })).status).toBe(404);
    }
    expect(await getOrderSettings({ db: db() })).not.toEqual({ priceHoldHours: 12, lifetimeDays: 3 });
  });
});
