import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { readFlashToast } from "~/lib/http/cookies";
import { signUpSchema } from "~/lib/validation/auth/auth";
import { isResetTokenValid } from "#server/auth/accounts/reset-member-password";
import { getSignedInAccount, requireMember, signOutMember } from "#server/auth/accounts/session";
import { signInMember } from "#server/auth/accounts/sign-in-member";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { getAuth } from "#server/auth/core/auth";
import type { Db } from "#server/db/client";
import { profiles, session, user } from "#server/db/schema";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { captureLogLines } from "../../helpers/log-capture";

// The paths of sign-up, sign-in and the session helpers that the main accounts tests
// (auth.test.ts) do not walk: failures half-way through a sign-up, a sign-in that stops for a
// second factor, the staff view of a session, ended sessions. Sign-ups are few: hashing is slow.
withTestDataDir("auth-accounts", { PUBLIC_URL: "https://signals.example", ALLOW_DEV_TRON_KEY: "true" });

const input = (email: string, password = "Analytical1") =>
  signUpSchema.parse({
    firstName: "Ada",
    lastName: "Lovelace",
    email,
    password,
    telegram: "@ada_lovelace",
    acceptTerms: "on",
    acceptRisk: "on",
  });
const headers = () => new Headers({ "x-client-ip": "10.3.3.3" });
const cookieFrom = (h: Headers) =>
  h
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
const page = (cookie?: string) =>
  new Request("https://signals.example/dashboard?section=billing", { headers: cookie ? { cookie } : {} });
/** The redirect requireMember throws, or null when it lets the request through. */
const guard = (request: Request) =>
  requireMember(request).then(
    () => null,
    (thrown: unknown) => thrown as Response,
  );

/** The database with one kind of write failing, as a dropped connection would make it. */
function failing(db: Db, what: "profile insert" | "transaction"): Db {
  return new Proxy(db, {
    get(target, prop) {
      if (what === "profile insert" && prop === "insert") {
        return (table: typeof profiles) =>
          table === profiles ? { values: () => Promise.reject(new Error("connection lost")) } : target.insert(table);
      }
      if (what === "transaction" && prop === "transaction") return () => Promise.reject(new Error("connection lost"));
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

describeEachDatabase("accounts, the less travelled paths", (database, kind) => {
  const db = () => database().db;
  const email = `ada.${kind}@example.com`;
  let ada: { userId: string; cookie: string };
  let logged: ReturnType<typeof captureLogLines>;
  const logLine = (msg: string) =>
    logged
      .output()
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.msg === msg);

  useProcessDatabase(database);
  beforeEach(() => {
    logged = captureLogLines({ level: "trace" });
    setSingleton("logger", logged.log);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetSingleton("config");
    resetSingleton("logger");
  });

  it("opens the account under the member's full name, and a failed wallet only logs (the wallet job retries it)", async () => {
    const result = await signUpMember({
      db: failing(db(), "transaction"),
      input: input(email),
      clientIp: "10.3.0.1",
      headers: headers(),
    });
    ada = { userId: result.userId, cookie: cookieFrom(result.headers) };
    expect((await db().select({ name: user.name }).from(user).where(eq(user.id, ada.userId)))[0]).toEqual({
      name: "Ada Lovelace",
    });
    expect(
      (await db().select({ wallet: profiles.walletAddress }).from(profiles).where(eq(profiles.id, ada.userId)))[0],
    ).toEqual({ wallet: null });
    expect(ada.cookie).toContain("session_token=");
    expect(logLine("sign-up: wallet generation failed; the wallet job will retry")).toMatchObject({
      level: 40,
      err: "connection lost",
      profile: ada.userId,
    });
  });

  it("gives the staff checks the signed-in account: role, factors and this session's activity", async () => {
    const [row] = await db().select().from(session).where(eq(session.userId, ada.userId));
    const signedIn = await getSignedInAccount(page(ada.cookie));
    expect(signedIn.headers).toBeInstanceOf(Headers);
    expect(signedIn.account).toEqual({
      userId: ada.userId,
      email,
      name: "Ada Lovelace",
      role: "user",
      emailVerified: false,
      twoFactorEnabled: false,
      sessionId: row!.id,
      // A sign-up is a password alone.
      secondFactor: false,
      lastActiveAt: row!.updatedAt,
    });
    await db().update(user).set({ role: "admin", twoFactorEnabled: true }).where(eq(user.id, ada.userId));
    await db().update(session).set({ secondFactor: true }).where(eq(session.id, row!.id));
    expect((await getSignedInAccount(page(ada.cookie))).account).toMatchObject({
      role: "admin",
      twoFactorEnabled: true,
      secondFactor: true,
    });
    await db().update(user).set({ role: "user", twoFactorEnabled: false }).where(eq(user.id, ada.userId));

    const signedOut = await getSignedInAccount(page());
    expect(signedOut.account).toBeNull();
    expect(signedOut.headers).toBeInstanceOf(Headers);
  });

  it("a sign-in with two-factor on opens no session: it names the member (whatever the email's case and spaces) and waits for the second step", async () => {
    await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, ada.userId));
    try {
      const answer = await signInMember({
        db: db(),
        email: `  ${email.toUpperCase()} `,
        password: "Analytical1",
        clientIp: "10.3.0.2",
        headers: headers(),
      });
      expect(answer.twoFactorRequired).toBe(true);
      expect(answer.userId).toBe(ada.userId);
      expect(cookieFrom(answer.headers)).toContain("better-auth.two_factor=");
      // Better Auth clears the session cookie it had set; none with a value remains.
      expect(cookieFrom(answer.headers)).not.toMatch(/session_token=[^;\s]/);
    } finally {
      await db().update(user).set({ twoFactorEnabled: false }).where(eq(user.id, ada.userId));
    }
  });

  it("a sign-out Better Auth refuses still answers (nothing to clear); an ended session's page request gets the toast however the Cookie header is written", async () => {
    // Better Auth 1.7 answers a sign-out without a session too; an earlier one refused it, and a
    // refusal must never stop the redirect away from the member pages.
    vi.spyOn(getAuth().api, "signOut").mockRejectedValueOnce(
      new APIError("BAD_REQUEST", { message: "Failed to get session" }),
    );
    const refused = await signOutMember(new Request("https://signals.example/logout", { method: "POST" }));
    expect(refused).toBeInstanceOf(Headers);
    expect(refused.getSetCookie()).toEqual([]);

    const cleared = await signOutMember(
      new Request("https://signals.example/logout", { method: "POST", headers: { cookie: ada.cookie } }),
    );
    expect(cookieFrom(cleared)).toContain("session_token=");
    // The session cookie, now dead, after another cookie: with and without a space after ";".
    for (const cookie of [`theme=dark; ${ada.cookie}`, `theme=dark;${ada.cookie}`]) {
      const answer = await guard(page(cookie));
      expect(answer?.status).toBe(302);
      expect(answer!.headers.get("location")).toBe("/signin?redirectTo=%2Fdashboard%3Fsection%3Dbilling");
      const toast = answer!.headers.getSetCookie().find((c) => c.startsWith("flash_toast="))!;
      expect(readFlashToast(toast.split(";")[0])).toEqual({
        title: "Your session has ended. Please sign in again.",
        type: "error",
      });
      expect(toast).not.toMatch(/;\s*Secure/i);
    }
  });

  it("in production the toast cookie is Secure, and the __Secure- session cookie counts as a session that ended", async () => {
    getAuth();
    vi.stubEnv("NODE_ENV", "production");
    resetSingleton("config");
    const answer = await guard(page("__Secure-better-auth.session_token=ended.signature"));
    const toast = answer!.headers.getSetCookie().find((c) => c.startsWith("flash_toast="));
    expect(toast).toMatch(/;\s*Secure/i);
  });

  it("a profile that cannot be written removes the new account again, and says so in the log", async () => {
    const other = `grace.${kind}@example.com`;
    await expect(
      signUpMember({
        db: failing(db(), "profile insert"),
        input: input(other),
        clientIp: "10.3.0.3",
        headers: headers(),
      }),
    ).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "An error occurred during sign up",
    });
    expect(await db().select().from(user).where(eq(user.email, other))).toEqual([]);
    expect(logLine("sign-up: profile insert failed; account removed")).toMatchObject({
      level: 50,
      err: { message: "connection lost" },
    });
  });

  it("Better Auth's refusal keeps its message for people; its server error becomes the generic one; no account either way", async () => {
    const other = `alan.${kind}@example.com`;
    // Past the form (signUpSchema): Better Auth's password rule answers.
    await expect(
      signUpMember({
        db: db(),
        input: { ...input(other), password: "alllowercase1" },
        clientIp: "10.3.0.4",
        headers: headers(),
      }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      message: "Password must contain at least one uppercase letter",
    });
    vi.spyOn(getAuth().api, "signUpEmail").mockRejectedValueOnce(
      new APIError("INTERNAL_SERVER_ERROR", { message: 'relation "user" is locked' }),
    );
    await expect(
      signUpMember({ db: db(), input: input(other), clientIp: "10.3.0.4", headers: headers() }),
    ).rejects.toMatchObject({
      code: "VALIDATION",
      message: "An error occurred during sign up",
    });
    expect(await db().select().from(user).where(eq(user.email, other))).toEqual([]);
  });

  it("an empty reset token is never valid", async () => {
    expect(await isResetTokenValid({ db: db(), token: "" })).toBe(false);
  });
});
