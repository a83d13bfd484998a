import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, expect, it, vi } from "vitest";
import type * as AuthModule from "#server/auth/core/auth";
import type { Tx as AcceptTx } from "#server/db/client";
import { profiles, staffInvitations, user } from "#server/db/schema";
import type * as AcceptModule from "#server/staff/staff/invitations/accept-staff-invitation";
import { acceptStaffInvitationAsNewAccount } from "#server/staff/staff/invitations/accept-staff-invitation-new-account";
import { hashInvitationToken } from "#server/staff/staff/invitations/invitation-token";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";

withTestDataDir("staff-invitation-new-account");

/*
 * What happens around the new account when a step after its creation goes wrong: another tab
 * uses the invitation first (`beforeAccept` plays that tab), or signing in fails (`signIn`).
 * Neither can be made to happen on demand with one test's requests.
 */
const fault = vi.hoisted(() => ({
  beforeAccept: undefined as undefined | ((tx: AcceptTx) => Promise<void>),
  signIn: undefined as unknown,
}));
vi.mock("#server/staff/staff/invitations/accept-staff-invitation", async (importOriginal) => {
  const actual = await importOriginal<typeof AcceptModule>();
  return {
    ...actual,
    acceptInvitationIn: async (options: Parameters<typeof actual.acceptInvitationIn>[0]) => {
      const other = fault.beforeAccept;
      fault.beforeAccept = undefined;
      await other?.(options.tx);
      return actual.acceptInvitationIn(options);
    },
  };
});
vi.mock("#server/auth/core/auth", async (importOriginal) => {
  const actual = await importOriginal<typeof AuthModule>();
  return {
    ...actual,
    getAuth: () => {
      const auth = actual.getAuth();
      if (fault.signIn === undefined) return auth;
      const error = fault.signIn;
      const signInEmail = async () => {
        fault.signIn = undefined;
        throw error;
      };
      return { ...auth, api: { ...auth.api, signInEmail } };
    },
  };
});

let counter = 0;
const newAddress = () => `newcomer-${Date.now()}-${++counter}@example.com`;
const form = {
  firstName: "Nia",
  lastName: "Newton",
  password: "Analytical1",
  headers: new Headers({ "x-client-ip": "10.7.7.7" }),
};

describeEachDatabase("a new account accepting a staff invitation", (database) => {
  const db = () => database().db;
  const invitation = async (email: string, role = "editor") => {
    const token = crypto.randomBytes(32).toString("base64url");
    const [row] = await db()
      .insert(staffInvitations)
      .values({
        email,
        role,
        tokenHash: hashInvitationToken(token),
        invitedByLabel: "boss@example.com",
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    return { token, row: row! };
  };
  const accountsOf = (email: string) => db().select().from(user).where(eq(user.email, email));

  useProcessDatabase(database);
  afterEach(() => {
    fault.beforeAccept = undefined;
    fault.signIn = undefined;
  });

  it("opens a verified account with the chosen name and a deposit wallet, makes it staff and signs it in", async () => {
    const email = newAddress();
    const { token } = await invitation(email);
    const result = await acceptStaffInvitationAsNewAccount({ db: db(), token, ...form });
    const [account] = await accountsOf(email);
    expect(result).toMatchObject({ userId: account!.id, email, role: "editor" });
    expect(result.headers!.getSetCookie().some((c) => c.startsWith("better-auth.session_token="))).toBe(true);
    expect(account).toMatchObject({ name: "Nia Newton", emailVerified: true, role: "editor" });
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, account!.id));
    expect(profile).toMatchObject({ firstName: "Nia", lastName: "Newton" });
    expect(profile!.walletAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
  });

  it("turns Better Auth's refusal of the account into a conflict with its message, opening nothing", async () => {
    const email = newAddress();
    const { token, row } = await invitation(email);
    await expect(
      acceptStaffInvitationAsNewAccount({ db: db(), token, ...form, password: "a".repeat(129) }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Password too long",
    });
    expect(await accountsOf(email)).toEqual([]);
    expect(
      (await db().select().from(staffInvitations).where(eq(staffInvitations.id, row.id)))[0]!.acceptedAt,
    ).toBeNull();
  });

  it("removes the account it opened when the invitation was used meanwhile, and says the link is used", async () => {
    const email = newAddress();
    const { token, row } = await invitation(email);
    // Inside the acceptance's transaction: the embedded database has one connection.
    fault.beforeAccept = async (tx) => {
      await tx.update(staffInvitations).set({ acceptedAt: new Date() }).where(eq(staffInvitations.id, row.id));
    };
    await expect(acceptStaffInvitationAsNewAccount({ db: db(), token, ...form })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This invitation has already been used. Sign in to open the back office.",
    });
    expect(await accountsOf(email)).toEqual([]);
  });

  it("a failed sign-in afterwards still leaves a whole staff member, without a session cookie", async () => {
    const email = newAddress();
    const { token, row } = await invitation(email, "support");
    fault.signIn = new Error("sign-in unavailable");
    const result = await acceptStaffInvitationAsNewAccount({ db: db(), token, ...form });
    const [account] = await accountsOf(email);
    expect(result).toEqual({ userId: account!.id, email, role: "support", headers: null });
    expect(account!.role).toBe("support");
    expect((await db().select().from(staffInvitations).where(eq(staffInvitations.id, row.id)))[0]!.acceptedBy).toBe(
      account!.id,
    );
  });
});
