import { and, asc, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { StaffRole } from "~/lib/staff-roles";
import type { AdminPlan } from "~/lib/view-types/admin/plans";
import type { TargetHistory } from "~/lib/view-types/admin/shared";
import { action as arrangeAction, loader as plansLoader } from "~/routes/admin/plans/admin.plans";
import { loader as editLoader, action as saveAction } from "~/routes/admin/plans/admin.plans.$planId";
import { action as pricesAction } from "~/routes/api/admin/api.admin.plan-prices";
import { auditLog, notifications, planTelegramChats, pricing, subscriptions } from "#server/db/schema";
import { NO_SCHEDULED_CHANGE } from "#server/staff/plans/cancel-scheduled-price-change";
import { seedPlanChats } from "#server/telegram/seed-plan-chats";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember } from "../../helpers/members";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-plans");

describeEachDatabase("back office: plans", (database) => {
  const db = () => database().db;
  const staff = async (role: StaffRole) => (await signUpStaff(db(), role)).cookie;
  let admin: string;
  let editor: string;
  let support: string;
  useProcessDatabase(database);
  beforeAll(async () => {
    admin = await staff("admin");
    editor = await staff("editor");
    support = await staff("support");
  });
  /** What members pay goes through the prices action (prices.write); admin by default. */
  const prices = (json: Record<string, unknown>, cookie = admin) =>
    callAction(pricesAction, { path: "/api/admin/plan-prices", cookie, json });

  it("an admin creates and prices a plan through the prices action; an editor saves its texts, never its price", async () => {
    const created = await prices({
      intent: "create",
      name: "Scalper",
      monthlyPrice: "25.5",
      features: ["Fast entries"],
    });
    expect(created).toMatchObject({ status: 200, data: { ok: true, mode: "immediate" } });
    const id = created.data.id as number;
    const [row] = await db().select().from(pricing).where(eq(pricing.id, id));
    expect(row).toMatchObject({ name: "Scalper", price: 25_500_000n, published: false, features: ["Fast entries"] });

    const repriced = await prices({ intent: "save", planId: id, name: "Scalper", monthlyPrice: "20", discount: "10" });
    expect(repriced.data).toMatchObject({ ok: true, id, mode: "immediate" });

    // The editor's texts save: a price sent along is not read, the price and discount stay.
    const edited = await callAction(saveAction, {
      path: `/admin/plans/${id}`,
      cookie: editor,
      params: { planId: String(id) },
      json: { name: "Scalper Pro", monthlyPrice: "99", discount: "50", features: [] },
    });
    expect(edited.data).toMatchObject({ ok: true, id, mode: "unchanged" });
    const loaded = await callLoader(editLoader, {
      path: `/admin/plans/${id}`,
      cookie: editor,
      params: { planId: String(id) },
    });
    expect(loaded.data.plan).toMatchObject({ name: "Scalper Pro", price: "20000000", discount: 10, features: [] });
    expect(loaded.data.canChangePrices).toBe(false);
    const audit = await db()
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(id)));
    expect(audit.map((a) => a.action)).toEqual(["plan.created", "plan.updated", "plan.updated"]);

    // The editor's own price change, plan creation or publishing: the guard's 404, nothing written.
    for (const json of [
      { intent: "save", planId: id, name: "Scalper Pro", monthlyPrice: "1" },
      { intent: "create", name: "Sneaky", monthlyPrice: "1" },
      { intent: "publish", planId: id, published: "true" },
    ]) {
      expect((await prices(json, editor)).status, json.intent).toBe(404);
    }
    expect(
      (await callLoader(editLoader, { path: "/admin/plans/new", cookie: editor, params: { planId: "new" } })).status,
    ).toBe(404);
    expect(
      (await callLoader(editLoader, { path: "/admin/plans/new", cookie: admin, params: { planId: "new" } })).status,
    ).toBe(200);
    expect(
      await callAction(saveAction, {
        path: "/admin/plans/new",
        cookie: editor,
        params: { planId: "new" },
        json: { name: "Sneaky" },
      }),
    ).toMatchObject({ status: 404 });
    const [after] = await db().select().from(pricing).where(eq(pricing.id, id));
    expect(after).toMatchObject({ price: 20_000_000n, discount: 10, published: false });
    expect(await db().select().from(pricing).where(eq(pricing.name, "Sneaky"))).toEqual([]);

    const refused = await callAction(saveAction, {
      path: `/admin/plans/${id}`,
      cookie: editor,
      params: { planId: String(id) },
      json: { name: "" },
    });
    expect(refused).toMatchObject({ status: 400, data: { ok: false, fieldErrors: { name: "Name is required" } } });
    expect(await prices({ intent: "save", planId: id, name: "", monthlyPrice: "0" })).toMatchObject({
      status: 400,
      data: { ok: false, fieldErrors: { name: "Name is required", monthlyPrice: "Monthly price must be more than 0" } },
    });
    expect(
      (await callLoader(editLoader, { path: "/admin/plans/abc", cookie: editor, params: { planId: "abc" } })).status,
    ).toBe(404);
    expect(
      (await callLoader(editLoader, { path: "/admin/plans/999999", cookie: editor, params: { planId: "999999" } }))
        .status,
    ).toBe(404);
  });

  it("saves the Telegram chats a plan grants; a restart's TELEGRAM_PLAN_CHATS seeding keeps them", async () => {
    const created = await prices({
      intent: "create",
      name: "Chatty",
      monthlyPrice: "5",
      telegramChats: ["-1001234567890", "-1009876543210"],
    });
    const id = created.data.id as number;
    const chatsOf = async () =>
      (
        await db()
          .select({ chatId: planTelegramChats.chatId })
          .from(planTelegramChats)
          .where(eq(planTelegramChats.planId, id))
      )
        .map((c) => c.chatId)
        .sort((a, b) => a - b);
    expect(await chatsOf()).toEqual([-1009876543210, -1001234567890]);
    await callAction(saveAction, {
      path: `/admin/plans/${id}`,
      cookie: editor,
      params: { planId: String(id) },
      json: { name: "Chatty", monthlyPrice: "5", telegramChats: ["-1005555555555"] },
    });
    expect(await chatsOf()).toEqual([-1005555555555]);
    const [plan] = await db().select({ slug: pricing.planId }).from(pricing).where(eq(pricing.id, id));
    await seedPlanChats({ db: db(), planChats: { [plan!.slug]: [-1000000000001] }, onlyEmpty: true });
    expect(await chatsOf()).toEqual([-1005555555555]);
    const bad = await callAction(saveAction, {
      path: `/admin/plans/${id}`,
      cookie: editor,
      params: { planId: String(id) },
      json: { name: "Chatty", monthlyPrice: "5", telegramChats: ["@channel"] },
    });
    expect(bad).toMatchObject({
      status: 400,
      data: { ok: false, error: "A Telegram chat id is a number such as -1001234567890" },
    });
    const twice = await callAction(saveAction, {
      path: `/admin/plans/${id}`,
      cookie: editor,
      params: { planId: String(id) },
      json: { name: "Chatty", monthlyPrice: "5", telegramChats: ["-1005555555555", "-1005555555555"] },
    });
    expect(twice.data).toMatchObject({ ok: false, error: "Each Telegram chat is listed once" });
    expect(await chatsOf()).toEqual([-1005555555555]);
  });

  it("publishes and moves plans, renumbering the order; support sees nothing of it (404)", async () => {
    for (const name of ["Alpha", "Beta", "Gamma"]) {
      await prices({ intent: "create", name, monthlyPrice: "10" });
    }
    const before = await db().select().from(pricing).orderBy(asc(pricing.displayOrder), asc(pricing.id));
    const last = before.at(-1)!;
    const up = await callAction(arrangeAction, {
      path: "/admin/plans",
      cookie: editor,
      form: { intent: "move", planId: String(last.id), direction: "up" },
    });
    expect(up.data).toMatchObject({ ok: true, changed: true });
    const after = await db().select().from(pricing).orderBy(asc(pricing.displayOrder), asc(pricing.id));
    expect(after.map((p) => p.displayOrder)).toEqual(after.map((_, i) => i + 1));
    expect(after.at(-2)!.id).toBe(last.id);
    // Already first: moving up changes nothing.
    expect(
      (
        await callAction(arrangeAction, {
          path: "/admin/plans",
          cookie: editor,
          form: { intent: "move", planId: String(after[0]!.id), direction: "up" },
        })
      ).data,
    ).toMatchObject({ ok: true, changed: false });

    // Publishing is what members can buy: not the editor's, and not the content action's.
    const publish = { intent: "publish", planId: String(last.id), published: String(!last.published) };
    expect((await prices(publish, editor)).status).toBe(404);
    expect((await callAction(arrangeAction, { path: "/admin/plans", cookie: editor, form: publish })).status).toBe(400);
    const published = await prices(publish);
    expect(published.data).toMatchObject({ ok: true, changed: true });
    const [row] = await db().select({ published: pricing.published }).from(pricing).where(eq(pricing.id, last.id));
    expect(row!.published).toBe(!last.published);

    expect(
      (
        await callAction(arrangeAction, {
          path: "/admin/plans",
          cookie: editor,
          form: { intent: "explode", planId: "1" },
        })
      ).status,
    ).toBe(400);
    expect((await prices({ intent: "publish", planId: "999999", published: "true" })).status).toBe(404);
    expect((await callLoader(plansLoader, { path: "/admin/plans", cookie: support })).status).toBe(404);
    expect(
      (
        await callAction(arrangeAction, {
          path: "/admin/plans",
          cookie: support,
          form: { intent: "move", planId: String(last.id), direction: "up" },
        })
      ).status,
    ).toBe(404);
    const list = (await callLoader(plansLoader, { path: "/admin/plans", cookie: editor })).data as {
      plans: { id: number }[];
      canWrite: boolean;
      canChangePrices: boolean;
    };
    expect(list.canWrite).toBe(true);
    expect(list.canChangePrices).toBe(false);
    expect(list.plans.map((p) => p.id)).toEqual(after.map((p) => p.id));
  });

  it("an admin cancels a scheduled rise from the plan editor (an editor may not): the editor shows no pending change, the price is back, the history says who", async () => {
    const created = await prices({ intent: "create", name: "Cancel Me", monthlyPrice: "10" });
    const id = created.data.id as number;
    const member = await createMember(db());
    await db()
      .insert(subscriptions)
      .values({
        userId: member.id,
        planId: id,
        billingPeriod: "monthly",
        nextBillingDate: new Date(Date.now() + 5 * 86_400_000),
        autorenew: true,
      });
    expect((await prices({ intent: "save", planId: id, name: "Cancel Me", monthlyPrice: "12" })).data).toMatchObject({
      ok: true,
      mode: "scheduled",
    });
    const scheduled = (
      (await callLoader(editLoader, { path: `/admin/plans/${id}`, cookie: editor, params: { planId: String(id) } }))
        .data.plan as AdminPlan
    ).scheduled!;
    expect(scheduled).toMatchObject({ oldPrice: "10000000", newPrice: "12000000" });

    const form = { intent: "cancel_price_change", planId: String(id), changeId: String(scheduled.changeId) };
    expect((await prices(form, support)).status).toBe(404);
    expect((await prices(form, editor)).status).toBe(404);
    expect((await prices(form)).data).toEqual({
      ok: true,
      changed: true,
      price: "10000000",
      notified: 1,
    });
    const loaded = await callLoader(editLoader, {
      path: `/admin/plans/${id}`,
      cookie: editor,
      params: { planId: String(id) },
    });
    expect(loaded.data.plan).toMatchObject({ price: "10000000", scheduled: null });
    const [latest] = (loaded.data.history as TargetHistory).entries;
    expect(latest).toMatchObject({ action: "plan.price_change_cancelled", actorRole: "admin" });
    expect(latest!.changes).toEqual(
      expect.arrayContaining([{ field: "Price", before: "$12.00 USDT", after: "$10.00 USDT" }]),
    );
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, member.id), eq(notifications.kind, "price_change_cancelled")));
    expect(notice!.payload).toMatchObject({ plan: "Cancel Me", amount: "$10.00 USDT" });
    // The same click again (a double submit, a second tab): a clear refusal, not a 500.
    expect(await prices(form)).toMatchObject({
      status: 409,
      data: { ok: false, error: NO_SCHEDULED_CHANGE },
    });
  });
});
