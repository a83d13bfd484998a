/**
 * Where to send a visitor after sign-in: a `redirectTo` value is honoured only when it is a
 * place on this site. Browser-safe: the sign-in route and the member guard on
 * the server share it.
 *
 * The value is parsed with `new URL(value, siteOrigin)` – the same algorithm the browser uses
 * to resolve a Location header – and kept only when the result is on the site's origin. What
 * comes back is that result's path, query and fragment, never the value itself, so the
 * Location we send never names a host.
 *
 * On top of the parse, a few things are refused outright because browsers, proxies and the URL
 * parser each treat them differently, and we only accept values we read the same way as every
 * one of them:
 *  - control characters (the URL parser silently drops tab and newline: "/\t/evil" becomes
 *    "//evil"; CR LF would split a header), raw or percent-encoded;
 *  - backslashes, raw or %5C (browsers read "\" as "/" in http(s) URLs);
 *  - a path that is, or decodes to, "//…" ("/.//evil", "/%2F/evil"): a Location of "//evil"
 *    is another host;
 *  - credentials (user:pass@), which only ever serve to disguise a host.
 */
export function safeRedirect(target: unknown, options: { fallback?: string; siteOrigin?: string } = {}): string {
  const fallback = options.fallback ?? "/dashboard";
  // Without the real origin, a reserved name (RFC 2606 .invalid) that no visitor's value can
  // claim: only relative values can then resolve onto it.
  const siteOrigin = options.siteOrigin ?? "https://site.invalid";
  if (typeof target !== "string" || target === "") return fallback;
  if (CONTROL_OR_BACKSLASH.test(target) || ENCODED_CONTROL_OR_BACKSLASH.test(target)) return fallback;
  let url: URL;
  let base: URL;
  try {
    base = new URL(siteOrigin);
    url = new URL(target, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base.origin || url.username !== "" || url.password !== "") return fallback;
  const decodedPath = decodeOnce(url.pathname);
  if (decodedPath === undefined || decodedPath.startsWith("//") || CONTROL_OR_BACKSLASH.test(decodedPath))
    return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** C0 controls, DEL and the backslash. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_OR_BACKSLASH = /[\u0000-\u001f\u007f\\]/;
/** The same, percent-encoded (%00–%1F, %7F, %5C), in any letter case. */
const ENCODED_CONTROL_OR_BACKSLASH = /%(?:[01][0-9a-f]|7f|5c)/i;

/** The path with its escapes decoded once; undefined when an escape is malformed. */
function decodeOnce(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}
