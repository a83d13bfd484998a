import { escapeXml } from "../lib/escape-markup.ts";
import type { PublishedPostEntry } from "./list-published-post-entries.ts";

/** RSS 2.0 feed of published posts, in the order given (newest first). */
export function renderRss(options: {
  siteUrl: string;
  brandName: string;
  posts: readonly PublishedPostEntry[];
}): string {
  const { siteUrl, brandName, posts } = options;
  const feedUrl = `${siteUrl}/blog/rss.xml`;
  const items = posts.map((post) => {
    const link = `${siteUrl}/blog/${encodeURIComponent(post.slug)}`;
    return [
      "    <item>",
      `      <title>${escapeXml(post.title)}</title>`,
      `      <link>${escapeXml(link)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(link)}</guid>`,
      // Date#toUTCString is the RFC 822/1123 form RSS asks for ("Wed, 14 Jan 2026 09:00:00 GMT").
      `      <pubDate>${post.publishedAt.toUTCString()}</pubDate>`,
      `      <description>${escapeXml(post.excerpt)}</description>`,
      `      <category>${escapeXml(post.category)}</category>`,
      "    </item>",
    ].join("\n");
  });
  const lastBuild = posts[0] ? `    <lastBuildDate>${posts[0].publishedAt.toUTCString()}</lastBuildDate>` : undefined;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    "  <channel>",
    `    <title>${escapeXml(brandName)}</title>`,
    `    <link>${escapeXml(`${siteUrl}/blog`)}</link>`,
    `    <description>${escapeXml(`Trading insights, market analysis and product news from ${brandName}.`)}</description>`,
    "    <language>en</language>",
    `    <atom:link href="${escapeXml(feedUrl)}" rel="self" type="application/rss+xml" />`,
    ...(lastBuild ? [lastBuild] : []),
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
