import { like } from "drizzle-orm";
import { expect, it } from "vitest";
import { action as contactAction } from "~/routes/api/api.contact";
import { action as newsletterAction } from "~/routes/api/api.newsletter";
import { action as passkeySignInAction } from "~/routes/api/api.signin.passkey";
import { action as passkeyOptionsAction } from "~/routes/api/api.signin.passkey.options";
import { action as forgotPasswordAction } from "~/routes/auth/forgot-password";
import { action as signUpAction } from "~/routes/auth/join.details";
import { action as resetPasswordAction } from "~/routes/auth/reset-password";
import { action as signInAction } from "~/routes/auth/signin";
import { action as signInCodeAction } from "~/routes/auth/signin.code";
import { action as twoFactorAction } from "~/routes/auth/signin.two-factor";
import { action as staffInvitationAction } from "~/routes/auth/staff-invitation";
import { rateLimits } from "#server/db/schema";
import { describeEachDatabase, useProcessDatabase } from "../../helpers/database";
import { withTestDataDir } from "../../helpers/env";

withTestDataDir("rate-limit-keys");

const ORIGIN = "http://localhost";
type Action = (args: never) => Promise<unknown>;

/** Posts JSON to a route action as React Router calls it, from `clientIp` as the server resolved it. */
async function post(action: Action, path: string, body: unknown, clientIp: string) {
  const headers = { "content-type": "application/json", origin: ORIGIN, "x-client-ip": clientIp };
  const request = new Request(`${ORIGIN}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  await action({ request, params: {}, context: { clientIp } } as never).catch((thrown: unknown) => {
    // A redirect or a page's answer is an answer too; only a crash is not.
    if (thrown instanceof Response || (thrown as { type?: string })?.type === "DataWithResponseInit") return;
    throw thrown;
  });
}

/** A passkey answer of the right shape that no passkey signed. */
const unsignedPasskey = {
  id: "AAAA",
  rawId: "AAAA",
  type: "public-key",
  response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" },
};

/**
 * Every route with a per-address limit, and a body that reaches its limit (`n`: the request's
 * number, so per-email counters stay apart). Add a route here when it gets such a limit.
 */
const limitedRoutes: Array<{ name: string; action: Action; path: string; body: (n: number) => unknown }> = [
  {
    name: "sign-in",
    action: signInAction,
    path: "/signin",
    body: () => ({ email: "keys-sign-in@example.com", password: "Wrong-password1" }),
  },
  {
    name: "second sign-in step",
    action: twoFactorAction,
    path: "/signin/two-factor",
    body: () => ({ code: "123456" }),
  },
  {
    name: "passkey sign-in",
    action: passkeySignInAction,
    path: "/api/signin/passkey",
    body: () => ({ response: unsignedPasskey }),
  },
  {
    name: "passkey sign-in options",
    action: passkeyOptionsAction,
    path: "/api/signin/passkey/options",
    body: () => ({}),
  },
  {
    name: "sign-in code: send",
    action: signInCodeAction,
    path: "/signin/code",
    body: (n) => ({ intent: "send", email: `keys-code-${n}@example.com` }),
  },
  {
    name: "sign-in code: verify",
    action: signInCodeAction,
    path: "/signin/code",
    body: (n) => ({ intent: "verify", email: `keys-verify-${n}@example.com`, code: "123456" }),
  },
  {
    name: "sign-up",
    action: signUpAction,
    path: "/join/details",
    body: (n) => ({
      firstName: "Ada",
      lastName: "Keys",
      email: `keys-join-${n}@example.com`,
      password: "Analytical1",
      telegram: `ada_keys_${n}`,
      acceptTerms: true,
      acceptRisk: true,
    }),
  },
  {
    name: "forgot password",
    action: forgotPasswordAction,
    path: "/forgot-password",
    body: (n) => ({ email: `keys-forgot-${n}@example.com` }),
  },
  {
    name: "reset password",
    action: resetPasswordAction,
    path: "/reset-password",
    body: () => ({ token: "no-such-reset-token", password: "Analytical1", confirm: "Analytical1" }),
  },
  {
    name: "contact form",
    action: contactAction,
    path: "/api/contact",
    body: () => ({ name: "Ada", email: "ada@example.com", message: "Hello" }),
  },
  {
    name: "newsletter sign-up",
    action: newsletterAction,
    path: "/api/newsletter",
    body: (n) => ({ email: `keys-news-${n}@example.com` }),
  },
  {
    name: "staff invitation",
    action: staffInvitationAction,
    path: "/staff-invitation",
    body: () => ({ intent: "accept", token: "no-such-invitation" }),
  },
];

describeEachDatabase("every per-address limit counts an IPv6 client by its /64", (database) => {
  useProcessDatabase(database);

  it.each(limitedRoutes.map((route, i) => ({ ...route, net: `2001:db8:${i + 1}` })))(
    "$name: two addresses of one /64 share one count",
    async ({ action, path, body, net }) => {
      await post(action, path, body(1), `${net}::1`);
      await post(action, path, body(2), `${net}::2`);
      // Each route has its own /64, so these are its counters for the client, whatever they are named.
      const counters = await database()
        .db.select({ key: rateLimits.key, count: rateLimits.count })
        .from(rateLimits)
        .where(like(rateLimits.key, `%${net}:%`));
      expect(counters.length).toBeGreaterThan(0);
      for (const counter of counters) expect(counter, counter.key).toMatchObject({ count: 2 });
    },
  );
});
