import { getSiteUrl } from "#server/config";
import { renderRobots } from "#server/seo/render-robots";
import { crawlerResponse } from "#server/seo/xml";
import type { Route } from "./+types/robots";

export function loader({ request }: Route.LoaderArgs) {
  return crawlerResponse(renderRobots({ siteUrl: getSiteUrl(request) }), "text/plain; charset=utf-8");
}
