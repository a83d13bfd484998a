import { eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import { loader as listLoader } from "~/routes/admin/broadcasts/admin.broadcasts";
import {
  action as broadcastAction,
  loader as broadcastLoader,
} from "~/routes/admin/broadcasts/admin.broadcasts.$broadcastId";
import { action as previewAction } from "~/routes/api/admin/api.admin.broadcasts.preview";
import { broadcastDeliveries, broadcasts } from "#server/db/schema";
import { BROADCAST_MESSAGES } from "#server/staff/broadcasts/messages";
import { createPlan } from "../../helpers/billing";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";
import { broadcastMember } from "../broadcasts/broadcast-support";

withTestDataDir("admin-broadcasts");

describeEachDatabase("/admin/broadcasts", (database) => {
  const db = () => database().db;
  let plan: number;
  useProcessDatabase(database);
  beforeAll(async () => {
    plan = (await createPlan(db(), "Gold", 40_000_000n)).id;
  });
  const content = (overrides: Record<string, unknown> = {}) => ({
    subject: "Weekly outlook",
    body: "<p>Markets <strong>calm</strong></p>",
    channel: "both",
    audience: { statuses: ["active"], planIds: [plan], endedWithinDays: "30" },
    ...overrides,
  });
  const post = (cookie: string, id: string, json: Record<string, unknown>) =>
    callAction(broadcastAction, { path: `/admin/broadcasts/${id}`, params: { broadcastId: id }, cookie, json });

  it("previews both copies with the count, saves a draft, sends it, and lists it with its outcome", async () => {
    const owner = await signUpStaff(db(), "owner");
    await broadcastMember(db(), { plan });
    await broadcastMember(db(), { plan, telegram: false });

    const preview = await callAction(previewAction, {
      path: "/api/admin/broadcasts/preview",
      cookie: owner.cookie,
      json: content(),
    });
    expect(preview.status).toBe(200);
    expect(preview.data).toMatchObject({
      ok: true,
      preview: {
        telegramHtml: expect.stringContaining("Markets <b>calm</b>"),
        emailHtml: expect.stringContaining("<strong>calm</strong>"),
        recipients: { members: 2, bot: 1, email: 2 },
      },
    });

    const draft = await post(owner.cookie, "new", { intent: "save", ...content() });
    expect(draft.status).toBe(200);
    const id = (draft.data as { id: string }).id;
    const page = await callLoader(broadcastLoader, {
      path: `/admin/broadcasts/${id}`,
      params: { broadcastId: id },
      cookie: owner.cookie,
    });
    expect(page.data).toMatchObject({ broadcast: { id, state: "draft" }, plans: [{ id: plan, name: "Gold" }] });

    const sent = await post(owner.cookie, id, { intent: "send", ...content() });
    expect(sent.data).toMatchObject({ ok: true, state: "sending", queued: 3 });
    const list = await callLoader(listLoader, { path: "/admin/broadcasts", cookie: owner.cookie });
    expect(list.data).toMatchObject({
      page: {
        total: 1,
        rows: [{ id, state: "sending", audience: "Active · Gold", progress: { queued: 3, sent: 0 } }],
      },
    });
    const none = await callLoader(listLoader, { path: "/admin/broadcasts?state=draft", cookie: owner.cookie });
    expect(none.data).toMatchObject({ page: { total: 0, rows: [] } });

    const cancelled = await post(owner.cookie, id, { intent: "cancel" });
    expect(cancelled.data).toMatchObject({ ok: true, state: "cancelled", progress: { cancelled: 3 } });
  });

  it("refuses beside the field, with a 4xx and nothing written: no one to reach, a bot copy too long, a past time", async () => {
    const admin = await signUpStaff(db(), "admin");
    const before = (await db().select().from(broadcasts)).length;
    const nobody = await post(admin.cookie, "new", {
      intent: "send",
      ...content({ audience: { statuses: ["ended"], planIds: [plan], endedWithinDays: 1 } }),
    });
    expect(nobody.status).toBe(400);
    expect(nobody.data).toMatchObject({ ok: false, fieldErrors: { audience: BROADCAST_MESSAGES.noRecipients } });

    const long = await post(admin.cookie, "new", {
      intent: "save",
      ...content({ channel: "bot", body: `<p>${"x".repeat(4_200)}</p>` }),
    });
    expect(long.status).toBe(400);
    expect(long.data).toMatchObject({ fieldErrors: { body: expect.stringContaining("Telegram takes at most 4096") } });

    const past = await post(admin.cookie, "new", {
      intent: "schedule",
      ...content(),
      scheduledAt: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.data).toMatchObject({ fieldErrors: { scheduledAt: BROADCAST_MESSAGES.scheduleInPast } });

    const noGroup = await post(admin.cookie, "new", {
      intent: "save",
      ...content({ audience: { statuses: [], planIds: [], endedWithinDays: 30 } }),
    });
    expect(noGroup.status).toBe(400);
    expect(noGroup.data).toMatchObject({ fieldErrors: { audience: "Choose at least one group of members." } });
    expect(await db().select().from(broadcasts)).toHaveLength(before);
  });

  it("schedules for later and cancels before it starts; a sent one cannot be edited; a wrong address is 404", async () => {
    const owner = await signUpStaff(db(), "owner");
    await broadcastMember(db(), { plan });
    const at = new Date(Date.now() + 3_600_000);
    const scheduled = await post(owner.cookie, "new", {
      intent: "schedule",
      ...content(),
      scheduledAt: at.toISOString(),
    });
    expect(scheduled.data).toMatchObject({ ok: true, state: "scheduled" });
    const id = (scheduled.data as { id: string }).id;
    const [row] = await db().select().from(broadcasts).where(eq(broadcasts.id, id));
    expect(row!.scheduledAt!.toISOString()).toBe(at.toISOString());
    expect(await db().select().from(broadcastDeliveries).where(eq(broadcastDeliveries.broadcastId, id))).toEqual([]);
    expect((await post(owner.cookie, id, { intent: "cancel" })).data).toMatchObject({ ok: true, state: "cancelled" });
    const again = await post(owner.cookie, id, { intent: "save", ...content() });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ error: BROADCAST_MESSAGES.notEditable });

    expect((await post(owner.cookie, "new", { intent: "cancel" })).status).toBe(404);
    const missing = "0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(
      (
        await callLoader(broadcastLoader, {
          path: `/admin/broadcasts/${missing}`,
          params: { broadcastId: missing },
          cookie: owner.cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await callLoader(broadcastLoader, {
          path: "/admin/broadcasts/12",
          params: { broadcastId: "12" },
          cookie: owner.cookie,
        })
      ).status,
    ).toBe(404);
  });

  it("is for owners and admins: an editor and support get 404 from the pages, the preview and the action", async () => {
    for (const role of ["editor", "support"] as const) {
      const staff = await signUpStaff(db(), role);
      expect((await callLoader(listLoader, { path: "/admin/broadcasts", cookie: staff.cookie })).status).toBe(404);
      expect((await post(staff.cookie, "new", { intent: "save", ...content() })).status).toBe(404);
      const preview = await callAction(previewAction, {
        path: "/api/admin/broadcasts/preview",
        cookie: staff.cookie,
        json: content(),
      });
      expect(preview.status).toBe(404);
    }
  });
});
