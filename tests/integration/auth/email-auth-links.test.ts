import crypto from "node:crypto";
import { createEmailVerificationToken } from "better-auth/api";
import { eq, like } from "drizzle-orm";
import { expect, it } from "vitest";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { getAuthSecret } from "#server/auth/core/auth-secret";
import { confirmEmailLink, findEmailConfirmation } from "#server/auth/email/confirm-email-link";
import { findEmailLink, rememberEmailLink } from "#server/auth/email/email-link-store";
import { requestEmailChange } from "#server/auth/email/request-email-change";
import { user, verification } from "#server/db/schema";
import { AppError } from "#server/lib/errors";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { cookieFrom, linkIdIn, mailsTo as mailsIn } from "../../helpers/email-outbox";
import { withTestDataDir } from "../../helpers/env";
import { captureLogLines } from "../../helpers/log-capture";

// The /verify-email page (findEmailConfirmation) and button (confirmEmailLink), called directly.
const dataDir = withTestDataDir("email-auth-links", { BRAND_NAME: "Acme Signals" });
const mailsTo = (to: string) => mailsIn(dataDir, to);
const latestTo = (to: string) => mailsTo(to).at(-1);
let counter = 1;

/** The refusal every unusable link gets (the page shows it as "Invalid or expired link"). */
const isInvalidLink = (error: unknown) =>
  error instanceof AppError && error.code === "NOT_FOUND" && error.message === "Invalid or expired link";
/** A token shaped like Better Auth's, with a signature it never made. */
const forged = (payload: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify(payload)).toString("base64url")}.Zm9yZ2Vk`;

describeEachDatabase("email links: expiry, stored form, refusals, the old address's notice", (database) => {
  const db = () => database().db;

  useProcessDatabase(database);

  async function member(first = "Ada") {
    const n = counter++;
    const email = `${first.toLowerCase()}-${n}@example.com`;
    const ip = `10.60.${n}.1`;
    const result = await signUpMember({
      db: db(),
      input: {
        firstName: first,
        lastName: "Tester",
        email,
        password: "Analytical1",
        telegram: `${first.toLowerCase()}_ln${n}`,
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
  const emailOf = async (userId: string) =>
    (await db().select({ email: user.email }).from(user).where(eq(user.id, userId)))[0]!.email;
  const markVerified = (userId: string) => db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
  /** Asks for a change to `to` and returns the link id mailed there. */
  async function changeLink(who: { userId: string; cookie: string }, to: string) {
    await markVerified(who.userId);
    await requestEmailChange({
      db: db(),
      userId: who.userId,
      newEmail: to,
      headers: new Headers({ cookie: who.cookie }),
    });
    return linkIdIn(latestTo(to));
  }

  it("a link stops working at the very moment its 24 hours end, on the page and the button", async () => {
    const ada = await member();
    const linkId = linkIdIn(latestTo(ada.email));
    const [row] = await db()
      .select()
      .from(verification)
      .where(like(verification.value, `verify:${ada.userId}:%`));
    const end = row!.expiresAt;
    const justBefore = new Date(end.getTime() - 1);
    expect(await findEmailConfirmation({ db: db(), linkId, now: justBefore })).toEqual({
      kind: "verify",
      email: ada.email,
    });
    await expect(findEmailConfirmation({ db: db(), linkId, now: end })).rejects.toSatisfy(isInvalidLink);
    await expect(confirmEmailLink({ db: db(), linkId, now: end })).rejects.toSatisfy(isInvalidLink);
    expect(await verified(ada.userId)).toBe(false);
  });

  it("a stored link must name its kind (verify or change), its member and Better Auth's token", async () => {
    const bob = await member("Bob");
    const token = forged({ email: bob.email });
    const store = async (value: string) => {
      const linkId = crypto.randomBytes(8).toString("hex");
      const identifier = `email-link:${crypto.createHash("sha256").update(linkId).digest("hex")}`;
      await db()
        .insert(verification)
        .values({ id: crypto.randomUUID(), identifier, value, expiresAt: new Date(Date.now() + 3600_000) });
      return linkId;
    };
    expect(await findEmailLink({ db: db(), linkId: await store(`change:${bob.userId}:${token}`) })).toMatchObject({
      kind: "change",
      userId: bob.userId,
      token,
    });
    for (const value of [
      `reset:${bob.userId}:${token}`,
      `verify::${token}`,
      `verify:${bob.userId}:`,
      `verify:${bob.userId}`,
    ]) {
      expect(await findEmailLink({ db: db(), linkId: await store(value) }), value).toBeNull();
    }
  });

  it("no link id, or a stored token that cannot be read: 'Invalid or expired link'", async () => {
    await expect(findEmailConfirmation({ db: db(), linkId: null })).rejects.toSatisfy(isInvalidLink);
    await expect(confirmEmailLink({ db: db(), linkId: null })).rejects.toSatisfy(isInvalidLink);
    const cy = await member("Cy");
    const unreadable = await rememberEmailLink({ db: db(), token: "not-a-token", userId: cy.userId, kind: "verify" });
    await expect(findEmailConfirmation({ db: db(), linkId: unreadable })).rejects.toSatisfy(isInvalidLink);
  });

  it("a link whose token Better Auth refuses (forged signature) verifies nothing", async () => {
    const dee = await member("Dee");
    const linkId = await rememberEmailLink({
      db: db(),
      token: forged({ email: dee.email, userId: dee.userId }),
      userId: dee.userId,
      kind: "verify",
    });
    await expect(confirmEmailLink({ db: db(), linkId })).rejects.toSatisfy(isInvalidLink);
    expect(await verified(dee.userId)).toBe(false);
  });

  it("the button answers with the address it verified", async () => {
    const eve = await member("Eve");
    expect(await confirmEmailLink({ db: db(), linkId: linkIdIn(latestTo(eve.email)) })).toEqual({
      kind: "verify",
      email: eve.email,
    });
    expect(await verified(eve.userId)).toBe(true);
  });

  it("after an email change the old address is told: by first name, the new address, what to do if it was not them", async () => {
    const fay = await member("Fay");
    const target = `fay-new-${counter}@example.com`;
    const linkId = await changeLink(fay, target);
    expect(await confirmEmailLink({ db: db(), linkId })).toEqual({ kind: "change", email: target });
    const notice = latestTo(fay.email)!;
    expect(notice).toContain("Subject: Your Acme Signals email address was changed");
    // The plain-text part: paragraphs a blank line apart (the HTML part has them in <p> tags).
    expect(notice).toContain(
      `Hi Fay,\n\nThe email address of your Acme Signals account was changed to ${target}. From now on we write to that address, and you sign in with it.\n\nIf you did not make this change, contact our support at once.\n\n`,
    );
    // The HTML part's heading.
    expect(notice).toContain(">Your email address was changed</h1>");

    // A member without a first name is greeted "there".
    const gus = await member("Gus");
    await db().update(user).set({ name: "" }).where(eq(user.id, gus.userId));
    await confirmEmailLink({ db: db(), linkId: await changeLink(gus, `gus-new-${counter}@example.com`) });
    expect(latestTo(gus.email)).toContain("Hi there,\n\nThe email address of your Acme Signals account was changed");
  });

  it("when the notice to the old address cannot be sent, the change stands and the failure is logged", async () => {
    const hal = await member("Hal");
    const target = `hal-new-${counter}@example.com`;
    const linkId = await changeLink(hal, target);
    const logged = captureLogLines();
    setSingleton("logger", logged.log);
    // Nothing listens on port 1: the notice fails at once.
    process.env.SMTP_URL = "smtp://127.0.0.1:1";
    resetSingleton("config");
    resetSingleton("smtp-transport");
    try {
      expect(await confirmEmailLink({ db: db(), linkId })).toEqual({ kind: "change", email: target });
    } finally {
      delete process.env.SMTP_URL;
      resetSingleton("config");
      resetSingleton("smtp-transport");
      resetSingleton("logger");
    }
    expect(await emailOf(hal.userId)).toBe(target);
    const line = logged
      .output()
      .split("\n")
      .find((l) => l.includes("email change: the notice to the old address failed"));
    expect(line, "the failure is logged").toBeDefined();
    // With the error, so an operator sees why.
    expect(JSON.parse(line!)).toMatchObject({ level: 50, err: { message: expect.stringContaining("ECONNREFUSED") } });
  });

  it("a confirmation that leaves the address as it was is not reported as a change, and the old address is not told", async () => {
    // Better Auth's first step of a two-step change ("change-email-confirmation", which we do not
    // configure) verifies without switching the address: nothing changed, so nothing to announce.
    const ida = await member("Ida");
    await markVerified(ida.userId);
    const target = `ida-new-${counter}@example.com`;
    const token = await createEmailVerificationToken(getAuthSecret(), ida.email, target, 3600, {
      requestType: "change-email-confirmation",
      userId: ida.userId,
    });
    const linkId = await rememberEmailLink({ db: db(), token, userId: ida.userId, kind: "change" });
    const before = mailsTo(ida.email).length;
    await expect(confirmEmailLink({ db: db(), linkId })).rejects.toSatisfy(isInvalidLink);
    expect(await emailOf(ida.userId)).toBe(ida.email);
    expect(mailsTo(ida.email)).toHaveLength(before);
  });
});
