import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { action as signInOptionsAction } from "~/routes/api/api.signin.passkey.options";
import { loader as listLoader } from "~/routes/api/dashboard/api.dashboard.passkeys";
import { action as addAction } from "~/routes/api/dashboard/api.dashboard.passkeys.add";
import { action as registerOptionsAction } from "~/routes/api/dashboard/api.dashboard.passkeys.options";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import { getAuth } from "#server/auth/core/auth";
import { addMemberPasskey } from "#server/auth/passkeys/add-member-passkey";
import { startPasskeyRegistration } from "#server/auth/passkeys/start-passkey-registration";
import { passkey, session } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";
import { call, Jar, ORIGIN, SITE, status, type Answer } from "../../helpers/passkey-browser";
import { SoftAuthenticator } from "../../helpers/soft-authenticator";

withTestDataDir("passkeys-rules", { PUBLIC_URL: ORIGIN });

let ipCounter = 1;

describeEachDatabase("passkey rules", (database) => {
  const db = () => database().db;

  async function member(first: string) {
    const ip = `10.9.0.${ipCounter++}`;
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

  /** Makes the member's session two days old: too old to add a passkey. */
  async function ageSession(userId: string) {
    await db()
      .update(session)
      .set({ createdAt: new Date(Date.now() - 2 * 24 * 60 * 60 * 1000) })
      .where(eq(session.userId, userId));
  }

  useProcessDatabase(database);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("the list is oldest first, passkeys of the same moment by id, one without a creation date before all", async () => {
    const ivy = await member("Ivy");
    const stored = { userId: ivy.userId, publicKey: "pk", counter: 0, deviceType: "singleDevice", backedUp: false };
    // Stored in another order than the list's, so the order is the list's own doing.
    await db()
      .insert(passkey)
      .values([
        { ...stored, id: "pk-late", name: "Late", credentialID: "c1", createdAt: new Date("2025-03-02T09:00:00Z") },
        {
          ...stored,
          id: "pk-b",
          name: "Same moment B",
          credentialID: "c2",
          createdAt: new Date("2025-03-01T09:00:00Z"),
        },
        { ...stored, id: "pk-undated", name: "Undated", credentialID: "c3", createdAt: null },
        {
          ...stored,
          id: "pk-a",
          name: "Same moment A",
          credentialID: "c4",
          createdAt: new Date("2025-03-01T09:00:00Z"),
        },
      ]);
    const request = new Request(`${ORIGIN}/api/dashboard/passkeys`, { headers: { cookie: ivy.jar.toString() } });
    const listed = (await listLoader({ request, params: {}, context: {} } as never)) as unknown as Answer;
    expect(listed.data).toMatchObject({ ok: true });
    expect(
      (listed.data.passkeys as Array<{ id: string; createdAt: string | null }>).map((p) => [p.id, p.createdAt]),
    ).toEqual([
      ["pk-undated", null],
      ["pk-a", "2025-03-01T09:00:00.000Z"],
      ["pk-b", "2025-03-01T09:00:00.000Z"],
      ["pk-late", "2025-03-02T09:00:00.000Z"],
    ]);
  });

  it("a session that grew stale between the options and the answer cannot add the passkey (403), and nothing is stored", async () => {
    const jo = await member("Jo");
    const options = await call(registerOptionsAction, "/api/dashboard/passkeys/options", {}, jo.jar);
    expect(status(options)).toBe(200);
    await ageSession(jo.userId);
    const creation = options.data.options as { challenge: string; user: { id: string } };
    const added = await call(
      addAction,
      "/api/dashboard/passkeys/add",
      { response: new SoftAuthenticator(SITE).create(creation) },
      jo.jar,
    );
    expect(status(added)).toBe(403);
    expect(added.data).toEqual({
      ok: false,
      error: "For your security, sign out and sign in again before adding a passkey.",
    });
    expect(await db().select().from(passkey).where(eq(passkey.userId, jo.userId))).toEqual([]);
  });

  it("Better Auth's other refusals of adding a passkey are not the fresh sign-in one: without a session it is the plain could-not-add", async () => {
    // The routes let no signed-out browser get this far; the functions alone still tell the refusals apart.
    const notAdded = { code: "VALIDATION", message: "The passkey could not be added. Please try again." };
    await expect(startPasskeyRegistration({ headers: new Headers({ origin: ORIGIN }) })).rejects.toMatchObject(
      notAdded,
    );
    await expect(
      addMemberPasskey({ headers: new Headers({ origin: ORIGIN }), response: {} as never }),
    ).rejects.toMatchObject(notAdded);
  });

  describe("when Better Auth refuses the sign-in options", () => {
    it("its refusal is the usual could-not-verify 401", async () => {
      vi.spyOn(getAuth().api, "generatePasskeyAuthenticationOptions").mockRejectedValueOnce(
        new APIError("BAD_REQUEST", { message: "origin missing" }),
      );
      const refused = await call(signInOptionsAction, "/api/signin/passkey/options", {}, undefined, { ip: "10.9.1.1" });
      expect(status(refused)).toBe(401);
      expect(refused.data).toMatchObject({
        ok: false,
        error: "Your passkey could not be verified. Try again or sign in with your email and password.",
      });
    });

    it("its 429 is our 429 with the usual message", async () => {
      vi.spyOn(getAuth().api, "generatePasskeyAuthenticationOptions").mockRejectedValueOnce(
        new APIError("TOO_MANY_REQUESTS", { message: "Too many requests" }),
      );
      const refused = await call(signInOptionsAction, "/api/signin/passkey/options", {}, undefined, { ip: "10.9.1.2" });
      expect(status(refused)).toBe(429);
      expect(refused.data).toMatchObject({ ok: false, error: "Too many requests. Please try again later." });
    });
  });
});
