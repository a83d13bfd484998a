import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { auditLog, broadcastDeliveries, broadcasts, pricing } from "#server/db/schema";
import { isAppError } from "#server/lib/errors";
import { cancelBroadcast } from "#server/staff/broadcasts/cancel-broadcast";
import { getBroadcast, listBroadcasts } from "#server/staff/broadcasts/list-broadcasts";
import { BROADCAST_MESSAGES } from "#server/staff/broadcasts/messages";
import { previewBroadcast } from "#server/staff/broadcasts/preview-broadcast";
import { sendBroadcast } from "#server/staff/broadcasts/send-broadcast";
import { startDueBroadcasts } from "#server/staff/broadcasts/start-due-broadcasts";
import type { StaffActor } from "#server/staff/record-audit-event";
import { describeEachDatabase } from "../../helpers/database";
import { setTestEnv } from "../../helpers/env";
import { broadcastMember, clearMembers } from "./broadcast-support";

setTestEnv({ PUBLIC_URL: "https://signals.example" });

const actor: StaffActor = { userId: null, label: "owner@example.com", role: "owner" };

describeEachDatabase("broadcasts in the back office: write, send, schedule, cancel, each audited", (database) => {
  const db = () => database().db;
  let plan: number;
  const input = (overrides: Record<string, unknown> = {}) => ({
    subject: "Weekly outlook",
    body: "<p>Markets <strong>calm</strong><script>alert(1)</script></p>",
    channel: "both" as const,
    audience: { statuses: ["active" as const], planIds: [plan], endedWithinDays: 30 },
    ...overrides,
  });
  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      if (isAppError(error)) return { code: error.code, message: error.message };
      throw error;
    }
    throw new Error("expected a refusal");
  };
  const auditOf = async (id: string) =>
    (await db().select().from(auditLog).where(eq(auditLog.targetId, id))).map((r) => r.action).sort();

  beforeAll(async () => {
    const [row] = await db()
      .insert(pricing)
      .values({ planId: "vip", name: "VIP", price: 49_000_000n, published: true, displayOrder: 1 })
      .returning();
    plan = row!.id;
  });
  beforeEach(async () => clearMembers(db()));

  it("saves a draft (sanitized), then sends it: its audience queued, audited, listed with its outcome", async () => {
    const member = await broadcastMember(db(), { plan });
    const draft = await sendBroadcast({ db: db(), broadcastId: "new", input: input(), when: "draft", actor });
    const [stored] = await db().select().from(broadcasts).where(eq(broadcasts.id, draft.id));
    expect(stored).toMatchObject({ state: "draft", body: "<p>Markets <strong>calm</strong></p>" });

    const sent = await sendBroadcast({ db: db(), broadcastId: draft.id, input: input(), when: "now", actor });
    expect(sent).toMatchObject({ state: "sending", queued: 2 });
    // Sending saves the form as it stands first: its content is in the log as sent.
    expect(await auditOf(draft.id)).toEqual(["broadcast.created", "broadcast.saved", "broadcast.sent"]);
    const rows = await listBroadcasts({ db: db() });
    expect(rows).toEqual([
      expect.objectContaining({
        id: draft.id,
        state: "sending",
        audience: "Active · VIP",
        progress: expect.objectContaining({ queued: 2, sent: 0 }),
      }),
    ]);
    expect((await getBroadcast({ db: db(), id: draft.id }))?.audienceText).toBe("Active · VIP");
    expect(await getBroadcast({ db: db(), id: "not-a-uuid" })).toBeNull();

    // Once on its way it can no longer be changed.
    expect(
      await refusal(sendBroadcast({ db: db(), broadcastId: draft.id, input: input(), when: "draft", actor })),
    ).toEqual({
      code: "CONFLICT",
      message: BROADCAST_MESSAGES.notEditable,
    });

    // Cancelled while sending: nothing left queued is sent.
    const cancelled = await cancelBroadcast({ db: db(), broadcastId: draft.id, actor });
    expect(cancelled.progress).toMatchObject({ queued: 0, cancelled: 2 });
    expect(await auditOf(draft.id)).toEqual([
      "broadcast.cancelled",
      "broadcast.created",
      "broadcast.saved",
      "broadcast.sent",
    ]);
    const left = await db().select().from(broadcastDeliveries).where(eq(broadcastDeliveries.userId, member.id));
    expect(left.map((r) => r.status)).toEqual(["cancelled", "cancelled"]);
    expect(await refusal(cancelBroadcast({ db: db(), broadcastId: draft.id, actor }))).toEqual({
      code: "CONFLICT",
      message: BROADCAST_MESSAGES.notCancellable,
    });
  });

  it("refuses an audience nobody in it can be reached, writing nothing", async () => {
    const before = (await db().select().from(broadcasts)).length;
    expect(await refusal(sendBroadcast({ db: db(), broadcastId: "new", input: input(), when: "now", actor }))).toEqual({
      code: "VALIDATION",
      message: BROADCAST_MESSAGES.noRecipients,
    });
    expect((await db().select().from(broadcasts)).length).toBe(before);
  });

  it("refuses a bot copy longer than Telegram takes, unless sent by email only", async () => {
    await broadcastMember(db(), { plan });
    const long = input({ body: `<p>${"x".repeat(4100)}</p>` });
    expect(
      (await refusal(sendBroadcast({ db: db(), broadcastId: "new", input: long, when: "draft", actor }))).code,
    ).toBe("VALIDATION");
    const byEmail = await sendBroadcast({
      db: db(),
      broadcastId: "new",
      input: { ...long, channel: "email" },
      when: "draft",
      actor,
    });
    expect(byEmail.state).toBe("draft");
  });

  it("schedules for later (not the past), and starts it when due, audited by the sender", async () => {
    await broadcastMember(db(), { plan });
    const now = new Date();
    expect(
      (
        await refusal(
          sendBroadcast({ db: db(), broadcastId: "new", input: input(), when: new Date(now.getTime() - 1000), actor }),
        )
      ).message,
    ).toBe(BROADCAST_MESSAGES.scheduleInPast);
    const at = new Date(now.getTime() + 60_000);
    const scheduled = await sendBroadcast({ db: db(), broadcastId: "new", input: input(), when: at, actor });
    expect(scheduled.state).toBe("scheduled");
    expect(await startDueBroadcasts({ db: db(), now })).toBe(0);
    expect(await startDueBroadcasts({ db: db(), now: new Date(at.getTime() + 1000) })).toBe(1);
    const [row] = await db().select().from(broadcasts).where(eq(broadcasts.id, scheduled.id));
    expect(row!.state).toBe("sending");
    expect(await auditOf(scheduled.id)).toEqual(["broadcast.created", "broadcast.scheduled", "broadcast.started"]);
  });

  it("previews the bot's and the email's copies with the number of recipients", async () => {
    await broadcastMember(db(), { plan });
    await broadcastMember(db(), { plan, telegram: false });
    const preview = await previewBroadcast({ db: db(), input: { ...input(), subject: "Hi" } });
    expect(preview.recipients).toEqual({ members: 2, bot: 1, email: 2 });
    expect(preview.telegramHtml).toContain("Markets <b>calm</b>");
    expect(preview.emailHtml).toContain("<strong>calm</strong>");
    expect(preview.emailHtml).not.toContain("script");
  });
});
