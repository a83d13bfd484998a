import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { signInMember } from "#server/auth/accounts/sign-in-member";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { getAuth } from "#server/auth/core/auth";
import { getAuthSecret } from "#server/auth/core/auth-secret";
import { noteSignInDevice } from "#server/auth/sessions/note-sign-in-device";
import { knownDevices, session, user } from "#server/db/schema";
import { resetSingleton, setSingleton } from "#server/lib/singleton";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { captureLogLines } from "../../helpers/log-capture";

// The new-device rules (note-sign-in-device.ts, sign-in-devices-plugin.ts), one by one;
// sessions.test.ts walks the whole journey.
const dataDir = withTestDataDir("sessions-new-device", { CLIENT_COUNTRY_HEADER: "CF-IPCountry" });

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

/** Every new-device notice in the dev outbox for `to`, decoded. */
function notices(to: string): string[] {
  const dir = path.join(dataDir, "outbox");
  if (!fs.existsSync(dir)) return [];
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
/** The log line with message `msg`, parsed. */
const logLine = (output: string, msg: string) =>
  output
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((l) => l.msg === msg);

describeEachDatabase("new-device notices", (database, kind) => {
  const db = () => database().db;
  let counter = 0;

  /** A bare account, for calling noteSignInDevice directly. */
  async function account() {
    const id = `device-${++counter}-${kind}`;
    const email = `${id}@example.com`;
    await db().insert(user).values({ id, name: "Ada Lovelace", email });
    return { id, email };
  }
  const note = (
    who: { id: string; email: string },
    options: { userAgent: string; ip: string | null; at: Date; signUp?: boolean },
  ) =>
    noteSignInDevice({
      db: db(),
      userId: who.id,
      email: who.email,
      name: "Ada Lovelace",
      userAgent: options.userAgent,
      ipAddress: options.ip,
      country: null,
      signUp: options.signUp ?? false,
      at: options.at,
    });
  const devicesOf = (userId: string) => db().select().from(knownDevices).where(eq(knownDevices.userId, userId));

  /** A member with a password, signed up from Chrome on Windows (their first known device). */
  async function member(first: string) {
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
      clientIp: `10.30.0.${counter}`,
      headers: device(CHROME_WINDOWS, "203.0.113.10"),
    });
    return { userId: result.userId, email, cookie: cookieFrom(result.headers) };
  }
  const countryOf = async (token: string) =>
    (await db().select({ country: session.country }).from(session).where(eq(session.token, token)))[0]!.country;

  useProcessDatabase(database);

  it("remembers a member's first device without a mail, and a known one only as seen again", async () => {
    const ada = await account();
    const first = new Date("2026-03-01T10:00:00Z");
    expect(await note(ada, { userAgent: CHROME_WINDOWS, ip: "203.0.113.10", at: first })).toStrictEqual({
      mailed: null,
    });
    expect(await devicesOf(ada.id)).toMatchObject([{ createdAt: first, lastSeenAt: first }]);
    // Same browser and system, another address of the same /24: the same device.
    const later = new Date("2026-03-05T08:30:00Z");
    expect(await note(ada, { userAgent: CHROME_WINDOWS, ip: "203.0.113.200", at: later })).toStrictEqual({
      mailed: null,
    });
    expect(await devicesOf(ada.id)).toMatchObject([{ createdAt: first, lastSeenAt: later }]);
    expect(notices(ada.email)).toEqual([]);
  });

  it("mails a new device once it is remembered, and the device of a sign-up never", async () => {
    const ada = await account();
    await note(ada, { userAgent: CHROME_WINDOWS, ip: "203.0.113.10", at: new Date("2026-03-01T10:00:00Z") });
    // A sign-up's device is remembered silently, even when others are known.
    expect(
      await note(ada, {
        userAgent: SAFARI_IPHONE,
        ip: "100.64.1.1",
        at: new Date("2026-03-01T11:00:00Z"),
        signUp: true,
      }),
    ).toStrictEqual({ mailed: null });
    const { mailed } = await note(ada, {
      userAgent: FIREFOX_MAC,
      ip: "198.51.100.4",
      at: new Date("2026-03-02T09:15:00Z"),
    });
    expect(mailed).toBeInstanceOf(Promise);
    await mailed;
    const [notice, ...more] = notices(ada.email);
    expect(more).toEqual([]);
    expect(notice).toContain("Firefox on macOS from the network 198.51.100.x, at Mar 2, 2026, 09:15 UTC");
    expect(await devicesOf(ada.id)).toHaveLength(3);
  });

  it("two requests from the same new device at once mail once", async () => {
    const ada = await account();
    await note(ada, { userAgent: CHROME_WINDOWS, ip: "203.0.113.10", at: new Date("2026-03-01T10:00:00Z") });
    // Both miss the device; the second one's insert meets the first's row ("another request remembered it first").
    const at = new Date("2026-03-02T09:15:00Z");
    const both = await Promise.all([
      note(ada, { userAgent: FIREFOX_MAC, ip: "198.51.100.4", at }),
      note(ada, { userAgent: FIREFOX_MAC, ip: "198.51.100.9", at }),
    ]);
    const mailed = both.map((r) => r.mailed).filter((m) => m !== null);
    expect(mailed).toHaveLength(1);
    await mailed[0];
    expect(notices(ada.email)).toHaveLength(1);
    expect(await devicesOf(ada.id)).toHaveLength(2);
  });

  it("a device without an address keeps the key it was stored under", async () => {
    // The key is stored data: if its recipe changed, every member's next sign-in would look new
    // and mail them. This is the recipe for Chrome on Windows with no address.
    const ada = await account();
    const stored = crypto
      .createHmac("sha256", getAuthSecret())
      .update(`known-device\0${ada.id}\0Chrome\0Windows\0-`)
      .digest("base64url");
    const then = new Date("2026-01-01T00:00:00Z");
    await db()
      .insert(knownDevices)
      .values([
        { userId: ada.id, deviceKey: "another-device", createdAt: then, lastSeenAt: then },
        { userId: ada.id, deviceKey: stored, createdAt: then, lastSeenAt: then },
      ]);
    const at = new Date("2026-03-01T10:00:00Z");
    expect(await note(ada, { userAgent: CHROME_WINDOWS, ip: null, at })).toStrictEqual({ mailed: null });
    const rows = await devicesOf(ada.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.deviceKey === stored)).toMatchObject({ lastSeenAt: at });
  });

  it("a new-device mail that cannot be sent is logged with the member and the reason, never thrown", async () => {
    const ada = await account();
    await note(ada, { userAgent: CHROME_WINDOWS, ip: "203.0.113.10", at: new Date("2026-03-01T10:00:00Z") });
    const logged = captureLogLines();
    setSingleton("logger", logged.log);
    // Nothing listens on port 1: the mail fails at once.
    vi.stubEnv("SMTP_URL", "smtp://127.0.0.1:1");
    resetSingleton("config");
    try {
      const { mailed } = await note(ada, {
        userAgent: FIREFOX_MAC,
        ip: "198.51.100.4",
        at: new Date("2026-03-02T09:15:00Z"),
      });
      await expect(mailed).resolves.toBeUndefined();
    } finally {
      vi.unstubAllEnvs();
      resetSingleton("config");
      resetSingleton("smtp-transport");
      resetSingleton("logger");
    }
    expect(logLine(logged.output(), "new-device sign-in email not sent")).toMatchObject({
      level: 50,
      userId: ada.id,
      err: { message: expect.stringContaining("ECONNREFUSED") },
    });
    expect(await devicesOf(ada.id)).toHaveLength(2);
  });

  it("a session refreshed more than a minute after it was opened is not taken for a new sign-in", async () => {
    const ada = await member("Amy");
    // The member is known by no device now: noting this session would remember one.
    await db().delete(knownDevices).where(eq(knownDevices.userId, ada.userId));
    const now = Date.now();
    vi.useFakeTimers({ toFake: ["Date"], now });
    try {
      // Expiring within the day: getSession extends it, and Better Auth hands it out as a new session.
      const refreshOpenedAgo = async (ms: number) => {
        await db()
          .update(session)
          .set({ createdAt: new Date(now - ms), expiresAt: new Date(now + 60_000) })
          .where(eq(session.userId, ada.userId));
        await getAuth().api.getSession({ headers: new Headers({ cookie: ada.cookie }) });
        const [row] = await db()
          .select({ expiresAt: session.expiresAt })
          .from(session)
          .where(eq(session.userId, ada.userId));
        expect(row!.expiresAt).toEqual(new Date(now + 7 * 24 * 60 * 60 * 1000));
      };
      await refreshOpenedAgo(60_001);
      expect(await devicesOf(ada.userId)).toHaveLength(0);
      // Up to a minute old, it was opened by the request at hand.
      await refreshOpenedAgo(60_000);
      expect(await devicesOf(ada.userId)).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("records the proxy's country only when the header is configured and well-formed, and never from the member", async () => {
    // A Better Auth instance built inside this test: the plugin's schema (the country field's
    // rules) is read when the instance is built, and mutation testing credits that code to the
    // test that built it.
    resetSingleton("auth");
    const ada = await member("Bea");
    const signIn = async (headers?: Headers) => {
      const answer = await getAuth().api.signInEmail({
        body: { email: ada.email, password: "Analytical1" },
        ...(headers ? { headers } : {}),
        returnHeaders: true,
      });
      return { token: answer.response.token, cookie: cookieFrom(answer.headers) };
    };
    const germany = await signIn(device(FIREFOX_MAC, "198.51.100.4", "de"));
    expect(await countryOf(germany.token)).toBe("DE");
    expect(await countryOf((await signIn(device(FIREFOX_MAC, "198.51.100.4", "Germany"))).token)).toBeNull();
    // A sign-in called without any request headers, and a session made outside any request.
    expect(await countryOf((await signIn()).token)).toBeNull();
    const made = await (await getAuth().$context).internalAdapter.createSession(ada.userId);
    expect(await countryOf(made.token)).toBeNull();

    vi.stubEnv("CLIENT_COUNTRY_HEADER", undefined);
    resetSingleton("config");
    try {
      expect(await countryOf((await signIn(device(FIREFOX_MAC, "198.51.100.4", "DE"))).token)).toBeNull();
    } finally {
      vi.unstubAllEnvs();
      resetSingleton("config");
    }

    // The place shown in the devices list comes from the proxy alone.
    await expect(
      getAuth().api.updateSession({ body: { country: "JP" }, headers: new Headers({ cookie: germany.cookie }) }),
    ).rejects.toMatchObject({
      statusCode: 400,
      body: { code: "FIELD_NOT_ALLOWED", message: "country is not allowed to be set" },
    });
    expect(await countryOf(germany.token)).toBe("DE");
  });

  it("a device that cannot be noted is logged and never breaks the sign-in", async () => {
    const ada = await member("Cai");
    const logged = captureLogLines();
    setSingleton("logger", logged.log);
    // The table is out of reach for this one sign-in: noting the device fails.
    await db().execute(sql`alter table known_devices rename to known_devices_away`);
    let cookie: string;
    try {
      cookie = cookieFrom(
        (
          await signInMember({
            db: db(),
            email: ada.email,
            password: "Analytical1",
            clientIp: "10.31.0.1",
            headers: device(FIREFOX_MAC, "198.51.100.4"),
          })
        ).headers,
      );
    } finally {
      await db().execute(sql`alter table known_devices_away rename to known_devices`);
      resetSingleton("logger");
    }
    expect((await getAuth().api.getSession({ headers: new Headers({ cookie }) }))?.user.id).toBe(ada.userId);
    expect(logLine(logged.output(), "sign-in device not noted")).toMatchObject({
      level: 50,
      userId: ada.userId,
      err: { message: expect.stringContaining("known_devices") },
    });
  });
});
