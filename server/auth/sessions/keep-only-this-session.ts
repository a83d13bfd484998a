import { getAuth } from "../core/auth.ts";

/**
 * Ends every other session of the member (after two-factor changes), keeping the
 * one this request is signed in with. When Better Auth has just replaced that session (turning
 * two-factor on or off does), pass its answer's headers: the new session cookie is the one kept.
 */
export async function keepOnlyThisSession(options: { requestHeaders: Headers; answerHeaders?: Headers }) {
  const headers = options.answerHeaders
    ? cookiesAfter(options.requestHeaders, options.answerHeaders)
    : options.requestHeaders;
  await getAuth().api.revokeOtherSessions({ headers });
}

/**
 * The request's headers with the Cookie header the browser would send after this answer's Set-Cookie.
 * Exported only to be tested on its own (keep-only-this-session.test.ts): a wrong Cookie header
 * would keep the replaced session and end the new one.
 */
export function cookiesAfter(request: Headers, answer: Headers): Headers {
  const jar = new Map<string, string>();
  for (const part of (request.get("cookie") ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0) jar.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  for (const cookie of answer.getSetCookie()) {
    const [pair = "", ...attributes] = cookie.split(";");
    const at = pair.indexOf("=");
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const removed = value === "" || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
    if (removed) jar.delete(name);
    else jar.set(name, value);
  }
  const headers = new Headers(request);
  headers.set("cookie", [...jar].map(([name, value]) => `${name}=${value}`).join("; "));
  return headers;
}
