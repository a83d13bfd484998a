import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { signUpSchema } from "~/lib/validation/auth/auth";
import { requestPasswordReset } from "#server/auth/accounts/request-password-reset";
import { isResetTokenValid, resetMemberPassword } from "#server/auth/accounts/reset-member-password";
import { signInMember } from "#server/auth/accounts/sign-in-member";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { user } from "#server/db/schema";
import { resetSingleton } from "#server/lib/singleton";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";

// A real SMTP server on a loopback port: the reset email travels over SMTP and the test
// follows the link from the message it received.
const received: { to: string[]; raw: string }[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, session, callback) {
    let raw = "";
    stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
    stream.on("end", () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
      callback();
    });
  },
});
// The server listens before the environment is set (the port goes into SMTP_URL) and closes
// after the mail transport that connects to it.
beforeAll(() => new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve)));
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));
const smtpUrl = () => `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
withTestDataDir("smtp", { MAIL_FROM: "Signals <noreply@example.com>" });
beforeAll(() => {
  process.env.SMTP_URL = smtpUrl();
  resetSingleton("config");
});
afterAll(() => {
  delete process.env.SMTP_URL;
  resetSingleton("config");
});

const decode = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

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
    const message = received.findLast((m) => m.to.includes(email));
    expect(message, "a message reached the SMTP server").toBeDefined();
    const body = decode(message!.raw);
    expect(body).toMatch(/^From: Signals <noreply@example.com>/m);
    expect(body).toContain("Content-Type: text/plain");
    expect(body).toContain("Content-Type: text/html");
    expect(body).toContain("expires in 1 hour");
    const link = /https:\/\/signals\.example\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(body);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    expect(await isResetTokenValid({ db, token })).toBe(true);
    await resetMemberPassword({ db, token, password: "Changed22", clientIp: "10.2.0.1" });
    await signInMember({ db, email, password: "Changed22", clientIp: "10.2.0.2", headers: new Headers() });
    expect(await isResetTokenValid({ db, token })).toBe(false);
  });
});
