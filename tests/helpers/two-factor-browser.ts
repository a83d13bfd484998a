import { Secret, TOTP } from "otpauth";
import { expect } from "vitest";
import { action as confirmAction } from "~/routes/api/dashboard/api.dashboard.two-factor.confirm";
import { action as enableAction } from "~/routes/api/dashboard/api.dashboard.two-factor.enable";
import { action as signInAction } from "~/routes/auth/signin";
import { action as secondStepAction } from "~/routes/auth/signin.two-factor";
import { signUpMember } from "#server/auth/accounts/sign-up-member";
import type { Db } from "#server/db/client";

/*
 * A browser for the two-factor tests (tests/integration/two-factor*.test.ts): its cookies, and
 * route actions called the way React Router calls them.
 */

export const PASSWORD = "Analytical1";
const ORIGIN = "http://localhost";

type Action = (args: never) => Promise<unknown>;
export type Answer = {
  status: number;
  body: Record<string, unknown>;
  location: string | null;
  setCookies: string[];
  retryAfter: string | null;
};

// Each browser its own client address, so per-address limits never mix two tests' requests.
let ipCounter = 1;
const nextIp = () => `10.15.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

/** A browser's cookies: what Set-Cookie gave it, minus what it took away. */
export class Browser {
  readonly jar = new Map<string, string>();
  constructor(readonly ip = nextIp()) {}
  get cookie() {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }
  has(part: string) {
    return [...this.jar.keys()].some((name) => name.includes(part));
  }
  take(setCookies: string[]) {
    for (const cookie of setCookies) {
      const [pair = "", ...attributes] = cookie.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (value === "" || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
  /** Calls a route action the way React Router does: a same-origin JSON POST. */
  async post(action: Action, pathname: string, body: unknown): Promise<Answer> {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      origin: ORIGIN,
      "x-client-ip": this.ip,
    };
    if (this.jar.size) headers.cookie = this.cookie;
    const request = new Request(`${ORIGIN}${pathname}`, { method: "POST", headers, body: JSON.stringify(body) });
    // A thrown Response (a redirect) is an answer too, as React Router treats it.
    const result = await action({ request, params: {}, context: { clientIp: this.ip } } as never).catch(
      (thrown: unknown) => {
        if (thrown instanceof Response) return thrown;
        throw thrown;
      },
    );
    let answer: Answer;
    if (result instanceof Response) {
      const h = result.headers;
      answer = {
        status: result.status,
        body: {},
        location: h.get("location"),
        setCookies: h.getSetCookie(),
        retryAfter: h.get("retry-after"),
      };
    } else {
      const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
      const h = new Headers(init?.headers);
      answer = {
        status: init?.status ?? 200,
        body: data,
        location: h.get("location"),
        setCookies: h.getSetCookie(),
        retryAfter: h.get("retry-after"),
      };
    }
    this.take(answer.setCookies);
    return answer;
  }
  signIn(email: string, password = PASSWORD, redirectTo?: string) {
    return this.post(signInAction, "/signin", { email, password, redirectTo });
  }
  secondStep(code: string, trustDevice = false, redirectTo?: string) {
    return this.post(secondStepAction, "/signin/two-factor", { code, trustDevice, redirectTo });
  }
}

/**
 * A code the authenticator app would show now, the one of the next 30-second step (still
 * accepted: one step either side is), and one it would not show (nor in the neighbouring steps).
 */
export function authenticatorCodes(secret: string) {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: "SHA1" });
  const now = Date.now();
  const near = [-60_000, -30_000, 0, 30_000, 60_000].map((d) => totp.generate({ timestamp: now + d }));
  let wrong = 0;
  while (near.includes(String(wrong).padStart(6, "0"))) wrong++;
  return {
    now: totp.generate({ timestamp: now }),
    next: totp.generate({ timestamp: now + 30_000 }),
    wrong: String(wrong).padStart(6, "0"),
  };
}

let memberCount = 0;

/**
 * A member who signed up in their own browser (signed in there, two-factor off). `tag` (a few
 * lowercase letters) keeps each test file's addresses and Telegram usernames apart.
 */
export async function signUpInBrowser(options: { db: Db; tag: string }) {
  const n = ++memberCount;
  const email = `two-factor-${options.tag}-${n}@example.com`;
  const browser = new Browser();
  const result = await signUpMember({
    db: options.db,
    input: {
      firstName: "Ada",
      lastName: "Tester",
      email,
      password: PASSWORD,
      telegram: `ada_${options.tag}_${n}`,
      acceptTerms: true,
      acceptRisk: true,
    },
    clientIp: browser.ip,
    headers: new Headers({ "x-client-ip": browser.ip }),
  });
  browser.take(result.headers.getSetCookie());
  return { email, userId: result.userId, browser };
}

/** Such a member who then turned two-factor on in that browser: the secret and the backup codes too. */
export async function enrolInBrowser(options: { db: Db; tag: string }) {
  const member = await signUpInBrowser(options);
  const setup = await member.browser.post(enableAction, "/api/dashboard/two-factor/enable", { password: PASSWORD });
  const secret = setup.body.secret as string;
  const confirmed = await member.browser.post(confirmAction, "/api/dashboard/two-factor/confirm", {
    code: authenticatorCodes(secret).now,
  });
  expect(confirmed.status).toBe(200);
  return { ...member, secret, backupCodes: confirmed.body.backupCodes as string[] };
}
