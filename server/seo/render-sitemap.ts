import { escapeXml } from "../lib/escape-markup.ts";
import type { PublishedPostEntry } from "./list-published-post-entries.ts";

/** The site's public pages, in navigation order; /why-{product} comes from configuration. */
export function publicPaths(options: { productSlug: string }): string[] {
  return [
    "/",
    "/signals",
    "/indicator",
    `/why-${options.productSlug}`,
    "/pricing",
    "/results",
    "/blog",
    "/contact",
    "/privacy-policy",
    "/terms-of-service",
  ];
}

/** A sitemaps.org urlset: every public page, then every published post with its date. */
export function renderSitemap(options: {
  siteUrl: string;
  productSlug: string;
  posts: ReadonlyArray<Pick<PublishedPostEntry, "slug" | "updatedAt">>;
}): string {
  const { siteUrl } = options;
  const urls = [
    ...publicPaths(options).map((path) => url(`${siteUrl}${path}`)),
    ...options.posts.map((post) =>
      url(`${siteUrl}/blog/${encodeURIComponent(post.slug)}`, post.updatedAt.toISOString()),
    ),
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

function url(loc: string, lastmod?: string) {
  const modified = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : "";
  return `  <url><loc>${escapeXml(loc)}</loc>${modified}</url>`;
}
