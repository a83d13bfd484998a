import { legacyRedirect } from "~/lib/http/legacy-redirect";
import type { Route } from "./+types/terms";

export function loader({ request }: Route.LoaderArgs) {
  return legacyRedirect(request, "/terms-of-service");
}
