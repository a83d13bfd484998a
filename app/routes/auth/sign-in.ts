import { legacyRedirect } from "~/lib/http/legacy-redirect";
import type { Route } from "./+types/sign-in";

export function loader({ request }: Route.LoaderArgs) {
  return legacyRedirect(request, "/signin");
}
