import { createEmailVerificationToken } from "better-auth/api";
import { eq, like } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { signUpSchema } from "~/lib/validation/auth/auth";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { getAuth } from "#server/auth/core/auth";
import { getAuthSecret } from "#server/auth/core/auth-secret";
import { getPublicOrigin } from "#server/config";
import { session, user, verification } from "#server/db/schema";
import { resetSingleton, setSingleton, singletonValue } from "#server/lib/singleton";
import { describeEachDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { captureLogLines } from "../../helpers/log-capture";

// The Better Auth instance's own settings (server/auth/core/auth.ts), seen from outside: its HTTP
// handler is not mounted, but what it would do if it were is still the last line of defence.
withTestDataDir("auth-core");

const DAY_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const WEAK = { code: "WEAK_PASSWORD", message: "Password must contain at least one uppercase letter" };

const input = (email: string) =>
  signUpSchema.parse({
    firstName: "Grace",
    lastName: "Hopper",
    email,
    password: "Compiler1",
    telegram: "@grace_hopper",
    acceptTerms: "on",
    acceptRisk: "on",
  });
const headers = () => new Headers({ "x-client-ip": "10.2.2.2" });
const cookieFrom = (h: Headers) =>
  h
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
const post = (path: string, body: unknown, more: Record<string, string> = {}) =>
  getAuth().handler(
    new Request(`${getPublicOrigin()}/api/auth${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: getPublicOrigin(), ...more },
      body: JSON.stringify(body),
    }),
  );
/** Better Auth's error as status, code and message, so a refusal is asserted exactly. */
async function refusal(promise: Promise<unknown>) {
  const error = (await promise.then(
    () => null,
    (e: unknown) => e,
  )) as { statusCode?: number; body?: { code?: string; message?: string } } | null;
  expect(error).not.toBeNull();
  return { status: error!.statusCode, code: error!.body?.code, message: error!.body?.message };
}

describeEachDatabase("the Better Auth instance", (database) => {
  let cookie = "";
  let userId = "";

  beforeAll(() => {
    setSingleton("database", database());
  });
  // Each test builds its own instance, and the member joins in the first test that needs her:
  // mutation testing credits the settings to the tests that run them (built outside any test,
  // every settings mutant would rerun every test of the area, for hours).
  beforeEach(async () => {
    resetSingleton("auth");
    if (userId) return;
    const result = await signUpMember({
      db: database().db,
      input: input("grace@example.com"),
      clientIp: "10.0.0.9",
      headers: headers(),
    });
    cookie = cookieFrom(result.headers);
    userId = result.userId;
  });

  it("is the process-wide instance kept under the name auth", () => {
    expect(singletonValue("auth")).toBe(getAuth());
  });

  it("gives users and sessions UUIDs as ids", async () => {
    expect(userId).toMatch(UUID);
    const [row] = await database().db.select().from(session).where(eq(session.userId, userId));
    expect(row!.id).toMatch(UUID);
  });

  it("opens a session for 7 days", async () => {
    const [row] = await database().db.select().from(session).where(eq(session.userId, userId));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(7 * DAY_MS);
  });

  it("extends a session to 7 days from now once a day of it has passed, not sooner", async () => {
    const db = database().db;
    const age = async (ms: number) => {
      await db
        .update(session)
        .set({ expiresAt: new Date(Date.now() + 7 * DAY_MS - ms) })
        .where(eq(session.userId, userId));
      await getAuth().api.getSession({ headers: new Headers({ cookie }) });
      const [row] = await db.select().from(session).where(eq(session.userId, userId));
      return row!.expiresAt.getTime() - Date.now();
    };
    // 23 hours after its last extension: left as it is.
    expect(await age(23 * 60 * 60 * 1000)).toBeLessThan(7 * DAY_MS - 22 * 60 * 60 * 1000);
    // 25 hours after: extended to a full 7 days again.
    expect(await age(25 * 60 * 60 * 1000)).toBeGreaterThan(7 * DAY_MS - 60_000);
  });

  it("makes a new account a member (role user), not staff", async () => {
    const [row] = await database().db.select().from(user).where(eq(user.id, userId));
    expect(row!.role).toBe("user");
  });

  it("changes an unconfirmed address only through a link to the new one, never at once", async () => {
    const db = database().db;
    await getAuth().api.changeEmail({ body: { newEmail: "grace.new@example.com" }, headers: new Headers({ cookie }) });
    const [row] = await db.select().from(user).where(eq(user.id, userId));
    expect(row).toMatchObject({ email: "grace@example.com", emailVerified: false });
  });

  it("sends one-time codes for signing in only: any other kind is refused, and logged", async () => {
    const { log, output } = captureLogLines();
    setSingleton("logger", log);
    // Better Auth runs the sender as a background task: the refusal reaches only the log.
    await getAuth().api.sendVerificationOTP({ body: { email: "grace@example.com", type: "email-verification" } });
    expect(JSON.parse(output())).toMatchObject({
      level: 50,
      auth: true,
      msg: "Failed to run background task:",
      detail: ["Only sign-in codes are sent."],
    });
  });

  it("never sends a sign-in code to an address no account uses (codes open no accounts)", async () => {
    await getAuth().api.sendVerificationOTP({ body: { email: "stranger@example.com", type: "sign-in" } });
    expect(
      await database().db.select().from(verification).where(like(verification.identifier, "%stranger@example.com%")),
    ).toHaveLength(0);
  });

  it("refuses a password that breaks the policy, whichever endpoint is asked", async () => {
    const api = getAuth().api;
    const signUp = api.signUpEmail({ body: { name: "Weak", email: "weak@example.com", password: "alllowercase1" } });
    expect(await refusal(signUp)).toEqual({ status: 400, ...WEAK });
    expect(await database().db.select().from(user).where(eq(user.email, "weak@example.com"))).toHaveLength(0);
    const change = api.changePassword({
      body: { currentPassword: "Compiler1", newPassword: "alllowercase1" },
      headers: new Headers({ cookie }),
    });
    expect(await refusal(change)).toEqual({ status: 400, ...WEAK });
    // Checked before the token: a weak password is refused even with a made-up one.
    const reset = api.resetPassword({ body: { token: "made-up", newPassword: "alllowercase1" } });
    expect(await refusal(reset)).toEqual({ status: 400, ...WEAK });
    // The admin plugin's endpoint (unused by our staff pages) too: refused before its own checks.
    const setByStaff = api.setUserPassword({ body: { userId, newPassword: "alllowercase1" } });
    expect(await refusal(setByStaff)).toEqual({ status: 400, ...WEAK });
  });

  it("confirms an address without opening a session (the link may be opened anywhere)", async () => {
    const token = await createEmailVerificationToken(getAuthSecret(), "grace@example.com");
    const response = await getAuth().api.verifyEmail({ query: { token }, asResponse: true });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie().filter((c) => c.includes("session_token="))).toEqual([]);
    const [row] = await database().db.select().from(user).where(eq(user.id, userId));
    expect(row!.emailVerified).toBe(true);
  });

  it("checks the policy only on the password being set", async () => {
    // A strong new password passes the hook and reaches the endpoint, which refuses the token.
    const reset = getAuth().api.resetPassword({ body: { token: "made-up", newPassword: "Compiler2" } });
    expect(await refusal(reset)).toEqual({ status: 400, code: "INVALID_TOKEN", message: "Invalid token" });
  });
});

describeEachDatabase("the Better Auth HTTP handler, were it mounted", (database) => {
  beforeAll(() => {
    setSingleton("database", database());
  });
  // A fresh instance per test, built inside it (see the first block).
  beforeEach(() => {
    resetSingleton("auth");
  });

  it("refuses a raw sign-up and opens no account: accounts are opened from the pricing page only", async () => {
    const response = await post("/sign-up/email", { name: "Raw", email: "raw@example.com", password: "Compiler1" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Sign up from the pricing page." });
    expect(await database().db.select().from(user).where(eq(user.email, "raw@example.com"))).toHaveLength(0);
  });

  it("lets other requests through to their endpoint, with the password policy applied", async () => {
    const weak = await post("/reset-password", { token: "made-up", newPassword: "alllowercase1" });
    expect(weak.status).toBe(400);
    expect(await weak.json()).toEqual(WEAK);
    const strong = await post("/reset-password", { token: "made-up", newPassword: "Compiler2" });
    expect(strong.status).toBe(400);
    expect(await strong.json()).toMatchObject({ code: "INVALID_TOKEN", message: "Invalid token" });
  });

  it("refuses a request carrying cookies whose Origin is another site, and logs it as an error", async () => {
    const { log, output } = captureLogLines();
    setSingleton("logger", log);
    const body = { token: "made-up", newPassword: "Compiler2" };
    const foreign = await post("/reset-password", body, { origin: "https://evil.example", cookie: "a=b" });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ code: "INVALID_ORIGIN", message: "Invalid origin" });
    // Better Auth's error reaches our log at error level (50), marked as its own.
    expect(JSON.parse(output().split("\n")[0]!)).toMatchObject({
      level: 50,
      auth: true,
      msg: "Invalid origin: https://evil.example",
    });
    const ours = await post("/reset-password", body, { cookie: "a=b" });
    expect(await ours.json()).toMatchObject({ code: "INVALID_TOKEN" });
  });
});

describeEachDatabase("Better Auth's log", (database) => {
  beforeAll(() => {
    setSingleton("database", database());
  });
  // A fresh instance per test, built inside it (see the first block).
  beforeEach(() => {
    resetSingleton("auth");
  });

  it("goes to our logger: its errors as errors, its warnings as warnings, errors by their message", async () => {
    const { log, output } = captureLogLines();
    setSingleton("logger", log);
    const { logger } = await getAuth().$context;
    logger.error("it broke", new Error("why"));
    logger.warn("take care", "detail");
    const [error, warning] = output()
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(error).toMatchObject({ level: 50, auth: true, msg: "it broke", detail: ["why"] });
    expect(warning).toMatchObject({ level: 40, auth: true, msg: "take care", detail: ["detail"] });
  });
});

describeEachDatabase("a trusted device", (database) => {
  beforeAll(() => {
    setSingleton("database", database());
  });
  // A fresh instance per test, built inside it (see the first block).
  beforeEach(() => {
    resetSingleton("auth");
  });

  it("is trusted for 30 days after the second step", async () => {
    const api = getAuth().api;
    const joined = await signUpMember({
      db: database().db,
      input: input("trust@example.com"),
      clientIp: "10.0.0.8",
      headers: headers(),
    });
    const signedIn = new Headers({ cookie: cookieFrom(joined.headers) });
    const enabled = await api.enableTwoFactor({ body: { password: "Compiler1" }, headers: signedIn });
    const totpURI = "totpURI" in enabled ? enabled.totpURI : "";
    const totp = new TOTP({ secret: Secret.fromBase32(new URL(totpURI).searchParams.get("secret")!) });
    await api.verifyTOTP({ body: { code: totp.generate() }, headers: signedIn });
    const first = await api.signInEmail({
      body: { email: "trust@example.com", password: "Compiler1" },
      asResponse: true,
    });
    const second = await api.verifyTOTP({
      body: { code: totp.generate(), trustDevice: true },
      headers: new Headers({ cookie: cookieFrom(first.headers) }),
      asResponse: true,
    });
    expect(second.status).toBe(200);
    const trust = second.headers.getSetCookie().find((c) => c.includes("trust_device="));
    expect(trust).toContain("Max-Age=2592000");
  });
});
