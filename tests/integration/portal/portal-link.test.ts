import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as linkRoute from "~/routes/api/portal/api.portal.link";
import * as codeRoute from "~/routes/api/portal/api.portal.link.code";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { requestSignInCode } from "#server/auth/email/request-sign-in-code";
import { signInWithCode } from "#server/auth/email/sign-in-with-code";
import { knownDevices, profiles, rateLimits, session as sessions, user } from "#server/db/schema";
import { resetSingleton } from "#server/lib/singleton";
import { getPortalSession } from "#server/portal/get-portal-session";
import { LINK_MESSAGES } from "#server/portal/link-portal-account";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { mailsTo as mailsIn } from "../../helpers/email-outbox";
import { withTestDataDir } from "../../helpers/env";
import { openTestPortalSession, telegramUserId, verifyTelegram } from "../../helpers/portal";
import { callAction } from "../../helpers/route-request";

const dataDir = withTestDataDir("portal-link");
const mailsTo = (to: string) => mailsIn(dataDir, to);
const newDeviceNotices = (to: string) => mailsTo(to).filter((mail) => /^Subject: New sign-in to your/m.test(mail));
const codeIn = (mail: string | undefined) => /sign-in code is (\d{6})/.exec(mail ?? "")?.[1];
let counter = 1;
const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` }, clientIp: `10.46.${counter++}.1` });

describeEachDatabase("linking an account from the portal", (database) => {
  const db = () => database().db;
  useProcessDatabase(database);
  beforeAll(() => {
    return () => resetSingleton("database");
  });

  async function member(first: string) {
    const n = counter++;
    const email = `${first.toLowerCase()}-${n}@example.com`;
    const ip = `10.47.${n}.1`;
    const { userId } = await signUpMember({
      db: db(),
      input: {
        firstName: first,
        lastName: "Tester",
        email,
        password: "Analytical1",
        telegram: `${first.toLowerCase()}_pl${n}`,
        acceptTerms: true,
        acceptRisk: true,
      },
      clientIp: ip,
      headers: new Headers({ "x-client-ip": ip }),
    });
    await db().update(user).set({ emailVerified: true }).where(eq(user.id, userId));
    return { userId, email };
  }

  async function askCode(token: string, email: string) {
    const answer = await callAction(codeRoute, { path: "/api/portal/link/code", json: { email }, ...as(token) });
    expect(answer).toMatchObject({ status: 200, data: { ok: true, view: "link", params: { email } } });
    return codeIn(mailsTo(email).at(-1))!;
  }

  it("links the portal's Telegram account to the member who enters the emailed code", async () => {
    const ann = await member("Ann");
    const tgId = telegramUserId();
    const token = await openTestPortalSession({ db: db(), telegramUserId: tgId });
    const code = await askCode(token, ann.email);
    const from = as(token);
    const sessionsBefore = (await db().select().from(sessions).where(eq(sessions.userId, ann.userId))).length;
    const linked = await callAction(linkRoute, { path: "/api/portal/link", json: { email: ann.email, code }, ...from });
    expect(linked).toMatchObject({ status: 200, data: { ok: true, message: LINK_MESSAGES.linked, view: "home" } });
    const [profile] = await db().select().from(profiles).where(eq(profiles.id, ann.userId));
    expect(profile).toMatchObject({ telegramVerified: true, telegramUserId: BigInt(tgId) });
    expect(await getPortalSession({ db: db(), token })).toMatchObject({ memberId: ann.userId });
    // The code's website session is ended at once; the owner is told by email.
    expect(await db().select().from(sessions).where(eq(sessions.userId, ann.userId))).toHaveLength(sessionsBefore);
    expect(mailsTo(ann.email).filter((mail) => mail.includes("was linked to the Telegram account"))).toHaveLength(1);
    // The code's session was no sign-in of a device: nothing remembered, no new-device notice.
    expect(await db().select().from(knownDevices).where(eq(knownDevices.userId, ann.userId))).toHaveLength(1);
    expect(newDeviceNotices(ann.email)).toEqual([]);
    // A real code sign-in from that same address is a new device, and is told (a minute later: the resend wait).
    await db()
      .delete(rateLimits)
      .where(eq(rateLimits.key, `sign-in-code:resend:${ann.email}`));
    await requestSignInCode({ db: db(), email: ann.email, clientIp: from.clientIp });
    const signInCode = codeIn(mailsTo(ann.email).at(-1))!;
    const headers = new Headers({ "x-client-ip": from.clientIp });
    await signInWithCode({ db: db(), email: ann.email, code: signInCode, clientIp: from.clientIp, headers });
    await expect.poll(() => newDeviceNotices(ann.email).length).toBe(1);
    expect(await db().select().from(knownDevices).where(eq(knownDevices.userId, ann.userId))).toHaveLength(2);
    // The code works once.
    const again = await callAction(linkRoute, {
      path: "/api/portal/link",
      json: { email: ann.email, code },
      ...as(await openTestPortalSession({ db: db() })),
    });
    expect(again).toMatchObject({ status: 400, data: { ok: false, error: "Invalid or expired code" } });
  });

  describe("refusals", () => {
    it("a wrong code links nothing", async () => {
      const bob = await member("Bob");
      const token = await openTestPortalSession({ db: db() });
      const code = await askCode(token, bob.email);
      const wrong = code === "111111" ? "222222" : "111111";
      const answer = await callAction(linkRoute, {
        path: "/api/portal/link",
        json: { email: bob.email, code: wrong },
        ...as(token),
      });
      expect(answer).toMatchObject({ status: 400, data: { ok: false, error: "Invalid or expired code" } });
      const [profile] = await db().select().from(profiles).where(eq(profiles.id, bob.userId));
      expect(profile!.telegramVerified).toBe(false);
    });

    it("an account already linked to another Telegram account is not moved", async () => {
      const cy = await member("Cy");
      const first = telegramUserId();
      await verifyTelegram({ db: db(), userId: cy.userId, telegramUserId: first });
      const token = await openTestPortalSession({ db: db() });
      const code = await askCode(token, cy.email);
      const answer = await callAction(linkRoute, {
        path: "/api/portal/link",
        json: { email: cy.email, code },
        ...as(token),
      });
      expect(answer).toMatchObject({ status: 409, data: { ok: false, error: LINK_MESSAGES.otherTelegram } });
      const [profile] = await db().select().from(profiles).where(eq(profiles.id, cy.userId));
      expect(profile!.telegramUserId).toBe(BigInt(first));
    });

    it("a Telegram account already linked asks for nothing", async () => {
      const dee = await member("Dee");
      const token = await openTestPortalSession({ db: db(), userId: dee.userId });
      const answer = await callAction(codeRoute, {
        path: "/api/portal/link/code",
        json: { email: dee.email },
        ...as(token),
      });
      expect(answer).toMatchObject({ status: 409, data: { error: LINK_MESSAGES.alreadyLinked } });
    });
  });
});
