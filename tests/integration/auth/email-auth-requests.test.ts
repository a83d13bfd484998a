import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { getAuth } from "#server/auth/core/auth";
import { requestEmailChange } from "#server/auth/email/request-email-change";
import { requestSignInCode } from "#server/auth/email/request-sign-in-code";
import { resendVerificationEmail } from "#server/auth/email/resend-verification-email";
import { signInWithCode } from "#server/auth/email/sign-in-with-code";
import { user } from "#server/db/schema";
import { AppError } from "#server/lib/errors";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { cookieFrom, mailsTo as mailsIn } from "../../helpers/email-outbox";
import { withTestDataDir } from "../../helpers/env";

// The server functions behind the email-change, "Resend" and sign-in-code forms, called
// directly: what they do with untrimmed input and with Better Auth's refusals and failures.
const dataDir = withTestDataDir("email-auth-requests");
const mailsTo = (to: string) => mailsIn(dataDir, to);
const codeIn = (mail: string | undefined) => /sign-in code is (\d{6})/.exec(mail ?? "")?.[1];
let counter = 1;

const appError = (code: string, message: string) => (error: unknown) =>
  error instanceof AppError && error.code === code && error.message === message;
const INVALID_CODE = appError("VALIDATION", "Invalid or expired code");

describeEachDatabase("email change, resend and sign-in codes: input and Better Auth's answers", (database) => {
  const db = () => database().db;

  useProcessDatabase(database);

  async function member(first = "Ada", options: { verified?: boolean } = {}) {
    const n = counter++;
    const email = `${first.toLowerCase()}-${n}@example.com`;
    const ip = `10.70.${n}.1`;
    const result = await signUpMember({
      db: db(),
      input: {
        firstName: first,
        lastName: "Tester",
        email,
        password: "Analytical1",
        telegram: `${first.toLowerCase()}_rq${n}`,
        acceptTerms: true,
        acceptRisk: true,
      },
      clientIp: ip,
      headers: new Headers({ "x-client-ip": ip }),
    });
    if (options.verified) await db().update(user).set({ emailVerified: true }).where(eq(user.id, result.userId));
    return { userId: result.userId, email, ip, headers: new Headers({ cookie: cookieFrom(result.headers) }) };
  }

  it("email change and Resend for a member who no longer exists: 'Profile not found.' (404)", async () => {
    const notFound = appError("NOT_FOUND", "Profile not found.");
    await expect(
      requestEmailChange({ db: db(), userId: "no-such-member", newEmail: "x@example.com", headers: new Headers() }),
    ).rejects.toSatisfy(notFound);
    await expect(
      resendVerificationEmail({ db: db(), userId: "no-such-member", headers: new Headers() }),
    ).rejects.toSatisfy(notFound);
  });

  it("email change: the new address is trimmed and lower-cased, also when compared with the current one", async () => {
    const fay = await member("Fay", { verified: true });
    await expect(
      requestEmailChange({
        db: db(),
        userId: fay.userId,
        newEmail: `  ${fay.email.toUpperCase()} `,
        headers: fay.headers,
      }),
    ).rejects.toSatisfy(appError("VALIDATION", "This is already your email address."));
    const target = `fay-new-${counter}@example.com`;
    expect(
      await requestEmailChange({
        db: db(),
        userId: fay.userId,
        newEmail: `  ${target.toUpperCase()}  `,
        headers: fay.headers,
      }),
    ).toEqual({ email: target });
    expect(mailsTo(target)).toHaveLength(1);
  });

  it("a Better Auth failure with no message for people reads 'Failed to send the email. Please try again.' (400)", async () => {
    const failed = appError("VALIDATION", "Failed to send the email. Please try again.");
    const gus = await member("Gus", { verified: true });
    vi.spyOn(getAuth().api, "changeEmail").mockRejectedValueOnce(new APIError("INTERNAL_SERVER_ERROR"));
    await expect(
      requestEmailChange({ db: db(), userId: gus.userId, newEmail: "gus-new@example.com", headers: gus.headers }),
    ).rejects.toSatisfy(failed);
    const hal = await member("Hal");
    vi.spyOn(getAuth().api, "sendVerificationEmail").mockRejectedValueOnce(new APIError("INTERNAL_SERVER_ERROR"));
    await expect(resendVerificationEmail({ db: db(), userId: hal.userId, headers: hal.headers })).rejects.toSatisfy(
      failed,
    );
  });

  it("sign-in code: the address is trimmed and lower-cased, to ask for the code and to use it", async () => {
    const ida = await member("Ida", { verified: true });
    const typed = `  ${ida.email.toUpperCase()} `;
    await requestSignInCode({ db: db(), email: typed, clientIp: ida.ip });
    const code = codeIn(mailsTo(ida.email).at(-1));
    expect(code).toMatch(/^\d{6}$/);
    const signedIn = await signInWithCode({
      db: db(),
      email: typed,
      code: code!,
      clientIp: ida.ip,
      headers: new Headers(),
    });
    expect(signedIn.userId).toBe(ida.userId);
  });

  it("sign-in code for an address no account uses: 'Invalid or expired code' (400)", async () => {
    await expect(
      signInWithCode({
        db: db(),
        email: "nobody@example.com",
        code: "123456",
        clientIp: "10.71.0.1",
        headers: new Headers(),
      }),
    ).rejects.toSatisfy(INVALID_CODE);
  });

  it("a code asked for before two-factor was turned on no longer signs in (a mailbox must not skip the second factor)", async () => {
    const jo = await member("Jo", { verified: true });
    await requestSignInCode({ db: db(), email: jo.email, clientIp: jo.ip });
    const code = codeIn(mailsTo(jo.email).at(-1))!;
    await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, jo.userId));
    await expect(
      signInWithCode({ db: db(), email: jo.email, code, clientIp: jo.ip, headers: new Headers() }),
    ).rejects.toSatisfy(INVALID_CODE);
  });

  it("sign-in code: Better Auth's refusals read 'Invalid or expired code', its failures (500) are not disguised as one", async () => {
    const kim = await member("Kim", { verified: true });
    const attempt = () =>
      signInWithCode({ db: db(), email: kim.email, code: "123456", clientIp: kim.ip, headers: new Headers() });
    // A refusal without a body (no code to read) is still a refusal.
    vi.spyOn(getAuth().api, "signInEmailOTP").mockRejectedValueOnce(new APIError("BAD_REQUEST"));
    await expect(attempt()).rejects.toSatisfy(INVALID_CODE);
    const outage = new APIError("INTERNAL_SERVER_ERROR", { message: "database unavailable" });
    vi.spyOn(getAuth().api, "signInEmailOTP").mockRejectedValueOnce(outage);
    await expect(attempt()).rejects.toBe(outage);
  });
});
