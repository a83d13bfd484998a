import { eq, like } from "drizzle-orm";
import { expect, it } from "vitest";
import { action as backupCodesAction } from "~/routes/api/dashboard/api.dashboard.two-factor.backup-codes";
import { action as confirmAction } from "~/routes/api/dashboard/api.dashboard.two-factor.confirm";
import { action as disableAction } from "~/routes/api/dashboard/api.dashboard.two-factor.disable";
import { action as enableAction } from "~/routes/api/dashboard/api.dashboard.two-factor.enable";
import { getAuth } from "#server/auth/core/auth";
import { startTwoFactorSetup } from "#server/auth/two-factor/start-two-factor-setup";
import { isTwoFactorOn } from "#server/auth/two-factor/two-factor-rules";
import { verifyTwoFactorSignIn } from "#server/auth/two-factor/verify-two-factor-sign-in";
import { rateLimits, session, twoFactor } from "#server/db/schema";
import { setSingleton } from "#server/lib/singleton";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { Browser, authenticatorCodes as codes, enrolInBrowser, PASSWORD } from "../../helpers/two-factor-browser";

// Set-up as in two-factor.test.ts (that file is full): the refusals it does not reach.
withTestDataDir("two-factor-refusals");

// The texts of server/auth/two-factor/two-factor-rules.ts written out, never imported: a changed message must fail here.
const TWO_FACTOR_LOCKED = /^Too many wrong codes\. Two-factor sign-in is locked; try again in (9|10) minutes\.$/;
const ALREADY_ON = "Two-factor authentication is already on.";
const NOT_ON = "Two-factor authentication is not on.";
const SETUP_NOT_STARTED = "Start again: enter your password to get a new QR code.";

describeEachDatabase("two-factor refusals", (database) => {
  const db = () => database().db;

  useProcessDatabase(database);

  const enrolled = () => enrolInBrowser({ db: db(), tag: "tfr" });

  it("a locked second factor refuses even a right code until the lock ends; turning on again is refused before the password", async () => {
    const ada = await enrolled();
    // What Better Auth sets after 100 wrong codes in a row, written directly to spare 100 tries.
    await db()
      .update(twoFactor)
      .set({ lockedUntil: new Date(Date.now() + 10 * 60_000) })
      .where(eq(twoFactor.userId, ada.userId));
    const browser = new Browser();
    await browser.signIn(ada.email);
    const locked = await browser.secondStep(codes(ada.secret).next);
    expect(locked).toMatchObject({ status: 429, body: { ok: false, error: expect.stringMatching(TWO_FACTOR_LOCKED) } });
    // The wait asked is what is left of the lock's 10 minutes, not a whole 15.
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    expect(Number(locked.retryAfter)).toBeLessThanOrEqual(600);
    expect(browser.has("session_token")).toBe(false);

    // Already on: the answer says so, whatever the password (Better Auth would check it first).
    const again = await ada.browser.post(enableAction, "/api/dashboard/two-factor/enable", {
      password: "Wrong-password1",
    });
    expect(again).toMatchObject({ status: 409, body: { ok: false, error: ALREADY_ON } });
  });

  it("a used backup code is never written in the clear to the used-codes table (app codes are, for 90 seconds)", async () => {
    const ada = await enrolled();
    const byBackupCode = new Browser();
    await byBackupCode.signIn(ada.email);
    expect((await byBackupCode.secondStep(ada.backupCodes[0]!)).location).toBe("/dashboard");
    const { next } = codes(ada.secret);
    const byApp = new Browser();
    await byApp.signIn(ada.email);
    expect((await byApp.secondStep(next)).location).toBe("/dashboard");

    const used = await db()
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(like(rateLimits.key, `two-factor-code-used:${ada.userId}:%`));
    expect(used.map((row) => row.key)).toEqual([`two-factor-code-used:${ada.userId}:${next}`]);
  });

  it("turns off with the password and an app code; then new backup codes and a confirmation are refused", async () => {
    const ada = await enrolled();
    const off = await ada.browser.post(disableAction, "/api/dashboard/two-factor/disable", {
      password: PASSWORD,
      code: codes(ada.secret).next,
    });
    expect(off).toMatchObject({ status: 200, body: { ok: true } });
    expect(await isTwoFactorOn({ db: db(), userId: ada.userId })).toBe(false);

    const renewed = await ada.browser.post(backupCodesAction, "/api/dashboard/two-factor/backup-codes", {
      password: PASSWORD,
    });
    expect(renewed).toMatchObject({ status: 409, body: { ok: false, error: NOT_ON } });
    // The secret is gone: a code from the old app confirms nothing; the set-up starts with the password.
    const confirm = await ada.browser.post(confirmAction, "/api/dashboard/two-factor/confirm", {
      code: codes(ada.secret).now,
    });
    expect(confirm).toMatchObject({ status: 409, body: { ok: false, error: SETUP_NOT_STARTED } });
  });

  it("a browser already signed in is never checked as a second step: the form sends it on, and the step itself refuses without a challenge", async () => {
    const ada = await enrolled();
    const sessionsBefore = await db()
      .select({ token: session.token })
      .from(session)
      .where(eq(session.userId, ada.userId));
    const { next } = codes(ada.secret);
    // Twice the same code: checked against the browser's session, the second would be a replay
    // and end that session.
    for (const _ of [1, 2]) {
      expect(await ada.browser.secondStep(next)).toMatchObject({ status: 302, location: "/dashboard" });
    }
    const cookie = [...ada.browser.jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const step = verifyTwoFactorSignIn({
      db: db(),
      code: next,
      trustDevice: false,
      clientIp: ada.browser.ip,
      headers: new Headers({ cookie }),
    });
    await expect(step).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Your sign-in has expired. Please sign in again.",
    });

    expect(await db().select({ token: session.token }).from(session).where(eq(session.userId, ada.userId))).toEqual(
      sessionsBefore,
    );
    expect(ada.browser.has("session_token")).toBe(true);
    const used = await db()
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `two-factor-code-used:${ada.userId}:%`));
    expect(used).toEqual([]);
  });

  it("a member who no longer exists has two-factor off", async () => {
    expect(await isTwoFactorOn({ db: db(), userId: "no-such-member" })).toBe(false);
  });

  it("a set-up answer without a secret in its otpauth URI is an error, never a QR code without a key", async () => {
    const real = getAuth();
    let answer: unknown;
    // Better Auth stubbed: its real answers always carry the secret.
    setSingleton("auth", { api: { enableTwoFactor: async () => answer } });
    try {
      const start = () =>
        startTwoFactorSetup({ db: db(), userId: "stubbed-member", password: PASSWORD, headers: new Headers() });
      const noUri = new Error("Better Auth answered two-factor set-up without a TOTP URI");
      answer = { method: "totp", totpURI: "otpauth://totp/Acme:ada%40example.com?issuer=Acme", backupCodes: [] };
      await expect(start()).rejects.toThrow(noUri);
      answer = { method: "otp" };
      await expect(start()).rejects.toThrow(noUri);
      answer = {
        method: "totp",
        totpURI: "otpauth://totp/Acme:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Acme",
        backupCodes: [],
      };
      expect(await start()).toEqual({
        totpUri: "otpauth://totp/Acme:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Acme",
        secret: "JBSWY3DPEHPK3PXP",
      });
    } finally {
      setSingleton("auth", real);
    }
  });
});
