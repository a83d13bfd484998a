import { and, eq, like, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { NO_EMAIL_OR_PHONE } from "~/lib/validation/auth/email-auth";
import { action as changeEmailAction } from "~/routes/api/dashboard/api.dashboard.email";
import { action as resendAction } from "~/routes/api/dashboard/api.dashboard.email-verification";
import { action as codeAction } from "~/routes/auth/signin.code";
import { action as verifyAction, loader as verifyLoader } from "~/routes/auth/verify-email";
import { requestPasswordReset } from "#server/auth/accounts/request-password-reset";
import { getMemberSession } from "#server/auth/accounts/session";
import { signInMember } from "#server/auth/accounts/sign-in-member";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { rateLimits, user, verification } from "#server/db/schema";
import { resetSingleton } from "#server/lib/singleton";
import { deliverNotifications } from "#server/notifications/deliver-notifications";
import { enqueueNotification } from "#server/notifications/enqueue-notification";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { cookieFrom, linkIdIn, mailsTo as mailsIn } from "../../helpers/email-outbox";
import { withTestDataDir } from "../../helpers/env";
import { callAction, callLoader, type RouteOutcome } from "../../helpers/route-request";

const dataDir = withTestDataDir("email-auth");

const ORIGIN = "http://localhost";
let counter = 1;

type Action = Parameters<typeof callAction>[0];

/** A route action called the way React Router does: a same-origin POST (JSON, or a form). */
const call = (
  action: Action,
  path: string,
  body: Record<string, string>,
  options: { cookie?: string; form?: boolean; ip?: string } = {},
) =>
  callAction(action, {
    path,
    ...(options.form ? { form: body } : { json: body }),
    cookie: options.cookie,
    clientIp: options.ip ?? "127.0.0.1",
  });
/** An answer with data, not a redirect. */
const answer = (value: RouteOutcome) => {
  if (value.location !== undefined) throw new Error(`expected data, got a ${value.status} redirect`);
  return value;
};

const mailsTo = (to: string) => mailsIn(dataDir, to);
const latestTo = (to: string) => mailsTo(to).at(-1);
const tokenIn = linkIdIn;
const codeIn = (mail: string | undefined) => /sign-in code is (\d{6})/.exec(mail ?? "")?.[1];

describeEachDatabase("email verification, email change and sign-in codes", (database) => {
  const db = () => database().db;

  useProcessDatabase(database);

  async function member(first = "Ada") {
    const n = counter++;
    const email = `${first.toLowerCase()}-${n}@example.com`;
    const ip = `10.20.${n}.1`;
    const result = await signUpMember({
      db: db(),
      input: {
        firstName: first,
        lastName: "Tester",
        email,
        password: "Analytical1",
        telegram: `${first.toLowerCase()}_tg${n}`,
        acceptTerms: true,
        acceptRisk: true,
      },
      clientIp: ip,
      headers: new Headers({ "x-client-ip": ip }),
    });
    return { userId: result.userId, email, cookie: cookieFrom(result.headers) };
  }
  const verified = async (userId: string) =>
    (await db().select({ v: user.emailVerified }).from(user).where(eq(user.id, userId)))[0]!.v;
  const markVerified = (userId: string) => db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  const verifyPage = (token: string) => `/verify-email?token=${encodeURIComponent(token)}`;
  const openLink = (token: string) => callLoader(verifyLoader, { path: verifyPage(token) });
  const useLink = async (token: string) => answer(await call(verifyAction, verifyPage(token), {}, { form: true }));

  it("sign-up sends a verification link that works once, for 24 hours; opening it (GET) verifies nothing", async () => {
    const ada = await member();
    expect(await verified(ada.userId)).toBe(false);
    const mail = latestTo(ada.email);
    expect(mail).toMatch(/Subject: Verify your .* email address/);
    expect(mail).toContain("expires in 24 hours");
    const token = tokenIn(mail);
    const [row] = await db()
      .select()
      .from(verification)
      .where(and(like(verification.identifier, "email-link:%"), like(verification.value, `verify:${ada.userId}:%`)));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    // Better Auth's own token (kept on the server, not in the mail) expires after 24 h as well.
    expect(mail).not.toContain(row!.value.split(":")[2]!);
    const jwt = JSON.parse(Buffer.from(row!.value.split(":")[2]!.split(".")[1]!, "base64url").toString()) as {
      exp: number;
      iat: number;
    };
    expect(jwt.exp - jwt.iat).toBe(24 * 3600);

    // A mail scanner's GET only shows the page.
    const page = await openLink(token);
    expect(page.data).toMatchObject({ state: "pending", kind: "verify", email: ada.email });
    expect(await verified(ada.userId)).toBe(false);

    const done = await useLink(token);
    expect(done.data).toMatchObject({ ok: true, state: "done", kind: "verify" });
    expect(await verified(ada.userId)).toBe(true);

    // Used once: the page and the button both refuse it now.
    expect((await openLink(token)).data).toMatchObject({ state: "invalid" });
    const again = await useLink(token);
    expect(again.status).toBe(400);
    expect(again.data).toMatchObject({ state: "invalid" });
  });

  it("refuses an expired link, a forged one, and a link replaced by a newer one", async () => {
    const bob = await member("Bob");
    const first = tokenIn(latestTo(bob.email));
    // "Resend" from the banner: a new link; the first one stops working.
    const resent = answer(await call(resendAction, "/api/dashboard/email-verification", {}, { cookie: bob.cookie }));
    expect(resent.data).toMatchObject({ ok: true, message: "Verification email sent. Check your inbox." });
    const second = tokenIn(latestTo(bob.email));
    expect(second).not.toBe(first);
    expect((await useLink(first)).data).toMatchObject({ state: "invalid" });

    const [row] = await db()
      .select()
      .from(verification)
      .where(like(verification.value, `verify:${bob.userId}:%`));
    const betterAuthToken = row!.value.split(":")[2]!;
    // A link whose 24 hours have passed (clock moved by ageing the stored record).
    await db()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(like(verification.value, `verify:${bob.userId}:%`));
    expect((await openLink(second)).data).toMatchObject({ state: "invalid" });
    expect((await useLink(second)).data).toMatchObject({ state: "invalid" });
    expect(await verified(bob.userId)).toBe(false);

    // An id we never sent, and Better Auth's own signed token in its place, find no record.
    expect((await useLink("a".repeat(43))).data).toMatchObject({ state: "invalid" });
    expect((await useLink(betterAuthToken)).data).toMatchObject({ state: "invalid" });
    expect((await useLink("")).data).toMatchObject({ state: "invalid" });
    expect(await verified(bob.userId)).toBe(false);
  });

  it("Resend: members only, 3 an hour, and not once the address is verified", async () => {
    const signedOut = answer(await call(resendAction, "/api/dashboard/email-verification", {}));
    expect(signedOut.status).toBe(401);
    const cy = await member("Cy");
    for (let i = 0; i < 3; i++)
      expect(
        answer(await call(resendAction, "/api/dashboard/email-verification", {}, { cookie: cy.cookie })).status,
      ).toBe(200);
    const limited = answer(await call(resendAction, "/api/dashboard/email-verification", {}, { cookie: cy.cookie }));
    expect(limited.status).toBe(429);
    expect(limited.data).toMatchObject({ ok: false, error: "Too many requests. Please try again later." });
    expect(mailsTo(cy.email)).toHaveLength(4); // the sign-up mail and 3 resent

    const dee = await member("Dee");
    await markVerified(dee.userId);
    const already = answer(await call(resendAction, "/api/dashboard/email-verification", {}, { cookie: dee.cookie }));
    expect(already.status).toBe(409);
    expect(already.data).toMatchObject({ error: "Your email address is already verified." });
  });

  it("password reset needs a verified address, and answers the same in every case", async () => {
    const eve = await member("Eve");
    const resetTokens = () => db().select().from(verification).where(like(verification.identifier, "reset-password:%"));
    const before = (await resetTokens()).length;
    await expect(
      requestPasswordReset({ db: db(), email: eve.email, clientIp: "10.30.0.1", siteUrl: ORIGIN }),
    ).resolves.toBeUndefined();
    await expect(
      requestPasswordReset({ db: db(), email: "nobody-here@example.com", clientIp: "10.30.0.1", siteUrl: ORIGIN }),
    ).resolves.toBeUndefined();
    expect(await resetTokens()).toHaveLength(before);
    expect(mailsTo(eve.email).some((m) => m.includes("/reset-password?token="))).toBe(false);

    await markVerified(eve.userId);
    await requestPasswordReset({ db: db(), email: eve.email.toUpperCase(), clientIp: "10.30.0.2", siteUrl: ORIGIN });
    expect(await resetTokens()).toHaveLength(before + 1);
    expect(latestTo(eve.email)).toContain("/reset-password?token=");
  });

  it("email change: only from a verified address; the new address confirms, the old one is told", async () => {
    const fay = await member("Fay");
    const target = `fay-new-${counter}@example.com`;
    const refused = answer(
      await call(changeEmailAction, "/api/dashboard/email", { email: target }, { cookie: fay.cookie }),
    );
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ ok: false, error: "Verify your current email address before changing it." });
    expect(mailsTo(target)).toHaveLength(0);

    await markVerified(fay.userId);
    const same = answer(
      await call(changeEmailAction, "/api/dashboard/email", { email: fay.email.toUpperCase() }, { cookie: fay.cookie }),
    );
    expect(same.status).toBe(400);
    expect(same.data).toMatchObject({ fieldErrors: { email: "This is already your email address." } });
    const bad = answer(
      await call(changeEmailAction, "/api/dashboard/email", { email: "not-an-email" }, { cookie: fay.cookie }),
    );
    expect(bad.status).toBe(400);

    const sent = answer(
      await call(changeEmailAction, "/api/dashboard/email", { email: target }, { cookie: fay.cookie }),
    );
    expect(sent.data).toMatchObject({ ok: true, email: target });
    // Nothing changes until the new address confirms.
    expect((await db().select({ email: user.email }).from(user).where(eq(user.id, fay.userId)))[0]!.email).toBe(
      fay.email,
    );
    const mail = latestTo(target);
    expect(mail).toMatch(/Subject: Confirm your new .* email address/);
    const token = tokenIn(mail);
    expect((await openLink(token)).data).toMatchObject({ state: "pending", kind: "change", email: target });
    const noticesBefore = mailsTo(fay.email).length;

    const done = await useLink(token);
    expect(done.data).toMatchObject({ ok: true, state: "done", kind: "change", email: target });
    const [row] = await db()
      .select({ email: user.email, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, fay.userId));
    expect(row).toEqual({ email: target, emailVerified: true });
    const notice = mailsTo(fay.email).slice(noticesBefore);
    expect(notice).toHaveLength(1);
    expect(notice[0]).toMatch(/Subject: Your .* email address was changed/);
    expect(notice[0]).toContain(target);
    // The session goes on, now with the new address; the link is used up.
    expect(
      (await getMemberSession(new Request(`${ORIGIN}/dashboard`, { headers: { cookie: fay.cookie } }))).member,
    ).toMatchObject({ email: target });
    expect((await useLink(token)).data).toMatchObject({ state: "invalid" });
    await signInMember({
      db: db(),
      email: target,
      password: "Analytical1",
      clientIp: "10.31.0.1",
      headers: new Headers(),
    });
  });

  it("email change to an address another account uses: the same answer, and no email", async () => {
    const gus = await member("Gus");
    const other = await member("Hal");
    await markVerified(gus.userId);
    const before = mailsTo(other.email).length;
    const sent = answer(
      await call(changeEmailAction, "/api/dashboard/email", { email: other.email }, { cookie: gus.cookie }),
    );
    expect(sent.status).toBe(200);
    expect(sent.data).toMatchObject({ ok: true, email: other.email });
    expect(mailsTo(other.email)).toHaveLength(before);
  });

  it("sign-in code: 6 digits by email, valid 10 minutes, signs in once", async () => {
    // An instance built inside this test: mutation testing credits the code settings (stored
    // hashed) to the test that built the instance.
    resetSingleton("auth");
    const ida = await member("Ida");
    await markVerified(ida.userId);
    const sent = answer(
      await call(
        codeAction,
        "/signin/code",
        { intent: "send", email: ida.email.toUpperCase() },
        { form: true, ip: "10.40.0.1" },
      ),
    );
    expect(sent.data).toMatchObject({
      ok: true,
      sent: true,
      email: ida.email,
      message: "If an account uses this address, we have emailed it a sign-in code.",
    });
    const code = codeIn(latestTo(ida.email));
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await db()
      .select()
      .from(verification)
      .where(eq(verification.identifier, `sign-in-otp-${ida.email}`));
    expect(row, "the code is stored hashed").toBeDefined();
    expect(row!.value).not.toContain(code!);
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60_000);

    const signedIn = await call(
      codeAction,
      "/signin/code",
      { intent: "verify", email: ida.email, code: code!, redirectTo: "/dashboard?section=user-info" },
      { form: true, ip: "10.40.0.1" },
    );
    expect(signedIn.status).toBe(302);
    expect(signedIn.location).toBe("/dashboard?section=user-info");
    const cookie = cookieFrom(signedIn.headers!);
    expect((await getMemberSession(new Request(`${ORIGIN}/dashboard`, { headers: { cookie } }))).member).toMatchObject({
      userId: ida.userId,
    });
    // The member's password still works (a code never replaces it).
    await signInMember({
      db: db(),
      email: ida.email,
      password: "Analytical1",
      clientIp: "10.40.0.2",
      headers: new Headers(),
    });

    const reused = answer(
      await call(
        codeAction,
        "/signin/code",
        { intent: "verify", email: ida.email, code: code! },
        { form: true, ip: "10.40.0.1" },
      ),
    );
    expect(reused.status).toBe(400);
    expect(reused.data).toMatchObject({ ok: false, error: "Invalid or expired code" });
  });

  it("sign-in code: 5 wrong tries end the code; an expired code is refused; resend waits 60 s", async () => {
    const jo = await member("Jo");
    await markVerified(jo.userId);
    const ip = "10.41.0.1";
    await call(codeAction, "/signin/code", { intent: "send", email: jo.email }, { form: true, ip });
    const code = codeIn(latestTo(jo.email))!;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const miss = answer(
        await call(codeAction, "/signin/code", { intent: "verify", email: jo.email, code: wrong }, { form: true, ip }),
      );
      expect(miss.data).toMatchObject({ ok: false, error: "Invalid or expired code" });
    }
    const late = answer(
      await call(codeAction, "/signin/code", { intent: "verify", email: jo.email, code }, { form: true, ip }),
    );
    expect(late.status).toBe(403);
    expect(late.data).toMatchObject({ ok: false, error: "Too many wrong codes. Ask for a new code." });

    // Resend within 60 s: refused with the wait; no new mail.
    const count = mailsTo(jo.email).length;
    const soon = answer(
      await call(codeAction, "/signin/code", { intent: "send", email: jo.email }, { form: true, ip }),
    );
    expect(soon.status).toBe(429);
    expect(soon.data).toMatchObject({ ok: false, error: "Please wait a minute before asking for another code." });
    expect(Number(soon.headers?.get("retry-after"))).toBeGreaterThan(0);
    expect(mailsTo(jo.email)).toHaveLength(count);

    // A minute later (the wait's counter aged) a new code comes; ten minutes after it, it is dead.
    await db()
      .update(rateLimits)
      .set({ resetAt: new Date(Date.now() - 1000) })
      .where(sql`${rateLimits.key} like 'sign-in-code:resend:%'`);
    await call(codeAction, "/signin/code", { intent: "send", email: jo.email }, { form: true, ip });
    const fresh = codeIn(latestTo(jo.email))!;
    await db()
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `sign-in-otp-${jo.email}`));
    const expired = answer(
      await call(codeAction, "/signin/code", { intent: "verify", email: jo.email, code: fresh }, { form: true, ip }),
    );
    expect(expired.data).toMatchObject({ ok: false, error: "Invalid or expired code" });
  });

  it("sign-in code: unknown and unverified addresses get the same answer, no code, and no account", async () => {
    const kim = await member("Kim"); // not verified
    const users = (await db().select().from(user)).length;
    const kimMails = mailsTo(kim.email).length;
    for (const [email, ip] of [
      ["stranger@example.com", "10.42.0.1"],
      [kim.email, "10.42.0.2"],
    ] as const) {
      const sent = answer(await call(codeAction, "/signin/code", { intent: "send", email }, { form: true, ip }));
      expect(sent.status).toBe(200);
      expect(sent.data).toEqual({
        ok: true,
        sent: true,
        email,
        message: "If an account uses this address, we have emailed it a sign-in code.",
      });
    }
    expect(mailsTo("stranger@example.com")).toHaveLength(0);
    expect(mailsTo(kim.email)).toHaveLength(kimMails);
    const guess = answer(
      await call(
        codeAction,
        "/signin/code",
        { intent: "verify", email: "stranger@example.com", code: "123456" },
        { form: true, ip: "10.42.0.3" },
      ),
    );
    expect(guess.data).toMatchObject({ ok: false, error: "Invalid or expired code" });
    expect(await db().select().from(user)).toHaveLength(users);
  });

  it("sign-in code: not for an account with two-factor on (a mailbox must not skip the second factor)", async () => {
    const lee = await member("Lee");
    await db().update(user).set({ emailVerified: true, twoFactorEnabled: true }).where(eq(user.id, lee.userId));
    const before = mailsTo(lee.email).length;
    const sent = answer(
      await call(codeAction, "/signin/code", { intent: "send", email: lee.email }, { form: true, ip: "10.44.0.1" }),
    );
    expect(sent.data).toMatchObject({
      ok: true,
      message: "If an account uses this address, we have emailed it a sign-in code.",
    });
    // The mailbox learns why no code came (and gets none): password and second factor instead.
    const mails = mailsTo(lee.email).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Subject: Sign in to");
    expect(mails[0]).toContain("sign-in codes by email are off for it");
    expect(codeIn(mails[0])).toBeUndefined();
    const guess = answer(
      await call(
        codeAction,
        "/signin/code",
        { intent: "verify", email: lee.email, code: "123456" },
        { form: true, ip: "10.44.0.1" },
      ),
    );
    expect(guess.data).toMatchObject({ ok: false, error: "Invalid or expired code" });
  });

  it("a verification or change-of-address mail that cannot be sent is reported, not promised", async () => {
    const eve = await member("Eve");
    const fay = await member("Fay");
    await markVerified(fay.userId);
    // Nothing listens on port 1: every send fails at once.
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    resetSingleton("config");
    resetSingleton("smtp-transport");
    try {
      const resent = answer(await call(resendAction, "/api/dashboard/email-verification", {}, { cookie: eve.cookie }));
      expect(resent).toMatchObject({
        data: { ok: false, error: "We could not send the email just now. Please try again in a few minutes." },
        status: 503,
      });
      const changed = answer(
        await call(changeEmailAction, "/api/dashboard/email", { email: "fay-new@example.com" }, { cookie: fay.cookie }),
      );
      expect(changed).toMatchObject({
        data: { ok: false, error: "We could not send the email just now. Please try again in a few minutes." },
        status: 503,
      });
    } finally {
      delete process.env.SMTP_URL;
      resetSingleton("config");
      resetSingleton("smtp-transport");
    }
    // The address stays as it was.
    expect((await db().select({ email: user.email }).from(user).where(eq(user.id, fay.userId)))[0]!.email).toBe(
      fay.email,
    );
  });

  it("receipts and renewal reminders still go to an unverified address", async () => {
    const max = await member("Max");
    expect(await verified(max.userId)).toBe(false);
    const before = mailsTo(max.email).length;
    await enqueueNotification({
      tx: db(),
      userId: max.userId,
      kind: "purchase_confirmed",
      payload: { plans: "VIP Signals", period: "monthly", amount: "$78.00" },
    });
    await enqueueNotification({
      tx: db(),
      userId: max.userId,
      kind: "renewal_reminder",
      payload: { plan: "VIP Signals", amount: "$78.00" },
    });
    expect(await deliverNotifications({ db: db() })).toEqual({ sent: 2, failed: 0 });
    const mails = mailsTo(max.email).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails.some((m) => m.includes("You subscribed to VIP Signals"))).toBe(true);
    expect(mails.some((m) => m.includes("VIP Signals renews"))).toBe(true);
  });

  it("sign-in code: the message without an email; a code must be 6 digits", async () => {
    const bodies: Record<string, string>[] = [
      { intent: "send" },
      { intent: "send", email: "  " },
      { intent: "verify", code: "123456" },
    ];
    for (const body of bodies) {
      const refused = answer(await call(codeAction, "/signin/code", body, { form: true, ip: "10.43.0.1" }));
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({
        ok: false,
        error: NO_EMAIL_OR_PHONE,
        fieldErrors: { email: NO_EMAIL_OR_PHONE },
      });
    }
    expect(NO_EMAIL_OR_PHONE).toBe("You must provide either an email or phone number.");
    const short = answer(
      await call(
        codeAction,
        "/signin/code",
        { intent: "verify", email: "a@example.com", code: "12345" },
        { form: true, ip: "10.43.0.1" },
      ),
    );
    expect(short.data).toMatchObject({ fieldErrors: { code: "Enter the 6-digit code from the email" } });
  });
});
