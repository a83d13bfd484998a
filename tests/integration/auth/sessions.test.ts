import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { expect, it } from "vitest";
import { readFlashToast } from "~/lib/http/cookies";
import { loader as sessionStateLoader } from "~/routes/api/api.session";
import { action as sessionsAction, loader as sessionsLoader } from "~/routes/api/dashboard/api.dashboard.sessions";
import { loader as dashboardLoader } from "~/routes/dashboard/dashboard";
import { getMemberSession } from "#server/auth/accounts/session";
import { signInMember } from "#server/auth/accounts/sign-in-member";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { getAuth } from "#server/auth/core/auth";
import { knownDevices, session, user } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { callAction, callLoader } from "../../helpers/route-request";

const dataDir = withTestDataDir("sessions", { CLIENT_COUNTRY_HEADER: "CF-IPCountry" });

const ORIGIN = "http://localhost";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:132.0) Gecko/20100101 Firefox/132.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like " +
  "Gecko) Version/18.1 Mobile/15E148 Safari/604.1";
const cookieFrom = (h: Headers) =>
  h
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
const device = (ua: string, ip: string, country?: string) =>
  new Headers({ "user-agent": ua, "x-client-ip": ip, ...(country ? { "cf-ipcountry": country } : {}) });

const post = (json: unknown, cookie?: string) =>
  callAction(sessionsAction, { path: "/api/dashboard/sessions", json, cookie });
const list = (cookie?: string) => callLoader(sessionsLoader, { path: "/api/dashboard/sessions", cookie });
const signedIn = async (cookie: string) =>
  (await getMemberSession(new Request(`${ORIGIN}/dashboard`, { headers: { cookie } }))).member !== null;

/** Every new-device notice in the dev outbox for `to`, decoded. */
function notices(to: string): string[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) =>
      fs
        .readFileSync(path.join(dir, f), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    )
    .filter((mail) => mail.toLowerCase().includes(`to: ${to}`) && mail.includes("Subject: New sign-in to your"));
}
/** The notice is sent after the sign-in answers: wait for it (or for a while, when none should come). */
async function waitForNotices(to: string, count: number, ms = 1500) {
  const until = Date.now() + ms;
  while (notices(to).length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  // Give a wrongly sent extra notice the same time to show up.
  await new Promise((r) => setTimeout(r, 300));
  return notices(to);
}

describeEachDatabase("signed-in devices", (database, kind) => {
  const db = () => database().db;
  let counter = 0;

  async function member(first: string) {
    // The outbox folder is shared by both database runs: addresses carry the kind.
    const email = `${first.toLowerCase()}-${++counter}.${kind}@example.com`;
    const result = await signUpMember({
      db: db(),
      input: {
        firstName: first,
        lastName: "Tester",
        email,
        password: "Analytical1",
        telegram: `${first.toLowerCase()}_${counter}`,
        acceptTerms: true,
        acceptRisk: true,
      },
      // The limiter's address differs per sign-up; the device's address is the header's.
      clientIp: `10.20.0.${counter}`,
      headers: device(CHROME_WINDOWS, "203.0.113.10"),
    });
    return { userId: result.userId, email, cookie: cookieFrom(result.headers) };
  }
  const signIn = async (email: string, headers: Headers) =>
    cookieFrom(
      (await signInMember({ db: db(), email, password: "Analytical1", clientIp: `10.21.0.${++counter}`, headers }))
        .headers,
    );

  useProcessDatabase(database);

  it("mails a sign-in from a new device once, and never for the sign-up device or a known one", async () => {
    const ada = await member("Ada");
    expect(await db().select().from(knownDevices).where(eq(knownDevices.userId, ada.userId))).toHaveLength(1);
    // The same browser from another address of the same block: known.
    await signIn(ada.email, device(CHROME_WINDOWS, "203.0.113.77"));
    expect(await waitForNotices(ada.email, 0)).toHaveLength(0);

    await signIn(ada.email, device(FIREFOX_MAC, "198.51.100.4", "DE"));
    const [notice, ...more] = await waitForNotices(ada.email, 1);
    expect(more).toHaveLength(0);
    expect(notice).toContain("Subject: New sign-in to your NovaSignals account");
    expect(notice).toContain("Firefox on macOS near Germany");
    expect(notice).toContain("/dashboard?section=user-info");
    expect(notice).not.toContain("198.51.100.4");

    // The same device again, and the same browser elsewhere in that block: no second mail.
    await signIn(ada.email, device(FIREFOX_MAC, "198.51.100.200", "DE"));
    expect(await waitForNotices(ada.email, 2)).toHaveLength(1);
    // Another block is another place: a second notice, with the masked block when no country is known.
    await signIn(ada.email, device(FIREFOX_MAC, "192.0.2.8"));
    const after = await waitForNotices(ada.email, 2);
    expect(after).toHaveLength(2);
    expect(after.some((mail) => mail.includes("from the network 192.0.2.x"))).toBe(true);
    // Nothing but a keyed hash is kept about the device.
    const rows = await db().select().from(knownDevices).where(eq(knownDevices.userId, ada.userId));
    expect(rows).toHaveLength(3);
    expect(JSON.stringify(rows)).not.toMatch(/Firefox|198\.51|192\.0/);
  });

  it("sends nothing while the password step waits for a second factor", async () => {
    const eve = await member("Eve");
    await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, eve.userId));
    const answer = await getAuth().api.signInEmail({
      body: { email: eve.email, password: "Analytical1" },
      headers: device(SAFARI_IPHONE, "100.64.1.1"),
    });
    expect(answer).toMatchObject({ twoFactorRedirect: true });
    expect(await waitForNotices(eve.email, 1)).toHaveLength(0);
    expect(await db().select().from(knownDevices).where(eq(knownDevices.userId, eve.userId))).toHaveLength(1);
  });

  it("mails once the second factor is passed, from the session it opens", async () => {
    const kai = await member("Kai");
    const signUpDevice = device(CHROME_WINDOWS, "203.0.113.10");
    const withCookie = (headers: Headers, cookie: string) => {
      const copy = new Headers(headers);
      copy.set("cookie", cookie);
      return copy;
    };
    const enabled = await getAuth().api.enableTwoFactor({
      body: { password: "Analytical1" },
      headers: withCookie(signUpDevice, kai.cookie),
      returnHeaders: true,
    });
    if (!("totpURI" in enabled.response)) throw new Error("TOTP set-up expected");
    const secret = new URL(enabled.response.totpURI).searchParams.get("secret")!;
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const confirmed = await getAuth().api.verifyTOTP({
      body: { code: totp.generate() },
      headers: withCookie(signUpDevice, cookieFrom(enabled.headers) || kai.cookie),
      returnHeaders: true,
    });
    expect(confirmed.response).toMatchObject({ token: expect.any(String) });

    const phone = device(SAFARI_IPHONE, "100.64.2.2");
    const first = await getAuth().api.signInEmail({
      body: { email: kai.email, password: "Analytical1" },
      headers: phone,
      returnHeaders: true,
    });
    expect(first.response).toMatchObject({ twoFactorRedirect: true });
    expect(await waitForNotices(kai.email, 1)).toHaveLength(0);
    const second = await getAuth().api.verifyTOTP({
      body: { code: totp.generate({ timestamp: Date.now() + 30_000 }) },
      headers: withCookie(phone, cookieFrom(first.headers)),
      returnHeaders: true,
    });
    expect(await signedIn(cookieFrom(second.headers))).toBe(true);
    const mails = await waitForNotices(kai.email, 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain("Safari on iOS");
  });

  it("lists the member's own sessions only: this device first, place or masked block, never a token", async () => {
    const ada = await member("Lin");
    const bob = await member("Bob");
    const phone = await signIn(ada.email, device(SAFARI_IPHONE, "198.51.100.9", "JP"));
    const answer = await list(ada.cookie);
    expect(answer.status).toBe(200);
    const devices = answer.data.devices as Record<string, unknown>[];
    expect(devices).toHaveLength(2);
    expect(devices[0]).toMatchObject({
      browser: "Chrome",
      os: "Windows",
      current: true,
      place: null,
      address: "203.0.113.x",
    });
    expect(devices[1]).toMatchObject({
      browser: "Safari",
      os: "iOS",
      current: false,
      place: "Japan",
      address: "198.51.100.x",
    });
    const own = await db().select({ id: session.id, token: session.token, userId: session.userId }).from(session);
    const bobs = own.filter((s) => s.userId === bob.userId).map((s) => s.id);
    expect(bobs.length).toBeGreaterThan(0);
    for (const id of bobs) expect(devices.map((d) => d.id)).not.toContain(id);
    const text = JSON.stringify(answer.data);
    for (const row of own) expect(text).not.toContain(row.token);
    expect(await signedIn(phone)).toBe(true);
    // The phone sees the same list with itself marked.
    const fromPhone = (await list(phone)).data.devices as Record<string, unknown>[];
    expect(fromPhone[0]).toMatchObject({ browser: "Safari", current: true });
  });

  it("signs out one other device, which is refused at once; again, or this device, is refused", async () => {
    const ada = await member("Kim");
    const phone = await signIn(ada.email, device(SAFARI_IPHONE, "198.51.100.9"));
    const phoneId = ((await list(ada.cookie)).data.devices as { id: string; current: boolean }[]).find(
      (d) => !d.current,
    )!.id;
    const thisId = ((await list(ada.cookie)).data.devices as { id: string; current: boolean }[]).find(
      (d) => d.current,
    )!.id;

    const done = await post({ intent: "revoke", sessionId: phoneId }, ada.cookie);
    expect(done.status).toBe(200);
    expect(done.data).toEqual({ ok: true, revoked: 1 });
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(ada.cookie)).toBe(true);
    expect((await list(ada.cookie)).data.devices).toHaveLength(1);
    // The revoked browser's next call is a 401 that tells the page to sign in again.
    const stale = await list(phone);
    expect(stale.status).toBe(401);
    expect(stale.data).toMatchObject({
      ok: false,
      signedOut: true,
      error: "Your session has ended. Please sign in again.",
    });

    const again = await post({ intent: "revoke", sessionId: phoneId }, ada.cookie);
    expect(again.status).toBe(404);
    expect(again.data).toEqual({ ok: false, error: "That device is already signed out." });
    const self = await post({ intent: "revoke", sessionId: thisId }, ada.cookie);
    expect(self.status).toBe(400);
    expect(self.data).toMatchObject({
      ok: false,
      error: "This is the device you are using: use Logout to sign out here.",
    });
    expect(await signedIn(ada.cookie)).toBe(true);
  });

  it("cannot sign out another member's device", async () => {
    const ada = await member("Ann");
    const bob = await member("Ben");
    const [bobSession] = await db().select({ id: session.id }).from(session).where(eq(session.userId, bob.userId));
    const answer = await post({ intent: "revoke", sessionId: bobSession!.id }, ada.cookie);
    expect(answer.status).toBe(404);
    expect(answer.data).toEqual({ ok: false, error: "That device is already signed out." });
    expect(await signedIn(bob.cookie)).toBe(true);
  });

  it("signs out every other device and keeps this one", async () => {
    const ada = await member("Joy");
    const phone = await signIn(ada.email, device(SAFARI_IPHONE, "198.51.100.9"));
    const laptop = await signIn(ada.email, device(FIREFOX_MAC, "192.0.2.50"));
    const bob = await member("Ray");
    const answer = await post({ intent: "revoke-others" }, ada.cookie);
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ ok: true, revoked: 2 });
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(ada.cookie)).toBe(true);
    expect(await signedIn(bob.cookie)).toBe(true);
    expect((await list(ada.cookie)).data.devices).toHaveLength(1);
  });

  it("refuses visitors, bad input and cross-site posts", async () => {
    const ada = await member("Max");
    const visitor = await post({ intent: "revoke-others" });
    expect(visitor.status).toBe(401);
    expect(visitor.data).toMatchObject({ ok: false, signedOut: true });
    expect((await list()).status).toBe(401);
    const bad = await post({ intent: "revoke" }, ada.cookie);
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ ok: false, error: "Choose a device." });
    expect((await post({ intent: "everything" }, ada.cookie)).status).toBe(400);
    const crossSite = await callAction(sessionsAction, {
      path: "/api/dashboard/sessions",
      json: { intent: "revoke-others" },
      cookie: ada.cookie,
      origin: "https://evil.example",
    });
    expect(crossSite.status).toBe(403);
  });

  it("answers whether this browser is still signed in", async () => {
    const ada = await member("Sam");
    const state = async (cookie?: string) => {
      const response = (await sessionStateLoader({
        request: new Request(`${ORIGIN}/api/session`, { headers: cookie ? { cookie } : {} }),
        params: {},
        context: {},
      } as never)) as Response;
      expect(response.headers.get("cache-control")).toBe("no-store");
      return (await response.json()) as { signedIn: boolean };
    };
    expect(await state(ada.cookie)).toEqual({ signedIn: true });
    expect(await state()).toEqual({ signedIn: false });
    await db()
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, ada.userId));
    expect(await state(ada.cookie)).toEqual({ signedIn: false });
  });

  it("a page request with a session that ended goes to sign in with the toast, and the dead cookie goes", async () => {
    const ada = await member("Liv");
    const phone = await signIn(ada.email, device(SAFARI_IPHONE, "198.51.100.9"));
    await post({ intent: "revoke-others" }, ada.cookie);
    const open = async (cookie?: string) => {
      const request = new Request(`${ORIGIN}/dashboard?section=user-info`, { headers: cookie ? { cookie } : {} });
      return (await dashboardLoader({ request, params: {}, context: {} } as never).then(
        () => new Response(null, { status: 200 }),
        (thrown: unknown) => thrown as Response,
      )) as Response;
    };
    const revoked = await open(phone);
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("location")).toBe("/signin?redirectTo=%2Fdashboard%3Fsection%3Duser-info");
    const cookies = revoked.headers.getSetCookie();
    expect(readFlashToast(cookies.find((c) => c.startsWith("flash_toast="))!.split(";")[0])).toEqual({
      title: "Your session has ended. Please sign in again.",
      type: "error",
    });
    expect(cookies.some((c) => /session_token=;/.test(c) && /max-age=0/i.test(c))).toBe(true);
    // A visitor who never signed in is only sent to sign in.
    const visitor = await open();
    expect(visitor.status).toBe(302);
    expect(visitor.headers.getSetCookie()).toEqual([]);
    expect((await open(ada.cookie)).status).toBe(200);
  });

  // Last in its block: it blocks the outbox folder, and gives it back for the next database's run.
  it("a mail that cannot be sent never breaks the sign-in", async () => {
    const ada = await member("Zoe");
    const outbox = path.join(dataDir, "outbox");
    const kept = `${outbox}-kept`;
    fs.rmSync(kept, { recursive: true, force: true });
    if (fs.existsSync(outbox)) fs.renameSync(outbox, kept);
    fs.writeFileSync(outbox, "not a folder");
    try {
      const cookie = await signIn(ada.email, device(FIREFOX_MAC, "192.0.2.99"));
      expect(await signedIn(cookie)).toBe(true);
      // The device is remembered all the same: the next sign-in from it is not "new".
      expect(await db().select().from(knownDevices).where(eq(knownDevices.userId, ada.userId))).toHaveLength(2);
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      fs.rmSync(outbox, { force: true });
      if (fs.existsSync(kept)) fs.renameSync(kept, outbox);
    }
  });
});
