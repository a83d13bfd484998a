import { getConfig, getPublicOrigin } from "#server/config";
import { getDb } from "#server/db/client";
import { listPublishedPostEntries } from "#server/seo/list-published-post-entries";
import { renderRss } from "#server/seo/render-rss";
import { crawlerResponse } from "#server/seo/xml";
import type { Route } from "./+types/blog.rss[.]xml";

export async function loader(_args: Route.LoaderArgs) {
  const posts = await listPublishedPostEntries({ db: getDb() });
  const xml = renderRss({ siteUrl: getPublicOrigin(), brandName: getConfig().brandName, posts });
  return crawlerResponse(xml, "application/rss+xml; charset=utf-8");
}
