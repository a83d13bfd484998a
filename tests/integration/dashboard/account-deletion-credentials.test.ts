import { and, eq, inArray, like, or } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { action as passkeySignInAction } from "~/routes/api/api.signin.passkey";
import { action as passkeySignInOptionsAction } from "~/routes/api/api.signin.passkey.options";
import { action as deleteAction } from "~/routes/api/dashboard/api.dashboard.delete-account";
import { action as changeEmailAction } from "~/routes/api/dashboard/api.dashboard.email";
import { action as addPasskeyAction } from "~/routes/api/dashboard/api.dashboard.passkeys.add";
import { action as passkeyOptionsAction } from "~/routes/api/dashboard/api.dashboard.passkeys.options";
import { action as twoFactorConfirmAction } from "~/routes/api/dashboard/api.dashboard.two-factor.confirm";
import { action as twoFactorEnableAction } from "~/routes/api/dashboard/api.dashboard.two-factor.enable";
import { action as signInAction } from "~/routes/auth/signin";
import { action as codeAction } from "~/routes/auth/signin.code";
import { action as secondStepAction } from "~/routes/auth/signin.two-factor";
import { action as verifyEmailAction } from "~/routes/auth/verify-email";
import { requestPasswordReset } from "#server/auth/accounts/request-password-reset";
import { isResetTokenValid, resetMemberPassword } from "#server/auth/accounts/reset-member-password";
import { getMemberSession } from "#server/auth/accounts/session";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { STAFF_NOT_DELETED } from "#server/dashboard/delete-member-account";
import { account, passkey, rateLimits, session, twoFactor, user, verification } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { linkIdIn, mailsTo } from "../../helpers/email-outbox";
import { withTestDataDir } from "../../helpers/env";
import { Jar } from "../../helpers/passkey-browser";
import { callAction, ORIGIN } from "../../helpers/route-request";
import { SoftAuthenticator } from "../../helpers/soft-authenticator";
import { signUpStaff } from "../../helpers/staff";
import { authenticatorCodes, PASSWORD } from "../../helpers/two-factor-browser";

// Passkeys are bound to the site's origin: the one the route helpers post from.
const dataDir = withTestDataDir("account-deletion-credentials", { PUBLIC_URL: ORIGIN });
const SITE = { origin: ORIGIN, rpId: "localhost" };
const codeIn = (mail: string | undefined) => /sign-in code is (\d{6})/.exec(mail ?? "")?.[1];
const resetTokenIn = (mail: string | undefined) => /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail ?? "")?.[1];

let n = 0;
const nextIp = () => `10.47.${Math.floor(n / 200)}.${(n++ % 200) + 1}`;

/*
 * Deleting an account erases every way of signing in to it: the password, passkeys, the
 * two-factor secret and backup codes, sessions, trusted devices, emailed sign-in codes, reset
 * and email links. Each is checked gone in the database and refused at its own door, while a
 * second member whose address contains the first one's keeps every one of theirs.
 */
describeEachDatabase("account deletion erases every credential", (database) => {
  const db = () => database().db;

  useProcessDatabase(database);

  const post = (action: Parameters<typeof callAction>[0], path: string, json: unknown, jar?: Jar, ip?: string) =>
    callAction(action, { path, json, cookie: jar?.toString(), clientIp: ip ?? nextIp() }).then((answer) => {
      jar?.take(answer.cookies ?? []);
      return answer;
    });
  const form = (action: Parameters<typeof callAction>[0], path: string, body: Record<string, string>) =>
    callAction(action, { path, form: body, clientIp: nextIp() });

  /** A member with one of each credential kind, every one of them live. */
  async function furnished(email: string) {
    const ip = nextIp();
    const signedUp = await signUpMember({
      db: db(),
      input: {
        firstName: "Ann",
        lastName: "Tester",
        email,
        password: PASSWORD,
        telegram: `cred_${n}_${email.length}`,
        acceptTerms: true,
        acceptRisk: true,
      },
      clientIp: ip,
      headers: new Headers({ "x-client-ip": ip }),
    });
    const userId = signedUp.userId;
    const home = new Jar(signedUp.headers);
    // The sign-up's verification link, left unused.
    const verifyLink = linkIdIn(mailsTo(dataDir, email).at(-1));
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    // An emailed sign-in code, unused (asked for before two-factor, which sends a password reminder instead).
    expect((await form(codeAction, "/signin/code", { intent: "send", email })).status).toBe(200);
    const code = codeIn(mailsTo(dataDir, email).at(-1))!;

    const authenticator = new SoftAuthenticator(SITE);
    const options = await post(passkeyOptionsAction, "/api/dashboard/passkeys/options", {}, home);
    const creation = options.data.options as Parameters<SoftAuthenticator["create"]>[0];
    expect(
      (await post(addPasskeyAction, "/api/dashboard/passkeys/add", { response: authenticator.create(creation) }, home))
        .status,
    ).toBe(200);

    const enabled = await post(twoFactorEnableAction, "/api/dashboard/two-factor/enable", { password: PASSWORD }, home);
    const secret = enabled.data.secret as string;
    const confirmed = await post(
      twoFactorConfirmAction,
      "/api/dashboard/two-factor/confirm",
      { code: authenticatorCodes(secret).now },
      home,
    );
    expect(confirmed.status).toBe(200);
    const backupCodes = confirmed.data.backupCodes as string[];

    // A second browser: password, then the app's code, trusted for next time.
    const laptop = new Jar();
    const laptopIp = nextIp();
    await post(signInAction, "/signin", { email, password: PASSWORD }, laptop, laptopIp);
    const second = await post(
      secondStepAction,
      "/signin/two-factor",
      { code: authenticatorCodes(secret).next, trustDevice: true },
      laptop,
      laptopIp,
    );
    expect(second.status, JSON.stringify(second.data)).toBe(302);
    expect(laptop.has("trust_device")).toBe(true);

    // A password reset link and an email change link, both unused.
    await requestPasswordReset({ db: db(), email, clientIp: nextIp(), siteUrl: ORIGIN });
    const resetToken = resetTokenIn(mailsTo(dataDir, email).at(-1))!;
    const newAddress = `new-${email}`;
    expect((await post(changeEmailAction, "/api/dashboard/email", { email: newAddress }, home)).status).toBe(200);
    const changeLink = linkIdIn(mailsTo(dataDir, newAddress).at(-1));
    expect(code).toMatch(/^\d{6}$/);
    expect(resetToken).toBeTruthy();
    return {
      userId,
      email,
      home,
      laptop,
      authenticator,
      secret,
      backupCodes,
      code,
      resetToken,
      verifyLink,
      changeLink,
    };
  }
  type Furnished = Awaited<ReturnType<typeof furnished>>;

  /** Every credential row of the member: the password's account row, passkeys, two-factor, sessions, verification rows. */
  async function credentials(member: Pick<Furnished, "userId" | "email">) {
    return {
      accounts: await db().select().from(account).where(eq(account.userId, member.userId)),
      passkeys: await db().select().from(passkey).where(eq(passkey.userId, member.userId)),
      twoFactor: await db().select().from(twoFactor).where(eq(twoFactor.userId, member.userId)),
      sessions: await db().select().from(session).where(eq(session.userId, member.userId)).orderBy(session.createdAt),
      // Reset links and trusted devices (value: the user id), email links (value `<kind>:<user id>:…`),
      // sign-in codes (identifier `<type>-otp-<address>`).
      verification: await db()
        .select()
        .from(verification)
        .where(
          or(
            eq(verification.value, member.userId),
            like(verification.value, `%:${member.userId}:%`),
            like(verification.identifier, `%-otp-${member.email}`),
          ),
        )
        .orderBy(verification.identifier),
    };
  }

  const signedInAs = async (jar: Jar) =>
    (await getMemberSession(new Request(`${ORIGIN}/dashboard`, { headers: { cookie: jar.toString() } }))).member
      ?.userId;

  async function passkeySignIn(authenticator: SoftAuthenticator) {
    const jar = new Jar();
    const started = await post(passkeySignInOptionsAction, "/api/signin/passkey/options", {}, jar);
    const request = started.data.options as Parameters<SoftAuthenticator["get"]>[0];
    const answer = await post(
      passkeySignInAction,
      "/api/signin/passkey",
      { response: authenticator.get(request) },
      jar,
    );
    return { answer, signedIn: await signedInAs(jar) };
  }

  // Each member is furnished in a hook of its own: a dozen sign-in steps each, slow on a loaded machine.
  describe("after the deletion", () => {
    let ann: Furnished;
    let joann: Furnished;
    let bystander: Awaited<ReturnType<typeof credentials>>;
    beforeAll(async () => {
      ann = await furnished(`ann-${Date.now()}@example.com`);
    });
    beforeAll(async () => {
      // Its address ends with Ann's: an erasure by "contains" would take this member's codes too.
      joann = await furnished(`jo${ann.email}`);
      bystander = await credentials(joann);
    });
    // The deletion is this first test, not a hook: code run in a hook belongs to no test, and
    // mutation testing would then rerun every test file of the area for each of its mutants. The
    // tests after it read what the deletion left.
    it("deleting erases every credential row of every kind, and none of the member whose address contains this one", async () => {
      const before = await credentials(ann);
      expect(before.accounts.filter((a) => a.password)).toHaveLength(1);
      expect(before.passkeys).toHaveLength(1);
      expect(before.twoFactor).toHaveLength(1);
      expect(before.sessions).toHaveLength(2);
      const kinds = before.verification.map(
        (v) => /^(email-link|reset-password|trust-device|sign-in-otp)/.exec(v.identifier)?.[1],
      );
      expect(kinds.sort()).toEqual(["email-link", "email-link", "reset-password", "sign-in-otp", "trust-device"]);
      const deleted = await post(
        deleteAction,
        "/api/dashboard/delete-account",
        { password: PASSWORD, code: ann.backupCodes[0] },
        ann.home,
      );
      expect(deleted.status, JSON.stringify(deleted.data)).toBe(200);
      expect(await credentials(joann)).toEqual(bystander);
      expect(await credentials(ann)).toEqual({
        accounts: [],
        passkeys: [],
        twoFactor: [],
        sessions: [],
        verification: [],
      });
      const [gone] = await db().select().from(user).where(eq(user.id, ann.userId));
      expect(gone).toMatchObject({ emailVerified: false, twoFactorEnabled: false });
      expect(gone!.email).not.toContain(ann.email);
    });

    it("the sessions, the password (from the trusted browser too) and the passkey are refused", async () => {
      expect(await signedInAs(ann.home)).toBeUndefined();
      expect(await signedInAs(ann.laptop)).toBeUndefined();
      expect((await post(signInAction, "/signin", { email: ann.email, password: PASSWORD }, new Jar())).status).toBe(
        401,
      );
      const trusted = await post(signInAction, "/signin", { email: ann.email, password: PASSWORD }, ann.laptop);
      expect(trusted.status).toBe(401);
      expect(await signedInAs(ann.laptop)).toBeUndefined();
      const byPasskey = await passkeySignIn(ann.authenticator);
      expect(byPasskey.answer.status).not.toBe(200);
      expect(byPasskey.signedIn).toBeUndefined();
    });

    it("the emailed code, the reset link and the verification and change links are refused", async () => {
      const byCode = await form(codeAction, "/signin/code", { intent: "verify", email: ann.email, code: ann.code });
      expect(byCode.status).toBe(400);
      expect(byCode.data).toMatchObject({ ok: false, error: "Invalid or expired code" });
      expect(await isResetTokenValid({ db: db(), token: ann.resetToken })).toBe(false);
      await expect(
        resetMemberPassword({ db: db(), token: ann.resetToken, password: "Brand-new-pass1", clientIp: nextIp() }),
      ).rejects.toMatchObject({ code: "VALIDATION" });
      for (const link of [ann.verifyLink, ann.changeLink]) {
        const used = await form(verifyEmailAction, `/verify-email?token=${encodeURIComponent(link)}`, {});
        expect(used.status).toBeGreaterThanOrEqual(400);
        expect(used.cookies ?? []).toEqual([]);
      }
    });

    it("the member whose address contains the deleted one's keeps every credential, and each still opens the account", async () => {
      expect(await credentials(joann)).toEqual(bystander);
      expect(await signedInAs(joann.home)).toBe(joann.userId);
      expect(await signedInAs(joann.laptop)).toBe(joann.userId);
      expect((await passkeySignIn(joann.authenticator)).signedIn).toBe(joann.userId);
      expect(await isResetTokenValid({ db: db(), token: joann.resetToken })).toBe(true);
    });
  });

  describe("a refused attempt spends nothing", () => {
    let cy: Furnished;
    let before: Awaited<ReturnType<typeof credentials>>;
    const attempt = (body: unknown) => post(deleteAction, "/api/dashboard/delete-account", body, cy.home);
    beforeAll(async () => {
      cy = await furnished(`cy-${Date.now()}@example.com`);
      before = await credentials(cy);
    });

    it("a wrong password with a good backup code, a wrong or spent code, no code: the codes, sessions and links all kept", async () => {
      const wrongPassword = await attempt({ password: "Wrong-password1", code: cy.backupCodes[0] });
      expect(wrongPassword.status).toBe(400);
      expect(wrongPassword.data).toMatchObject({ fieldErrors: { password: "Password is incorrect." } });
      const wrongCode = await attempt({ password: PASSWORD, code: authenticatorCodes(cy.secret).wrong });
      expect(wrongCode.status).toBe(400);
      const noCode = await attempt({ password: PASSWORD });
      expect(noCode.status).toBe(400);
      const spentCode = await attempt({ password: PASSWORD, code: "XXXXX-XXXXX" });
      expect(spentCode.status).toBe(400);
      expect(await credentials(cy)).toEqual(before);
    });

    it("a limited request, right in every way, reads nothing; the window over, the same backup code deletes", async () => {
      // The fifth refusal fills the limit (four came before); the sixth is refused before anything is read.
      expect((await attempt({ password: "Wrong-password1", code: cy.backupCodes[0] })).status).toBe(400);
      const limited = await attempt({ password: PASSWORD, code: cy.backupCodes[0] });
      expect(limited.status).toBe(429);
      const retryAfter = Number(limited.headers?.get("retry-after"));
      // The window is 15 minutes: the wait is more than 10 of them (this test takes seconds) and never more than 15.
      expect(retryAfter).toBeGreaterThan(10 * 60);
      expect(retryAfter).toBeLessThanOrEqual(15 * 60);
      expect(await credentials(cy)).toEqual(before);
      const [stillThere] = await db().select().from(user).where(eq(user.id, cy.userId));
      expect(stillThere!.deletedAt).toBeNull();

      await db()
        .delete(rateLimits)
        .where(like(rateLimits.key, `%${cy.userId}%`));
      const done = await attempt({ password: PASSWORD, code: cy.backupCodes[0] });
      expect(done.status).toBe(200);
    });
  });

  describe("staff", () => {
    it("no staff role can delete its account here, and the refusal ends nothing", async () => {
      for (const role of ["owner", "admin", "editor", "support"] as const) {
        const staff = await signUpStaff(db(), role);
        const jar = new Jar().take(staff.cookie.split("; ").map((pair) => pair));
        const sessionsBefore = await db().select().from(session).where(eq(session.userId, staff.userId));
        const refused = await post(deleteAction, "/api/dashboard/delete-account", { password: PASSWORD }, jar);
        expect(refused.status, role).toBe(409);
        expect(refused.data, role).toMatchObject({ ok: false, error: STAFF_NOT_DELETED });
        const [row] = await db().select().from(user).where(eq(user.id, staff.userId));
        expect(row, role).toMatchObject({ deletedAt: null, role });
        expect(await db().select().from(session).where(eq(session.userId, staff.userId)), role).toEqual(sessionsBefore);
        expect(
          await db()
            .select({ id: account.id })
            .from(account)
            .where(and(eq(account.userId, staff.userId), inArray(account.providerId, ["credential"]))),
          role,
        ).toHaveLength(1);
      }
    });
  });
});
