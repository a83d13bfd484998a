import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { auditLog, staffInvitations, user } from "#server/db/schema";
import { acceptStaffInvitation } from "#server/staff/staff/invitations/accept-staff-invitation";
import { acceptStaffInvitationAsNewAccount } from "#server/staff/staff/invitations/accept-staff-invitation-new-account";
import { findStaffInvitation } from "#server/staff/staff/invitations/find-staff-invitation";
import { hashInvitationToken } from "#server/staff/staff/invitations/invitation-token";
import { listStaffInvitations } from "#server/staff/staff/invitations/list-staff-invitations";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { createMember } from "../../helpers/members";

withTestDataDir("staff-invitation-accept-rules");

const SENT = new Date("2026-11-20T10:00:00.000Z");
const EXPIRES = new Date("2026-11-23T10:00:00.000Z");
const BEFORE_EXPIRY = new Date("2026-11-22T10:00:00.000Z");
let counter = 0;
const newAddress = () => `accept-${Date.now()}-${++counter}@example.com`;

/*
 * Accepting, finding and listing invitations, on invitation rows written here with
 * a known link token, so each answer can be pinned exactly.
 */
describeEachDatabase("accepting staff invitations, exactly", (database) => {
  const db = () => database().db;
  const invitation = async (
    email: string,
    options: { role?: string; token?: string; sentAt?: Date; expiresAt?: Date } = {},
  ) => {
    const token = options.token ?? crypto.randomBytes(32).toString("base64url");
    const [row] = await db()
      .insert(staffInvitations)
      .values({
        email,
        role: options.role ?? "support",
        tokenHash: hashInvitationToken(token),
        invitedByLabel: "boss@example.com",
        sentAt: options.sentAt ?? SENT,
        expiresAt: options.expiresAt ?? EXPIRES,
      })
      .returning();
    return { token, row: row! };
  };
  const accountOf = async (id: string) => (await db().select().from(user).where(eq(user.id, id)))[0]!;

  useProcessDatabase(database);

  it("finds an open invitation with everything the page shows", async () => {
    const m = await createMember(db());
    const { token, row } = await invitation(m.email, { role: "editor" });
    expect(await findStaffInvitation({ db: db(), token, now: BEFORE_EXPIRY })).toEqual({
      state: "open",
      id: row.id,
      email: m.email,
      role: "editor",
      invitedBy: "boss@example.com",
      expiresAt: EXPIRES,
      accountExists: true,
    });
    expect(await findStaffInvitation({ db: db(), token: "", now: BEFORE_EXPIRY })).toEqual({ state: "unknown" });
  });

  it("reads a link token of up to 200 characters, and none longer", async () => {
    const fits = await invitation(newAddress(), { token: "a".repeat(200) });
    expect((await findStaffInvitation({ db: db(), token: fits.token, now: BEFORE_EXPIRY })).state).toBe("open");
    const tooLong = await invitation(newAddress(), { token: "b".repeat(201) });
    expect(await findStaffInvitation({ db: db(), token: tooLong.token, now: BEFORE_EXPIRY })).toEqual({
      state: "unknown",
    });
  });

  it("an account whose address is not yet verified accepts: verified by the link, given the role, the invitation used at that moment, audited", async () => {
    const m = await createMember(db());
    expect((await accountOf(m.id)).emailVerified).toBe(false);
    const { token, row } = await invitation(m.email);
    expect(await acceptStaffInvitation({ db: db(), token, accountId: m.id, now: BEFORE_EXPIRY })).toEqual({
      userId: m.id,
      email: m.email,
      role: "support",
    });
    expect(await accountOf(m.id)).toMatchObject({ emailVerified: true, role: "support" });
    const [used] = await db().select().from(staffInvitations).where(eq(staffInvitations.id, row.id));
    expect(used).toMatchObject({ acceptedAt: BEFORE_EXPIRY, acceptedBy: m.id });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "invitation"), eq(auditLog.targetId, String(row.id))));
    expect(audit).toMatchObject({
      at: BEFORE_EXPIRY,
      actorUserId: m.id,
      actorLabel: m.email,
      actorRole: "invitee",
      action: "staff.invitation_accepted",
      summary: `${m.email} accepted the invitation as Support (invited by boss@example.com)`,
      before: { state: "open" },
      after: { state: "accepted" },
    });
  });

  it("refuses an invitation whose address has no account, and a caller who is not signed in", async () => {
    const member = await createMember(db());
    const { token, row } = await invitation(newAddress());
    await expect(
      acceptStaffInvitation({ db: db(), token, accountId: member.id, now: BEFORE_EXPIRY }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This invitation is no longer open: it was used, withdrawn or replaced.",
    });
    await expect(acceptStaffInvitation({ db: db(), token, accountId: null, now: BEFORE_EXPIRY })).rejects.toMatchObject(
      {
        code: "UNAUTHORIZED",
        message: "Sign in as the invited address to accept the invitation.",
      },
    );
    expect(
      (await db().select().from(staffInvitations).where(eq(staffInvitations.id, row.id)))[0]!.acceptedAt,
    ).toBeNull();
    expect((await accountOf(member.id)).role).toBeNull();
  });

  it("a new account cannot take an invitation that is not open, or whose address has an account", async () => {
    const expired = await invitation(newAddress(), { expiresAt: BEFORE_EXPIRY });
    const form = { firstName: "Nia", lastName: "New", password: "Analytical1", headers: new Headers() };
    await expect(
      acceptStaffInvitationAsNewAccount({ db: db(), token: expired.token, ...form, now: BEFORE_EXPIRY }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      details: { state: "expired" },
    });
    const m = await createMember(db());
    const taken = await invitation(m.email);
    await expect(
      acceptStaffInvitationAsNewAccount({ db: db(), token: taken.token, ...form, now: BEFORE_EXPIRY }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: "An account with this email already exists: sign in with it to accept the invitation.",
    });
    expect(await db().select().from(user).where(eq(user.email, expired.row.email))).toEqual([]);
  });

  it("lists open invitations newest first, marked expired from the very millisecond they expire", async () => {
    const older = await invitation(newAddress(), {
      sentAt: new Date("2030-01-01T00:00:00.000Z"),
      expiresAt: new Date("2030-01-04T00:00:00.000Z"),
    });
    const newer = await invitation(newAddress(), {
      sentAt: new Date("2030-01-02T00:00:00.000Z"),
      expiresAt: new Date("2030-01-05T00:00:00.000Z"),
    });
    const withdrawn = await invitation(newAddress(), {
      sentAt: new Date("2030-01-03T00:00:00.000Z"),
      expiresAt: new Date("2030-01-06T00:00:00.000Z"),
    });
    await db()
      .update(staffInvitations)
      .set({ revokedAt: new Date("2030-01-03T01:00:00.000Z") })
      .where(eq(staffInvitations.id, withdrawn.row.id));
    const listed = await listStaffInvitations({ db: db(), now: new Date("2030-01-04T00:00:00.000Z") });
    expect(listed.slice(0, 2)).toEqual([
      {
        id: newer.row.id,
        email: newer.row.email,
        role: "support",
        invitedBy: "boss@example.com",
        sentAt: "2030-01-02T00:00:00.000Z",
        expiresAt: "2030-01-05T00:00:00.000Z",
        expired: false,
      },
      {
        id: older.row.id,
        email: older.row.email,
        role: "support",
        invitedBy: "boss@example.com",
        sentAt: "2030-01-01T00:00:00.000Z",
        expiresAt: "2030-01-04T00:00:00.000Z",
        expired: true,
      },
    ]);
    expect(listed.map((i) => i.id)).not.toContain(withdrawn.row.id);
    const earlier = await listStaffInvitations({ db: db(), now: new Date("2030-01-03T23:59:59.999Z") });
    expect(earlier.find((i) => i.id === older.row.id)!.expired).toBe(false);
  });
});
