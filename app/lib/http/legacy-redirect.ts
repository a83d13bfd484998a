import { redirect } from "react-router";

/**
 * A path the original site linked to but never declared answers 301 to the page that took its
 * place, keeping the query string, so old links and bookmarks still land somewhere.
 */
export function legacyRedirect(request: Request, target: string): never {
  throw redirect(`${target}${new URL(request.url).search}`, 301);
}
