import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, expect, it } from "vitest";
import type { StaffInvitationView } from "~/lib/view-types/admin/staff";
import { loader as adminLoader } from "~/routes/admin/admin";
import { action as staffAction, loader as staffLoader } from "~/routes/admin/staff/admin.staff";
import { action as inviteAction, loader as inviteLoader } from "~/routes/auth/staff-invitation";
import { auditLog, profiles, session, staffInvitations, user } from "#server/db/schema";
import { acceptStaffInvitation } from "#server/staff/staff/invitations/accept-staff-invitation";
import { findStaffInvitation } from "#server/staff/staff/invitations/find-staff-invitation";
import { invitationMessages } from "#server/staff/staff/invitations/invitation-messages";
import { hashInvitationToken } from "#server/staff/staff/invitations/invitation-token";
import { inviteStaff } from "#server/staff/staff/invitations/invite-staff";
import { staffMessages } from "#server/staff/staff/set-staff-role";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callAction, callLoader } from "../../helpers/route-request";
import { signUpStaff } from "../../helpers/staff";

const dataDir = withTestDataDir("staff-invitations");
const HOUR = 60 * 60 * 1000;

/** The newest invitation email to `to` and the token of its link. */
function invitationMailTo(to: string) {
  const dir = path.join(dataDir, "outbox");
  const mails = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort()
    .map((f) =>
      fs
        .readFileSync(path.join(dir, f), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter(
      (raw) =>
        new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "mi").test(raw) && raw.includes("/staff-invitation?token="),
    );
  const mail = mails.at(-1);
  const token = /\/staff-invitation\?token=([A-Za-z0-9_-]+)/.exec(mail ?? "")?.[1];
  if (!mail || !token) throw new Error(`no invitation email to ${to}`);
  return { mail, token, count: mails.length };
}

const cookieFrom = (setCookies: string[] = []) => setCookies.map((c) => c.split(";")[0]).join("; ");
let counter = 0;
const newAddress = () => `invitee-${Date.now()}-${++counter}@example.com`;

describeEachDatabase("staff invitations", (database) => {
  const db = () => database().db;
  let owner: Awaited<ReturnType<typeof signUpStaff>>;
  const invite = (email: string, role: string, cookie = owner.cookie) =>
    callAction(staffAction, { path: "/admin/staff", cookie, form: { intent: "invite", email, role } });
  const auditOf = (type: string, id: string) =>
    db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, type), eq(auditLog.targetId, id)))
      .orderBy(auditLog.id);

  useProcessDatabase(database);
  beforeAll(async () => {
    owner = await signUpStaff(db(), "owner");
  });

  it("an owner invites a new address: a hashed, 72-hour invitation, listed as pending, emailed, audited; the invitee opens an account, verified, as editor, and is sent to turn on two-factor", async () => {
    const email = newAddress();
    expect((await invite(email, "editor")).data).toEqual({
      ok: true,
      kind: "invite",
      email,
      role: "editor",
      sent: true,
    });
    const { mail, token } = invitationMailTo(email);
    expect(mail).toContain(`${owner.email} invites you to join`);
    expect(mail).toContain("expires in 72 hours");
    const [row] = await db().select().from(staffInvitations).where(eq(staffInvitations.email, email));
    // Only the hash is stored: the database never holds a working link.
    expect(row!.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row!.expiresAt.getTime() - row!.sentAt.getTime()).toBe(72 * HOUR);
    const pending = (await callLoader(staffLoader, { path: "/admin/staff", cookie: owner.cookie })).data
      .invitations as StaffInvitationView[];
    expect(pending.find((p) => p.email === email)).toMatchObject({
      role: "editor",
      invitedBy: owner.email,
      expired: false,
    });
    expect((await auditOf("invitation", String(row!.id)))[0]).toMatchObject({
      action: "staff.invited",
      actorLabel: owner.email,
      summary: `${email} invited as Editor`,
    });

    const page = await callLoader(inviteLoader, { path: `/staff-invitation?token=${token}` });
    expect(page.data).toMatchObject({
      state: "open",
      email,
      role: "editor",
      invitedBy: owner.email,
      accountExists: false,
      signedInAs: null,
    });

    // The sign-up password rules apply.
    const weak = await callAction(inviteAction, {
      path: "/staff-invitation",
      form: { intent: "create", token, firstName: "Eve", lastName: "Editor", password: "short", confirm: "short" },
    });
    expect(weak).toMatchObject({
      status: 400,
      data: { ok: false, fieldErrors: { password: "Password must be at least 8 characters" } },
    });
    expect(await db().select().from(user).where(eq(user.email, email))).toEqual([]);

    const created = await callAction(inviteAction, {
      path: "/staff-invitation",
      form: {
        intent: "create",
        token,
        firstName: "Eve",
        lastName: "Editor",
        password: "Analytical1",
        confirm: "Analytical1",
      },
    });
    expect(created).toMatchObject({ status: 302, location: "/dashboard?section=user-info" });
    const [account] = await db().select().from(user).where(eq(user.email, email));
    expect(account).toMatchObject({ name: "Eve Editor", role: "editor", emailVerified: true, twoFactorEnabled: false });
    expect(
      await db().select({ firstName: profiles.firstName }).from(profiles).where(eq(profiles.id, account!.id)),
    ).toEqual([{ firstName: "Eve" }]);
    const [used] = await db().select().from(staffInvitations).where(eq(staffInvitations.id, row!.id));
    expect(used).toMatchObject({ acceptedBy: account!.id });
    expect((await auditOf("user", account!.id)).map((a) => [a.action, a.summary])).toEqual([
      ["staff.role_set", `${email}: no role → Editor`],
    ]);

    // Signed in by the answer's cookie; the back office first asks for two-factor sign-in.
    const cookie = cookieFrom(created.cookies);
    expect(await callLoader(adminLoader, { path: "/admin", cookie })).toMatchObject({
      status: 302,
      location: "/dashboard?section=user-info",
    });

    // Single use: the link is dead now, and says why.
    expect((await callLoader(inviteLoader, { path: `/staff-invitation?token=${token}` })).data).toMatchObject({
      state: "used",
      message: invitationMessages.used,
    });
    const again = await callAction(inviteAction, {
      path: "/staff-invitation",
      form: {
        intent: "create",
        token,
        firstName: "Eve",
        lastName: "Again",
        password: "Analytical1",
        confirm: "Analytical1",
      },
    });
    expect(again).toMatchObject({ status: 409, data: { ok: false, error: invitationMessages.used } });
    expect(await db().select().from(user).where(eq(user.email, email))).toHaveLength(1);
  });

  it("an existing account signs in and accepts: promoted through the role rules (sessions end, audited); another signed-in account is told so", async () => {
    const member = await signUpStaff(db(), null);
    const stranger = await signUpStaff(db(), null);
    await invite(member.email, "support");
    const { token } = invitationMailTo(member.email);

    expect((await callLoader(inviteLoader, { path: `/staff-invitation?token=${token}` })).data).toMatchObject({
      state: "open",
      accountExists: true,
      signedInAs: null,
    });
    expect(
      await callAction(inviteAction, { path: "/staff-invitation", form: { intent: "accept", token } }),
    ).toMatchObject({ status: 401, data: { error: invitationMessages.signInFirst } });
    expect(
      (await callLoader(inviteLoader, { path: `/staff-invitation?token=${token}`, cookie: stranger.cookie })).data,
    ).toMatchObject({ signedInAs: stranger.email });
    expect(
      await callAction(inviteAction, {
        path: "/staff-invitation",
        cookie: stranger.cookie,
        form: { intent: "accept", token },
      }),
    ).toMatchObject({ status: 403, data: { error: invitationMessages.otherAccount } });
    // Opening an account for an address that has one is refused too.
    expect(
      await callAction(inviteAction, {
        path: "/staff-invitation",
        form: {
          intent: "create",
          token,
          firstName: "A",
          lastName: "B",
          password: "Analytical1",
          confirm: "Analytical1",
        },
      }),
    ).toMatchObject({
      status: 409,
      data: { error: invitationMessages.accountExists },
    });
    const [stillMember] = await db().select({ role: user.role }).from(user).where(eq(user.id, stranger.userId));
    expect(stillMember!.role).toBe("user");

    const accepted = await callAction(inviteAction, {
      path: "/staff-invitation",
      cookie: member.cookie,
      form: { intent: "accept", token },
    });
    expect(accepted).toMatchObject({ status: 302, location: "/signin?redirectTo=%2Fadmin" });
    const [promoted] = await db().select().from(user).where(eq(user.id, member.userId));
    expect(promoted!.role).toBe("support");
    expect(await db().select().from(session).where(eq(session.userId, member.userId))).toEqual([]);
    const [roleRow] = await auditOf("user", member.userId);
    expect(roleRow).toMatchObject({
      action: "staff.role_set",
      actorLabel: member.email,
      actorRole: "invitee",
      after: { role: "support" },
    });
    // The old session ended with the role change; accepting once more, even signed in again, finds the link used.
    await expect(acceptStaffInvitation({ db: db(), token, accountId: member.userId })).rejects.toMatchObject({
      code: "CONFLICT",
      message: invitationMessages.used,
    });
  });

  it("expires 72 hours after it was sent (injected clock); resending makes a new link and a new 72 hours; the old link dies", async () => {
    const sentAt = new Date("2026-11-20T10:00:00.000Z");
    const member = await signUpStaff(db(), null);
    const first = await inviteStaff({
      db: db(),
      email: member.email,
      role: "editor",
      actor: { userId: owner.userId, label: owner.email, role: "owner" },
      now: sentAt,
    });
    expect(first.expiresAt).toEqual(new Date(sentAt.getTime() + 72 * HOUR));
    const { token } = invitationMailTo(member.email);
    expect(
      (await findStaffInvitation({ db: db(), token, now: new Date(sentAt.getTime() + 72 * HOUR - 1) })).state,
    ).toBe("open");
    expect((await findStaffInvitation({ db: db(), token, now: new Date(sentAt.getTime() + 72 * HOUR) })).state).toBe(
      "expired",
    );
    await expect(
      acceptStaffInvitation({ db: db(), token, accountId: member.userId, now: new Date(sentAt.getTime() + 72 * HOUR) }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: invitationMessages.expired,
    });
    // Today the invitation is long expired: the page says so, and the Staff page marks it.
    expect((await callLoader(inviteLoader, { path: `/staff-invitation?token=${token}` })).data).toMatchObject({
      state: "expired",
      message: invitationMessages.expired,
    });
    const listed = (
      (await callLoader(staffLoader, { path: "/admin/staff", cookie: owner.cookie })).data
        .invitations as StaffInvitationView[]
    ).find((i) => i.id === first.id)!;
    expect(listed.expired).toBe(true);

    expect(
      (
        await callAction(staffAction, {
          path: "/admin/staff",
          cookie: owner.cookie,
          form: { intent: "resend", id: String(first.id) },
        })
      ).data,
    ).toMatchObject({ ok: true, kind: "resend", sent: true });
    const resent = invitationMailTo(member.email);
    expect(resent.token).not.toBe(token);
    expect((await callLoader(inviteLoader, { path: `/staff-invitation?token=${token}` })).data).toMatchObject({
      state: "unknown",
    });
    const [row] = await db().select().from(staffInvitations).where(eq(staffInvitations.id, first.id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 71 * HOUR);
    expect(await acceptStaffInvitation({ db: db(), token: resent.token, accountId: member.userId })).toMatchObject({
      role: "editor",
    });
    expect((await auditOf("invitation", String(first.id))).map((a) => a.action)).toEqual([
      "staff.invited",
      "staff.invitation_resent",
      "staff.invitation_accepted",
    ]);
  });

  it("a revoked invitation's link is dead; inviting an address again replaces its open invitation; refusals are clear", async () => {
    const email = newAddress();
    await invite(email, "admin");
    const first = invitationMailTo(email);
    const [row] = await db().select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(
      (
        await callAction(staffAction, {
          path: "/admin/staff",
          cookie: owner.cookie,
          form: { intent: "revoke", id: String(row!.id) },
        })
      ).data,
    ).toMatchObject({ ok: true, kind: "revoke" });
    expect((await callLoader(inviteLoader, { path: `/staff-invitation?token=${first.token}` })).data).toMatchObject({
      state: "revoked",
      message: invitationMessages.revoked,
    });
    expect(
      await callAction(inviteAction, {
        path: "/staff-invitation",
        form: {
          intent: "create",
          token: first.token,
          firstName: "R",
          lastName: "R",
          password: "Analytical1",
          confirm: "Analytical1",
        },
      }),
    ).toMatchObject({
      status: 409,
      data: { error: invitationMessages.revoked },
    });
    expect(
      await callAction(staffAction, {
        path: "/admin/staff",
        cookie: owner.cookie,
        form: { intent: "revoke", id: String(row!.id) },
      }),
    ).toMatchObject({ status: 409, data: { error: invitationMessages.notOpen } });
    expect(
      (
        (await callLoader(staffLoader, { path: "/admin/staff", cookie: owner.cookie })).data
          .invitations as StaffInvitationView[]
      ).map((i) => i.email),
    ).not.toContain(email);

    await invite(email, "editor");
    const second = invitationMailTo(email);
    await invite(email, "support");
    const third = invitationMailTo(email);
    expect((await callLoader(inviteLoader, { path: `/staff-invitation?token=${second.token}` })).data).toMatchObject({
      state: "revoked",
    });
    expect((await callLoader(inviteLoader, { path: `/staff-invitation?token=${third.token}` })).data).toMatchObject({
      state: "open",
      role: "support",
    });
    expect((await callLoader(inviteLoader, { path: "/staff-invitation?token=not-a-token" })).data).toMatchObject({
      state: "unknown",
      message: invitationMessages.unknown,
    });
    expect(
      await callAction(inviteAction, { path: "/staff-invitation", form: { intent: "accept", token: "" } }),
    ).toMatchObject({ status: 404, data: { error: invitationMessages.unknown } });

    // Bad input is a 400 with the field's message; a staff member who already has the role is not invited.
    expect(await invite("not-an-address", "editor")).toMatchObject({
      status: 400,
      data: { fieldErrors: { email: "Please enter a valid email address" } },
    });
    expect(await invite(newAddress(), "superuser")).toMatchObject({ status: 400 });
    expect(await invite(owner.email, "owner")).toMatchObject({
      status: 409,
      data: { error: invitationMessages.alreadyStaff },
    });
  });

  it("two invitations to one address at once leave exactly one open, the later one", async () => {
    const email = newAddress();
    const actor = { userId: owner.userId, label: owner.email, role: "owner" };
    const [a, b] = await Promise.all([
      inviteStaff({ db: db(), email, role: "editor", actor }),
      inviteStaff({ db: db(), email, role: "support", actor }),
    ]);
    const rows = await db().select().from(staffInvitations).where(eq(staffInvitations.email, email));
    expect(rows).toHaveLength(2);
    const open = rows.filter((r) => r.revokedAt === null);
    expect(open).toHaveLength(1);
    expect([a.id, b.id]).toContain(open[0]!.id);
  });

  it("the last owner cannot demote themself by accepting an invitation to a lesser role", async () => {
    const [{ owners }] = (await db().select({ owners: user.id }).from(user).where(eq(user.role, "owner"))).map(() => ({
      owners: 1,
    })) as [{ owners: number }];
    expect(owners).toBe(1);
    await invite(owner.email, "editor");
    const { token } = invitationMailTo(owner.email);
    expect(
      await callAction(inviteAction, {
        path: "/staff-invitation",
        cookie: owner.cookie,
        form: { intent: "accept", token },
      }),
    ).toMatchObject({ status: 409, data: { error: staffMessages.lastOwner } });
    const [still] = await db()
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.tokenHash, hashInvitationToken(token)));
    expect(still!.acceptedAt).toBeNull();
  });

  it("the invitation page takes 20 answers per client address in 15 minutes", async () => {
    const ip = `10.9.${counter++ % 250}.7`;
    const tryToken = () =>
      callAction(inviteAction, {
        path: "/staff-invitation",
        form: { intent: "accept", token: "x".repeat(43) },
        clientIp: ip,
      });
    for (let i = 0; i < 20; i++) expect((await tryToken()).status, `try ${i + 1}`).not.toBe(429);
    expect(await tryToken()).toMatchObject({ status: 429, data: { ok: false } });
    // Another address is counted on its own.
    expect(
      (
        await callAction(inviteAction, {
          path: "/staff-invitation",
          form: { intent: "accept", token: "x".repeat(43) },
          clientIp: "10.9.251.8",
        })
      ).status,
    ).not.toBe(429);
  });

  it("only owners invite, revoke and resend: an admin, an editor and a member get 404", async () => {
    for (const role of ["admin", "editor", null] as const) {
      const someone = await signUpStaff(db(), role);
      expect((await invite(newAddress(), "editor", someone.cookie)).status, String(role)).toBe(404);
      expect(
        (
          await callAction(staffAction, {
            path: "/admin/staff",
            cookie: someone.cookie,
            form: { intent: "revoke", id: "1" },
          })
        ).status,
      ).toBe(404);
      expect((await callLoader(staffLoader, { path: "/admin/staff", cookie: someone.cookie })).status).toBe(404);
    }
  });
});
