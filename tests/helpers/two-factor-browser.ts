import { action as signInAction } from "~/routes/signin";
import { action as secondStepAction } from "~/routes/signin.two-factor";

/*
 * A browser for the two-factor tests (tests/integration/two-factor*.test.ts): its cookies, and
 * route actions called the way React Router calls them.
 */

export const PASSWORD = "Analytical1";
const ORIGIN = "http://localhost";

type Action = (args: never) => Promise<unknown>;
export type Answer = { status: number; body: Record<string, unknown>; location: string | null; setCookies: string[]; retryAfter: string | null };

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
    const headers: Record<string, string> = { "content-type": "application/json", origin: ORIGIN, "x-client-ip": this.ip };
    if (this.jar.size) headers.cookie = this.cookie;
    const request = new Request(`${ORIGIN}${pathname}`, { method: "POST", headers, body: JSON.stringify(body) });
    // A thrown Response (a redirect) is an answer too, as React Router treats it.
    const result = await action({ request, params: {}, context: { clientIp: this.ip } } as never).catch((thrown: unknown) => {
      if (thrown instanceof Response) return thrown;
      throw thrown;
    });
    let answer: Answer;
    if (result instanceof Response) {
      const h = result.headers;
      answer = { status: result.status, body: {}, location: h.get("location"), setCookies: h.getSetCookie(), retryAfter: h.get("retry-after") };
    } else {
      const { data, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
      const h = new Headers(init?.headers);
      answer = { status: init?.status ?? 200, body: data, location: h.get("location"), setCookies: h.getSetCookie(), retryAfter: h.get("retry-after") };
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
