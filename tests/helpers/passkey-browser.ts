/*
 * A browser for the passkey integration tests: route actions called as React Router does, with
 * a cookie jar that keeps the session and the passkey challenge cookie between the steps.
 */

// WebAuthn binds a passkey to the site's host name and origin, which come from PUBLIC_URL.
export const ORIGIN = "http://localhost:5173";
export const SITE = { origin: ORIGIN, rpId: "localhost" };

export type Answer = { data: Record<string, unknown>; init: ResponseInit | null };
export type Action = (args: never) => Promise<unknown>;
export const status = (answer: Answer) => answer.init?.status ?? 200;
export const setCookies = (answer: Answer) => new Headers(answer.init?.headers).getSetCookie();

/** A browser's cookie jar: keeps what each answer sets (an expired cookie is dropped). */
export class Jar {
  private cookies = new Map<string, string>();
  constructor(from?: Headers) {
    if (from) this.take(from.getSetCookie());
  }
  take(list: string[]) {
    for (const cookie of list) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at);
      if (/max-age=0\b/i.test(cookie) || pair!.slice(at + 1) === "") this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(at + 1));
    }
    return this;
  }
  has(name: string) {
    return [...this.cookies.keys()].some((key) => key.endsWith(name));
  }
  toString() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/** Calls a route action as React Router does: a JSON POST from the site's origin, with the jar's cookies; the jar keeps what it sets. */
export async function call(
  action: Action,
  pathname: string,
  body: unknown,
  jar?: Jar,
  options: { origin?: string; ip?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/json", origin: options.origin ?? ORIGIN };
  if (jar) headers.cookie = jar.toString();
  const request = new Request(`${ORIGIN}${pathname}`, { method: "POST", headers, body: JSON.stringify(body) });
  const answer = (await action({
    request,
    params: {},
    context: { clientIp: options.ip ?? "127.0.0.1" },
  } as never)) as Answer;
  jar?.take(setCookies(answer));
  return answer;
}
