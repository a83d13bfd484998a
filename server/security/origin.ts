import { getConfig } from "../config.ts";
import { AppError } from "../lib/errors.ts";

/** The one text a refused cross-site request gets, from the action pipeline and from the early check alike. */
export const CROSS_SITE_REFUSED = "Cross-site request refused.";

/** What the check reads of a request: a fetch `Headers`, or an adapter over Express's `req.get`. */
export type HeaderReader = { get(name: string): string | null };

// What a browser says of a request it sends on the user's behalf from the site's own pages
// ("same-origin") or from the address bar or a bookmark ("none"). "same-site" is refused too:
// a sibling subdomain is another party, and its pages must not post with our cookies.
const OWN_FETCH_SITES = new Set(["same-origin", "none"]);

/**
 * Why a state-changing request must be refused as cross-site (a short phrase for the log), or
 * null when it may go on. Browsers send Origin on a cross-site POST, and a present Origin must be
 * the site's own origin: scheme, host and port (a page on another port of the same host is
 * another site). The site's origin is PUBLIC_URL when set, else the origin the request was made
 * to (development). `Origin: null` (sandboxed frames, some redirects, file: pages) is refused.
 * Browsers also say where a request comes from in Sec-Fetch-Site, whether or not they sent an
 * Origin: only the site's own pages and the user's own navigation are accepted. Requests with
 * neither header (curl, server-to-server, the operator API) carry no ambient browser
 * credentials and pass.
 */
export function crossSiteRefusal(
  headers: HeaderReader,
  requestUrl: string,
  options: { originOnly?: boolean } = {},
): string | null {
  const origin = headers.get("origin");
  if (origin === "null") return "Origin: null";
  if (origin !== null && parseOrigin(origin) !== new URL(getConfig().publicUrl ?? requestUrl).origin)
    return "foreign Origin";
  if (options.originOnly) return null;
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite !== null && !OWN_FETCH_SITES.has(fetchSite)) {
    return fetchSite === "cross-site" || fetchSite === "same-site"
      ? `Sec-Fetch-Site: ${fetchSite}`
      : "unknown Sec-Fetch-Site";
  }
  return null;
}

/** The action pipeline's cross-site check: 403 with CROSS_SITE_REFUSED (see crossSiteRefusal). */
export function assertSameOrigin(request: Request) {
  if (crossSiteRefusal(request.headers, request.url) !== null) throw new AppError("FORBIDDEN", CROSS_SITE_REFUSED);
}

function parseOrigin(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}
