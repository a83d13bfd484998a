import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { readFlashToast } from "~/lib/http/cookies";
import { session, twoFactor, user } from "#server/db/schema";
import { requireStaff } from "#server/http/staff-guard";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { Browser, authenticatorCodes as codes, enrolInBrowser, PASSWORD } from "../../helpers/two-factor-browser";

withTestDataDir("two-factor-staff");

// Written out, never imported from the code: a changed rule or text must fail here.
const WRONG_CODE =
  "That code is not correct. Enter the current code from your authenticator app or an unused backup code.";
const TOO_MANY_CODES = "Too many wrong codes. Please sign in again.";
const ORIGIN = "http://localhost";

/** What the back office's guard answers this browser: "open", or where it sends it and the toast it shows. */
async function backOffice(browser: Browser) {
  try {
    await requireStaff(new Request(`${ORIGIN}/admin`, { headers: { cookie: browser.cookie } }));
    return "open";
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    const cookie = thrown.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return { location: thrown.headers.get("location"), toast: readFlashToast(cookie)?.description };
  }
}

describeEachDatabase("two-factor: staff always give a second factor; wrong codes slow the sender", (database) => {
  const db = () => database().db;

  useProcessDatabase(database);

  const enrolled = () => enrolInBrowser({ db: db(), tag: "tfs" });

  /** Made staff in the database only, so the sessions the role change would end are kept for the test. */
  const makeStaff = (userId: string) =>
    db().update(user).set({ role: "owner", emailVerified: true }).where(eq(user.id, userId));
  const secondFactorOf = async (browser: Browser) => {
    const rows = await db().select({ token: session.token, secondFactor: session.secondFactor }).from(session);
    const token = decodeURIComponent(
      browser.jar.get([...browser.jar.keys()].find((k) => k.includes("session_token"))!)!,
    ).split(".")[0];
    return rows.find((row) => row.token === token)?.secondFactor;
  };

  it("a member who declines to trust the device is asked for the second step again on that browser", async () => {
    const ada = await enrolled();
    const browser = new Browser();
    await browser.signIn(ada.email);
    expect((await browser.secondStep(codes(ada.secret).next, false)).location).toBe("/dashboard");
    expect(browser.has("session_token")).toBe(true);
    expect(browser.has("trust_device")).toBe(false);

    // Signed out (the session cookie gone), the same browser signs in again: the code is asked.
    for (const name of [...browser.jar.keys()]) if (name.includes("session_token")) browser.jar.delete(name);
    expect((await browser.signIn(ada.email)).location).toBe("/signin/two-factor?redirectTo=%2Fdashboard");
    expect(browser.has("session_token")).toBe(false);
  });

  it("a device trusted while a member does not skip the second step once the member is staff, and staff are never trusted", async () => {
    const ada = await enrolled();
    const browser = new Browser();
    await browser.signIn(ada.email);
    expect((await browser.secondStep(codes(ada.secret).next, true)).location).toBe("/dashboard");
    expect(browser.has("trust_device")).toBe(true);
    // As a member the trusted browser signs in with the password alone; that session has no second factor.
    const trusted = new Browser(browser.ip);
    for (const [name, value] of browser.jar) if (name.includes("trust_device")) trusted.jar.set(name, value);
    expect((await trusted.signIn(ada.email)).location).toBe("/dashboard");
    expect(await secondFactorOf(trusted)).toBe(false);

    await makeStaff(ada.userId);
    // That member session, kept here, does not open the back office: it ends, and sign-in asks again.
    expect(await backOffice(trusted)).toEqual({
      location: "/signin?redirectTo=%2Fadmin",
      toast: "Sign in again with your authenticator app, a backup code or a passkey to open the back office.",
    });
    expect(await secondFactorOf(trusted)).toBeUndefined();
    expect(await backOffice(trusted)).toEqual({ location: "/signin?redirectTo=%2Fadmin", toast: undefined });

    // Staff now: the trusted browser (its trust renewed by that sign-in) is asked for the code like any other.
    const again = new Browser(browser.ip);
    for (const [name, value] of trusted.jar) if (name.includes("trust_device")) again.jar.set(name, value);
    expect(again.has("trust_device")).toBe(true);
    expect((await again.signIn(ada.email, PASSWORD, "/admin")).location).toBe("/signin/two-factor?redirectTo=%2Fadmin");
    expect(again.has("session_token")).toBe(false);
    // "Trust this device" ticked by staff trusts nothing (a backup code: the app code is used up).
    const done = await again.secondStep(ada.backupCodes[0]!, true, "/admin");
    expect(done.location).toBe("/admin");
    expect(done.setCookies.filter((c) => c.includes("trust_device=") && !/max-age=0/i.test(c))).toEqual([]);
    expect(await secondFactorOf(again)).toBe(true);
    expect(await backOffice(again)).toBe("open");
  });

  it("the session that turned two-factor on passed an app code: it opens the back office once the member is staff", async () => {
    const ada = await enrolled();
    expect(await secondFactorOf(ada.browser)).toBe(true);
    await makeStaff(ada.userId);
    expect(await backOffice(ada.browser)).toBe("open");
  });

  it("an attacker's wrong codes from one address void their challenges and slow that address, never the member elsewhere", async () => {
    const ada = await enrolled();
    await makeStaff(ada.userId);
    const attacker = new Browser();
    const { wrong } = codes(ada.secret);
    // Two challenges, five wrong codes each: ten in a row, Better Auth's old lock.
    for (const _ of [1, 2]) {
      expect((await attacker.signIn(ada.email)).location).toBe("/signin/two-factor?redirectTo=%2Fdashboard");
      for (let i = 0; i < 5; i++) expect((await attacker.secondStep(wrong)).body.error).toBe(WRONG_CODE);
      expect(await attacker.secondStep(codes(ada.secret).next)).toMatchObject({
        status: 401,
        body: { error: TOO_MANY_CODES },
      });
    }
    // The attacker's address is spent for 15 minutes (20 second-step tries), whatever the code.
    for (let i = 0; i < 8; i++) await attacker.secondStep(wrong);
    expect(await attacker.secondStep(codes(ada.secret).next)).toMatchObject({
      status: 429,
      retryAfter: expect.stringMatching(/^\d+$/),
    });

    // The member, from their own address with a fresh challenge, signs in.
    const member = new Browser();
    expect((await member.signIn(ada.email, PASSWORD, "/admin")).location).toBe(
      "/signin/two-factor?redirectTo=%2Fadmin",
    );
    expect((await member.secondStep(codes(ada.secret).next, false, "/admin")).location).toBe("/admin");
    expect(await backOffice(member)).toBe("open");
  });

  it("100 wrong codes in a row from anywhere lock the second step; the refusal says the time left, not always 15 minutes", async () => {
    const ada = await enrolled();
    // 98 wrong codes already spread over many addresses, written directly to spare 98 tries.
    await db().update(twoFactor).set({ failedVerificationCount: 98 }).where(eq(twoFactor.userId, ada.userId));
    const browser = new Browser();
    await browser.signIn(ada.email);
    expect((await browser.secondStep(codes(ada.secret).wrong)).body.error).toBe(WRONG_CODE);
    const [before] = await db()
      .select({ lockedUntil: twoFactor.lockedUntil })
      .from(twoFactor)
      .where(eq(twoFactor.userId, ada.userId));
    expect(before!.lockedUntil).toBeNull();
    expect((await browser.secondStep(codes(ada.secret).wrong)).body.error).toBe(WRONG_CODE);
    const [after] = await db()
      .select({ lockedUntil: twoFactor.lockedUntil })
      .from(twoFactor)
      .where(eq(twoFactor.userId, ada.userId));
    expect(after!.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);

    // Ten minutes and a half left of the lock: the wait asked is what is left, not 900 seconds.
    await db()
      .update(twoFactor)
      .set({ lockedUntil: new Date(Date.now() + 630_000) })
      .where(eq(twoFactor.userId, ada.userId));
    const member = new Browser();
    await member.signIn(ada.email);
    const locked = await member.secondStep(codes(ada.secret).next);
    expect(locked).toMatchObject({
      status: 429,
      body: {
        ok: false,
        error: expect.stringMatching(
          /^Too many wrong codes\. Two-factor sign-in is locked; try again in \d+ minutes?\.$/,
        ),
      },
    });
    expect(Number(locked.retryAfter)).toBeGreaterThan(0);
    expect(Number(locked.retryAfter)).toBeLessThanOrEqual(630);
    expect(member.has("session_token")).toBe(false);
  });
});
