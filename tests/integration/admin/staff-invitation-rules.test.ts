import { and, eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { auditLog, staffInvitations } from "#server/db/schema";
import type * as SendEmail from "#server/email/send-email";
import { acceptStaffInvitation } from "#server/staff/staff/invitations/accept-staff-invitation";
import { changeStaffInvitation } from "#server/staff/staff/invitations/change-staff-invitation";
import { findStaffInvitation } from "#server/staff/staff/invitations/find-staff-invitation";
import { hashInvitationToken } from "#server/staff/staff/invitations/invitation-token";
import { inviteStaff } from "#server/staff/staff/invitations/invite-staff";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember } from "../../helpers/members";

withTestDataDir("staff-invitation-rules", { PUBLIC_URL: "https://club.example.com", BRAND_NAME: "Acme Signals" });

// The invitation emails, caught on their way out; `fail` makes the mail server refuse them.
const mail = vi.hoisted(() => ({ sent: [] as SendEmail.Email[], fail: false }));
vi.mock("#server/email/send-email", async (importOriginal) => {
  const actual = await importOriginal<typeof SendEmail>();
  return {
    ...actual,
    sendEmail: async (email: SendEmail.Email) => {
      if (mail.fail) throw new Error("SMTP refused");
      mail.sent.push(email);
      return { messageId: "test" };
    },
  };
});

const SENT = new Date("2026-11-20T10:00:00.000Z");
const tokenOf = (email: SendEmail.Email) => /\/staff-invitation\?token=([A-Za-z0-9_-]+)/.exec(email.text)![1]!;
const mailsTo = (to: string) => mail.sent.filter((m) => m.to === to);
let counter = 0;
const newAddress = () => `rules-${Date.now()}-${++counter}@example.com`;

/* The invitation rules pinned to their exact values: rows, audit rows, emails, results. */
describeEachDatabase("staff invitation rules", (database) => {
  const db = () => database().db;
  let owner: { userId: string; label: string; role: string };
  const rowOf = async (id: number) =>
    (await db().select().from(staffInvitations).where(eq(staffInvitations.id, id)))[0]!;
  const auditOf = (id: number) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "invitation"), eq(auditLog.targetId, String(id))))
      .orderBy(auditLog.id);

  useProcessDatabase(database);
  beforeAll(async () => {
    const m = await createMember(db(), { email: `owner-${Date.now()}@example.com` });
    owner = { userId: m.id, label: m.email, role: "owner" };
  });
  beforeEach(() => {
    mail.fail = false;
  });

  it("invites a new address: normalised, stored for 72 h with the link's hash, audited, and emailed with the link", async () => {
    const email = newAddress();
    const result = await inviteStaff({
      db: db(),
      email: `  ${email.toUpperCase()} `,
      role: "admin",
      actor: owner,
      now: SENT,
    });
    expect(result).toEqual({
      id: result.id,
      email,
      role: "admin",
      expiresAt: new Date("2026-11-23T10:00:00.000Z"),
      sent: true,
    });
    const [letter] = mailsTo(email);
    expect(letter!.subject).toBe("You are invited to the Acme Signals back office");
    expect(letter!.text).toContain(`${owner.label} invites you to join the Acme Signals back office as Admin.`);
    expect(letter!.text).toContain("The link below works once and expires in 72 hours.");
    const token = tokenOf(letter!);
    expect(letter!.text).toContain(`Accept the invitation: https://club.example.com/staff-invitation?token=${token}\n`);
    expect(letter!.html).toContain(`https://club.example.com/staff-invitation?token=${token}`);
    expect(await rowOf(result.id)).toMatchObject({
      email,
      role: "admin",
      tokenHash: hashInvitationToken(token),
      invitedBy: owner.userId,
      invitedByLabel: owner.label,
      createdAt: SENT,
      sentAt: SENT,
      expiresAt: new Date("2026-11-23T10:00:00.000Z"),
      acceptedAt: null,
      revokedAt: null,
    });
    expect(await auditOf(result.id)).toMatchObject([
      {
        at: SENT,
        actorLabel: owner.label,
        action: "staff.invited",
        summary: `${email} invited as Admin`,
        before: null,
        after: { email, role: "admin", expiresAt: "2026-11-23T10:00:00.000Z" },
      },
    ]);
  });

  it("inviting an existing account again replaces its open invitation, and the audit row says both", async () => {
    const m = await createMember(db());
    const first = await inviteStaff({ db: db(), email: m.email, role: "editor", actor: owner, now: SENT });
    const later = new Date("2026-11-21T08:00:00.000Z");
    const second = await inviteStaff({ db: db(), email: m.email, role: "support", actor: owner, now: later });
    expect((await rowOf(first.id)).revokedAt).toEqual(later);
    expect((await rowOf(second.id)).revokedAt).toBeNull();
    expect((await auditOf(second.id))[0]!.summary).toBe(
      `${m.email} invited as Support (existing account); the earlier invitation replaced`,
    );
    expect((await auditOf(first.id))[0]!.summary).toBe(`${m.email} invited as Editor (existing account)`);
  });

  it("keeps the invitation when its email cannot be sent, says so, and a resend tries again", async () => {
    const email = newAddress();
    mail.fail = true;
    const invited = await inviteStaff({ db: db(), email, role: "editor", actor: owner, now: SENT });
    expect(invited.sent).toBe(false);
    expect((await rowOf(invited.id)).revokedAt).toBeNull();
    expect((await changeStaffInvitation({ db: db(), id: invited.id, change: "resend", actor: owner })).sent).toBe(
      false,
    );
    mail.fail = false;
    expect((await changeStaffInvitation({ db: db(), id: invited.id, change: "resend", actor: owner })).sent).toBe(true);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("resending makes a new link and a new 72 hours from the resend, audited with both expiries; the old link is unknown", async () => {
    const email = newAddress();
    const invited = await inviteStaff({ db: db(), email, role: "editor", actor: owner, now: SENT });
    const oldToken = tokenOf(mailsTo(email)[0]!);
    const resentAt = new Date("2026-11-25T09:30:00.000Z");
    const resender = { userId: owner.userId, label: "second-owner@example.com", role: "owner" };
    expect(
      await changeStaffInvitation({ db: db(), id: invited.id, change: "resend", actor: resender, now: resentAt }),
    ).toEqual({
      id: invited.id,
      email,
      change: "resend",
      expiresAt: new Date("2026-11-28T09:30:00.000Z"),
      sent: true,
    });
    const letter = mailsTo(email)[1]!;
    expect(letter.text).toContain(
      "second-owner@example.com invites you to join the Acme Signals back office as Editor.",
    );
    const newToken = tokenOf(letter);
    expect(await rowOf(invited.id)).toMatchObject({
      tokenHash: hashInvitationToken(newToken),
      sentAt: resentAt,
      expiresAt: new Date("2026-11-28T09:30:00.000Z"),
      revokedAt: null,
    });
    expect((await findStaffInvitation({ db: db(), token: oldToken, now: resentAt })).state).toBe("unknown");
    expect(
      (await findStaffInvitation({ db: db(), token: newToken, now: new Date("2026-11-28T09:29:59.999Z") })).state,
    ).toBe("open");
    expect((await auditOf(invited.id))[1]).toMatchObject({
      at: resentAt,
      actorLabel: "second-owner@example.com",
      action: "staff.invitation_resent",
      summary: `Invitation of ${email} (Editor) sent again`,
      before: { expiresAt: "2026-11-23T10:00:00.000Z" },
      after: { expiresAt: "2026-11-28T09:30:00.000Z" },
    });
  });

  it("revoking sends nothing, keeps the expiry, and is audited open → revoked", async () => {
    const email = newAddress();
    const invited = await inviteStaff({ db: db(), email, role: "support", actor: owner, now: SENT });
    const revokedAt = new Date("2026-11-21T00:00:00.000Z");
    expect(
      await changeStaffInvitation({ db: db(), id: invited.id, change: "revoke", actor: owner, now: revokedAt }),
    ).toEqual({
      id: invited.id,
      email,
      change: "revoke",
      expiresAt: new Date("2026-11-23T10:00:00.000Z"),
      sent: true,
    });
    expect(mailsTo(email)).toHaveLength(1);
    expect(await rowOf(invited.id)).toMatchObject({ revokedAt, expiresAt: new Date("2026-11-23T10:00:00.000Z") });
    expect((await auditOf(invited.id))[1]).toMatchObject({
      at: revokedAt,
      action: "staff.invitation_revoked",
      summary: `Invitation of ${email} (Support) revoked`,
      before: { state: "open" },
      after: { state: "revoked" },
    });
  });

  it("refuses to resend or revoke an unknown, an accepted or a revoked invitation", async () => {
    const notOpen = "This invitation is no longer open: it was used, withdrawn or replaced.";
    await expect(
      changeStaffInvitation({ db: db(), id: 999_999, change: "resend", actor: owner }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: notOpen });
    const m = await createMember(db());
    const invited = await inviteStaff({ db: db(), email: m.email, role: "support", actor: owner });
    await acceptStaffInvitation({ db: db(), token: tokenOf(mailsTo(m.email)[0]!), accountId: m.id });
    for (const change of ["resend", "revoke"] as const) {
      await expect(changeStaffInvitation({ db: db(), id: invited.id, change, actor: owner })).rejects.toMatchObject({
        code: "CONFLICT",
        message: notOpen,
      });
    }
    const revoked = await inviteStaff({ db: db(), email: newAddress(), role: "support", actor: owner });
    await changeStaffInvitation({ db: db(), id: revoked.id, change: "revoke", actor: owner });
    await expect(
      changeStaffInvitation({ db: db(), id: revoked.id, change: "resend", actor: owner }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: notOpen });
    expect(mailsTo(m.email)).toHaveLength(1);
  });
});
