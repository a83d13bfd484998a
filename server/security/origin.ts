import { getConfig } from "../config.ts";
import { AppError } from "../lib/errors.ts";

/**
 * Cross-site request check for mutations: browsers always send Origin on a cross-site POST,
 * so a present Origin must be the site's own origin — scheme, host and port (a page on another
 * port of the same host is another site). The site's origin is PUBLIC_URL when set, else the
 * origin the request was made to (development). `Origin: null` (sandboxed frames, some
 * redirects, file: pages) is refused. Requests without an Origin (curl, server-to-server)
 * carry no ambient browser credentials and pass.
 */
export function assertSameOrigin(request: Request) {
  const origin = request.headers.get("origin");
  if (origin === null) return;
  const site = getConfig().publicUrl ?? request.url;
  if (origin === "null" || parseOrigin(origin) !== new URL(site).origin) throw new AppError("FORBIDDEN", "Cross-site request refused.");
}

function parseOrigin(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}
