import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as signInAction } from "~/routes/api/api.signin.passkey";
import { action as signInOptionsAction } from "~/routes/api/api.signin.passkey.options";
import { loader as listLoader } from "~/routes/api/dashboard/api.dashboard.passkeys";
import { action as addAction } from "~/routes/api/dashboard/api.dashboard.passkeys.add";
import { action as registerOptionsAction } from "~/routes/api/dashboard/api.dashboard.passkeys.options";
import { action as removeAction } from "~/routes/api/dashboard/api.dashboard.passkeys.remove";
import { action as renameAction } from "~/routes/api/dashboard/api.dashboard.passkeys.rename";
import { getMemberSession } from "#server/auth/accounts/session";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { passkey, rateLimits, session, user } from "#server/db/schema";
import { requireStaff } from "#server/http/staff-guard";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { call, Jar, ORIGIN, setCookies, SITE, status, type Answer } from "../../helpers/passkey-browser";
import { SoftAuthenticator } from "../../helpers/soft-authenticator";

withTestDataDir("passkeys", { PUBLIC_URL: ORIGIN });

let ipCounter = 1;

describeEachDatabase("passkeys", (database) => {
  const db = () => database().db;

  async function member(first: string) {
    const ip = `10.8.0.${ipCounter++}`;
    const result = await signUpMember({
      db: db(),
      input: {
        firstName: first,
        lastName: "Tester",
        email: `${first.toLowerCase()}-${ipCounter}@example.com`,
        password: "Analytical1",
        telegram: `${first.toLowerCase()}_tg${ipCounter}`,
        acceptTerms: true,
        acceptRisk: true,
      },
      clientIp: ip,
      headers: new Headers({ "x-client-ip": ip }),
    });
    return { userId: result.userId, jar: new Jar(result.headers) };
  }

  /** The dashboard's two steps: creation options (with the challenge cookie), then the authenticator's answer. */
  async function enrol(
    jar: Jar,
    authenticator: SoftAuthenticator,
    name?: string,
    bend: Parameters<SoftAuthenticator["create"]>[1] = {},
  ) {
    const options = await call(registerOptionsAction, "/api/dashboard/passkeys/options", {}, jar);
    expect(status(options)).toBe(200);
    const creation = options.data.options as { challenge: string; user: { id: string }; rp: { id: string } };
    return call(
      addAction,
      "/api/dashboard/passkeys/add",
      { name, response: authenticator.create(creation, bend) },
      jar,
    );
  }

  async function list(jar?: Jar) {
    const request = new Request(`${ORIGIN}/api/dashboard/passkeys`, { headers: jar ? { cookie: jar.toString() } : {} });
    return (await listLoader({ request, params: {}, context: {} } as never)) as unknown as Answer;
  }

  /** The sign-in page's two steps, from a browser without a session. */
  async function signIn(
    authenticator: SoftAuthenticator,
    options: { ip?: string; redirectTo?: string; bend?: Parameters<SoftAuthenticator["get"]>[1] } = {},
  ) {
    const jar = new Jar();
    const started = await call(signInOptionsAction, "/api/signin/passkey/options", {}, jar, { ip: options.ip });
    expect(status(started)).toBe(200);
    const request = started.data.options as { challenge: string; rpId: string; allowCredentials?: unknown };
    const answer = await call(
      signInAction,
      "/api/signin/passkey",
      { redirectTo: options.redirectTo, response: authenticator.get(request, options.bend) },
      jar,
      { ip: options.ip },
    );
    return { answer, jar, request };
  }

  useProcessDatabase(database);

  describe("adding a passkey", () => {
    it("options for this site's relying party and the member, with the challenge cookie; the answer stores it, named after the authenticator", async () => {
      const ada = await member("Ada");
      const options = await call(registerOptionsAction, "/api/dashboard/passkeys/options", {}, ada.jar);
      expect(status(options)).toBe(200);
      expect(options.data.options).toMatchObject({ rp: { id: "localhost" }, attestation: "none" });
      expect(setCookies(options).some((c) => c.startsWith("better-auth.better-auth-passkey="))).toBe(true);
      expect(ada.jar.has("better-auth-passkey")).toBe(true);

      const onePassword = new SoftAuthenticator(SITE, "bada5566-a7aa-401f-bd96-45619a55120d");
      const creation = options.data.options as { challenge: string; user: { id: string } };
      const added = await call(
        addAction,
        "/api/dashboard/passkeys/add",
        { name: "", response: onePassword.create(creation) },
        ada.jar,
      );
      expect(status(added)).toBe(200);
      expect(added.data).toMatchObject({
        ok: true,
        passkey: { name: "1Password", deviceType: "singleDevice", backedUp: false },
      });

      // Unknown (or anonymous, all-zero) authenticators are plainly "Passkey"; a chosen name wins.
      expect((await enrol(ada.jar, new SoftAuthenticator(SITE))).data).toMatchObject({
        ok: true,
        passkey: { name: "Passkey" },
      });
      expect((await enrol(ada.jar, new SoftAuthenticator(SITE), "  Work laptop ")).data).toMatchObject({
        ok: true,
        passkey: { name: "Work laptop" },
      });

      const listed = await list(ada.jar);
      expect(listed.data).toMatchObject({ ok: true });
      const passkeys = listed.data.passkeys as Array<Record<string, unknown>>;
      expect(passkeys.map((p) => p.name)).toEqual(["1Password", "Passkey", "Work laptop"]);
      // Only what the card shows: never the public key, counter or credential id.
      expect(Object.keys(passkeys[0]!).sort()).toEqual(["backedUp", "createdAt", "deviceType", "id", "name"]);
      const rows = await db().select().from(passkey).where(eq(passkey.userId, ada.userId));
      expect(rows).toHaveLength(3);
      expect(rows.find((r) => r.name === "1Password")!.credentialID).toBe(onePassword.id);
    });

    it("refuses: no session (401), another site (403), no or a spent challenge, an answer for another origin or relying party, a malformed answer", async () => {
      const bob = await member("Bob");
      expect(status(await call(registerOptionsAction, "/api/dashboard/passkeys/options", {}))).toBe(401);
      expect((await call(registerOptionsAction, "/api/dashboard/passkeys/options", {}, undefined)).data).toMatchObject({
        ok: false,
        signedOut: true,
      });
      expect(
        status(
          await call(registerOptionsAction, "/api/dashboard/passkeys/options", {}, bob.jar, {
            origin: "https://evil.example",
          }),
        ),
      ).toBe(403);

      const authenticator = new SoftAuthenticator(SITE);
      // The challenge cookie missing: the browser never asked for options (or they expired).
      const options = await call(registerOptionsAction, "/api/dashboard/passkeys/options", {}, bob.jar);
      const creation = options.data.options as { challenge: string; user: { id: string } };
      const withoutChallenge = new Jar().take(
        bob.jar
          .toString()
          .split("; ")
          .filter((c) => !c.includes("passkey")),
      );
      const noChallenge = await call(
        addAction,
        "/api/dashboard/passkeys/add",
        { response: authenticator.create(creation) },
        withoutChallenge,
      );
      expect(status(noChallenge)).toBe(400);
      expect(noChallenge.data).toMatchObject({ ok: false, error: "The passkey request expired. Please try again." });

      // Another origin, another relying party, a challenge of its own: refused, nothing stored.
      for (const bend of [
        { origin: "https://evil.example" },
        { rpId: "evil.example" },
        { challenge: "c29tZXRoaW5nLWVsc2U" },
      ]) {
        const refused = await enrol(bob.jar, new SoftAuthenticator(SITE), undefined, bend);
        expect(status(refused), JSON.stringify(bend)).toBe(400);
        expect(refused.data).toMatchObject({ ok: false, error: "The passkey could not be added. Please try again." });
      }

      // A challenge answers once: the same answer again finds no challenge.
      const first = await call(registerOptionsAction, "/api/dashboard/passkeys/options", {}, bob.jar);
      const answer = authenticator.create(first.data.options as { challenge: string; user: { id: string } });
      const jarBefore = bob.jar.toString();
      expect(status(await call(addAction, "/api/dashboard/passkeys/add", { response: answer }, bob.jar))).toBe(200);
      const replay = await call(
        addAction,
        "/api/dashboard/passkeys/add",
        { response: answer },
        new Jar().take(jarBefore.split("; ")),
      );
      expect(status(replay)).toBe(400);

      const malformed = await call(
        addAction,
        "/api/dashboard/passkeys/add",
        { response: { id: "x", rawId: "x", type: "password", response: {} } },
        bob.jar,
      );
      expect(status(malformed)).toBe(400);
      expect(malformed.data).toMatchObject({
        ok: false,
        error: "The passkey's answer was not understood. Please try again.",
      });
      const tooLong = await call(
        addAction,
        "/api/dashboard/passkeys/add",
        { name: "x".repeat(65), response: answer },
        bob.jar,
      );
      expect(tooLong.data).toMatchObject({
        ok: false,
        fieldErrors: { name: "Passkey name must be less than 64 characters" },
      });

      const rows = await db().select().from(passkey).where(eq(passkey.userId, bob.userId));
      expect(rows).toHaveLength(1);
    });

    it("at most 20 passkey requests per member an hour (429)", async () => {
      const hal = await member("Hal");
      await db()
        .insert(rateLimits)
        .values({ key: `passkey-add:${hal.userId}`, count: 20, resetAt: new Date(Date.now() + 30 * 60_000) });
      const spent = await call(registerOptionsAction, "/api/dashboard/passkeys/options", {}, hal.jar);
      expect(status(spent)).toBe(429);
      expect(new Headers(spent.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    });

    it("needs a session signed in within the last day (403), so a left-open session cannot add a way in", async () => {
      const cy = await member("Cy");
      await db()
        .update(session)
        .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
        .where(eq(session.userId, cy.userId));
      const stale = await call(registerOptionsAction, "/api/dashboard/passkeys/options", {}, cy.jar);
      expect(status(stale)).toBe(403);
      expect(stale.data).toMatchObject({
        ok: false,
        error: "For your security, sign out and sign in again before adding a passkey.",
      });
    });
  });

  describe("the list, rename and remove", () => {
    it("each member sees, renames and removes only their own passkeys; another's id is 404 and nothing changes", async () => {
      const dee = await member("Dee");
      const eve = await member("Eve");
      const added = await enrol(dee.jar, new SoftAuthenticator(SITE), "Phone");
      const id = (added.data.passkey as { id: string }).id;

      expect((await list(eve.jar)).data).toEqual({ ok: true, passkeys: [] });
      const signedOut = await list();
      expect(status(signedOut)).toBe(401);
      expect(signedOut.data).toMatchObject({ ok: false, signedOut: true });

      const foreignRename = await call(
        renameAction,
        "/api/dashboard/passkeys/rename",
        { id, name: "Mine now" },
        eve.jar,
      );
      expect(status(foreignRename)).toBe(404);
      expect(foreignRename.data).toMatchObject({ ok: false, error: "Passkey not found." });
      const foreignRemove = await call(removeAction, "/api/dashboard/passkeys/remove", { id }, eve.jar);
      expect(status(foreignRemove)).toBe(404);
      expect(
        status(await call(removeAction, "/api/dashboard/passkeys/remove", { id: "no-such-passkey" }, dee.jar)),
      ).toBe(404);
      expect(status(await call(removeAction, "/api/dashboard/passkeys/remove", { id }))).toBe(401);
      expect(
        status(
          await call(renameAction, "/api/dashboard/passkeys/rename", { id, name: "x" }, dee.jar, {
            origin: "https://evil.example",
          }),
        ),
      ).toBe(403);
      const [untouched] = await db().select().from(passkey).where(eq(passkey.id, id));
      expect(untouched!.name).toBe("Phone");

      const blank = await call(renameAction, "/api/dashboard/passkeys/rename", { id, name: "   " }, dee.jar);
      expect(status(blank)).toBe(400);
      expect(blank.data).toMatchObject({ fieldErrors: { name: "Passkey name is required" } });

      const renamed = await call(renameAction, "/api/dashboard/passkeys/rename", { id, name: " Pixel 9 " }, dee.jar);
      expect(renamed.data).toMatchObject({ ok: true, passkey: { id, name: "Pixel 9" } });
      expect(((await list(dee.jar)).data.passkeys as Array<{ name: string }>).map((p) => p.name)).toEqual(["Pixel 9"]);

      expect((await call(removeAction, "/api/dashboard/passkeys/remove", { id }, dee.jar)).data).toEqual({ ok: true });
      expect((await list(dee.jar)).data).toEqual({ ok: true, passkeys: [] });
    });
  });

  describe("signing in with a passkey", () => {
    it("opens a session for the passkey's member with the welcome toast, back to a target on this site; no second factor asked", async () => {
      const fay = await member("Fay");
      const authenticator = new SoftAuthenticator(SITE);
      await enrol(fay.jar, authenticator);
      // Two-factor on: a passkey sign-in still goes straight in (the passkey is both factors).
      await db().update(user).set({ twoFactorEnabled: true }).where(eq(user.id, fay.userId));

      const { answer, jar, request } = await signIn(authenticator, {
        redirectTo: "/dashboard?section=billing-history",
        ip: "10.7.0.1",
      });
      expect(request).toMatchObject({ rpId: "localhost", userVerification: "preferred" });
      expect(request.allowCredentials).toBeUndefined();
      expect(status(answer)).toBe(200);
      expect(answer.data).toEqual({ ok: true, redirectTo: "/dashboard?section=billing-history" });
      expect(setCookies(answer).some((c) => c.startsWith("flash_toast="))).toBe(true);
      const signedIn = await getMemberSession(
        new Request(`${ORIGIN}/dashboard`, { headers: { cookie: jar.toString() } }),
      );
      expect(signedIn.member?.userId).toBe(fay.userId);
      // The passkey is the second factor staff must give: made staff, this session opens the back
      // office, while the password-only session of the sign-up does not.
      await db().update(user).set({ role: "owner", emailVerified: true }).where(eq(user.id, fay.userId));
      const admin = (cookie: string) =>
        requireStaff(new Request(`${ORIGIN}/admin`, { headers: { cookie } })).then(
          () => "open",
          (thrown: Response) => thrown.headers.get("location"),
        );
      expect(await admin(jar.toString())).toBe("open");
      expect(await admin(fay.jar.toString())).toBe("/signin?redirectTo=%2Fadmin");
      await db().update(user).set({ role: "user" }).where(eq(user.id, fay.userId));

      // Off-site targets fall back to the dashboard.
      const offSite = await signIn(authenticator, { redirectTo: "//evil.example/x", ip: "10.7.0.1" });
      expect(offSite.answer.data).toEqual({ ok: true, redirectTo: "/dashboard" });
    });

    it("refuses a removed passkey, a wrong signature, another origin or relying party, a reused challenge, and a cross-site post", async () => {
      const gus = await member("Gus");
      const authenticator = new SoftAuthenticator(SITE);
      await enrol(gus.jar, authenticator);
      const ip = "10.7.0.2";
      const failed = {
        ok: false,
        error: "Your passkey could not be verified. Try again or sign in with your email and password.",
      };

      const forged = await signIn(authenticator, {
        ip,
        bend: { key: crypto.generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey },
      });
      expect(status(forged.answer)).toBe(401);
      expect(forged.answer.data).toMatchObject(failed);
      expect(forged.jar.has("session_token")).toBe(false);
      for (const bend of [
        { origin: "https://evil.example" },
        { rpId: "evil.example" },
        { challenge: "c29tZXRoaW5nLWVsc2U" },
      ]) {
        const refused = await signIn(authenticator, { ip, bend });
        expect(status(refused.answer), JSON.stringify(bend)).toBe(401);
        expect(refused.jar.has("session_token")).toBe(false);
      }

      // One challenge, one sign-in: the same signed answer again finds no challenge.
      const started = await call(signInOptionsAction, "/api/signin/passkey/options", {}, undefined, { ip });
      const challengeCookies = setCookies(started);
      const once = authenticator.get(started.data.options as { challenge: string });
      expect(
        status(
          await call(signInAction, "/api/signin/passkey", { response: once }, new Jar().take(challengeCookies), { ip }),
        ),
      ).toBe(200);
      const replay = await call(
        signInAction,
        "/api/signin/passkey",
        { response: once },
        new Jar().take(challengeCookies),
        { ip },
      );
      expect(status(replay)).toBe(401);
      expect(replay.data).toMatchObject({ ok: false, error: "The passkey request expired. Please try again." });

      expect(
        status(
          await call(signInOptionsAction, "/api/signin/passkey/options", {}, undefined, {
            ip,
            origin: "https://evil.example",
          }),
        ),
      ).toBe(403);

      const [row] = await db().select().from(passkey).where(eq(passkey.userId, gus.userId));
      await call(removeAction, "/api/dashboard/passkeys/remove", { id: row!.id }, gus.jar);
      const removed = await signIn(authenticator, { ip });
      expect(status(removed.answer)).toBe(401);
      expect(removed.answer.data).toMatchObject(failed);
    });

    it("the options have their own per-address limit (300 in 15 minutes: the page asks on every visit)", async () => {
      const ip = "10.7.0.4";
      await db()
        .insert(rateLimits)
        .values({ key: `passkey-options:ip:${ip}`, count: 299, resetAt: new Date(Date.now() + 10 * 60_000) });
      expect(status(await call(signInOptionsAction, "/api/signin/passkey/options", {}, undefined, { ip }))).toBe(200);
      const spent = await call(signInOptionsAction, "/api/signin/passkey/options", {}, undefined, { ip });
      expect(status(spent)).toBe(429);
      expect(new Headers(spent.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
      // Another address is not held up.
      expect(
        status(await call(signInOptionsAction, "/api/signin/passkey/options", {}, undefined, { ip: "10.7.0.5" })),
      ).toBe(200);
    });

    it("counts against the sign-in limit per address (429 with Retry-After)", async () => {
      const authenticator = new SoftAuthenticator(SITE);
      const ip = "10.7.0.3";
      let last: Answer | undefined;
      for (let attempt = 0; attempt < 21; attempt++) last = (await signIn(authenticator, { ip })).answer;
      expect(status(last!)).toBe(429);
      expect(last!.data).toMatchObject({ ok: false, error: "Too many requests. Please try again later." });
      expect(new Headers(last!.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    });
  });
});
