import { getPublicOrigin } from "#server/config";
import { renderRobots } from "#server/seo/render-robots";
import { crawlerResponse } from "#server/seo/xml";
import type { Route } from "./+types/robots[.]txt";

export function loader(_args: Route.LoaderArgs) {
  return crawlerResponse(renderRobots({ siteUrl: getPublicOrigin() }), "text/plain; charset=utf-8");
}
