import { eq, like } from "drizzle-orm";
import { expect, it } from "vitest";
import { action as backupCodesAction } from "~/routes/api/dashboard/api.dashboard.two-factor.backup-codes";
import { action as confirmAction } from "~/routes/api/dashboard/api.dashboard.two-factor.confirm";
import { action as disableAction } from "~/routes/api/dashboard/api.dashboard.two-factor.disable";
import { action as enableAction } from "~/routes/api/dashboard/api.dashboard.two-factor.enable";
import { loader as secondStepLoader } from "~/routes/auth/signin.two-factor";
import { session, twoFactor, user, verification } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import {
  Browser,
  authenticatorCodes as codes,
  enrolInBrowser,
  PASSWORD,
  signUpInBrowser,
} from "../../helpers/two-factor-browser";

withTestDataDir("two-factor");

// The texts of server/auth/two-factor/two-factor-rules.ts and app/lib/validation/auth/two-factor.ts written out,
// never imported: a changed message must fail here.
const WRONG_PASSWORD = "Password is incorrect.";
const WRONG_APP_CODE = "That code is not correct. Enter the current 6-digit code from your authenticator app.";
const WRONG_CODE =
  "That code is not correct. Enter the current code from your authenticator app or an unused backup code.";
const CHALLENGE_EXPIRED = "Your sign-in has expired. Please sign in again.";
const TOO_MANY_CODES = "Too many wrong codes. Please sign in again.";
const TOO_MANY = "Too many requests. Please try again later.";
const ORIGIN = "http://localhost";

describeEachDatabase("two-factor sign-in", (database) => {
  const db = () => database().db;

  useProcessDatabase(database);

  const member = () => signUpInBrowser({ db: db(), tag: "tf" });
  const enrolled = () => enrolInBrowser({ db: db(), tag: "tf" });

  const isOn = async (userId: string) =>
    (await db().select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)))[0]!.on;
  const sessionCount = async (userId: string) =>
    (await db().select().from(session).where(eq(session.userId, userId))).length;

  it("turns on only after a code from the app confirms the secret; the codes come once; other sessions end", async () => {
    const ada = await member();
    const elsewhere = new Browser();
    expect((await elsewhere.signIn(ada.email)).status).toBe(302);
    expect(await sessionCount(ada.userId)).toBe(2);

    // No password, a wrong one: refused, nothing set up.
    const missing = await ada.browser.post(enableAction, "/api/dashboard/two-factor/enable", {});
    expect(missing).toMatchObject({
      status: 400,
      body: { ok: false, fieldErrors: { password: "Password is required" } },
    });
    const wrong = await ada.browser.post(enableAction, "/api/dashboard/two-factor/enable", {
      password: "Wrong-password1",
    });
    expect(wrong).toMatchObject({
      status: 400,
      body: { ok: false, error: WRONG_PASSWORD, fieldErrors: { password: WRONG_PASSWORD } },
    });
    expect(await db().select().from(twoFactor).where(eq(twoFactor.userId, ada.userId))).toHaveLength(0);

    const setup = await ada.browser.post(enableAction, "/api/dashboard/two-factor/enable", { password: PASSWORD });
    expect(setup.status).toBe(200);
    const secret = setup.body.secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const uri = new URL(setup.body.totpUri as string);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("secret")).toBe(secret);
    expect(decodeURIComponent(uri.pathname)).toContain(ada.email);
    expect(setup.body.qr).toMatchObject({
      size: expect.any(Number),
      path: expect.stringMatching(/^M\d+ \d+h\d+v1h-\d+z/),
    });
    // Not on yet: the password alone still signs in.
    expect(await isOn(ada.userId)).toBe(false);
    expect((await new Browser().signIn(ada.email)).location).toBe("/dashboard");

    const { now, wrong: wrongCode } = codes(secret);
    const refused = await ada.browser.post(confirmAction, "/api/dashboard/two-factor/confirm", { code: wrongCode });
    expect(refused).toMatchObject({ status: 400, body: { ok: false, error: WRONG_APP_CODE } });
    const notDigits = await ada.browser.post(confirmAction, "/api/dashboard/two-factor/confirm", { code: "abc" });
    expect(notDigits).toMatchObject({
      status: 400,
      body: { fieldErrors: { code: "Enter the 6-digit code from your authenticator app" } },
    });
    expect(await isOn(ada.userId)).toBe(false);

    const sessionsBefore = await sessionCount(ada.userId);
    expect(sessionsBefore).toBeGreaterThanOrEqual(3);
    const confirmed = await ada.browser.post(confirmAction, "/api/dashboard/two-factor/confirm", { code: now });
    expect(confirmed.status).toBe(200);
    const backupCodes = confirmed.body.backupCodes as string[];
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    expect(await isOn(ada.userId)).toBe(true);
    // Only this browser's (new) session is left, and it still works here.
    expect(await sessionCount(ada.userId)).toBe(1);
    const again = await ada.browser.post(confirmAction, "/api/dashboard/two-factor/confirm", { code: now });
    expect(again).toMatchObject({
      status: 409,
      body: { ok: false, error: "Two-factor authentication is already on." },
    });
    // The other browser was signed out.
    const other = await elsewhere.post(enableAction, "/api/dashboard/two-factor/enable", { password: PASSWORD });
    expect(other).toMatchObject({ status: 401, body: { signedOut: true } });
  });

  it("signs in in two steps: the code (or trust for 30 days) and then redirectTo", async () => {
    const ada = await enrolled();
    const browser = new Browser();
    const first = await browser.signIn(ada.email, PASSWORD, "/dashboard?section=billing-history");
    expect(first.status).toBe(302);
    expect(first.location).toBe("/signin/two-factor?redirectTo=%2Fdashboard%3Fsection%3Dbilling-history");
    expect(browser.has("session_token")).toBe(false);
    expect(browser.has("two_factor")).toBe(true);

    // The second screen is there for a browser with the challenge only.
    const page = (cookie?: string) =>
      secondStepLoader({
        request: new Request(`${ORIGIN}/signin/two-factor?redirectTo=%2Fdashboard`, {
          headers: cookie ? { cookie } : {},
        }),
        params: {},
        context: {},
      } as never).then(
        () => null,
        (thrown: Response) => thrown.headers.get("location"),
      );
    expect(await page()).toBe("/signin?redirectTo=%2Fdashboard");
    expect(await page(browser.cookie)).toBeNull();

    const { now, wrong } = codes(ada.secret);
    const refused = await browser.secondStep(wrong, false, "/dashboard?section=billing-history");
    expect(refused).toMatchObject({
      status: 400,
      body: { ok: false, error: WRONG_CODE, fieldErrors: { code: WRONG_CODE } },
    });
    expect(browser.has("session_token")).toBe(false);
    const empty = await browser.secondStep("  ");
    expect(empty).toMatchObject({
      status: 400,
      body: { fieldErrors: { code: "Enter the code from your authenticator app or a backup code" } },
    });

    const done = await browser.secondStep(now, true, "/dashboard?section=billing-history");
    expect(done.status).toBe(302);
    expect(done.location).toBe("/dashboard?section=billing-history");
    expect(browser.has("session_token")).toBe(true);
    expect(browser.has("two_factor")).toBe(false);
    expect(browser.has("trust_device")).toBe(true);
    // A foreign redirectTo is not followed.
    const evil = new Browser();
    await evil.signIn(ada.email);
    expect((await evil.secondStep(codes(ada.secret).next, false, "https://evil.example/")).location).toBe("/dashboard");

    // The trusted browser signs in with the password alone; another still needs the code.
    const trusted = new Browser();
    for (const [name, value] of browser.jar) if (name.includes("trust_device")) trusted.jar.set(name, value);
    expect((await trusted.signIn(ada.email)).location).toBe("/dashboard");
    expect(trusted.has("session_token")).toBe(true);
    expect((await new Browser().signIn(ada.email)).location).toBe("/signin/two-factor?redirectTo=%2Fdashboard");
    // A wrong password is still refused for the trusted browser.
    expect((await new Browser(trusted.ip).signIn(ada.email, "Wrong-password1")).status).toBe(401);
  });

  it("an app code signs in once: used again within its window it is refused and opens no session", async () => {
    const ada = await enrolled();
    // The set-up confirmed with the current code; signing in uses the next step's, which is
    // accepted now and stays accepted for the rest of this test.
    const { next } = codes(ada.secret);
    const member = new Browser();
    await member.signIn(ada.email);
    expect((await member.secondStep(next)).location).toBe("/dashboard");
    const sessions = await sessionCount(ada.userId);

    // Someone who watched the code typed, and knows the password, tries it again at once.
    const watcher = new Browser();
    expect((await watcher.signIn(ada.email)).location).toBe("/signin/two-factor?redirectTo=%2Fdashboard");
    expect(await watcher.secondStep(next)).toMatchObject({
      status: 400,
      body: { ok: false, error: WRONG_CODE, fieldErrors: { code: WRONG_CODE } },
    });
    expect(watcher.has("session_token")).toBe(false);
    expect(await sessionCount(ada.userId)).toBe(sessions);
  });

  it("a backup code signs in once; used again it is refused", async () => {
    const ada = await enrolled();
    const [code] = ada.backupCodes;
    const first = new Browser();
    await first.signIn(ada.email);
    expect((await first.secondStep(code!)).location).toBe("/dashboard");
    expect(first.has("session_token")).toBe(true);

    const second = new Browser();
    await second.signIn(ada.email);
    expect(await second.secondStep(code!)).toMatchObject({ status: 400, body: { ok: false, error: WRONG_CODE } });
    expect(second.has("session_token")).toBe(false);
    // Another code still works.
    expect((await second.secondStep(ada.backupCodes[1]!)).location).toBe("/dashboard");
  });

  it("refuses an expired challenge, a missing one, and a challenge after 5 wrong codes", async () => {
    const ada = await enrolled();
    const late = new Browser();
    await late.signIn(ada.email);
    // Ten minutes later (the challenge's life): Better Auth's record of it has expired.
    await db()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.identifier, "2fa-%"));
    expect(await late.secondStep(codes(ada.secret).now)).toMatchObject({
      status: 401,
      body: { ok: false, error: CHALLENGE_EXPIRED },
    });
    expect(late.has("session_token")).toBe(false);

    expect(await new Browser().secondStep(codes(ada.secret).now)).toMatchObject({
      status: 401,
      body: { error: CHALLENGE_EXPIRED },
    });

    const guesser = new Browser();
    await guesser.signIn(ada.email);
    const { wrong } = codes(ada.secret);
    for (let i = 0; i < 5; i++) expect((await guesser.secondStep(wrong)).body.error).toBe(WRONG_CODE);
    expect(await guesser.secondStep(codes(ada.secret).now)).toMatchObject({
      status: 401,
      body: { error: TOO_MANY_CODES },
    });
    expect(guesser.has("session_token")).toBe(false);
  });

  it("the second step is limited per client address like the password step: 20 in 15 minutes", async () => {
    const browser = new Browser();
    for (let i = 0; i < 20; i++) expect((await browser.secondStep("123456")).status).toBe(401);
    const refused = await browser.secondStep("123456");
    expect(refused).toMatchObject({ status: 429, body: { ok: false, error: TOO_MANY } });
    // Another address is counted on its own.
    expect((await new Browser().secondStep("123456")).status).toBe(401);
  });

  it("new backup codes need the password; the old ones stop working; other sessions end", async () => {
    const ada = await enrolled();
    const elsewhere = new Browser();
    await elsewhere.signIn(ada.email);
    await elsewhere.secondStep(codes(ada.secret).now);
    expect(await sessionCount(ada.userId)).toBe(2);

    expect(await ada.browser.post(backupCodesAction, "/api/dashboard/two-factor/backup-codes", {})).toMatchObject({
      status: 400,
      body: { fieldErrors: { password: "Password is required" } },
    });
    expect(
      await ada.browser.post(backupCodesAction, "/api/dashboard/two-factor/backup-codes", {
        password: "Wrong-password1",
      }),
    ).toMatchObject({
      status: 400,
      body: { error: WRONG_PASSWORD },
    });
    const renewed = await ada.browser.post(backupCodesAction, "/api/dashboard/two-factor/backup-codes", {
      password: PASSWORD,
    });
    expect(renewed.status).toBe(200);
    const fresh = renewed.body.backupCodes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => ada.backupCodes.includes(c))).toBe(false);
    expect(await sessionCount(ada.userId)).toBe(1);

    const browser = new Browser();
    await browser.signIn(ada.email);
    expect(await browser.secondStep(ada.backupCodes[0]!)).toMatchObject({ status: 400, body: { error: WRONG_CODE } });
    expect((await browser.secondStep(fresh[0]!)).location).toBe("/dashboard");
  });

  it("turns off with the password AND a code; refusals change nothing; other sessions end", async () => {
    const ada = await enrolled();
    const elsewhere = new Browser();
    await elsewhere.signIn(ada.email);
    await elsewhere.secondStep(codes(ada.secret).now, true);
    const disable = (body: unknown) => ada.browser.post(disableAction, "/api/dashboard/two-factor/disable", body);

    expect(await disable({ password: PASSWORD })).toMatchObject({
      status: 400,
      body: { fieldErrors: { code: "Enter the code from your authenticator app or a backup code" } },
    });
    expect(await disable({ code: codes(ada.secret).now })).toMatchObject({
      status: 400,
      body: { fieldErrors: { password: "Password is required" } },
    });
    // A wrong password spends no backup code.
    expect(await disable({ password: "Wrong-password1", code: ada.backupCodes[0] })).toMatchObject({
      status: 400,
      body: { error: WRONG_PASSWORD },
    });
    expect(await disable({ password: PASSWORD, code: codes(ada.secret).wrong })).toMatchObject({
      status: 400,
      body: { error: WRONG_CODE },
    });
    expect(await disable({ password: PASSWORD, code: "zzzzz-zzzzz" })).toMatchObject({
      status: 400,
      body: { error: WRONG_CODE },
    });
    expect(await isOn(ada.userId)).toBe(true);
    expect(await sessionCount(ada.userId)).toBe(2);

    const off = await disable({ password: PASSWORD, code: ada.backupCodes[0] });
    expect(off).toMatchObject({ status: 200, body: { ok: true } });
    expect(await isOn(ada.userId)).toBe(false);
    expect(await db().select().from(twoFactor).where(eq(twoFactor.userId, ada.userId))).toHaveLength(0);
    expect(await sessionCount(ada.userId)).toBe(1);
    expect(await disable({ password: PASSWORD, code: codes(ada.secret).now })).toMatchObject({
      status: 409,
      body: { error: "Two-factor authentication is not on." },
    });
    // The password alone signs in again.
    expect((await new Browser().signIn(ada.email)).location).toBe("/dashboard");
    // The remaining session is this browser's: it can turn two-factor on again.
    expect(
      (await ada.browser.post(enableAction, "/api/dashboard/two-factor/enable", { password: PASSWORD })).status,
    ).toBe(200);
  });

  it("changing two-factor settings is limited per member: 10 tries in 15 minutes", async () => {
    const ada = await member();
    for (let i = 0; i < 10; i++) {
      expect(
        (await ada.browser.post(enableAction, "/api/dashboard/two-factor/enable", { password: `Wrong-password${i}` }))
          .status,
      ).toBe(400);
    }
    const refused = await ada.browser.post(enableAction, "/api/dashboard/two-factor/enable", { password: PASSWORD });
    expect(refused).toMatchObject({ status: 429, body: { ok: false } });
    expect(await db().select().from(twoFactor).where(eq(twoFactor.userId, ada.userId))).toHaveLength(0);
  });
});
