import fs from "node:fs";
import path from "node:path";
import { declaredRoutes } from "./admin-routes";

/**
 * A page module reads a one-time token from its address: the emailed links' helper, the query
 * itself, or the unsubscribe pages' shared loader (which reads it with that helper).
 */
const READS_URL_TOKEN = /\blinkToken\(request\)|searchParams\.get\("token"\)|\bunsubscribeLinkRoute\(/;

/**
 * The pages of app/routes.ts whose address carries a one-time token (emailed links: password
 * reset, email confirmation, newsletter confirm and unsubscribe, staff invitations), found by
 * reading each page module, so a new one is checked without being listed by hand.
 */
export function tokenPages(): { path: string; file: string }[] {
  return declaredRoutes()
    .filter(
      (route) =>
        route.file.endsWith(".tsx") && READS_URL_TOKEN.test(fs.readFileSync(path.resolve("app", route.file), "utf8")),
    )
    .map(({ path, file }) => ({ path, file }));
}
