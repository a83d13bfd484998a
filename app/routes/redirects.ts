import { redirect } from "react-router";
import type { Route } from "./+types/redirects";

const targets: Record<string, string> = {
  "/sign-in": "/signin",
  "/terms": "/terms-of-service",
  "/privacy": "/privacy-policy",
};

/** Permanent redirects for the paths the original site linked to; the query string is kept. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = targets[url.pathname.replace(/\/$/, "")] ?? "/";
  throw redirect(`${target}${url.search}`, 301);
}
