import { getConfig, getPublicOrigin } from "#server/config";
import { getDb } from "#server/db/client";
import { listPublishedPostEntries } from "#server/seo/list-published-post-entries";
import { renderSitemap } from "#server/seo/render-sitemap";
import { crawlerResponse } from "#server/seo/xml";
import type { Route } from "./+types/sitemap[.]xml";

export async function loader(_args: Route.LoaderArgs) {
  const posts = await listPublishedPostEntries({ db: getDb() });
  const xml = renderSitemap({ siteUrl: getPublicOrigin(), productSlug: getConfig().productSlug, posts });
  return crawlerResponse(xml, "application/xml; charset=utf-8");
}
