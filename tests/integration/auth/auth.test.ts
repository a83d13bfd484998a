import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { signUpSchema } from "~/lib/validation/auth/auth";
import { requestPasswordReset } from "#server/auth/accounts/request-password-reset";
import { isResetTokenValid, resetMemberPassword } from "#server/auth/accounts/reset-member-password";
import { getMemberSession, signOutMember } from "#server/auth/accounts/session";
import { signInMember } from "#server/auth/accounts/sign-in-member";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import type { Db } from "#server/db/client";
import { profiles, rateLimits, session, user, verification } from "#server/db/schema";
import { resetSingleton } from "#server/lib/singleton";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";

withTestDataDir("auth");

const input = (email: string) =>
  signUpSchema.parse({
    firstName: " Ada ",
    lastName: "Lovelace",
    email,
    password: "Analytical1",
    telegram: "@ada_lovelace",
    acceptTerms: "on",
    acceptRisk: "on",
  });
const headers = () => new Headers({ "x-client-ip": "10.1.1.1" });
const cookieFrom = (h: Headers) =>
  h
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describeEachDatabase("accounts", (database) => {
  useProcessDatabase(database);

  it("signs up: user, profile (Telegram without @), wallet and a session in one go", async () => {
    const db = database().db;
    const result = await signUpMember({
      db,
      input: input("ada@example.com"),
      clientIp: "10.0.0.1",
      headers: headers(),
    });
    const [p] = await db.select().from(profiles).where(eq(profiles.id, result.userId));
    expect(p).toMatchObject({
      firstName: "Ada",
      lastName: "Lovelace",
      telegramUsername: "ada_lovelace",
      telegramVerified: false,
    });
    expect(p!.walletAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const cookie = cookieFrom(result.headers);
    expect(cookie).toContain("session_token=");
    const { member } = await getMemberSession(new Request("http://localhost/dashboard", { headers: { cookie } }));
    expect(member).toMatchObject({ userId: result.userId, email: "ada@example.com" });
  });

  it("refuses an expired session and ends a signed-out one", async () => {
    const db = database().db;
    const signedIn = await signInMember({
      db,
      email: "ada@example.com",
      password: "Analytical1",
      clientIp: "10.0.1.1",
      headers: headers(),
    });
    const cookie = cookieFrom(signedIn.headers);
    const request = () => new Request("http://localhost/dashboard", { headers: { cookie } });
    expect((await getMemberSession(request())).member).not.toBeNull();
    const token = decodeURIComponent(/session_token=([^.;]+)/.exec(cookie)![1]!);
    await db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, token));
    expect((await getMemberSession(request())).member).toBeNull();

    const again = await signInMember({
      db,
      email: "ada@example.com",
      password: "Analytical1",
      clientIp: "10.0.1.1",
      headers: headers(),
    });
    const fresh = cookieFrom(again.headers);
    await signOutMember(new Request("http://localhost/logout", { method: "POST", headers: { cookie: fresh } }));
    expect(
      (await getMemberSession(new Request("http://localhost/dashboard", { headers: { cookie: fresh } }))).member,
    ).toBeNull();
  });

  it("refuses a duplicate email, whatever its case, and creates nothing", async () => {
    const db = database().db;
    const before = (await db.select().from(user)).length;
    await expect(
      signUpMember({ db, input: input("ADA@example.com"), clientIp: "10.0.0.2", headers: headers() }),
    ).rejects.toMatchObject({
      code: "CONFLICT",
      message: "An account with this email already exists. Please sign in instead.",
    });
    expect(await db.select().from(user)).toHaveLength(before);
  });

  it("enforces the password policy on the server", () => {
    const r = signUpSchema.safeParse({ ...input("x@example.com"), password: "alllowercase1" });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe("Password must contain at least one uppercase letter");
  });

  it("signs in with the right password only, with one message for both mistakes", async () => {
    const db = database().db;
    const ok = await signInMember({
      db,
      email: "Ada@Example.com",
      password: "Analytical1",
      clientIp: "10.0.0.3",
      headers: headers(),
    });
    expect(cookieFrom(ok.headers)).toContain("session_token=");
    for (const [email, password] of [
      ["ada@example.com", "Wrong1234"],
      ["nobody@example.com", "Analytical1"],
    ]) {
      await expect(
        signInMember({ db, email: email!, password: password!, clientIp: "10.0.0.3", headers: headers() }),
      ).rejects.toMatchObject({
        code: "UNAUTHORIZED",
        message: "Invalid email or password",
      });
    }
  });

  it("resets a password once with a token that expires after an hour, ending every session", async () => {
    // An instance built inside this test: mutation testing credits the reset settings
    // (revokeSessionsOnPasswordReset) to the test that built the instance.
    resetSingleton("auth");
    const db = database().db;
    // A reset link goes only to a verified address (refusal tested in email-auth.test.ts).
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, "ada@example.com"));
    await requestPasswordReset({
      db,
      email: "ada@example.com",
      clientIp: "10.0.0.4",
      siteUrl: "http://localhost:3000",
    });
    await requestPasswordReset({
      db,
      email: "nobody@example.com",
      clientIp: "10.0.0.4",
      siteUrl: "http://localhost:3000",
    });
    const tokens = await db
      .select()
      .from(verification)
      .where(sql`${verification.identifier} like 'reset-password:%'`);
    expect(tokens).toHaveLength(1);
    const token = tokens[0]!.identifier.slice("reset-password:".length);
    expect(tokens[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(tokens[0]!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);
    expect(await isResetTokenValid({ db, token })).toBe(true);

    const [ada] = await db.select().from(user).where(eq(user.email, "ada@example.com"));
    expect((await db.select().from(session).where(eq(session.userId, ada!.id))).length).toBeGreaterThan(0);
    await resetMemberPassword({ db, token, password: "NewSecret9", clientIp: "10.0.0.4" });
    expect(await db.select().from(session).where(eq(session.userId, ada!.id))).toHaveLength(0);
    await expect(
      resetMemberPassword({ db, token, password: "NewSecret9", clientIp: "10.0.0.4" }),
    ).rejects.toMatchObject({
      message: "Invalid or expired link",
    });
    await signInMember({
      db,
      email: "ada@example.com",
      password: "NewSecret9",
      clientIp: "10.0.0.5",
      headers: headers(),
    });

    // An hour later the link is dead (clock moved by ageing the stored token).
    await requestPasswordReset({
      db,
      email: "ada@example.com",
      clientIp: "10.0.0.6",
      siteUrl: "http://localhost:3000",
    });
    const [fresh] = await db
      .select()
      .from(verification)
      .where(sql`${verification.identifier} like 'reset-password:%'`);
    await db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.id, fresh!.id));
    const stale = fresh!.identifier.slice("reset-password:".length);
    expect(await isResetTokenValid({ db, token: stale })).toBe(false);
    await expect(
      resetMemberPassword({ db, token: stale, password: "Another1x", clientIp: "10.0.0.6" }),
    ).rejects.toMatchObject({
      message: "Invalid or expired link",
    });
  });

  it("refuses a weak password even when the form is skipped", async () => {
    const db = database().db;
    await requestPasswordReset({
      db,
      email: "ada@example.com",
      clientIp: "10.0.0.7",
      siteUrl: "http://localhost:3000",
    });
    const [row] = await db
      .select()
      .from(verification)
      .where(sql`${verification.identifier} like 'reset-password:%' and ${verification.expiresAt} > now()`);
    const token = row!.identifier.slice("reset-password:".length);
    await expect(
      resetMemberPassword({ db, token, password: "weakpassword", clientIp: "10.0.0.7" }),
    ).rejects.toMatchObject({
      message: "Password must contain at least one uppercase letter",
    });
    await expect(resetMemberPassword({ db, token, password: "Abcdef1", clientIp: "10.0.0.7" })).rejects.toMatchObject({
      message: "Password must be at least 8 characters",
    });
    await expect(
      resetMemberPassword({ db, token, password: "Abcdefghij", clientIp: "10.0.0.7" }),
    ).rejects.toMatchObject({
      message: "Password must contain at least one number",
    });
  });

  it("slows repeated failures for one email from one address, and lifts the wait once it has passed", async () => {
    const db = database().db;
    const attempt = (email = "limit@example.com") =>
      signInMember({ db, email, password: "Wrong1234", clientIp: "10.9.9.9", headers: headers() });
    // Three failures are free; the fourth attempt right away must wait (1 s after the third).
    for (let i = 0; i < 3; i++) await expect(attempt()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(attempt()).rejects.toMatchObject({
      code: "RATE_LIMITED",
      message: "Too many requests. Please try again later.",
      details: { retryAfterSeconds: 1 },
    });
    // The email's case does not matter: it is the same member.
    await expect(attempt("LIMIT@Example.com")).rejects.toMatchObject({ code: "RATE_LIMITED" });
    // Once the wait has passed (the clock moved by ageing the stored failure), one more try, and the next wait doubles.
    await ageSignInFailures(db, 2);
    await expect(attempt()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(attempt()).rejects.toMatchObject({ code: "RATE_LIMITED", details: { retryAfterSeconds: 2 } });
  });

  it("never locks a member out: failures from an attacker's address leave the member's own address alone", async () => {
    const db = database().db;
    const [email, password] = ["ada@example.com", "NewSecret9"];
    for (let i = 0; i < 6; i++) {
      await expect(
        signInMember({ db, email, password: "Guess1234", clientIp: "198.51.100.66", headers: headers() }),
      ).rejects.toMatchObject({
        code: expect.stringMatching(/^(UNAUTHORIZED|RATE_LIMITED)$/),
      });
    }
    await expect(
      signInMember({ db, email, password, clientIp: "198.51.100.66", headers: headers() }),
    ).rejects.toMatchObject({ code: "RATE_LIMITED" });
    const ok = await signInMember({ db, email, password, clientIp: "203.0.113.5", headers: headers() });
    expect(cookieFrom(ok.headers)).toContain("session_token=");
  });

  it("caps sign-in attempts per client address, counting an IPv6 /64 as one address", async () => {
    const db = database().db;
    // 20 attempts in 15 minutes from one /64, each for another email (no per-email wait applies).
    for (let i = 0; i < 20; i++) {
      await expect(
        signInMember({
          db,
          email: `spray${i}@example.com`,
          password: "Wrong1234",
          clientIp: `2001:db8:1:2::${(i + 1).toString(16)}`,
          headers: headers(),
        }),
      ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    }
    await expect(
      signInMember({
        db,
        email: "spray99@example.com",
        password: "Wrong1234",
        clientIp: "2001:db8:1:2:ffff::1",
        headers: headers(),
      }),
    ).rejects.toMatchObject({
      code: "RATE_LIMITED",
    });
    // The neighbouring /64 is another address.
    await expect(
      signInMember({
        db,
        email: "spray99@example.com",
        password: "Wrong1234",
        clientIp: "2001:db8:1:3::1",
        headers: headers(),
      }),
    ).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await db.update(rateLimits).set({ resetAt: new Date(Date.now() - 1000) });
  });
});

/** Moves the clock of every remembered sign-in failure back by `seconds`. */
async function ageSignInFailures(db: Db, seconds: number) {
  await db.execute(
    sql`update rate_limits set reset_at = reset_at - make_interval(secs => ${seconds}) where key like 'sign-in-failures:%'`,
  );
}
