import { legacyRedirect } from "~/lib/http/legacy-redirect";
import type { Route } from "./+types/join";

/** /join, the address people type for signing up, answers 301 to the sign-up page. */
export function loader({ request }: Route.LoaderArgs) {
  return legacyRedirect(request, "/join/details");
}
