import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import * as page from "~/routes/admin/members/admin.members.$memberId";
import * as route from "~/routes/api/admin/api.admin.members.$memberId.payment-flags";
import { sendPaymentFlagAlerts } from "#server/card-payments/send-payment-flag-alerts";
import { auditLog, paymentFlags } from "#server/db/schema";
import type { Email } from "#server/email/send-email";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember } from "../../helpers/members";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

withTestDataDir("admin-member-payment-flags", { SUPPORT_EMAIL: "ops@example.com", LOG_LEVEL: "silent" });

describeEachDatabase("resolving a member's card payment flags", (database) => {
  const db = () => database().db;
  let owner: Awaited<ReturnType<typeof signUpStaff>>;
  let admin: Awaited<ReturnType<typeof signUpStaff>>;
  let support: Awaited<ReturnType<typeof signUpStaff>>;
  let editor: Awaited<ReturnType<typeof signUpStaff>>;
  let flags = 0;

  const flag = async (memberId: string, kind: "dispute" | "refund_shortfall" = "dispute", alerted = true) => {
    const [row] = await db()
      .insert(paymentFlags)
      .values({
        userId: memberId,
        kind,
        reference: `test:${kind}:${++flags}`,
        amount: 40_000_000n,
        detail: `Test ${kind} ${flags}`,
        alertSentAt: alerted ? new Date() : null,
      })
      .returning();
    return row!;
  };
  const resolve = (who: { cookie: string }, memberId: string, form: Record<string, string>) =>
    callAction(route, {
      path: `/api/admin/members/${memberId}/payment-flags`,
      params: { memberId },
      cookie: who.cookie,
      form,
    });
  const rowOf = async (id: number) => (await db().select().from(paymentFlags).where(eq(paymentFlags.id, id)))[0]!;
  const audits = (memberId: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, memberId), eq(auditLog.action, "member.payment-flag-resolved")));

  useProcessDatabase(database);
  beforeAll(async () => {
    [owner, admin, support, editor] = await Promise.all([
      signUpStaff(db(), "owner"),
      signUpStaff(db(), "admin"),
      signUpStaff(db(), "support"),
      signUpStaff(db(), "editor"),
    ]);
  });

  it("resolves with the note, audited on the member, and the page shows who, when and why", async () => {
    const m = await createMember(db());
    const dispute = await flag(m.id);
    const other = await flag(m.id, "refund_shortfall");
    const answer = await resolve(owner, m.id, { flagId: String(dispute.id), note: "Dispute won in Stripe." });
    expect(answer).toMatchObject({
      status: 200,
      data: { ok: true, alreadyResolved: false, resolvedBy: owner.email, note: "Dispute won in Stripe." },
    });
    const row = await rowOf(dispute.id);
    expect(row).toMatchObject({ resolvedBy: owner.email, resolutionNote: "Dispute won in Stripe." });
    expect(row.resolvedAt).toBeInstanceOf(Date);
    expect(await rowOf(other.id)).toMatchObject({ resolvedAt: null, resolutionNote: null });
    expect(await audits(m.id)).toEqual([
      expect.objectContaining({
        targetType: "member",
        actorLabel: owner.email,
        before: expect.objectContaining({ flag: dispute.id, resolved: false }),
        after: { flag: dispute.id, resolved: true, note: "Dispute won in Stripe." },
      }),
    ]);

    const view = await callLoader(page, {
      path: `/admin/members/${m.id}`,
      params: { memberId: m.id },
      cookie: owner.cookie,
    });
    const shown = (view.data as Awaited<ReturnType<typeof page.loader>>).paymentFlags;
    // The open flag first; the resolved one after it, with its resolution.
    expect(shown.map((f) => [f.id, f.resolution])).toEqual([
      [other.id, null],
      [dispute.id, { by: owner.email, at: row.resolvedAt!.toISOString(), note: "Dispute won in Stripe." }],
    ]);
  });

  it("resolves once on a double submit: the second answer names the resolution that stands, one audit row", async () => {
    const m = await createMember(db());
    const f = await flag(m.id);
    const [first, second] = await Promise.all([
      resolve(owner, m.id, { flagId: String(f.id), note: "Recovered by bank transfer." }),
      resolve(admin, m.id, { flagId: String(f.id), note: "Written off." }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const answers = [first.data, second.data] as { alreadyResolved: boolean; note: string; resolvedBy: string }[];
    expect(answers.map((a) => a.alreadyResolved).sort()).toEqual([false, true]);
    const winner = answers.find((a) => !a.alreadyResolved)!;
    const row = await rowOf(f.id);
    expect(row.resolutionNote).toBe(winner.note);
    expect(row.resolvedBy).toBe(winner.resolvedBy);
    for (const a of answers) expect(a).toMatchObject({ note: winner.note, resolvedBy: winner.resolvedBy });
    expect(await audits(m.id)).toHaveLength(1);

    const again = await resolve(owner, m.id, { flagId: String(f.id), note: "Clicked once more." });
    expect(again.data).toMatchObject({ ok: true, alreadyResolved: true, note: winner.note });
    expect((await rowOf(f.id)).resolutionNote).toBe(winner.note);
    expect(await audits(m.id)).toHaveLength(1);
  });

  it("requires a note, refuses a flag of another member, and is money.write only; nothing written", async () => {
    const m = await createMember(db());
    const stranger = await createMember(db());
    const f = await flag(m.id);
    const blank = await resolve(owner, m.id, { flagId: String(f.id), note: "  " });
    expect(blank.status).toBe(400);
    expect(blank.data).toMatchObject({ ok: false, fieldErrors: { note: "Note is required" } });
    const elsewhere = await resolve(owner, stranger.id, { flagId: String(f.id), note: "Wrong page" });
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.data).toMatchObject({ ok: false, error: "This payment flag no longer exists." });
    // Of the four staff roles only owner and admin hold money.write: support and editor are refused.
    for (const staff of [support, editor])
      expect((await resolve(staff, m.id, { flagId: String(f.id), note: "Not mine to do" })).status).toBe(404);
    expect(await rowOf(f.id)).toMatchObject({ resolvedAt: null, resolvedBy: null, resolutionNote: null });
    expect(await audits(m.id)).toEqual([]);
    expect(await audits(stranger.id)).toEqual([]);
  });

  it("a flag resolved before its alert went out is no longer announced; an open one still is", async () => {
    const m = await createMember(db());
    const resolvedFirst = await flag(m.id, "dispute", false);
    const open = await flag(m.id, "refund_shortfall", false);
    await resolve(admin, m.id, { flagId: String(resolvedFirst.id), note: "Settled on the phone." });
    const sent: Email[] = [];
    await sendPaymentFlagAlerts({ db: db(), send: async (email) => sent.push(email) });
    expect(sent.map((e) => e.text.includes(open.detail))).toEqual([true]);
    expect(sent.some((e) => e.text.includes(resolvedFirst.detail))).toBe(false);
    expect((await rowOf(resolvedFirst.id)).alertAttempts).toBe(0);
  });
});
