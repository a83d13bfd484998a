import { legacyRedirect } from "~/lib/http/legacy-redirect";
import type { Route } from "./+types/privacy";

export function loader({ request }: Route.LoaderArgs) {
  return legacyRedirect(request, "/privacy-policy");
}
