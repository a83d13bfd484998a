import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { enforceSignInDelay, limitAuthAttempt, recordSignInFailure } from "#server/auth/accounts/limits";
import { describeEachDatabase } from "../../helpers/database";

// The numbers below are the rules of server/auth/accounts/limits.ts written out, never read from it:
// a limit raised or a window shortened there must fail here.
const TOO_MANY = { code: "RATE_LIMITED", message: "Too many requests. Please try again later." };

describeEachDatabase("auth rate limits", (database) => {
  const db = () => database().db;
  const secondsLeft = async (key: string) => {
    const rows = await db().execute<{ left: number }>(
      sql`select extract(epoch from (reset_at - now()))::float8 as left from rate_limits where key = ${key}`,
    );
    return Number(rows.rows[0]!.left);
  };

  it("sign-in: 20 attempts per client address in 15 minutes, the 21st refused", async () => {
    for (let i = 0; i < 20; i++) await limitAuthAttempt({ db: db(), action: "sign-in", clientIp: "192.0.2.10" });
    await expect(limitAuthAttempt({ db: db(), action: "sign-in", clientIp: "192.0.2.10" })).rejects.toMatchObject(
      TOO_MANY,
    );
    // Another address is counted on its own.
    await limitAuthAttempt({ db: db(), action: "sign-in", clientIp: "192.0.2.11" });
    const left = await secondsLeft("sign-in:ip:192.0.2.10");
    expect(left).toBeGreaterThan(15 * 60 - 30);
    expect(left).toBeLessThanOrEqual(15 * 60);
  });

  it("forgot-password: 3 per email per hour whatever the email's case or spaces, from any address", async () => {
    const emails = ["reset-me@example.com", "Reset-Me@Example.com", "  RESET-ME@EXAMPLE.COM "];
    for (const [i, email] of emails.entries()) {
      await limitAuthAttempt({ db: db(), action: "forgot-password", clientIp: `198.51.100.${i + 1}`, email });
    }
    await expect(
      limitAuthAttempt({
        db: db(),
        action: "forgot-password",
        clientIp: "198.51.100.9",
        email: "reset-ME@example.COM",
      }),
    ).rejects.toMatchObject(TOO_MANY);
    // Another email is not held back.
    await limitAuthAttempt({
      db: db(),
      action: "forgot-password",
      clientIp: "198.51.100.9",
      email: "someone-else@example.com",
    });
    const left = await secondsLeft("forgot-password:email:reset-me@example.com");
    expect(left).toBeGreaterThan(60 * 60 - 30);
  });

  it("sign-up: 5 per email per hour whatever the email's case", async () => {
    for (let i = 0; i < 5; i++) {
      await limitAuthAttempt({
        db: db(),
        action: "sign-up",
        clientIp: `203.0.113.${i + 1}`,
        email: i % 2 ? "NEW@example.com" : "new@EXAMPLE.com",
      });
    }
    await expect(
      limitAuthAttempt({ db: db(), action: "sign-up", clientIp: "203.0.113.99", email: "New@Example.Com" }),
    ).rejects.toMatchObject(TOO_MANY);
  });

  it("sign-in and password reset have no per-email cap, even when an email is given: anyone could spend it", async () => {
    // 21 attempts for one email, each from another address: none is refused.
    for (let i = 0; i < 21; i++) {
      await limitAuthAttempt({
        db: db(),
        action: "sign-in",
        clientIp: `192.0.2.${100 + i}`,
        email: "member@example.com",
      });
      await limitAuthAttempt({
        db: db(),
        action: "reset-password",
        clientIp: `192.0.2.${100 + i}`,
        email: "member@example.com",
      });
    }
  });

  it("sign-in failures for one email count together whatever its case: the 4th attempt waits", async () => {
    const clientIp = "192.0.2.50";
    for (const email of ["case@example.com", "CASE@example.com", "Case@Example.COM"])
      await recordSignInFailure({ db: db(), email, clientIp });
    await expect(enforceSignInDelay({ db: db(), email: "cAsE@eXaMpLe.cOm", clientIp })).rejects.toMatchObject({
      ...TOO_MANY,
      details: { retryAfterSeconds: 1 },
    });
    // The same email from another address is not slowed.
    await expect(
      enforceSignInDelay({ db: db(), email: "case@example.com", clientIp: "192.0.2.51" }),
    ).resolves.toBeUndefined();
  });
});
