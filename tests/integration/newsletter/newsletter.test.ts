import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { newsletterSchema } from "~/lib/validation/site/newsletter";
import { action as newsletterAction } from "~/routes/api/api.newsletter";
import { newsletterSubscribers, rateLimits } from "#server/db/schema";
import type { Email } from "#server/email/send-email";
import { AppError } from "#server/lib/errors";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { confirmNewsletter, findPendingConfirmation } from "#server/newsletter/confirm-newsletter";
import { subscribeToNewsletter } from "#server/newsletter/subscribe-to-newsletter";
import { hashConfirmationToken } from "#server/newsletter/tokens";
import { describeEachDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";

const dataDir = withTestDataDir("newsletter");
const outbox = path.join(dataDir, "outbox");

const site = { siteUrl: "https://signals.example", brandName: "Acme Signals" };

/** The .eml files addressed to `to`, decoded from quoted-printable. */
function mailsTo(to: string) {
  if (!fs.existsSync(outbox)) return [];
  return fs
    .readdirSync(outbox)
    .filter((f) => f.endsWith(".eml"))
    .map((f) =>
      fs
        .readFileSync(path.join(outbox, f), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    )
    .filter((text) => text.toLowerCase().includes(`to: ${to.toLowerCase()}`));
}

const tokenIn = (mail: string) => /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];

async function errorOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describeEachDatabase("newsletter double opt-in", (database, kind) => {
  // The outbox folder is shared by both database runs: addresses carry the kind.
  const ada = `Ada.${kind}@Example.com`;
  const at = (local: string) => `${local}.${kind}@example.com`;
  it("subscribes as pending and emails one confirmation link; the link confirms once", async () => {
    const db = database().db;
    const answer = await subscribeToNewsletter({
      db,
      email: newsletterSchema.parse({ email: ` ${ada} ` }).email,
      clientIp: "10.1.0.1",
      ...site,
    });
    expect(answer).toEqual({ status: "pending", message: "Check your inbox to confirm your subscription." });
    const [row] = await db
      .select()
      .from(newsletterSubscribers)
      .where(sql`lower(${newsletterSubscribers.email}) = ${ada.toLowerCase()}`);
    expect(row).toMatchObject({ email: ada, confirmedAt: null, unsubscribedAt: null });
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const hoursLeft = (row!.tokenExpiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(47.9);
    expect(hoursLeft).toBeLessThanOrEqual(48);

    const mails = mailsTo(ada);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Content-Type: text/plain");
    expect(mails[0]).toContain("Content-Type: text/html");
    expect(mails[0]).toContain("https://signals.example/newsletter/confirm?token=");
    const token = tokenIn(mails[0]!)!;
    // Only the hash is stored.
    expect(row!.tokenHash).toBe(hashConfirmationToken(token));
    expect(JSON.stringify(row)).not.toContain(token);

    // Opening the link (a person, or a mail scanner) only looks it up; it confirms nothing.
    expect(await findPendingConfirmation({ db, token })).toEqual({ email: ada });
    expect(await findPendingConfirmation({ db, token: ` ${token} ` })).toEqual({ email: ada });
    const [looked] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, row!.id));
    expect(looked).toEqual(row);

    expect(await confirmNewsletter({ db, token })).toEqual({ email: ada });
    const [confirmed] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, row!.id));
    expect(confirmed!.confirmedAt).toBeInstanceOf(Date);
    expect(confirmed!.tokenHash).not.toBe(row!.tokenHash);

    // Single use: the link no longer even looks up.
    const reused = await errorOf(confirmNewsletter({ db, token }));
    expect(reused.message).toBe("This confirmation link is invalid or has expired.");
    expect((await errorOf(findPendingConfirmation({ db, token }))).message).toBe(
      "This confirmation link is invalid or has expired.",
    );
  });

  it("answers a confirmed subscriber without sending anything, in any letter case", async () => {
    const db = database().db;
    const before = mailsTo(ada).length;
    const answer = await subscribeToNewsletter({ db, email: ada.toUpperCase(), clientIp: "10.1.0.1", ...site });
    expect(answer).toEqual({ status: "already_subscribed", message: "You're already subscribed." });
    expect(mailsTo(ada).length).toBe(before);
    expect(
      await db
        .select()
        .from(newsletterSubscribers)
        .where(sql`lower(${newsletterSubscribers.email}) = ${ada.toLowerCase()}`),
    ).toHaveLength(1);
  });

  it("refreshes a pending subscription: only the newest link works", async () => {
    const db = database().db;
    await subscribeToNewsletter({ db, email: at("bob"), clientIp: "10.1.0.2", ...site });
    const [older] = mailsTo(at("bob")).map((m) => tokenIn(m)!);
    await subscribeToNewsletter({ db, email: at("bob"), clientIp: "10.1.0.2", ...site });
    const tokens = mailsTo(at("bob")).map((m) => tokenIn(m)!);
    expect(tokens).toHaveLength(2);
    const newer = tokens.find((token) => token !== older)!;
    expect(newer).toBeDefined();
    expect(
      await db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, at("bob"))),
    ).toHaveLength(1);
    await expect(confirmNewsletter({ db, token: older })).rejects.toMatchObject({
      code: "VALIDATION",
      message: "This confirmation link is invalid or has expired.",
    });
    expect(await confirmNewsletter({ db, token: newer })).toEqual({ email: at("bob") });
  });

  it("refuses an expired link", async () => {
    const db = database().db;
    const sent: Email[] = [];
    const send = async (email: Email) => void sent.push(email);
    const past = new Date(Date.now() - 49 * 3_600_000);
    await subscribeToNewsletter({ db, email: at("carol"), clientIp: "10.1.0.3", now: past, send, ...site });
    const token = tokenIn(sent[0]!.text)!;
    const expired = await errorOf(confirmNewsletter({ db, token }));
    expect(expired.message).toBe("This confirmation link is invalid or has expired.");
    expect(expired.status).toBe(400);
    expect((await errorOf(findPendingConfirmation({ db, token }))).status).toBe(400);
    const [row] = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, at("carol")));
    expect(row!.confirmedAt).toBeNull();
    // An unknown or empty token gets the same answer.
    for (const bad of ["not-a-token", "", undefined, "x".repeat(500)]) {
      expect((await errorOf(confirmNewsletter({ db, token: bad }))).message).toBe(
        "This confirmation link is invalid or has expired.",
      );
      expect((await errorOf(findPendingConfirmation({ db, token: bad }))).message).toBe(
        "This confirmation link is invalid or has expired.",
      );
    }
  });

  it("rejects a bad address with its message, 400, and writes nothing (the route's one parse)", async () => {
    const db = database().db;
    setSingleton("database", database());
    const before = (await db.select().from(newsletterSubscribers)).length;
    for (const email of ["not-an-email", "", "   ", undefined, 42, `${"a".repeat(250)}@example.com`, "nope"]) {
      const request = new Request("http://localhost/api/newsletter", {
        method: "POST",
        headers: { "content-type": "application/json", origin: "http://localhost" },
        body: JSON.stringify({ email }),
      });
      const answer = (await newsletterAction({ request, params: {}, context: { clientIp: "10.1.0.4" } } as never)) as {
        data: { ok: boolean; error: string };
        init: ResponseInit;
      };
      expect(answer.init.status, String(email)).toBe(400);
      expect(answer.data.ok).toBe(false);
      if (typeof email === "string" && email.length < 200)
        expect(answer.data.error).toBe("Please enter a valid email address");
    }
    expect((await db.select().from(newsletterSubscribers)).length).toBe(before);
    // Invalid input does not spend the allowance.
    expect(await db.select().from(rateLimits).where(eq(rateLimits.key, "newsletter:ip:10.1.0.4"))).toHaveLength(0);
    resetSingleton("database");
  });

  it("limits sign-ups per client address", async () => {
    const db = database().db;
    const send = async () => {};
    for (let i = 0; i < 5; i++) {
      await subscribeToNewsletter({ db, email: at(`reader${i}`), clientIp: "10.1.0.5", send, ...site });
    }
    const error = await errorOf(
      subscribeToNewsletter({ db, email: at("reader9"), clientIp: "10.1.0.5", send, ...site }),
    );
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toMatch(/^Too many requests\. Please try again in \d+ minutes?\.$/);
    expect(
      await db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, at("reader9"))),
    ).toHaveLength(0);
    // Another address is unaffected.
    await subscribeToNewsletter({ db, email: at("reader9"), clientIp: "10.1.0.6", send, ...site });
  });

  it("reports a failed send clearly", async () => {
    const db = database().db;
    const failing = async () => {
      throw new Error("SMTP down");
    };
    const error = await errorOf(
      subscribeToNewsletter({ db, email: at("dave"), clientIp: "10.1.0.7", send: failing, ...site }),
    );
    expect(error.code).toBe("UNAVAILABLE");
    expect(error.message).toBe("We couldn't send the confirmation email. Please try again later.");
  });
});
