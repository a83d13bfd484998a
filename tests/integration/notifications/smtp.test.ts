import { eq } from "drizzle-orm";
import { expect, it } from "vitest";
import { signUpSchema } from "~/lib/validation/auth/auth";
import { requestPasswordReset } from "#server/auth/accounts/request-password-reset";
import { isResetTokenValid, resetMemberPassword } from "#server/auth/accounts/reset-member-password";
import { signInMember } from "#server/auth/accounts/sign-in-member";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { user } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { withSmtpServer } from "../../helpers/smtp-server";

// A real SMTP server on a loopback port: the reset email travels over SMTP and the test
// follows the link from the message it received.
withTestDataDir("smtp", { MAIL_FROM: "Signals <noreply@example.com>" });
const smtp = withSmtpServer();

describeEachDatabase("password reset over SMTP", (database) => {
  useProcessDatabase(database);

  it("delivers the link by SMTP and the link resets the password once", async () => {
    const db = database().db;
    const email = `smtp-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const input = signUpSchema.parse({
      firstName: "Sam",
      lastName: "Tp",
      email,
      password: "Original1",
      telegram: "sam_tp_user",
      acceptTerms: true,
      acceptRisk: true,
    });
    await signUpMember({ db, input, clientIp: "10.2.0.1", headers: new Headers() });
    // A reset link goes only to a verified address.
    await db.update(user).set({ emailVerified: true }).where(eq(user.email, email));
    await requestPasswordReset({ db, email, clientIp: "10.2.0.1", siteUrl: "https://signals.example" });

    // The newest message: sign-up also sent the verification email.
    const body = smtp.mailsTo(email).at(-1);
    expect(body, "a message reached the SMTP server").toBeDefined();
    expect(body).toMatch(/^From: Signals <noreply@example.com>/m);
    expect(body).toContain("Content-Type: text/plain");
    expect(body).toContain("Content-Type: text/html");
    expect(body).toContain("expires in 1 hour");
    const link = /https:\/\/signals\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(body!);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    expect(await isResetTokenValid({ db, token })).toBe(true);
    await resetMemberPassword({ db, token, password: "Changed22", clientIp: "10.2.0.1" });
    await signInMember({ db, email, password: "Changed22", clientIp: "10.2.0.2", headers: new Headers() });
    expect(await isResetTokenValid({ db, token })).toBe(false);
  });
});
